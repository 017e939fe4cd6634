"""The three OpenClaw hook entry points: JSON in, text out, and never an exception into OpenClaw.

Protocol (see `hooks/index.js`): the bridge runs `hooks/<entry>.py` with one JSON object on
stdin, `{"hook", "event", "ctx", "config", "workspace"}`, where `config` is the plugin's own
config (`plugins.entries.hippocampus.config`) and `workspace` the folder the bridge resolved.
`request_before` prints the fenced context block (or nothing); the others print a short JSON
summary. Every failure is logged to `memory/hippocampus.log` and one line on stderr (ending in
"(logged)" when it reached the log), and the process still exits 0.

Only what a hook needs is imported, lazily: no click, jinja2 or jsonschema on the per-turn path.
"""

from __future__ import annotations

import json
import os
import re
import sys
from datetime import datetime, timezone

TYPE_CHECKING = False  # typing costs ~10 ms of a cold start (see valueclass.py)
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable
    from pathlib import Path
    from typing import IO, Any

    from .config import Config

SKIP_AGENTS = ("hippocampus",)
COUNTED_TRIGGERS = ("user", "manual")
NOT_CONVERSATION = ("cron", "subagent", "heartbeat", "acp")
GROUP_MARKERS = ("group", "channel")
MAX_TEXT = 20_000
MAX_QUERY = 2_000
# OpenClaw-internal blocks and our own fence never become facts about the user.
_INTERNAL = re.compile(
    r"<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>.*?<<<END_OPENCLAW_INTERNAL_CONTEXT>>>"
    r"|<hippocampus-recalled-notes>.*?</hippocampus-recalled-notes>",
    re.DOTALL | re.IGNORECASE,
)
_STAMP = re.compile(r"^\[[A-Z][a-z]{2} \d{4}-\d{2}-\d{2} \d{2}:\d{2}(?::\d{2})?(?: [A-Z]{2,5})?\]\s*")


def _dict(value: Any) -> dict[str, Any]:
    """`value` if it is a JSON object, else an empty one (payloads are untrusted)."""
    return value if isinstance(value, dict) else {}


def _strings(value: Any) -> list[str] | None:
    """A list of strings from plugin config, or None when unset or malformed."""
    if isinstance(value, list):
        return [str(v) for v in value]
    return None


def in_scope(payload: dict[str, Any]) -> tuple[bool, str]:
    """Whether this hook call is the user's conversation, and why not when it is not."""
    ctx = _dict(payload.get("ctx"))
    config = _dict(payload.get("config"))
    agent = str(ctx.get("agentId") or "main")
    if agent in (_strings(config.get("excludeAgents")) or list(SKIP_AGENTS)):
        return False, f"agent {agent} excluded"
    agents = _strings(config.get("agents"))
    if agents and agent not in agents:
        return False, f"agent {agent} not in scope"
    trigger = ctx.get("trigger")
    if trigger and str(trigger) not in (_strings(config.get("triggers")) or list(COUNTED_TRIGGERS)):
        return False, f"trigger {trigger}"
    parts = str(ctx.get("sessionKey") or "").lower().split(":")
    hit = next((p for p in parts[2:] if p in NOT_CONVERSATION), None)
    if hit:
        return False, f"{hit} session"
    if not config.get("groupChats", False) and any(p in GROUP_MARKERS for p in parts[2:]):
        return False, "group chat"
    kind = _dict(ctx.get("inputProvenance")).get("kind")
    if kind in ("inter_session", "internal_system"):
        return False, f"input from {kind}"
    channels = _strings(config.get("channels"))
    channel = ctx.get("channel") or ctx.get("messageProvider")
    if channels and channel and str(channel) not in channels:
        return False, f"channel {channel} not in scope"
    return True, ""


def workspace_dir(payload: dict[str, Any]) -> str:
    """The configured workspace, else the one the bridge resolved, else the agent's, else the default
    (`store.resolve_workspace`'s rule, without importing pathlib on the per-turn path)."""
    config = _dict(payload.get("config"))
    ctx = _dict(payload.get("ctx"))
    for candidate in (config.get("workspace"), payload.get("workspace"), ctx.get("workspaceDir")):
        if isinstance(candidate, str) and candidate.strip():
            return os.path.expanduser(candidate)
    from .paths import workspace_dir as default_dir

    return default_dir(None)


