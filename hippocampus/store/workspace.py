"""Where a workspace is, and where each file Hippocampus keeps sits inside it.

The one workspace rule lives here (`workspace_dir`); the CLI, the hooks and the installer's
fallback all use it, and `hooks/index.js` mirrors it for its own log lines.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_WORKSPACE = "~/.openclaw/workspace"
DOMAIN_DIRS = ("user", "self", "relationship", "world")
"""The seed layout's domain folders under `memory/`."""
MEMORY_DIR = "memory"
DB_FILE = "hippocampus.db"
SETTINGS_FILE = "hippocampus.yaml"
INDEX_FILE = "index.json"
CACHE_FILE = ".cache/search.sqlite"


def workspace_dir(explicit: str | os.PathLike[str] | None = None, cwd: str | None = None) -> str:
    """The workspace folder: the one workspace rule (docs/ARCHITECTURE.md, mirrored by `hooks/index.js`).

    1. `explicit` (`--workspace`, or the hook's), else `$WORKSPACE`;
    2. the agent's own workspace, as OpenClaw sees it (`agent_workspace`): the configured workspace that
       the current directory is in (OpenClaw runs an agent's exec tool calls in its workspace), else the
       default agent's configured workspace (`agents.entries.<default>.workspace`, then
       `agents.defaults.workspace` in `openclaw.json`);
    3. else OpenClaw's own default: `$OPENCLAW_WORKSPACE_DIR`, `$OPENCLAW_STATE_DIR/workspace`,
       `~/.openclaw/workspace`.

    So `hippocampus recall` run by the agent, or by its user, reads the store the hooks write to.
    """
    if explicit and os.fspath(explicit).strip():
        return os.path.expanduser(os.fspath(explicit))
    env = os.environ
    if env.get("WORKSPACE", "").strip():
        return os.path.expanduser(env["WORKSPACE"])
    own = agent_workspace(openclaw_config(env), env, os.getcwd() if cwd is None else cwd)
    if own:
        return own
    chosen = env.get("OPENCLAW_WORKSPACE_DIR") or ""
    if not chosen.strip() and env.get("OPENCLAW_STATE_DIR", "").strip():
        chosen = os.path.join(env["OPENCLAW_STATE_DIR"], "workspace")
    return os.path.expanduser(chosen if chosen.strip() else DEFAULT_WORKSPACE)


def openclaw_config_file(env: Mapping[str, str]) -> str:
    """OpenClaw's config: `$OPENCLAW_CONFIG_PATH`, else `$OPENCLAW_STATE_DIR/openclaw.json`, else `~/.openclaw/`'s;
    "~" is `env`'s HOME when it names one (another process's environment), else this process's."""
    if env.get("OPENCLAW_CONFIG_PATH", "").strip():
        return _home(env["OPENCLAW_CONFIG_PATH"], env)
    state = env.get("OPENCLAW_STATE_DIR", "").strip() or "~/.openclaw"
    return os.path.join(_home(state, env), "openclaw.json")


def _home(path: str, env: Mapping[str, str]) -> str:
    home = env.get("HOME", "")
    if home and (path == "~" or path.startswith("~/")):
        return home + path[1:]
    return os.path.expanduser(path)


def openclaw_config(env: Mapping[str, str]) -> dict[str, Any]:
    """OpenClaw's config as a dict; {} when there is none or it cannot be read (the rule falls through).

    OpenClaw's own writer leaves plain JSON, read with `json`; a hand-edited JSON5 file (comments,
    unquoted keys) is read with the `json5` package, imported only then.
    """
    try:
        with open(openclaw_config_file(env), encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError):
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        try:
            import json5

            data = json5.loads(text)
        except (ImportError, ValueError, TypeError, RecursionError):
            return {}
    return data if isinstance(data, dict) else {}


def _path(value: Any, state: str) -> str:
    """A configured workspace path: `~` expanded, relative paths against the state folder; "" if not a path."""
    if not isinstance(value, str) or not value.strip():
        return ""
    return os.path.abspath(os.path.join(state, os.path.expanduser(value.strip())))


