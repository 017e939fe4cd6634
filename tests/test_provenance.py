"""Why this memory: `recall --explain` (the score's parts and sources), the injection records of
request_before (ids and scores, never text), and `hippocampus why` (sources, reinforcement,
supersession, last injection)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from hippocampus.cli.app import main
from hippocampus.store import inbox
from hippocampus.store.injections import INJECTIONS_FILE
from tests.test_hooks import call, payload, remember, turn


@pytest.fixture(autouse=True)
def fixed_now(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIPPOCAMPUS_NOW", "2026-03-01T10:00:00Z")


def cli(workspace: Path, *args: str, code: int = 0) -> Any:
    result = CliRunner().invoke(main, ["--workspace", str(workspace), *args])
    assert result.exit_code == code, result.output
    return result


def from_a_turn(workspace: Path, *texts: str) -> None:
    """Memories made the way the hooks make them: a turn queued, then session end encodes it."""
    call("request_after", payload(workspace, messages=turn(*texts, reply="Noted, I will remember.")))
    call("session_end", payload(workspace, reason="new"))


def recall_json(workspace: Path, *args: str) -> list[dict[str, Any]]:
    return list(json.loads(cli(workspace, "recall", *args, "--json").output))


def injection_file(workspace: Path) -> Path:
    return workspace / "memory" / INJECTIONS_FILE


def test_explain_shows_the_parts_that_make_the_score_and_the_sources(workspace: Path) -> None:
    from_a_turn(workspace, "My sister Alma lives in Porto", "I adopted a beagle named Biscuit")
    remember(workspace, "Alma likes green tea")
    hits = recall_json(workspace, "Alma Porto", "--explain")
    assert hits
    for hit in hits:
        e = hit["explain"]
        assert e["ranked"] is True
        assert hit["score"] == pytest.approx(e["lexical"] + e["importance"] + e["recency"], abs=2e-4)
        assert 0 <= e["lexical"] <= 3.0 and 0 <= e["importance"] <= 1.0 and 0 <= e["recency"] <= 0.5
    porto = next(h for h in hits if "Porto" in h["content"])
    assert porto["explain"]["lexical"] == pytest.approx(3.0)  # the best BM25 match gets the whole weight
    said = porto["sources"][0]
    assert said["speaker"] == "user" and "Porto" in said.get("text", porto["content"])
    text = cli(workspace, "recall", "Alma Porto", "--explain").output
    assert "= lexical" in text and "+ importance" in text and "+ recency" in text
    assert "from user at" in text
    assert "explain" not in recall_json(workspace, "Alma Porto")[0]  # only when asked


def test_each_injection_is_recorded_with_ids_and_scores_but_no_text(workspace: Path) -> None:
    from tests.filler import fill
    from tests.test_hooks import T0

    remember(workspace, "My cat is called Pixel-Quasar")
    fill(workspace, T0)  # a store to judge the match against: the block holds it as relevant (issue 25)
    db = workspace / "memory" / "hippocampus.db"
    wal = db.with_name(db.name + "-wal")
    before = (db.read_bytes(), wal.read_bytes() if wal.exists() else b"")
    out, err = call("request_before", payload(workspace, prompt="what is my cat called?"))
    assert "Pixel-Quasar" in out and err == ""
    after = (db.read_bytes(), wal.read_bytes() if wal.exists() else b"")
    assert after == before, "the cold path still never writes the database"
    raw = injection_file(workspace).read_text()
    assert "Pixel" not in raw and "cat" not in raw
    (record,) = [json.loads(line) for line in raw.splitlines()]
    assert record["session"] == "sess-1" and record["time"] == "2026-03-01T10:00:00Z"
    (shown,) = [m for m in record["memories"] if m["section"] == "relevant"]
    assert shown["id"] == "mem_001" and shown["score"] == pytest.approx(
        shown["lexical"] + shown["importance"] + shown["recency"], abs=2e-4
    )
    assert call("request_before", payload(workspace, prompt="   "))[0]  # core only: still recorded
    assert len(injection_file(workspace).read_text().splitlines()) == 2


def test_nothing_injected_records_nothing(workspace: Path) -> None:
    assert call("request_before", payload(workspace, prompt="hello")) == ("", "")
    assert not injection_file(workspace).exists()


def test_a_record_that_cannot_be_written_never_costs_the_turn_its_block(workspace: Path, tmp_path: Path) -> None:
    remember(workspace, "My cat is called Pixel")
    target = tmp_path / "elsewhere.jsonl"
    target.write_text("")
    os.symlink(target, injection_file(workspace))
    out, err = call("request_before", payload(workspace, prompt="cat"))
    assert "Pixel" in out
    assert "injection record" in err and err.count("\n") == 1
    assert target.read_text() == "", "never written through a link"


def test_why_shows_sources_reinforcement_and_the_last_injection(workspace: Path) -> None:
    from_a_turn(workspace, "My sister Alma lives in Porto")
    (alma,) = [h["id"] for h in recall_json(workspace, "Alma")]
    call("request_before", payload(workspace, prompt="where does Alma live"))
    data = json.loads(cli(workspace, "why", alma, "--json").output)
    assert data["injections"]["count"] == 1  # still in the file: counted before any encode
    assert data["injections"]["last"]["section"] in ("relevant", "core")
    cli(workspace, "reinforce", alma)
    from_a_turn(workspace, "Remember that my sister Alma lives in Porto")  # said again: reinforces
    assert not injection_file(workspace).exists(), "encoding moved the records into the events"
    data = json.loads(cli(workspace, "why", alma, "--json").output)
    assert data["state"] == "current"
    assert data["sources"][0] == {**data["sources"][0], "speaker": "user", "text": "My sister Alma lives in Porto"}
    assert data["reinforced"] >= 2
    assert [e["type"] for e in data["events"]][0] == "create"
    assert data["injections"]["count"] == 1 and data["injections"]["last"]["session"] == "sess-1"
    assert not any("text" in e or "content" in e for e in data["events"])
    text = cli(workspace, "why", alma).output
    assert "from user at" in text and "My sister Alma lives in Porto" in text
    assert "injected 1 time(s); last at 2026-03-01T10:00:00Z (session sess-1" in text


def test_why_follows_supersession_both_ways(workspace: Path) -> None:
    remember(workspace, "I live in Lisbon")
    remember(workspace, "I moved to Porto")
    old = json.loads(cli(workspace, "why", "mem_001", "--json").output)
    new = json.loads(cli(workspace, "why", "mem_002", "--json").output)
    assert old["state"] == "superseded" and old["supersededBy"] == "mem_002" and old["supersededAt"]
    assert [m["id"] for m in new["supersedes"]] == ["mem_001"]
    assert "superseded by mem_002" in cli(workspace, "why", "mem_001").output
    assert "supersedes mem_001" in cli(workspace, "why", "mem_002").output


def test_why_an_unknown_id_is_one_line_and_exit_1(workspace: Path) -> None:
    remember(workspace, "I live in Lisbon")
    result = cli(workspace, "why", "mem_999", "--json", code=1)
    assert json.loads(result.output.strip().splitlines()[-1])["error"] == "no memory with id mem_999"


def test_wipe_removes_the_injection_records(workspace: Path) -> None:
    remember(workspace, "My cat is called Pixel")
    call("request_before", payload(workspace, prompt="cat"))
    assert injection_file(workspace).exists()
    cli(workspace, "wipe", "--yes")
    assert not injection_file(workspace).exists()
    assert inbox.waiting(str(workspace), INJECTIONS_FILE) == []


def test_the_dashboard_shows_what_the_last_turns_injected_and_why(workspace: Path) -> None:
    """Issue 13's "last injected" panel: each turn's block, its memories with their score parts, from
    the records not yet encoded and from the events after encoding; a forgotten memory keeps no text."""
    import html

    from_a_turn(workspace, "Remember that my sister Alma lives in Porto")
    memory_id = recall_json(workspace, "Alma")[0]["id"]
    call("request_before", payload(workspace, prompt="Where does Alma live?"))

    def panel() -> str:
        cli(workspace, "dashboard")
        page = (workspace / "brain-dashboard.html").read_text(encoding="utf-8")
        start = page.index('id="injected"')
        return html.unescape(page[start : page.index('<div class="card"', start + 1)])

    waiting = panel()
    assert memory_id in waiting and "lexical" in waiting and "lives in Porto" in waiting
    call("session_end", payload(workspace, reason="new"))  # the record becomes events
    assert not injection_file(workspace).exists()
    assert memory_id in panel()
    cli(workspace, "forget", memory_id)
    gone = panel()
    assert memory_id in gone and "(forgotten)" in gone and "Porto" not in gone
