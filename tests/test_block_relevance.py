"""What reaches the model (issue 25): the evidence gate on the block's relevant part (`core.evidence`),
the block's budget in tokens and its core share (`views.context`), retrieval marking what it used
(`core.lifecycle.used`), and `remember` leaving its memory searchable by meaning and the core file
current. Both sides of each rule are checked: what it keeps and what it leaves out."""

from __future__ import annotations

import json
import math
import random
import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from hippocampus import memories
from hippocampus.core import evidence, lifecycle
from hippocampus.core.config import Config, config_from_mapping
from hippocampus.core.model import format_time
from hippocampus.encoding import encode_pending
from hippocampus.errors import InputError
from hippocampus.openclaw.payload import budget_tokens
from hippocampus.recall import recall, turn_injection
from hippocampus.semantic import embedder, search
from hippocampus.store import database, injections
from hippocampus.store.index_file import open_search
from hippocampus.store.workspace import Workspace
from hippocampus.views.context import CORE_SHARE, context_block_with_hits, estimate_tokens
from tests.fake_endpoint import fake_endpoint

NOW = datetime(2026, 6, 1, 12, tzinfo=timezone.utc)


@pytest.fixture(autouse=True)
def lexical_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """As in test_semantic.py: no model unless a test allows one, and no model or matrix left over."""
    monkeypatch.setattr(search, "_policy", None)
    monkeypatch.setattr(search, "_matrices", {})
    monkeypatch.setattr(search, "_pool", None)
    monkeypatch.setattr(embedder, "_models", {})
    yield
    if search._pool is not None:
        search._pool.shutdown(wait=True)


# --- the evidence rule, pure ------------------------------------------------------------------------


def test_a_word_the_store_says_often_is_no_evidence_and_a_rare_one_is() -> None:
    n = 1000
    common = math.log((n - 100 + 0.5) / (100 + 0.5))  # "work": one memory in ten
    rare = math.log((n - 1 + 0.5) / (1 + 0.5))  # "Biscuit": one memory in a thousand
    assert not evidence.about_message(evidence.combined(evidence.lexical_chance(common), 1.0), n)
    assert evidence.about_message(evidence.combined(evidence.lexical_chance(2 * rare), 1.0), n)
    assert evidence.lexical_chance(0.0) == 1.0 and evidence.lexical_chance(-3.0) == 1.0


def _strays_on_smooth_tails(rng: random.Random, strays: float) -> float:
    """Memories passing a budget of `strays` per question, on average over 200 questions about nothing stored
    (similarities of a 1,000-memory store with a heavy, smooth upper tail)."""
    passed = []
    for _ in range(200):
        sims = sorted((rng.expovariate(12.0) - 0.1 for _ in range(1000)), reverse=True)[:200]
        tail = evidence.fit_tail(sims, 1000)
        assert tail is not None
        chances = [evidence.combined(1.0, evidence.semantic_chance(s, tail)) for s in sims]
        passed.append(sum(evidence.about_message(c, 1000, strays) for c in chances))
    return sum(passed) / len(passed)


def test_the_top_of_a_smooth_tail_is_rarely_evidence_and_an_outlier_is() -> None:
    """Questions about nothing stored (similarities with a heavy, smooth upper tail): on average at most
    EXPECTED_STRAYS memories pass, by the rule's own definition; a memory far out of the crowd passes."""
    rng = random.Random(7)
    assert _strays_on_smooth_tails(rng, evidence.EXPECTED_STRAYS) <= evidence.EXPECTED_STRAYS
    sims = [rng.expovariate(12.0) - 0.1 for _ in range(999)]
    answer = max(sims) + 0.6  # a memory that stands far out of the crowd nearest the question
    tail = evidence.fit_tail(sorted([*sims, answer], reverse=True)[:200], 1000)
    assert evidence.about_message(evidence.combined(1.0, evidence.semantic_chance(answer, tail)), 1000)


def test_a_store_too_small_to_judge_has_no_evidence() -> None:
    assert evidence.fit_tail([0.9], 1) is None
    assert evidence.fit_tail([0.9, 0.1, 0.2], 12) is None, "fewer than MIN_TAIL excesses"
    assert evidence.semantic_chance(0.99, None) == 1.0
    assert not evidence.about_message(0.0, 1), "one memory: nothing to compare it with"