def agent_workspace(config: dict[str, Any], env: Mapping[str, str], cwd: str) -> str:
    """The agent's own workspace from OpenClaw's config and the current directory; "" when the config names none.

    The workspace `cwd` is in (the deepest, when they nest) wins: OpenClaw runs an agent's tool calls
    there, so the agent's `hippocampus` finds its own store with no flag. Else the default agent's
    (the entry marked `default: true`, else `main`), else `agents.defaults.workspace`.
    """
    agents = config.get("agents")
    if not isinstance(agents, dict):
        return ""
    state = os.path.expanduser(env.get("OPENCLAW_STATE_DIR", "").strip() or "~/.openclaw")
    entries: dict[str, Any] = agents.get("entries") or {}
    defaults: dict[str, Any] = agents.get("defaults") or {}
    if not isinstance(entries, dict) or not isinstance(defaults, dict):
        return ""
    default_dir = _path(defaults.get("workspace"), state)
    configured = [_path(e.get("workspace"), state) for e in entries.values() if isinstance(e, dict)]
    here = os.path.abspath(cwd) if cwd else ""
    inside = [d for d in [*configured, default_dir] if d and here and (here == d or here.startswith(d + os.sep))]
    if inside:
        return max(inside, key=len)
    chosen = next((k for k, e in entries.items() if isinstance(e, dict) and e.get("default") is True), "main")
    entry = entries.get(chosen)
    own = _path(entry.get("workspace"), state) if isinstance(entry, dict) else ""
    return own or default_dir


def db_file(root: str) -> str:
    """The database under workspace `root`, as a plain string."""
    return os.path.join(root, MEMORY_DIR, DB_FILE)


def settings_file(root: str) -> str:
    """The settings file under workspace `root`, as a plain string."""
    return os.path.join(root, MEMORY_DIR, SETTINGS_FILE)


def resolve_workspace(explicit: str | os.PathLike[str] | None = None) -> Path:
    """`workspace_dir` as a Path."""
    return Path(workspace_dir(explicit))


@dataclass(frozen=True, slots=True, init=False)
class Workspace:
    """Paths of everything Hippocampus writes in one OpenClaw workspace."""

    root: Path

    def __init__(self, root: Path | str) -> None:
        object.__setattr__(self, "root", Path(root))  # frozen: the one assignment, at construction

    @property
    def memory_dir(self) -> Path:
        return self.root / MEMORY_DIR

    @property
    def db_path(self) -> Path:
        """The database: memories, queue, events, archive, bookkeeping (store/database.py)."""
        return self.memory_dir / DB_FILE

    @property
    def index_path(self) -> Path:
        """Legacy: the index before the database; migrated on first use, and `hippocampus export`'s format."""
        return self.memory_dir / INDEX_FILE

    @property
    def signals_path(self) -> Path:
        """Legacy file, migrated into the database on first use (store/legacy.py)."""
        return self.memory_dir / "signals.jsonl"

    @property
    def cursor_path(self) -> Path:
        """Legacy file, migrated into the database on first use (store/legacy.py)."""
        return self.memory_dir / "signals.cursor"

    @property
    def events_path(self) -> Path:
        """Legacy file, migrated into the database on first use (store/legacy.py)."""
        return self.memory_dir / "events.jsonl"

    @property
    def archive_path(self) -> Path:
        """Archived memories as Markdown, rendered from the database after each archive or forget."""
        return self.memory_dir / "archive.md"

    @property
    def config_path(self) -> Path:
        return self.memory_dir / SETTINGS_FILE

    @property
    def log_path(self) -> Path:
        return self.memory_dir / "hippocampus.log"

    @property
    def state_path(self) -> Path:
        """Legacy file, migrated into the database on first use (store/legacy.py)."""
        return self.memory_dir / "state.json"

    @property
    def cache_path(self) -> Path:
        """Legacy file, migrated into the database on first use (store/legacy.py)."""
        return self.memory_dir / CACHE_FILE

    @property
    def core_path(self) -> Path:
        return self.root / "HIPPOCAMPUS_CORE.md"

    @property
    def dashboard_path(self) -> Path:
        return self.root / "brain-dashboard.html"


def ensure_layout(ws: Workspace) -> None:
    """Create `memory/` and the seed's domain folders; never touches existing files."""
    ws.memory_dir.mkdir(parents=True, exist_ok=True)
    for name in DOMAIN_DIRS:
        (ws.memory_dir / name).mkdir(exist_ok=True)
