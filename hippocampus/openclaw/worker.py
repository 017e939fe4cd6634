"""The warm hook worker, `hippocampus serve --stdio`: the three hooks in one long-lived process.

Contract (JSON lines; `hooks/README.md` is the full record, `hooks/worker.js` the one client):

- On start the worker writes `{"ready": true, "pid": N, "version": V, "protocol": 1}`; the bridge
  sends it nothing it relies on before that line.
- A request is one line, one JSON object: `{"id": <string or number>, "hook": H, "payload": P,
  "timeout_ms": T}` where H is `request_before`, `request_after`, `session_end`, `corpus_search`,
  `corpus_get` (the memory corpus supplement, `openclaw/corpus.py`) or `status`, and P is exactly the
  object the one-process-per-call entry point reads on stdin.
- Every request gets exactly one response line with its id: `{"id", "ok": true, "stdout", "stderr"}`
  carries what `hooks/<H>.py` would have printed on stdout and stderr (the hook ran through the same
  `hooks.run`, so it failed open in the same way); `{"id", "ok": false, "error": "<one line>"}` says
  the worker did not answer: a line that is not a JSON object (id null), an unknown hook, more than
  `max_in_flight` calls running ("busy"), or no result within `timeout_ms` ("timed out"; the call may
  still finish). On `ok: false` the caller falls back to the cold path; for `request_after` that can
  append a message twice, which encoding skips (message ids), so nothing is lost or doubled.
- Responses may come out of order (calls run on threads: a long `session_end` never holds up a turn).
- The worker lives as long as the process that started it (the Gateway). It exits 0 on end of input
  (the bridge closed its stdin, or the Gateway is gone), after the calls in flight finish; at once when
  its parent dies (`PR_SET_PDEATHSIG` on Linux, and the parent's pid checked every second everywhere: a
  pipe whose other end another process still holds never ends); and, only when `idle_seconds` is set
  (> 0), after that long without a request and with none in flight (writing `{"exit": "idle"}` first).
  After `RELEASE_AFTER` seconds without a call it gives memory back instead (`release`). When an update
  has replaced its code on disk, it exits at its next quiet second (writing `{"exit": "updated"}`), so the
  bridge's next call starts the new code: an old worker never keeps serving, or writing, by old rules.

Per call it does what the cold path does, through `hooks.run`: the settings file read again, the inbox
appended (fsynced just after the answer, `store.inbox.sync_later`), recall on a new snapshot. What stays
warm: imports, module-level caches (compiled patterns), the embedding model (`semantic`: its load starts
with the worker, `preload`), and one read-only connection per database with what recall derived from it
(`store.warm`: parsed rows, the vector matrix, a repeated query's candidates), all dropped when `PRAGMA
data_version` says any process committed since, so every write is seen by the next call. Each call's
payload gets `deadline` (epoch ms: now plus its `timeout_ms`), the same field the bridge gives a cold
call: recall waits for a model still loading only until then (`search.turn`).
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import select
import signal
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Any

import hippocampus
from hippocampus import __version__
from hippocampus.openclaw import hooks
from hippocampus.openclaw.payload import payload_workspace
from hippocampus.openclaw.workers import code_stamp
from hippocampus.semantic import heap

PROTOCOL = 1
HOOK_NAMES = ("request_before", "request_after", "session_end", "corpus_search", "corpus_get")
DEFAULT_TIMEOUT_MS = 30000
MAX_LINE = 8 * 1024 * 1024
RELEASE_AFTER = 600.0
"""Seconds without a call after which the worker gives memory back (`Server.release`), once per quiet spell."""
PR_SET_PDEATHSIG = 1
CATCH_UP_AFTER = 30.0
"""Seconds without a call after which the worker embeds the memories its stores still owe a vector (after
an import, an upgrade, a model change, a cold session end), in slices, while it stays quiet."""
CODE_CHECK_EVERY = 5.0
"""Seconds between two looks, while quiet, at whether an update replaced the worker's code on disk."""
CATCH_UP_SLICE = 2.0
"""Seconds of one slice of that catch-up (`semantic.embedding.backfill`: one batch more at most); a call
arriving meanwhile shares the CPU with at most the rest of one batch."""