def test_a_question_about_the_user_may_risk_twice_the_strays_and_others_keep_the_bar() -> None:
    """`evidence.strays_for`: a question in the first person (capture's own test, every supported language)
    is what the store exists to answer; trivia, coding and writing requests keep EXPECTED_STRAYS."""
    personal = [
        "How many bikes do I own?",
        "I've been feeling like my chocolate chip cookies need something extra. Any advice?",
        "What airline did we fly with in March?",
        "¿Cuántas bicis tengo?",
        "Wie heißt mein Zahnarzt?",
        "我的狗叫什么名字？",
        "Quel est mon groupe sanguin ?",
    ]
    general = [
        "How many moons does Neptune have?",
        "Write a limerick about a lighthouse keeper",
        "What is the boiling point of ethanol?",
        "Explain Big O notation with an example",
        "¿Cuál es la capital de Mongolia?",
        "Wie funktioniert ein Kühlschrank?",
    ]
    assert evidence.SELF_STRAYS == 2 * evidence.EXPECTED_STRAYS
    assert [evidence.strays_for(q) for q in personal] == [evidence.SELF_STRAYS] * len(personal)
    assert [evidence.strays_for(q) for q in general] == [evidence.EXPECTED_STRAYS] * len(general)
    chance = 0.75 / 200  # the evidence at 0.75 expected strays of a 200-memory store: just over the bar
    assert evidence.about_message(chance, 200, evidence.strays_for(personal[0]))
    assert not evidence.about_message(chance, 200, evidence.strays_for(general[0]))
    assert not evidence.about_message(1.5 / 200, 200, evidence.strays_for(personal[0])), "twice, not without bound"


def test_first_person_questions_about_nothing_stored_pass_at_most_self_strays() -> None:
    """The cost of the wider budget, on the same smooth tails: more memories pass than at EXPECTED_STRAYS, and by
    the rule's own definition at most SELF_STRAYS on average."""
    assert (
        evidence.EXPECTED_STRAYS
        < _strays_on_smooth_tails(random.Random(11), evidence.SELF_STRAYS)
        <= evidence.SELF_STRAYS
    )


# --- the gate in recall and the block ---------------------------------------------------------------


FILLER = [
    "I go to the gym on Mondays and Thursdays",
    "My favourite colour is green",
    "We had pasta for dinner yesterday",
    "The train to work was late again",
    "I watched a documentary about whales",
    "My neighbour plays the piano in the evening",
    "I bought new running shoes last week",
    "The garden needs watering every other day",
]


def _store(tmp_path: Path, texts: list[str], anchor: float = 0.5) -> Workspace:
    ws = Workspace(tmp_path)
    for text in texts:
        memories.remember(ws, NOW - timedelta(days=3), Config(), text, importance=anchor)
    return ws


def _relevant(ws: Workspace, question: str, config: Config | None = None) -> list[str]:
    config = config or Config()
    conn = open_search(ws)
    assert conn is not None
    try:
        _block, shown = turn_injection(conn, question, NOW, config, config.inject_budget)
    finally:
        conn.close()
    return [hit.memory.content for section, hit in shown if section == "relevant"]


def test_a_one_memory_store_injects_nothing_relevant_before_an_unrelated_turn(tmp_path: Path) -> None:
    ws = _store(tmp_path, ["My sister Alma lives in Berlin and prefers green tea"])
    for question in ("How do TCP handshakes work?", "Write a poem about autumn", "Is Alma still in Berlin?"):
        assert _relevant(ws, question) == [], question
    (hit,) = recall(ws, "Is Alma still in Berlin?", NOW, Config())
    assert hit.chance == 1.0, "recall still answers; the block abstains: nothing to compare the match with"


def test_the_block_holds_what_a_rare_word_points_to_and_not_what_a_common_word_matches(tmp_path: Path) -> None:
    texts = [f"{f} ({i})" for i in range(30) for f in FILLER[:4]] + ["I adopted a beagle named Biscuit"]
    texts += [f"I work with {name} on the quarterly report" for name in ("Ana", "Ben", "Chen", "Dev", "Eli")]
    ws = _store(tmp_path, texts)
    assert _relevant(ws, "Is Biscuit a beagle?") == ["I adopted a beagle named Biscuit"]
    assert _relevant(ws, "How do TCP handshakes work?") == [], "'work' is in one memory of twenty"
    assert recall(ws, "How do TCP handshakes work?", NOW, Config()), "recall itself still ranks the matches"