def workspace_root(payload: dict[str, Any]) -> Path:
    """`workspace_dir` as a Path, for the hooks that write."""
    from pathlib import Path

    return Path(workspace_dir(payload))


def message_text(message: dict[str, Any]) -> str:
    """The user's own text of a transcript message: text parts joined, internal blocks removed."""
    content = message.get("content")
    if isinstance(content, str):
        text = content
    elif isinstance(content, list):
        text = "\n".join(str(p.get("text", "")) for p in content
                         if isinstance(p, dict) and p.get("type", "text") == "text")
    else:
        text = ""
    text = _INTERNAL.sub(" ", text[:MAX_TEXT])
    return _STAMP.sub("", text.strip()).strip()


def message_id(session: str, text: str) -> str:
    """A stable id for a message: the same session and text give the same id in hooks and backfill."""
    try:  # the builtin SHA-1; `hashlib` would load OpenSSL, a tenth of a bare interpreter start
        from _sha1 import sha1  # type: ignore[import-not-found]
    except ImportError:
        from hashlib import sha1

    digest = sha1(f"{session}\n{text}".encode("utf-8", "replace")).hexdigest()
    return f"msg_{digest[:16]}"


def turn_messages(messages: Any) -> list[dict[str, Any]]:
    """The user messages of the turn that just ended: the last run of user messages."""
    rows = [m for m in messages if isinstance(m, dict)] if isinstance(messages, list) else []
    end = len(rows) - 1
    while end >= 0 and rows[end].get("role") != "user":
        end -= 1
    start = end
    while start > 0 and rows[start - 1].get("role") == "user":
        start -= 1
    return rows[start : end + 1] if end >= 0 else []


def _timestamp(message: dict[str, Any], now: datetime) -> str:
    """The message's own time (epoch ms or ISO) as ISO 8601, else `now`."""
    from .model import format_time, parse_time

    value = message.get("timestamp")
    try:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return format_time(datetime.fromtimestamp(value / 1000.0, tz=timezone.utc))
        if isinstance(value, str) and value:
            return format_time(parse_time(value))
    except (ValueError, OverflowError, OSError):
        pass
    return format_time(now)


def request_before(payload: dict[str, Any]) -> str:
    """The fenced context block for this turn: core memories plus those relevant to the message."""
    ok, _why = in_scope(payload)
    if not ok:
        return ""
    memory = os.path.join(workspace_dir(payload), "memory")
    index = os.path.join(memory, "index.json")
    if not os.path.exists(index):
        return ""
    from . import searchdb
    from .clock import now as clock_now
    from .config import load_config_file

    conn = searchdb.open_fresh(index, os.path.join(memory, ".cache", "search.sqlite"))
    if conn is None:  # missing or stale cache: rebuild it once, through the store
        from .store import Workspace

        conn = searchdb.connect(Workspace(os.path.dirname(memory)))
        if conn is None:
            return ""
    try:
        return _context(payload, conn, load_config_file(os.path.join(memory, "hippocampus.yaml")), clock_now())
    finally:
        conn.close()


def _context(payload: dict[str, Any], conn: sqlite3.Connection, config: Config, now: datetime) -> str:
    """Recall for the current message and the core memories, rendered within the budget."""
    from .recall import core_memories, recall
    from .render import context_block

    event = _dict(payload.get("event"))
    current = event.get("currentUserMessage")
    query = current if isinstance(current, str) else str(event.get("prompt") or "")
    query = message_text({"content": query[:MAX_TEXT]})[:MAX_QUERY]
    budget = _dict(payload.get("config")).get("budgetChars")
    budget = budget if isinstance(budget, int) and not isinstance(budget, bool) else config.inject_budget
    relevant = recall(None, query, now, config, config.inject_relevant, conn=conn) if query.strip() else []
    core = core_memories(None, now, config, config.core_limit, conn=conn)
    return context_block(core, relevant, budget)