WAIT_POLICY = "PASSIVE"
"""The worker's OpenMP threads sleep between turns whatever the environment says (`search.allow` only sets
a default): a worker whose environment said ACTIVE spent 2,160 ms of CPU in 5 idle seconds after 6 turns,
spinning, against 0 ms PASSIVE (10k memories; BENCHMARKS.md, issue 23). It lives as long as the Gateway."""


class Server:
    """One serve loop: reads request lines, runs hooks on a bounded pool, writes one response per id."""

    def __init__(
        self,
        out: IO[str],
        max_in_flight: int = 8,
        idle_seconds: float = 0.0,
        parent: int | None = None,
        package: Path = Path(hippocampus.__file__).parent,
    ) -> None:
        self.out = out
        self.max_in_flight = max(1, max_in_flight)
        self.idle_seconds = idle_seconds  # 0: never exit for idleness
        self.parent = parent  # the pid whose death ends the worker (None: not watched)
        self.released = False  # memory given back since the last call
        self.pool = ThreadPoolExecutor(max_workers=self.max_in_flight, thread_name_prefix="hook")
        self.lock = threading.Lock()
        self.in_flight = 0
        self.open_ids: set[str] = set()  # requests started and not yet answered
        self.served = dict.fromkeys(HOOK_NAMES, 0)
        self.errors = 0
        self.started = datetime.now(timezone.utc).isoformat(timespec="seconds")
        self.last_activity = time.monotonic()
        self.owed: set[str] = set()  # workspaces served whose vectors may be owed (the catch-up's queue)
        self.catching_up = False
        self.package = package
        self.code = code_stamp(package)  # the code this process runs, as it was on disk when it started
        self.code_checked = time.monotonic()

    def send(self, message: dict[str, Any]) -> None:
        """Write one line; a closed stdout (the bridge is gone) is not an error here."""
        line = json.dumps(message, ensure_ascii=False) + "\n"
        with self.lock:
            try:
                self.out.write(line)
                self.out.flush()
            except (OSError, ValueError):
                pass

    def answer(self, rid: Any, message: dict[str, Any], started: bool = False) -> None:
        """Send the response of request `rid`; for a started call only the first (a result after its
        timeout, or a timeout after its result, is dropped)."""
        with self.lock:
            if started:
                key = json.dumps(rid)
                if key not in self.open_ids:
                    return
                self.open_ids.discard(key)
            if not message.get("ok"):
                self.errors += 1
        self.send({"id": rid, **message})

    def status(self) -> dict[str, Any]:
        """What `{"hook": "status"}` answers: enough to tell the worker served a call, how it is doing, and
        which embedding models it holds or is loading."""
        from hippocampus.semantic import search

        with self.lock:
            return {
                "pid": os.getpid(),
                "version": __version__,
                "started": self.started,
                "served": dict(self.served),
                "errors": self.errors,
                "in_flight": self.in_flight,
                "max_in_flight": self.max_in_flight,
                "models": search.loaded(),
                "loading": search.loading(),
            }

    def handle_line(self, raw: bytes) -> None:
        """Parse one request and start it; every problem becomes a one-line error response."""
        self.last_activity = time.monotonic()
        try:
            request = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            self.answer(None, {"ok": False, "error": f"not a JSON line: {' '.join(str(exc).split())[:200]}"})
            return
        if not isinstance(request, dict):
            self.answer(None, {"ok": False, "error": f"a request is a JSON object, not a {type(request).__name__}"})
            return
        rid = request.get("id")
        if not isinstance(rid, (str, int)) or isinstance(rid, bool):
            self.answer(None, {"ok": False, "error": "a request needs an id (a string or a number)"})
            return
        hook = request.get("hook")
        if hook == "status":
            self.answer(rid, {"ok": True, "status": self.status()})
            return
        if hook not in HOOK_NAMES:
            self.answer(rid, {"ok": False, "error": f"unknown hook {str(hook)[:60]!r}"})
            return
        payload = request.get("payload")
        timeout = request.get("timeout_ms", DEFAULT_TIMEOUT_MS)
        if not isinstance(timeout, (int, float)) or isinstance(timeout, bool) or timeout <= 0:
            self.answer(rid, {"ok": False, "error": "timeout_ms must be a positive number"})
            return
        with self.lock:
            duplicate = json.dumps(rid) in self.open_ids
            busy = self.in_flight >= self.max_in_flight
            if not busy and not duplicate:
                self.in_flight += 1
                self.open_ids.add(json.dumps(rid))
        if duplicate:
            self.answer(rid, {"ok": False, "error": f"id {json.dumps(rid)[:60]} is already in flight"})
            return
        if busy:
            self.answer(rid, {"ok": False, "error": f"busy: {self.max_in_flight} calls in flight"})
            return
        timer = threading.Timer(
            timeout / 1000, self.answer, (rid, {"ok": False, "error": f"timed out after {timeout:g} ms"}, True)
        )
        timer.daemon = True
        timer.start()
        if isinstance(payload, dict):  # recall waits for a model still loading until then, not after
            payload = {**payload, "deadline": time.time() * 1000 + timeout}
            with contextlib.suppress(Exception), self.lock:
                self.owed.add(payload_workspace(payload))
        self.pool.submit(self.run_hook, rid, str(hook), payload, timer)

    def run_hook(self, rid: Any, hook: str, payload: Any, timer: threading.Timer) -> None:
        """Run the hook exactly as its entry point does (`hooks.run`, fail open), then answer."""
        try:
            out, err = io.StringIO(), io.StringIO()
            hooks.run(hook, io.BytesIO(json.dumps(payload).encode("utf-8")), out, err)
            timer.cancel()
            with self.lock:
                self.served[hook] += 1
            self.answer(rid, {"ok": True, "stdout": out.getvalue(), "stderr": err.getvalue()}, True)
        except BaseException as exc:  # noqa: BLE001 - hooks.run never raises; if it did, the caller falls back
            timer.cancel()
            self.answer(rid, {"ok": False, "error": f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]}"}, True)
        finally:
            with self.lock:
                self.in_flight -= 1
            self.last_activity = time.monotonic()
            heap.give_back()  # after the answer: this call's garbage leaves the resident memory

    def quiet_for(self) -> float:
        """Seconds without a call and with none in flight (0 while one runs)."""
        with self.lock:
            running = self.in_flight
        return 0.0 if running else time.monotonic() - self.last_activity

    def idle(self) -> bool:
        """No call in flight and none for `idle_seconds` (never, when that is 0)."""
        return self.idle_seconds > 0 and self.quiet_for() >= self.idle_seconds

    def release(self) -> None:
        """Give memory back after a quiet spell: close the kept connections (their page caches and what
        recall derived from them; the next call opens them again, as after any write) and return the
        freed heap to the system. The embedding model and the vector matrices stay: they are what makes
        the next turn fast and whole (dropping the matrices freed 163 MB at 100k memories, and cost the
        next turn 1.3 s more than its 0.2 s: past the worker's share of its budget; BENCHMARKS.md)."""
        from hippocampus.store import warm

        warm.close_all()
        gc.collect()
        heap.give_back()
        self.released = True

    def catch_up_when_quiet(self) -> None:
        """After `CATCH_UP_AFTER` quiet seconds, embed one slice of what a served store still owes, on its
        own thread (the loop stays free to read the next call); a store with nothing owed leaves the queue
        until a call for it comes again."""
        with self.lock:
            if self.catching_up or not self.owed or self.in_flight:
                return
            root = next(iter(self.owed))
            self.catching_up = True
        if self.quiet_for() < CATCH_UP_AFTER:
            self.catching_up = False
            return
        threading.Thread(target=self._catch_up_slice, args=(root,), name="catch-up", daemon=True).start()

    def _catch_up_slice(self, root: str) -> None:
        from pathlib import Path

        from hippocampus.semantic import embedding
        from hippocampus.store import reprofile
        from hippocampus.store.config_file import settings
        from hippocampus.store.workspace import Workspace, settings_file

        stored = 0
        try:  # backfill logs an embedding failure itself; profiles from older code first (store/reprofile.py)
            ws = Workspace(Path(root))
            stored = reprofile.catch_up(ws, CATCH_UP_SLICE) or embedding.backfill(
                ws, settings(settings_file(root)).config, CATCH_UP_SLICE
            )
        except Exception:  # noqa: BLE001, S110 - the next call for this store queues it again
            pass
        finally:
            with self.lock:
                if not stored:
                    self.owed.discard(root)
                self.catching_up = False

    def code_changed(self) -> bool:
        """Whether an update replaced this worker's code on disk since it started (looked at once every
        `CODE_CHECK_EVERY` seconds: about 130 `stat` calls)."""
        if time.monotonic() - self.code_checked < CODE_CHECK_EVERY:
            return False
        self.code_checked = time.monotonic()
        return code_stamp(self.package) != self.code

    def orphaned(self) -> bool:
        """Whether the process this worker serves is gone (its pid is no longer our parent's)."""
        return self.parent is not None and os.getppid() != self.parent

    def serve(self, fd: int) -> str:
        """Read request lines from `fd` until end of input, the parent's death or idleness; returns why
        it stopped ("eof", "parent", "idle" or "updated")."""
        self.send({"ready": True, "pid": os.getpid(), "version": __version__, "protocol": PROTOCOL})
        pending = b""
        reason = "eof"
        while True:
            if self.orphaned():
                reason = "parent"
                break
            wait = min(1.0, self.idle_seconds) if self.idle_seconds > 0 else 1.0
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                if self.idle():
                    reason = "idle"
                    break
                if self.code_changed():
                    reason = "updated"
                    break
                if not self.released and self.quiet_for() >= RELEASE_AFTER:
                    self.release()
                self.catch_up_when_quiet()
                continue
            self.released = False
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                if line.strip():
                    self.handle_line(line)
            if len(pending) > MAX_LINE:
                self.answer(None, {"ok": False, "error": f"request line over {MAX_LINE} bytes, dropped"})
                pending = b""
        if pending.strip():
            self.handle_line(pending)
        self.pool.shutdown(wait=True)
        if reason in ("idle", "updated"):
            self.send({"exit": reason})
        return reason


