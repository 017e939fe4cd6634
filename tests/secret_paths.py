"""Every write path of the product, driven with the secret corpus (tests/secret_corpus.py).

Each driver takes a fresh workspace and the cases, and pushes every case's text through one path the
way a user or OpenClaw would: the library verbs, the CLI's `export`, the real hook processes, a fake
LLM server on 127.0.0.1 for `summarize`. `leaked` then reads the raw bytes of every file under the
workspace (the database, its -wal and any journal, the spill file, the logs, the Markdown and HTML
files) and names the cases whose secrets are there. Shared by tests/test_secrets.py and bench/bench_secrets.py.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from fake_endpoint import fake_endpoint
from secret_corpus import leaks
from sqlite_probe import refuse_if_open

ROOT = Path(__file__).resolve().parent.parent
NOW = datetime(2026, 3, 1, 10, 0, tzinfo=timezone.utc)
STAMP = "2026-03-01T10:00:00Z"
Case = dict[str, Any]


def _ws(root: Path) -> Any:
    from hippocampus.store.workspace import Workspace

    return Workspace(root)


def _config() -> Any:
    from hippocampus.core.config import Config

    return Config()


def via_remember(root: Path, cases: list[Case]) -> None:
    from hippocampus import memories
    from hippocampus.errors import InputError

    for case in cases:
        with contextlib.suppress(InputError):  # a bare secret is "mostly redacted" junk: refused, nothing written
            memories.remember(_ws(root), NOW, _config(), case["text"])


def via_remember_category(root: Path, cases: list[Case]) -> None:
    """The category and domain fields are text a user types too."""
    from hippocampus import memories
    from hippocampus.errors import HippocampusError

    for i, case in enumerate(cases):
        with contextlib.suppress(HippocampusError):  # refused whole: nothing written
            memories.remember(_ws(root), NOW, _config(), f"note {i}", category=case["text"][:200])


def via_ingest(root: Path, cases: list[Case]) -> None:
    from hippocampus import encoding

    rows = [
        {"session": "s1", "id": f"m{i}", "role": "user", "text": "Remember that " + c["text"], "timestamp": STAMP}
        for i, c in enumerate(cases)
    ]
    encoding.ingest(_ws(root), NOW, _config(), {"s1": rows})


def _memory(i: int, text: str) -> dict[str, Any]:
    return {
        "id": f"mem_{i + 1:03d}",
        "domain": "user",
        "category": "general",
        "content": text,
        "importance": 0.8,
        "anchor": 0.8,
        "created": STAMP,
        "lastAccessed": STAMP,
        "timesReinforced": 0,
        "keywords": text.split()[:8],
        "stability": 1.0,
        "sources": [{"session": "s1", "message": f"m{i}", "time": STAMP}],
    }


def _import(root: Path, data: dict[str, Any]) -> None:
    from hippocampus import importing

    path = root.parent / "to-import.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    importing.import_file(_ws(root), NOW, path)
    path.unlink()


def via_import_v2(root: Path, cases: list[Case]) -> None:
    memories = [_memory(i, c["text"]) for i, c in enumerate(cases)]
    _import(root, {"version": 2, "lastUpdated": STAMP, "decayLastRun": "", "nextId": 1, "memories": memories})


def via_import_v1(root: Path, cases: list[Case]) -> None:
    memories = []
    for i, c in enumerate(cases):
        item = _memory(i, c["text"])
        for key in ("anchor", "stability", "sources"):
            item.pop(key)
        memories.append(item)
    _import(root, {"version": 1, "lastUpdated": STAMP, "memories": memories})


def via_import_ebbinghaus(root: Path, cases: list[Case]) -> None:
    items = [
        {"id": f"e{i}", "content": c["text"], "category": "general", "created": STAMP, "last_reviewed": STAMP}
        for i, c in enumerate(cases)
    ]
    _import(root, {"items": items})


def _benign(root: Path, n: int) -> list[str]:
    """n plain memories flagged for a summary; their ids."""
    memories = [dict(_memory(i, f"Plain note number {i} about the weekend"), summaryPending=True) for i in range(n)]
    _import(root, {"version": 2, "lastUpdated": STAMP, "decayLastRun": "", "nextId": 1, "memories": memories})
    from hippocampus.store import index_file

    return [m.id for m in index_file.load_index(_ws(root)).memories]


def via_revise(root: Path, cases: list[Case]) -> None:
    from hippocampus.errors import HippocampusError
    from hippocampus.llm import summaries

    for memory_id, case in zip(_benign(root, len(cases)), cases, strict=True):
        with contextlib.suppress(HippocampusError):
            summaries.revise(_ws(root), NOW, memory_id, case["text"])


@contextmanager
def fake_llm(answers: dict[str, str]) -> Iterator[str]:
    """An OpenAI-compatible chat server on 127.0.0.1 answering each statement with answers[statement]."""

    def reply(body: Any) -> Any:
        statement = body["messages"][-1]["content"].split("\n", 1)[-1]
        return {"choices": [{"message": {"content": answers.get(statement, "ok")}}]}

    with fake_endpoint(reply) as url:
        yield url


def via_summarize(root: Path, cases: list[Case]) -> None:
    from hippocampus.llm import summaries
    from hippocampus.llm.client import Endpoint

    _benign(root, len(cases))
    answers = {f"Plain note number {i} about the weekend": c["text"] for i, c in enumerate(cases)}
    with fake_llm(answers) as url:
        summaries.summarize_with(_ws(root), NOW, Endpoint(url, "fake", timeout=10))


def via_reflect(root: Path, cases: list[Case]) -> None:
    """Insights: the agent's `reflect --add` with each case, then the endpoint's questions and insights
    made of the cases (a question is sent back to the model and put to recall; an insight is stored)."""
    import json
    import re

    from hippocampus import reflection
    from hippocampus.core.config import Config
    from hippocampus.errors import HippocampusError
    from hippocampus.llm.reflection import QUESTIONS_PROMPT

    ids = _benign(root, 3)
    for case in cases:
        with contextlib.suppress(HippocampusError):  # a bare secret is junk: refused, nothing written
            reflection.add_insight(_ws(root), NOW, _config(), case["text"], ids[:2])
    texts = iter([c["text"] for c in cases] * 2)

    def reply(body: Any) -> Any:
        system, user = body["messages"][0]["content"], body["messages"][-1]["content"]
        if system == QUESTIONS_PROMPT:
            return {"choices": [{"message": {"content": json.dumps([next(texts, "x") for _ in range(3)])}}]}
        cited = re.findall(r"\((mem_\w+)\)", user)[:1]
        said = [{"insight": next(texts, "x"), "evidence": cited} for _ in range(5)]
        return {"choices": [{"message": {"content": json.dumps(said)}}]}

    with fake_endpoint(reply) as url:
        config = Config(semantic="off", llm_url=url, llm_model="fake")
        for _ in range(len(cases) // 9 + 1):  # 18 case texts a run: every case as a question and an insight
            reflection.reflect(_ws(root), NOW, config, force=True)


def _hook(root: Path, name: str, payload: dict[str, Any]) -> None:
    env = {**os.environ, "HIPPOCAMPUS_PACKAGE_DIR": str(ROOT), "HIPPOCAMPUS_NOW": STAMP}
    proc = subprocess.run(
        [sys.executable, str(ROOT / "hooks" / f"{name}.py")],
        input=json.dumps(payload).encode(),
        capture_output=True,
        timeout=120,
        env=env,
        check=True,
    )
    if b"failed open" in proc.stderr:
        raise RuntimeError(proc.stderr.decode()[:500])


def _payload(root: Path, **event: Any) -> dict[str, Any]:
    ctx = {"agentId": "main", "sessionKey": "agent:main:main", "sessionId": "sess-1", "workspaceDir": str(root)}
    return {"hook": "x", "event": event, "workspace": str(root), "config": {}, "ctx": ctx}


def via_hooks(root: Path, cases: list[Case]) -> None:
    """The real hook processes: agent_end (request_after) per turn, then session_end."""
    for start in range(0, len(cases), 40):
        messages = [  # one turn: the last run of user messages, then the reply
            {"role": "user", "content": [{"type": "text", "text": "Remember that " + c["text"]}]}
            for c in cases[start : start + 40]
        ]
        messages.append({"role": "assistant", "content": [{"type": "text", "text": "Noted."}]})
        _hook(root, "request_after", _payload(root, messages=messages))
    _hook(root, "session_end", _payload(root, reason="new"))


def via_hook_replies(root: Path, cases: list[Case]) -> None:
    """The assistant's reply that request_after queues with each turn (for exchanges), a secret in it at
    its start, across the kept part's end and across the redacted window's edge (`capture.CONTEXT_WINDOW`).
    In process: one turn carries one reply, so a process per case would take minutes."""
    import io

    from hippocampus.core.capture import CONTEXT_CHARS, CONTEXT_WINDOW
    from hippocampus.openclaw import hooks

    filler = "The answer runs on about the settings you asked for, word after word. " * 40
    before = os.environ.get("HIPPOCAMPUS_NOW")
    os.environ["HIPPOCAMPUS_NOW"] = STAMP
    try:
        for c in cases:
            for at in (0, CONTEXT_CHARS - 20, CONTEXT_WINDOW - 10):
                reply = filler[:at] + str(c["text"]) + " " + filler
                messages = [
                    {"role": "user", "content": [{"type": "text", "text": "Can you check my deploy settings?"}]},
                    {"role": "assistant", "content": [{"type": "text", "text": reply}]},
                ]
                raw = json.dumps(_payload(root, messages=messages)).encode()
                assert hooks.run("request_after", io.BytesIO(raw), io.StringIO(), io.StringIO()) == 0
    finally:
        if before is None:
            os.environ.pop("HIPPOCAMPUS_NOW", None)
        else:
            os.environ["HIPPOCAMPUS_NOW"] = before
    _hook(root, "session_end", _payload(root, reason="new"))


def via_inbox(root: Path, cases: list[Case]) -> None:
    """The turn inbox holding raw text (as a file left by an older version would), then encoded."""
    import json

    from hippocampus import encoding
    from hippocampus.core.model import Signal
    from hippocampus.store import database, inbox

    ws = _ws(root)
    with database.writing(ws):
        pass  # the layout and the database exist, as on a workspace in use
    signals = [
        Signal("sess-1", f"m{i}", "Remember that " + c["text"], STAMP, 0.0, category="unscored")
        for i, c in enumerate(cases)
    ]
    inbox.append(str(ws.root), "".join(json.dumps(s.to_dict()) + "\n" for s in signals).encode())
    encoding.encode_pending(ws, NOW, _config())


def via_backfill(root: Path, cases: list[Case]) -> None:
    """`preprocess --encode` over an OpenClaw JSONL transcript."""
    from hippocampus import encoding

    folder = root.parent / "state" / "agents" / "main" / "sessions"
    folder.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps({"type": "session", "id": "hist-1"})]
    for c in cases:
        message = {"role": "user", "content": [{"type": "text", "text": "Remember that " + c["text"]}]}
        lines.append(json.dumps({"type": "message", "message": message, "timestamp": STAMP}))
    (folder / "hist-1.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    encoding.backfill(_ws(root), NOW, _config(), root.parent / "state", "main", None, then_encode=True)


def via_log(root: Path, cases: list[Case]) -> None:
    """hippocampus.log: a failure message that quotes the text it failed on."""
    from hippocampus.store import logs

    ws = _ws(root)
    for c in cases:
        logs.log_line(ws, f"request_after failed open: ValueError: bad message {c['text']!r}", NOW)


PATHS: dict[str, Callable[[Path, list[Case]], None]] = {
    "remember": via_remember,
    "remember --category": via_remember_category,
    "ingest": via_ingest,
    "import index v2": via_import_v2,
    "import index v1": via_import_v1,
    "import memory-ebbinghaus": via_import_ebbinghaus,
    "revise": via_revise,
    "summarize (LLM)": via_summarize,
    "reflect (agent and LLM)": via_reflect,
    "hooks request_after + session_end": via_hooks,
    "the assistant's reply a turn queues": via_hook_replies,
    "the turn inbox (raw), then encode": via_inbox,
    "preprocess/backfill": via_backfill,
    "hippocampus.log": via_log,
}


def derive_files(root: Path) -> None:
    """Every file made from the store: HIPPOCAMPUS_CORE.md, archive.md, the dashboard and an export."""
    from hippocampus import maintenance
    from hippocampus.store import index_file
    from hippocampus.views import sync

    ws = _ws(root)
    if not ws.db_path.exists():
        return
    config = _config()
    sync.refresh_views(ws, NOW, config, dashboard=True, archive=True)
    later = datetime(2027, 6, 1, tzinfo=timezone.utc)
    subprocess.run(
        [sys.executable, "-m", "hippocampus", "export", "-o", str(root / "memory" / "export.json")],
        env={**os.environ, "WORKSPACE": str(root), "HIPPOCAMPUS_NOW": STAMP},
        check=True,
        capture_output=True,
        timeout=120,
    )
    maintenance.decay(ws, later, config, archive=True)  # archive.md gets whatever faded
    sync.write_archive(ws, later, config)
    assert index_file.count(ws) >= 0


def all_bytes(root: Path) -> bytes:
    """The raw bytes of every file under `root`, concatenated; refused while this process still has one
    open (a raw read would cancel its SQLite locks: tests/sqlite_probe.py)."""
    refuse_if_open(root)
    parts = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            parts.append(path.read_bytes())
    return b"\n".join(parts)


def leaked(root: Path, cases: list[Case]) -> set[str]:
    """The case ids whose secrets are in any file under the workspace."""
    return leaks(all_bytes(root), cases)


def run_path(name: str, root: Path, cases: list[Case]) -> set[str]:
    """Drive one path with every case, derive every file, and return the leaked case ids."""
    root.mkdir(parents=True, exist_ok=True)
    PATHS[name](root, cases)
    derive_files(root)
    return leaked(root, cases)
