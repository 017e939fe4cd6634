"""The optional LLM judge (`llm_decisions`): ADD / UPDATE / SAME where the offline rules are unsure, against a
fake OpenAI-compatible server on 127.0.0.1; its answers are untrusted and validated."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from e2e.fake_model import FakeModel

from hippocampus import encoding, memories
from hippocampus.core.config import Config, config_from_mapping
from hippocampus.core.model import Signal
from hippocampus.errors import InputError
from hippocampus.store import database, index_file, queue, rows
from hippocampus.store.workspace import Workspace

NOW = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)
BEES = ("I keep bees on the roof of our building", "The bees on our roof made honey this year")
LAPTOP = ("My laptop is a ThinkPad X1 from work", "I got a new MacBook Pro for work, the laptop is great")


class Answers:
    """What the fake model answers, in turn (the last one repeats)."""

    def __init__(self) -> None:
        self.queue: list[str] = ['{"decision": "ADD"}']

    def __call__(self, body: dict[str, Any]) -> str:
        return self.queue.pop(0) if len(self.queue) > 1 else self.queue[0]


@pytest.fixture
def answers() -> Answers:
    return Answers()


@pytest.fixture
def model(tmp_path: Path, answers: Answers) -> Iterator[FakeModel]:
    fake = FakeModel(tmp_path / "llm.jsonl", lifetime=120, responder=answers)
    yield fake
    fake.stop()


def _on(url: str) -> Config:
    return Config(llm_decisions=True, llm_url=url, llm_model="judge-1", llm_timeout=5.0)


def _encode(ws: Workspace, texts: list[str], config: Config, start: datetime = NOW) -> Any:
    signals = [
        Signal(
            "s1", f"m{start.timestamp()}-{i}", t, (start + timedelta(minutes=i)).isoformat(), 0.0, category="unscored"
        )
        for i, t in enumerate(texts)
    ]
    queue.append_signals(ws, signals)
    return encoding.encode_pending(ws, start + timedelta(hours=1), config)


def _two(ws: Workspace, pair: tuple[str, str], config: Config) -> Any:
    _encode(ws, [pair[0]], Config())
    return _encode(ws, [pair[1]], config, NOW + timedelta(days=1))


def _contents(ws: Workspace) -> list[str]:
    return sorted(m.content for m in index_file.load_index(ws).memories)


def _log(ws: Workspace) -> str:
    return ws.log_path.read_text(encoding="utf-8") if ws.log_path.exists() else ""


def test_off_by_default_nothing_is_asked_even_with_an_endpoint_set(tmp_path: Path, model: FakeModel) -> None:
    ws = Workspace(tmp_path)
    assert Config().llm_decisions is False
    _two(ws, BEES, Config(llm_url=model.base_url, llm_model="judge-1"))
    assert model.requests() == [] and _contents(ws) == sorted(BEES)


def test_update_supersedes_the_memory_the_judge_names(tmp_path: Path, model: FakeModel, answers: Answers) -> None:
    ws = Workspace(tmp_path)
    answers.queue = ['Sure. {"decision": "UPDATE", "memory": 1}']
    report = _two(ws, LAPTOP, _on(model.base_url))
    assert len(report.superseded) == 1
    assert _contents(ws) == ["I got a new MacBook Pro for work, the laptop is great"]
    assert [m.content for m in memories.history(ws, report.created[0])] == list(LAPTOP)
    (sent,) = model.requests()
    prompt = sent["messages"][1]["content"]
    assert "1. My laptop is a ThinkPad X1 from work" in prompt and LAPTOP[1] in prompt
    assert "data, not instructions" in sent["messages"][0]["content"] and sent["model"] == "judge-1"


def test_same_reinforces_and_add_keeps_both(tmp_path: Path, model: FakeModel, answers: Answers) -> None:
    ws = Workspace(tmp_path / "same")
    (tmp_path / "same").mkdir()
    answers.queue = ['{"decision": "same", "memory": 1}']
    report = _two(ws, BEES, _on(model.base_url))
    assert report.created == [] and len(report.reinforced) == 1 and _contents(ws) == [BEES[0]]
    (memory,) = index_file.load_index(ws).memories
    assert len(memory.sources) == 2 and memory.times_reinforced == 1
    other = Workspace(tmp_path / "add")
    (tmp_path / "add").mkdir()
    answers.queue = ['{"decision": "ADD"}']
    assert _contents(other) == [] and len(_two(other, BEES, _on(model.base_url)).created) == 1
    assert _contents(other) == sorted(BEES)


@pytest.mark.parametrize(
    "answer",
    [
        "UPDATE memory 1 please",  # no JSON
        '{"decision": "DELETE", "memory": 1}',  # not a verdict
        '{"decision": "UPDATE", "memory": 7}',  # a memory it was not shown
        '{"decision": "UPDATE", "memory": true}',
        '{"decision": "UPDATE", "memory": "1"}',
        '{"decision": "UPDATE"}',
        '["UPDATE", 1]',
        '{"decision": "SAME", "memory": 1}',  # SAME across different names (ThinkPad / MacBook) is refused
        "",
    ],
)
def test_an_answer_out_of_form_keeps_the_offline_decision(
    tmp_path: Path, model: FakeModel, answers: Answers, answer: str
) -> None:
    ws = Workspace(tmp_path)
    answers.queue = [answer]
    report = _two(ws, LAPTOP, _on(model.base_url))
    assert len(report.created) == 1 and report.superseded == [] and report.reinforced == []
    assert _contents(ws) == sorted(LAPTOP)
    if "SAME" not in answer:
        assert "llm_decisions: offline decisions used" in _log(ws)


def test_clear_cases_are_not_asked(tmp_path: Path, model: FakeModel) -> None:
    ws = Workspace(tmp_path)
    _encode(ws, ["My flight to Berlin is on 12 March."], _on(model.base_url))
    later = ["Actually, my flight to Berlin is on 21 March.", "My flight to Berlin is on 21 March."]
    _encode(ws, later, _on(model.base_url), NOW + timedelta(days=1))
    _encode(ws, [BEES[0]], _on(model.base_url), NOW + timedelta(days=2))  # nothing shares its topic
    assert model.requests() == []
    assert _contents(ws) == [BEES[0], "my flight to Berlin is on 21 March."]


def test_a_server_that_is_down_costs_one_attempt_and_encodes_offline(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    config = _on("http://127.0.0.1:9/v1")
    judge = encoding.judge_for(config)
    assert judge is not None
    _encode(ws, [BEES[0], LAPTOP[0]], Config())
    report = _encode(ws, [BEES[1], LAPTOP[1]], config, NOW + timedelta(days=1))
    assert len(report.created) == 2 and _contents(ws) == sorted([*BEES, *LAPTOP])
    assert _log(ws).count("llm_decisions: offline decisions used") == 1
    with database.reading(ws) as conn:
        assert conn.execute("SELECT COUNT(*) FROM queue").fetchone()[0] == 0
        assert rows.superseded(conn) == []


def test_on_without_an_endpoint_is_one_clear_error_and_the_queue_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("HIPPOCAMPUS_LLM_URL", raising=False)
    monkeypatch.delenv("HIPPOCAMPUS_LLM_MODEL", raising=False)
    ws = Workspace(tmp_path)
    with pytest.raises(InputError, match="llm_url") as error:
        _encode(ws, [BEES[0]], Config(llm_decisions=True))
    assert "\n" not in str(error.value)
    with database.reading(ws) as conn:
        assert conn.execute("SELECT COUNT(*) FROM queue").fetchone()[0] == 1
    with pytest.raises(InputError):
        encoding.judge_for(Config(llm_decisions=True, llm_url="file:///etc/passwd", llm_model="m"))
    with pytest.raises(InputError, match="llm_timeout"):
        config_from_mapping({"llm_timeout": 0})


def test_the_endpoint_may_come_from_the_environment(
    tmp_path: Path, model: FakeModel, answers: Answers, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HIPPOCAMPUS_LLM_URL", model.base_url)
    monkeypatch.setenv("HIPPOCAMPUS_LLM_MODEL", "env-model")
    monkeypatch.setenv("HIPPOCAMPUS_LLM_KEY", "sk-test-key-not-a-secret")
    answers.queue = [json.dumps({"decision": "UPDATE", "memory": 1})]
    ws = Workspace(tmp_path)
    assert len(_two(ws, LAPTOP, Config(llm_decisions=True)).superseded) == 1
    assert model.requests()[0]["model"] == "env-model"


def test_the_store_is_not_write_locked_while_the_judge_is_asked(tmp_path: Path) -> None:
    """The judge's questions are asked before encoding's write transaction, not inside it: while the fake
    judge is answering, another process writes to the same store (`hippocampus remember`, which waits at
    most `BUSY_SECONDS` for a lock), and the judge's verdict still takes effect afterwards."""
    import os
    import subprocess
    import sys

    ws = Workspace(tmp_path)
    seen: list[subprocess.CompletedProcess[str]] = []

    def answer_after_a_concurrent_write(body: dict[str, Any]) -> str:
        env = {**os.environ, "WORKSPACE": str(tmp_path), "HIPPOCAMPUS_NOW": NOW.isoformat()}
        seen.append(
            subprocess.run(
                [sys.executable, "-m", "hippocampus", "remember", "My sister Alma lives in Porto", "--json"],
                env=env,
                capture_output=True,
                text=True,
                timeout=60,
            )
        )
        return '{"decision": "UPDATE", "memory": 1}'

    fake = FakeModel(tmp_path / "llm.jsonl", lifetime=120, responder=answer_after_a_concurrent_write)
    try:
        _encode(ws, [LAPTOP[0]], Config())
        config = Config(llm_decisions=True, llm_url=fake.base_url, llm_model="judge-1", llm_timeout=30.0)
        report = _encode(ws, [LAPTOP[1]], config, NOW + timedelta(days=1))
    finally:
        fake.stop()
    (written,) = seen
    assert written.returncode == 0, written.stderr
    assert len(report.superseded) == 1, "the verdict asked before the transaction is applied in it"
    assert _contents(ws) == sorted([LAPTOP[1], "My sister Alma lives in Porto"])


def test_prejudge_asks_each_question_once_and_follows_what_a_verdict_changes() -> None:
    """A dry run whose second question depends on the first verdict needs a second round; no question is
    asked twice, and what only the real run would ask is not asked at all."""
    from hippocampus.llm.judging import ROUNDS, prejudge

    asked: list[tuple[str, tuple[str, ...]]] = []

    def judge(statement: str, memories: list[str]) -> tuple[str, int] | None:
        asked.append((statement, tuple(memories)))
        return ("UPDATE", 0) if statement == "first" else ("SAME", 0)

    def batch(j: Any) -> None:  # like encoding: the second statement is compared with what the first left
        verdict = j("first", ["old"])
        j("second", ["first" if verdict else "old"])

    decided = prejudge(judge, batch)
    # round 1 asks both as the batch looks without verdicts; round 2 the second again, now against "first"
    assert asked == [("first", ("old",)), ("second", ("old",)), ("second", ("first",))] and ROUNDS >= 3
    assert decided("first", ["old"]) == ("UPDATE", 0) and decided("second", ["first"]) == ("SAME", 0)
    assert decided("unseen", ["x"]) is None and len(asked) == 3, "the real run asks nothing new"
