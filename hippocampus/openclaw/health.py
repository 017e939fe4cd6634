"""Is Hippocampus working in this OpenClaw? What `status`, `status --check` and the dashboard report.

The most common failure of a memory plugin is silence: a hook not allowed, a plugin not loaded after an
upgrade, a setting that turns everything off, and the user learns of it months later. So `health` reads,
without writing or starting anything:

- OpenClaw's config (`openclaw.json`): whether the plugin is installed (a `plugins.load.paths` entry
  holding `openclaw.plugin.json`, or `<state>/extensions/hippocampus`), enabled, and its hooks allowed
  (`hooks.allowConversationAccess: true`, which 2026.9.6 requires of a non-bundled plugin's
  `agent_end` and `before_prompt_build`; `allowPromptInjection` not false);
- whether it is loaded: a hook worker of this package runs (the bridge starts one when a Gateway or an
  agent run registers the plugin; `openclaw/workers.py` finds it in /proc);
- when a turn was last captured, injected and encoded (`store.activity`);
- the settings file's problems (`store.config_file.settings`);
- OpenClaw's own sessions (`session_windows` in each agent's database, read-only) whose transcript
  changed more than `SLACK` after the last capture: a sign the hooks do not run.

`problems` lists what is wrong, one line each; `status --check` exits 1 when there is any.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from hippocampus.core.model import parse_time
from hippocampus.store.config_file import Settings
from hippocampus.store.workspace import Workspace

PLUGIN_ID = "hippocampus"
SLACK = timedelta(minutes=15)
"""How much later than the last capture a session's transcript may change before it counts as a session
the hooks missed: a turn's reply, its tool calls and the session's end come after its user message."""


def health(ws: Workspace, found: Settings, activity: dict[str, str | None], env: dict[str, str]) -> dict[str, Any]:
    """The health report (see the module docstring); `activity` is `store.activity.last`'s answer."""
    from hippocampus.store.workspace import openclaw_config, openclaw_config_file

    config_file = openclaw_config_file(env)
    plugin = plugin_state(openclaw_config(env), Path(config_file))
    workers = _workers()
    plugin["loaded"] = bool(workers)
    captured = activity.get("lastCaptured") or None
    since = captured or installed_at(ws)  # never captured: the sessions since the install count
    sessions = sessions_since(Path(config_file).parent, since) if since else 0
    problems = [*plugin.pop("problems")]
    problems += [f"settings {found.file}: {p}" for p in found.problems]
    if sessions:
        after = f"the last capture ({captured})" if captured else f"the install ({since}), and none was ever captured"
        problems.append(f"OpenClaw has had {sessions} session(s) since {after}: the hooks may not be running")
    return {
        "plugin": plugin,
        "worker": {"up": bool(workers), "pids": workers},
        **activity,
        "sessionsSinceCapture": sessions,
        "settings": {"file": found.file, "problems": list(found.problems)},
        "problems": problems,
    }


def plugin_state(config: dict[str, Any], config_file: Path) -> dict[str, Any]:
    """{installed, enabled, hooksAllowed, config, problems} from OpenClaw's config."""
    plugins = _dict(config.get("plugins"))
    entry = _dict(_dict(plugins.get("entries")).get(PLUGIN_ID))
    hooks = _dict(entry.get("hooks"))
    paths = _dict(plugins.get("load")).get("paths")
    linked = any(_declares_plugin(Path(str(p)).expanduser()) for p in paths) if isinstance(paths, list) else False
    installed = linked or (config_file.parent / "extensions" / PLUGIN_ID).is_dir()
    allow = plugins.get("allow")
    enabled = (
        plugins.get("enabled") is not False
        and entry.get("enabled") is not False
        and bool(entry)
        and PLUGIN_ID not in (plugins.get("deny") or [])
        and (not isinstance(allow, list) or PLUGIN_ID in allow)
    )
    allowed = hooks.get("allowConversationAccess") is True and hooks.get("allowPromptInjection") is not False
    problems = []
    if not config:
        problems.append(f"no OpenClaw config at {config_file}: the plugin is not set up (run install.py)")
    elif not installed:
        problems.append("the OpenClaw plugin is not installed (run install.py)")
    if config and not enabled:
        problems.append(f"the plugin is not enabled in {config_file} (plugins.entries.{PLUGIN_ID}.enabled)")
    if config and not allowed:
        problems.append(
            f"its hooks are not allowed: set plugins.entries.{PLUGIN_ID}.hooks.allowConversationAccess to true"
            " (OpenClaw blocks agent_end and before_prompt_build without it)"
        )
    return {
        "config": str(config_file),
        "installed": installed,
        "enabled": enabled,
        "hooksAllowed": allowed,
        "problems": problems,
    }


def installed_at(ws: Workspace) -> str | None:
    """When install.py set this workspace up (`installedAt` in its record), if it did."""
    from hippocampus.installer.names import RECORD_NAME
    from hippocampus.store.files import read_json

    record = read_json(ws.memory_dir / RECORD_NAME, {})
    value = record.get("installedAt") if isinstance(record, dict) else None
    return value if isinstance(value, str) and value else None


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _declares_plugin(folder: Path) -> bool:
    """Whether `folder` holds this plugin's manifest."""
    try:
        manifest = json.loads((folder / "openclaw.plugin.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(manifest, dict) and manifest.get("id") == PLUGIN_ID


def _workers() -> list[int]:
    """The hook workers of this package that run now ([] without /proc)."""
    from hippocampus.openclaw.workers import running

    try:
        return running(Path(__file__).resolve().parents[2])
    except OSError:
        return []


def sessions_since(state: Path, since: str) -> int:
    """How many of the user's OpenClaw sessions (cron, sub-agent, heartbeat and group sessions aside, as
    capture leaves them) changed more than `SLACK` after `since`."""
    from hippocampus.openclaw.transcripts import _out_of_scope, iter_agents, open_ro

    try:
        after = parse_time(since) + SLACK
    except (TypeError, ValueError):
        return 0
    after_ms = int(after.timestamp() * 1000)
    count = 0
    for agent in iter_agents(state):
        if agent == PLUGIN_ID:
            continue
        db = state / "agents" / agent / "agent" / "openclaw-agent.sqlite"
        if not db.is_file():
            continue
        with contextlib.suppress(sqlite3.Error, OSError):
            conn = open_ro(db)
            try:
                sql = "SELECT session_key FROM session_windows WHERE coalesce(transcript_updated_at, updated_at) > ?"
                count += sum(1 for (key,) in conn.execute(sql, (after_ms,)) if not _out_of_scope(agent, str(key)))
            finally:
                conn.close()
    return count


def environment() -> dict[str, str]:
    """The process environment, as `health` reads OpenClaw's config through it."""
    return dict(os.environ)


def ago(value: str | None, now: datetime) -> str:
    """'2026-12-03 16:40 UTC (5 min ago)', or 'never'."""
    if not value:
        return "never"
    try:
        when = parse_time(value)
    except (TypeError, ValueError):
        return "never"
    minutes = max(0, int((now - when).total_seconds() // 60))
    span = f"{minutes} min" if minutes < 120 else f"{minutes // 60} h" if minutes < 2880 else f"{minutes // 1440} days"
    return f"{when.strftime('%Y-%m-%d %H:%M')} UTC ({span} ago)"