def request_after(payload: dict[str, Any]) -> int:
    """Queue this turn's user messages, cleaned and redacted, to be scored at encoding (capture.py)."""
    ok, _why = in_scope(payload)
    if not ok:
        return 0
    ctx = _dict(payload.get("ctx"))
    event = _dict(payload.get("event"))
    session = str(ctx.get("sessionId") or ctx.get("sessionKey") or "unknown")
    from .clock import now as clock_now

    now = clock_now()
    from .capture import raw_signal

    signals = []
    for message in turn_messages(event.get("messages")):
        text = message_text(message)
        if not text or (text.startswith("/") and len(text.split()) == 1):
            continue  # empty, or a bare slash command such as /new
        signal = raw_signal(session, message_id(session, text), text, _timestamp(message, now),
                            str(ctx.get("senderId") or ""))
        if signal is not None:
            signals.append(signal)
    if not signals:
        return 0
    from .store import Workspace, append_signals

    root = workspace_root(payload)
    if not root.is_dir():
        raise FileNotFoundError(f"workspace {root} does not exist")
    append_signals(Workspace(root), signals)
    return len(signals)


def session_end(payload: dict[str, Any]) -> dict[str, Any]:
    """Encode every queued signal (the cursor moves only after the index is written), then refresh the views."""
    ok, why = in_scope(payload)
    if not ok:
        return {"skipped": why}
    from .store import Workspace

    ws = Workspace(workspace_root(payload))
    if not ws.signals_path.exists():
        return {"created": [], "reinforced": []}
    from .actions import encode_pending, refresh_views
    from .clock import now as clock_now
    from .config import load_config

    config = load_config(ws)
    now = clock_now()
    report = encode_pending(ws, now, config)
    if report.created or report.reinforced or not ws.core_path.exists():
        # HIPPOCAMPUS_CORE.md always; the dashboard only where the user already has one
        for warning in refresh_views(ws, now, config, dashboard=False):
            sys.stderr.write(f"hippocampus: {warning}\n")
    return report.to_dict()


HOOKS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "request_before": request_before,
    "request_after": request_after,
    "session_end": session_end,
}


def _log_failure(name: str, payload: Any, exc: BaseException, err: IO[str]) -> None:
    """One line to the workspace log (when there is one) and to stderr; never raises."""
    message = f"{name} failed open: {type(exc).__name__}: {' '.join(str(exc).split())[:400]}"
    logged = False
    try:
        from .store import Workspace, log_line

        root = workspace_root(payload if isinstance(payload, dict) else {})
        if root.is_dir():
            ws = Workspace(root)
            log_line(ws, message, datetime.now(timezone.utc))
            logged = ws.log_path.exists()
    except Exception:  # noqa: BLE001 - logging a failure must itself never fail the turn
        logged = False
    try:
        err.write(f"hippocampus: {message}{' (logged)' if logged else ''}\n")
        err.flush()
    except (OSError, ValueError):
        pass


def run(name: str, stdin: IO[bytes] | None = None, stdout: IO[str] | None = None,
        stderr: IO[str] | None = None) -> int:
    """Read the payload, run hook `name`, print its result; always returns 0 (fail open)."""
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    payload: Any = {}
    try:
        raw = (stdin or sys.stdin.buffer).read()
        payload = json.loads(raw.decode("utf-8")) if raw.strip() else {}
        if not isinstance(payload, dict):
            raise ValueError(f"payload is a JSON {type(payload).__name__}, not an object")
        result = HOOKS[name](payload)
        text = result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
        if text:
            out.write(text if text.endswith("\n") else text + "\n")
            out.flush()
    except Exception as exc:  # noqa: BLE001 - the hook contract: any error leaves the turn untouched
        _log_failure(name, payload, exc, err)
    return 0


def main(name: str) -> None:
    """Entry used by `hooks/<name>.py`: run and exit 0 whatever happened."""
    code = 0
    try:
        code = run(name)
    except BaseException:  # noqa: BLE001 - even KeyboardInterrupt or a broken pipe must not fail the turn
        code = 0
    sys.exit(code)
