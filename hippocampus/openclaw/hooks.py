"""The three OpenClaw hook entry points: JSON in, text out, and never an exception into OpenClaw.

Protocol (see `hooks/index.js` and `hooks/README.md`): the bridge runs `hooks/<entry>.py` with
one JSON object on stdin, `{"hook", "event", "ctx", "config", "workspace"}`, where `config` is
the plugin's own config (`plugins.entries.hippocampus.config`) and `workspace` the folder the
bridge resolved. `request_before` prints the fenced context block (or nothing); the others
print a short JSON summary. Every failure is logged to `memory/hippocampus.log` and one line on
stderr (ending in "(logged)" when it reached the log), and the process still exits 0.

Only what a hook needs is imported: no click, jinja2 or yaml (unless a settings file exists) on the
per-turn path (tests/test_architecture.py).
This module name is stable: installed plugin copies import `hippocampus.openclaw.hooks`.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import sys
from collections.abc import Callable
from contextvars import ContextVar
from datetime import datetime, timezone
from typing import IO, TYPE_CHECKING, Any

from hippocampus.openclaw.payload import as_dict, in_scope, payload_workspace

if TYPE_CHECKING:
    from hippocampus.core.config import Config

# Where a hook's warnings go: the stream `run` was given (per thread, so the warm worker keeps each
# call's stderr apart), else the process's stderr.
_STDERR: ContextVar[IO[str] | None] = ContextVar("hippocampus_hook_stderr", default=None)


def request_before(payload: dict[str, Any]) -> str:
    """The fenced context block for this turn: core memories plus those relevant to the message, found
    by meaning too wherever this process may load the model and it is ready by the payload's `deadline`
    (else by words only, said in the log: `search.turn`)."""
    ok, _why = in_scope(payload)
    if not ok:
        return ""
    from hippocampus.store import warm

    root = payload_workspace(payload)
    with warm.reading(root) as conn:  # the worker's kept connection, else one opened for this call
        found = _inject(conn, payload) if conn is not None else None
    if found is None:  # no store yet, or one still to migrate: the store opens (and migrates) it once
        from hippocampus.store.index_file import open_search
        from hippocampus.store.workspace import Workspace

        own = open_search(Workspace(root))
        if own is None:
            return ""
        try:
            found = _inject(own, payload)
        finally:
            own.close()
    at, block, shown, missed = found
    if missed:
        err = _STDERR.get() or sys.stderr
        _note(payload, f"request_before recalled this turn by its words only: {missed}", err)
    if shown:
        _record_injection(root, at, payload, shown)
    return block


def _inject(conn: sqlite3.Connection, payload: dict[str, Any]) -> tuple[datetime, str, list[tuple[str, Any]], str]:
    """(now, the block, the hits it holds, why it was found by words only though a model is chosen) for
    this turn, read on `conn`. Recall waits for a model still loading until the payload's deadline allows
    (`search.turn`), and only where the store has vectors by that model (elsewhere meaning adds nothing)."""
    from hippocampus.clock import now
    from hippocampus.openclaw.messages import turn_query
    from hippocampus.openclaw.payload import budget_tokens
    from hippocampus.recall import turn_injection
    from hippocampus.semantic import search

    at = now()
    config = hook_settings(payload)
    query = turn_query(as_dict(payload.get("event")))
    with search.turn(_deadline(payload) if _has_vectors(conn, config) else None) as turn:
        block, shown = turn_injection(conn, query, at, config, budget_tokens(payload, config.inject_budget))
    return at, block, shown, turn.missed


def _has_vectors(conn: sqlite3.Connection, config: Config) -> bool:
    """Whether the store holds vectors by the model these settings choose (none chosen: False)."""
    from hippocampus.semantic.search import has_vectors

    return has_vectors(conn, config)


def _record_injection(root: str, at: datetime, payload: dict[str, Any], shown: list[tuple[str, Any]]) -> None:
    """Note which memories this turn's block held (ids and score parts, no text) in memory/injections.jsonl.
    A failure to note it must not cost the turn its block: it goes to the log and the block is returned."""
    from hippocampus.core.model import format_time
    from hippocampus.store import injections

    rows = []
    for section, hit in shown:
        row = {"id": hit.memory.id, "section": section, "score": round(hit.score, 4)}
        if hit.parts is not None:
            row.update(zip(("lexical", "importance", "recency"), (round(p, 4) for p in hit.parts), strict=True))
            row["semantic"] = round(hit.semantic, 4)
        rows.append(row)
    session = str(as_dict(payload.get("ctx")).get("sessionId") or "")
    try:
        injections.record(root, format_time(at), session, rows)
    except Exception as exc:  # noqa: BLE001 - the block matters more than its record
        _log_failure("request_before (injection record)", payload, exc, _STDERR.get() or sys.stderr)


def request_after(payload: dict[str, Any]) -> int:
    """Queue this turn's user messages, cleaned and redacted, to be scored at encoding (core/capture.py),
    in the turn inbox (`store/inbox.py`): no database, so no writer can make the turn wait."""
    ok, _why = in_scope(payload)
    if not ok:
        return 0
    from hippocampus.clock import now
    from hippocampus.openclaw.messages import turn_signals

    signals = turn_signals(payload, now())
    if not signals:
        return 0
    import os

    from hippocampus.store import inbox

    root = payload_workspace(payload)
    if not os.path.isdir(root):
        raise FileNotFoundError(f"workspace {root} does not exist")
    inbox.append_signals(root, signals)
    return sum(1 for s in signals if s.role == "user")


def session_end(payload: dict[str, Any]) -> dict[str, Any]:
    """Encode every queued signal (the cursor moves only after the index is written), then refresh the views."""
    ok, why = in_scope(payload)
    if not ok:
        return {"skipped": why}
    from hippocampus.store.inbox import waiting as inbox_waiting
    from hippocampus.store.workspace import Workspace

    ws = Workspace(payload_workspace(payload))
    if not ws.db_path.exists() and not ws.signals_path.exists() and not inbox_waiting(str(ws.root)):
        return {"created": [], "reinforced": []}
    from hippocampus.clock import now
    from hippocampus.encoding import encode_and_refresh

    report, warnings = encode_and_refresh(ws, now(), hook_settings(payload))
    err = _STDERR.get() or sys.stderr
    for warning in warnings:
        err.write(f"hippocampus: {warning}\n")
    return report.to_dict()


def hook_settings(payload: dict[str, Any]) -> Config:
    """The workspace's settings, leniently: a bad key keeps its default (`store.config_file.settings`),
    so one typo never stops capture or injection; each problem is logged once per file version and
    process (the worker reads the file on every call), and `status` and the dashboard show it."""
    from hippocampus.store.config_file import settings
    from hippocampus.store.workspace import settings_file

    found = settings(settings_file(payload_workspace(payload)))
    if found.problems and (found.file, found.problems) not in _NOTED:
        _NOTED.add((found.file, found.problems))
        problems = "; ".join(found.problems)
        _note(
            payload, f"settings {found.file}: {problems}; the hooks use the default for it", _STDERR.get() or sys.stderr
        )
    return found.config


_NOTED: set[tuple[str, tuple[str, ...]]] = set()
"""Settings problems already logged by this process."""


def corpus_search(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """The memory corpus supplement's `search` (`openclaw/corpus.py`): what `memory_search` finds here."""
    from hippocampus.openclaw import corpus

    return corpus.search(payload)