def die_with_parent() -> int:
    """Ask Linux to send this process SIGTERM when its parent dies (`prctl(PR_SET_PDEATHSIG)`), and return
    the parent's pid for `Server.orphaned`, the check that works everywhere (and closes the race of a
    parent that died before the request)."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    return parent


def preload(workspace: str) -> None:
    """Start loading the embedding model that `workspace`'s settings choose and reading its store's vectors
    (on the semantic pool), so the first turn finds both ready; only where its store holds vectors by that
    model (elsewhere no turn needs it, and an `openclaw agent --local` run would pay its load for nothing:
    a session end loads it to embed what it wrote). A settings file that cannot be read leaves it to the
    first turn."""
    from hippocampus.semantic import background, embedder, search
    from hippocampus.store import vectors
    from hippocampus.store.config_file import settings
    from hippocampus.store.readonly import connect_readonly
    from hippocampus.store.workspace import settings_file

    try:
        config = settings(settings_file(workspace)).config
        name, _why = embedder.choice(config)
        conn = connect_readonly(workspace) if name is not None else None
        if conn is None or name is None:
            return
        try:
            wanted = vectors.present(conn, name)
        finally:
            conn.close()
        if wanted:
            search.preload(config)
            search.preload_vectors(workspace, name)
            background.preload(name, config)  # the block's reference outside the store (issue 25)
    except Exception as exc:  # noqa: BLE001 - the first turn loads it then, and says so if it cannot
        why = " ".join(str(exc).split())[:200]
        sys.stderr.write(f"hippocampus: worker could not preload the model: {type(exc).__name__}: {why}\n")


def main(max_in_flight: int = 8, idle_seconds: float = 0.0, preload_workspace: str | None = None) -> None:
    """`hippocampus serve --stdio`: serve stdin/stdout until end of input, the parent's death or (when set)
    idleness, then exit 0."""
    from hippocampus.semantic import search
    from hippocampus.store import inbox, warm

    parent = die_with_parent()
    os.environ["OMP_WAIT_POLICY"] = WAIT_POLICY  # before the model's OpenMP library loads
    search.allow(wait=False)  # the model loads in the background; a turn waits for it within its budget
    warm.enable()  # one kept connection per database, its reads cached until it changes
    inbox.sync_later()  # a turn's messages are written before its answer, fsynced just after it
    server = Server(sys.stdout, max_in_flight, idle_seconds, parent)
    if preload_workspace:
        preload(preload_workspace)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve(sys.stdin.fileno())
    warm.close_all()
    inbox.synced()
    sys.exit(0)