def test_the_block_judges_each_question_by_its_own_budget(tmp_path: Path) -> None:
    """recall's gate asks `strays_for` of the question it judges: one memory matched by the same words at the
    same chance, between the two budgets, is in the block for the question about the user's garage and not
    for the question about a garage."""
    memory = "I keep two canoes in the garage by the river"
    ws = _store(tmp_path, [*FILLER, memory])
    conn = open_search(ws)
    assert conn is not None
    n = int(conn.execute("SELECT count(*) FROM mem").fetchone()[0])
    conn.close()
    mine, general = "How many canoes fit in my garage?", "How many canoes fit in a garage?"
    chances = {
        q: next(h.chance for h in recall(ws, q, NOW, Config(), k=20) if h.memory.content == memory)
        for q in (mine, general)
    }
    assert chances[mine] == chances[general], "'my' is not searched: the same evidence"
    assert evidence.EXPECTED_STRAYS < chances[mine] * n <= evidence.SELF_STRAYS, "between the two budgets"
    assert _relevant(ws, mine) == [memory]
    assert _relevant(ws, general) == []


def test_the_block_is_counted_in_tokens_and_the_core_list_keeps_to_its_share(tmp_path: Path) -> None:
    assert estimate_tokens("abcd" * 10) == 10 and estimate_tokens("abcde") == 2
    assert estimate_tokens("我不喜欢香菜") == 6 and estimate_tokens("日本語 ok") == 3 + 1
    assert estimate_tokens("Привет мир") == 3, "Cyrillic is counted like Latin"
    ws = _store(tmp_path, [f"core fact number {i} about the lighthouse keeper's cat" for i in range(40)], anchor=0.95)
    conn = open_search(ws)
    assert conn is not None
    try:
        for budget in (120, 400, 2000):
            block, shown = turn_injection(conn, "Write me a haiku", NOW, Config(), budget)
            assert estimate_tokens(block) <= budget
            core_lines = [line for line in block.splitlines() if line.startswith("- ")]
            assert core_lines and all(section == "core" for section, _ in shown)
            assert sum(estimate_tokens(line + "\n") for line in core_lines) <= budget * CORE_SHARE
    finally:
        conn.close()


def test_the_relevant_part_takes_the_rest_of_the_budget_and_comes_first() -> None:
    from hippocampus.core.model import Memory
    from hippocampus.core.ranking import Hit

    def hit(i: int, text: str) -> Hit:
        memory = Memory(
            id=f"mem_{i:03d}",
            content=text,
            domain="user",
            category="general",
            anchor=0.9,
            created=NOW,
            last_accessed=NOW,
        )
        return Hit(memory, 1.0, 1.0, 0.9, 1.0)

    core = [hit(i, f"core memory {i} " + "x" * 60) for i in range(10)]
    relevant = [hit(100 + i, f"relevant memory {i} " + "y" * 60) for i in range(10)]
    block, shown = context_block_with_hits(core, relevant, 300)
    sections = [section for section, _ in shown]
    assert sections[0] == "relevant" and "core" in sections
    assert sections.count("relevant") > sections.count("core")
    assert block.index("Relevant to this message:") < block.index("Core memories:")
    assert estimate_tokens(block) <= 300


def test_the_budget_is_read_in_tokens_from_the_plugin_then_the_settings() -> None:
    assert Config().inject_budget == 400
    assert budget_tokens({"config": {"budgetTokens": 250}}, 400) == 250
    assert budget_tokens({"config": {"budgetTokens": 250, "budgetChars": 4000}}, 400) == 250
    assert budget_tokens({"config": {"budgetChars": 1500}}, 400) == 375, "the older form, four characters a token"
    assert budget_tokens({"config": {"budgetTokens": True}}, 400) == 400
    assert budget_tokens({}, 123) == 123


# --- retrieval marks what it used -------------------------------------------------------------------


def test_used_moves_last_access_forward_only_and_boosts_only_when_asked(tmp_path: Path) -> None:
    ws = _store(tmp_path, ["I keep bees on the roof"])
    (hit,) = recall(ws, "bees", NOW, Config())
    memory = hit.memory
    later = memory.last_accessed + timedelta(days=2)
    assert lifecycle.used(memory, later).last_accessed == later
    assert lifecycle.used(memory, later).anchor == memory.anchor, "no boost by default"
    assert lifecycle.used(memory, memory.last_accessed - timedelta(days=1)) is memory, "never back in time"
    boosted = lifecycle.used(memory, later, lifecycle.RECALL_BOOST)
    assert boosted.anchor == pytest.approx(memory.anchor + 0.05)
    assert lifecycle.used(replace(memory, anchor=0.99), later, 0.05).anchor == 1.0
    with pytest.raises(InputError):
        config_from_mapping({"recall_boost": 1.5})