def corpus_get(payload: dict[str, Any]) -> dict[str, Any] | None:
    """The memory corpus supplement's `get` (`openclaw/corpus.py`): what `memory_get` reads here."""
    from hippocampus.openclaw import corpus

    return corpus.get(payload)


HOOKS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "request_before": request_before,
    "request_after": request_after,
    "session_end": session_end,
    "corpus_search": corpus_search,
    "corpus_get": corpus_get,
}
SEARCHING = ("request_before", "corpus_search")
"""The calls that may load the embedding model in the one-process path (within their deadline)."""


def _deadline(payload: dict[str, Any]) -> float | None:
    """`payload.deadline`: the call's deadline as `time.time()` seconds; None when it has none."""
    from hippocampus.openclaw.payload import deadline

    return deadline(payload)


def _log_failure(name: str, payload: Any, exc: BaseException, err: IO[str]) -> None:
    """One line to the workspace log (when there is one) and to stderr; never raises."""
    _note(payload, f"{name} failed open: {type(exc).__name__}: {' '.join(str(exc).split())[:400]}", err)


def _note(payload: Any, message: str, err: IO[str]) -> None:
    """`message` as one line in the workspace log (when there is one) and on stderr; never raises."""
    logged = False
    try:
        from hippocampus.store.logs import log_line
        from hippocampus.store.workspace import Workspace

        ws = Workspace(payload_workspace(payload if isinstance(payload, dict) else {}))
        if ws.root.is_dir():
            log_line(ws, message, datetime.now(timezone.utc))
            logged = ws.log_path.exists()
    except Exception:  # noqa: BLE001 - logging a failure must itself never fail the turn
        logged = False
    try:
        err.write(f"hippocampus: {message}{' (logged)' if logged else ''}\n")
        err.flush()
    except (OSError, ValueError):
        pass


def run(name: str, stdin: IO[bytes] | None = None, stdout: IO[str] | None = None, stderr: IO[str] | None = None) -> int:
    """Read the payload, run hook `name`, print its result; always returns 0 (fail open)."""
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    payload: Any = {}
    token = _STDERR.set(err)
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
    finally:
        _STDERR.reset(token)
    return 0


def main(name: str) -> None:
    """Entry used by `hooks/<name>.py` (the cold path): run and exit 0 whatever happened. Its
    `request_before` may load the embedding model (on a background thread, waiting for it only until the
    payload's deadline): the same block as the worker's. A load still running then is not waited for at
    exit, or the bridge would read the block only once it ends."""
    code = 0
    try:
        if name in SEARCHING:
            from hippocampus.semantic import search

            search.allow(wait=False)
        code = run(name)
    except BaseException:  # noqa: BLE001 - even KeyboardInterrupt or a broken pipe must not fail the turn
        code = 0
    semantic_module = sys.modules.get("hippocampus.semantic.search")
    if name in SEARCHING and semantic_module is not None and semantic_module.loading():
        import os

        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        os._exit(0)
    sys.exit(code)
