"""Recall ranking and the search cache: pure ranking tables, cache freshness, common-word pruning."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from hippocampus.core.config import Config
from hippocampus.core.model import Index, Memory
from hippocampus.core.ranking import rank
from hippocampus.recall import core_memories, recall
from hippocampus.store import index_file, search_cache
from hippocampus.store.workspace import Workspace

NOW = datetime(2026, 5, 1, tzinfo=timezone.utc)


def mem(i: int, text: str, anchor: float = 0.5, days: float = 0.0) -> Memory:
    when = NOW - timedelta(days=days)
    return Memory(id=f"mem_{i:03d}", content=text, anchor=anchor, importance=anchor, created=when, last_accessed=when)


def save(ws: Workspace, memories: list[Memory]) -> None:
    index_file.write_whole(ws, Index(memories=memories, next_id=len(memories) + 1), NOW)


def test_rank_weighs_relevance_importance_and_recency() -> None:
    a, b, c = mem(1, "a", 0.9, days=1), mem(2, "b", 0.2, days=1), mem(3, "c", 0.9, days=300)
    hits = rank([(a, 1.0), (b, 1.0), (c, 1.0)], NOW, Config(), 3)
    # c's anchor is high but 300 days have decayed it (0.9 * 0.99^300 = 0.04) below b's 0.2
    assert [h.memory.id for h in hits] == ["mem_001", "mem_002", "mem_003"]
    only_relevance = Config(weight_importance=0.0, weight_recency=0.0)
    hits = rank([(a, 1.0), (b, 5.0)], NOW, only_relevance, 2)
    assert hits[0].memory.id == "mem_002" and hits[0].score == pytest.approx(3.0)


def test_search_follows_every_write_in_the_same_transaction(workspace: Path) -> None:
    ws = Workspace(workspace)
    save(ws, [mem(1, "I prefer green tea"), mem(2, "My sister is called Alma")])
    assert [h.memory.id for h in recall(ws, "tea", NOW, Config())] == ["mem_001"]
    index_file.update_index(ws, lambda ix: ix.memories.append(mem(3, "Tea ceremony in Kyoto")), NOW)
    assert {h.memory.id for h in recall(ws, "tea", NOW, Config())} == {"mem_001", "mem_003"}
    index_file.update_index(ws, lambda ix: ix.memories.pop(0), NOW, allow_empty=True)
    assert [h.memory.id for h in recall(ws, "tea", NOW, Config())] == ["mem_003"]

    def edit_then_fail(ix: Index) -> None:
        ix.memories.append(mem(4, "Tea again"))
        raise RuntimeError("a change that fails")

    with pytest.raises(RuntimeError):
        index_file.update_index(ws, edit_then_fail, NOW)
    assert [h.memory.id for h in recall(ws, "tea", NOW, Config())] == ["mem_003"], "rolled back with the change"


def test_common_words_are_pruned_only_while_rarer_words_remain(workspace: Path) -> None:
    ws = Workspace(workspace)
    many = search_cache.COMMON_MATCHES + 40  # pruning is for stores where scoring a word's matches costs
    memories = [mem(i, f"common filler words number {i}") for i in range(1, many + 1)]
    memories.append(mem(many + 1, "common zebra sighting"))
    save(ws, memories)
    conn = index_file.open_search(ws)
    assert conn is not None
    try:
        assert search_cache.selective_words(conn, ["common", "zebra"]) == ["zebra"]
        assert search_cache.selective_words(conn, ["common", "filler"]) == ["common", "filler"]
        assert search_cache.selective_words(conn, ["common"]) == ["common"]
    finally:
        conn.close()
    assert recall(ws, "common zebra", NOW, Config(), 1)[0].memory.id == mem(many + 1, "").id


def test_in_a_small_store_the_word_many_memories_share_is_still_searched(workspace: Path) -> None:
    """A question's topic is often the word a small store holds most: leaving it out searched only the
    question's other words, and "use" found only the memory about vim. (Which of them ranks first is
    BM25's: the rarer "use" weighs more, a matter for the ranking, not for which words are searched.)"""
    ws = Workspace(workspace)
    topic = [mem(1, "Python 3.12 on the laptop"), mem(2, "Python scripts for the garden"), mem(3, "Python course")]
    others = ["I use vim daily", "My sister is Alma", "I work in Porto", "Tea at five", "A red bike", "Cat: Miso"]
    save(ws, [*topic, *(mem(i, text) for i, text in enumerate(others, 4))])
    conn = index_file.open_search(ws)
    assert conn is not None
    try:
        assert search_cache.selective_words(conn, ["python", "use"]) == ["python", "use"]
    finally:
        conn.close()
    config = Config(inject_abstain=False, semantic="off")
    found = {hit.memory.id for hit in recall(ws, "Which Python do I use?", NOW, config, 5)}
    assert {m.id for m in topic} <= found


def test_core_memories_follow_decay(workspace: Path) -> None:
    ws = Workspace(workspace)
    save(ws, [mem(1, "fresh core", 0.9), mem(2, "old core", 0.9, days=30), mem(3, "active", 0.6)])
    assert [h.memory.id for h in core_memories(ws, NOW, Config())] == ["mem_001"]
    assert [h.memory.id for h in core_memories(ws, NOW + timedelta(days=11), Config())] == ["mem_001"]
    assert core_memories(ws, NOW + timedelta(days=26), Config()) == []


def test_a_long_message_is_found_by_what_its_shortened_content_cut_off(workspace: Path) -> None:
    from hippocampus import encoding

    ws = Workspace(workspace)
    long = (
        "I'm available to train on weekdays from 7 to 9 am and on weekends from 8 am to noon, and I would like "
        "to do yoga twice a week for 45 minutes, cycling once a week for two hours, soccer once a week and "
        "triathlon training three times a week, with one rest day. As for goals, I am training for a sprint "
        "triathlon in June and I recently finished a charity 5K run with a personal best of 27 minutes 45 seconds."
    )
    rows = [{"session": "s", "id": "s:0", "role": "user", "text": long, "timestamp": NOW.isoformat()}]
    encoding.ingest(ws, NOW, Config(), {"s": rows})
    (memory,) = index_file.load_index(ws).memories
    query = "best 5k run"
    assert not any(w in memory.content.casefold() or w in memory.keywords for w in query.split())  # cut off
    assert [h.memory.id for h in recall(ws, query, NOW, Config())] == [memory.id]
    # the memory's own words still outrank the message as said
    save(ws, [memory, mem(9, "my best 5K run took 26 minutes", days=0)])
    assert [h.memory.id for h in recall(ws, query, NOW, Config())][0] == "mem_009"