def _last(ws: Workspace, memory_id: str) -> tuple[str, float]:
    conn = sqlite3.connect(ws.db_path)
    try:
        row = conn.execute("SELECT json_extract(json, '$.lastAccessed'), anchor FROM mem WHERE id = ?", (memory_id,))
        text, anchor = row.fetchone()
        return str(text), float(anchor)
    finally:
        conn.close()


def test_a_memory_injected_as_relevant_is_marked_used_at_the_next_encoding_and_core_is_not(tmp_path: Path) -> None:
    ws = _store(tmp_path, ["I adopted a beagle named Biscuit", "My sister Alma lives in Berlin"])
    dog = recall(ws, "Biscuit", NOW, Config())[0].memory
    alma = recall(ws, "Alma", NOW, Config())[0].memory
    at = NOW - timedelta(hours=1)
    injections.record(
        str(ws.root),
        format_time(at),
        "s1",
        [{"id": dog.id, "section": "relevant", "score": 1.0}, {"id": alma.id, "section": "core", "score": 1.0}],
    )
    before = _last(ws, alma.id)
    assert _last(ws, dog.id)[0] != format_time(at)
    encode_pending(ws, NOW, Config())
    assert _last(ws, dog.id)[0] == format_time(at), "the relevant memory's last access is the injection's time"
    assert _last(ws, alma.id) == before, "the core list is shown every turn: not a use"
    with database.reading(ws) as conn:
        injected = conn.execute("SELECT COUNT(*) FROM events WHERE json_extract(json, '$.type') = 'injected'")
        assert injected.fetchone()[0] == 2


def test_recall_from_the_cli_marks_its_results_used_and_peek_does_not(run_cli: Any, workspace: Path) -> None:
    ws = Workspace(workspace)
    memories.remember(ws, NOW - timedelta(days=10), Config(), "I keep bees on the roof", importance=0.5)
    (memory_id,) = [m["id"] for m in json.loads(run_cli("recall", "bees", "--json", "--peek").stdout)]
    old = _last(ws, memory_id)
    assert run_cli("recall", "bees", "--json", "--peek").returncode == 0 and _last(ws, memory_id) == old
    (workspace / "memory" / "hippocampus.yaml").write_text("recall_boost: 0.05\n", encoding="utf-8")
    assert run_cli("recall", "bees", "--json").returncode == 0
    text, anchor = _last(ws, memory_id)
    assert text > old[0] and anchor == pytest.approx(old[1] + 0.05)


# --- remember: searchable by meaning when it returns, and the core file current ---------------------


def test_remember_embeds_its_memory_and_rewrites_the_core_file(run_cli: Any, workspace: Path) -> None:
    from tests.test_semantic import WordModel

    sent: list[int] = []

    def reply(body: Any) -> Any:
        sent.append(len(body["input"]))
        rows = WordModel().passages(body["input"])
        return {"data": [{"index": i, "embedding": [float(x) for x in row]} for i, row in enumerate(rows)]}

    with fake_endpoint(reply) as url:
        settings = f"embed_url: {url}\nembed_model: words\n"
        (workspace / "memory").mkdir(exist_ok=True)
        (workspace / "memory" / "hippocampus.yaml").write_text(settings, encoding="utf-8")
        search.allow(wait=True)  # as the CLI's entry point does
        done = run_cli("remember", "My sister's name is Alma", "--json")
        assert done.returncode == 0, done.stderr
        assert sent == [1], "the one memory was embedded before the command returned"
        with database.reading(Workspace(workspace)) as conn:
            assert conn.execute("SELECT COUNT(*) FROM vec").fetchone()[0] == 1
        assert "Alma" in (workspace / "HIPPOCAMPUS_CORE.md").read_text(encoding="utf-8")
        assert run_cli("remember", "The bins go out on Tuesday", "--importance", "0.3").returncode == 0
        assert "bins" not in (workspace / "HIPPOCAMPUS_CORE.md").read_text(encoding="utf-8"), "not core"


def test_a_store_that_cannot_be_written_still_answers_recall_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from contextlib import contextmanager

    from hippocampus.errors import LockTimeoutError
    from hippocampus.store import database as db

    ws = _store(tmp_path, ["I keep bees on the roof"])

    @contextmanager
    def busy(_ws: Workspace) -> Iterator[sqlite3.Connection]:
        raise LockTimeoutError("the store is busy")
        yield  # pragma: no cover

    monkeypatch.setattr(db, "writing", busy)
    (hit,) = memories.recall_marked(ws, "bees", NOW, Config())
    assert hit.memory.content == "I keep bees on the roof"
    assert "could not mark its results as used: LockTimeoutError" in ws.log_path.read_text(encoding="utf-8")
