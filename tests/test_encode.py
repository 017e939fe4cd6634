"""Encoding signals into memories (hippocampus.encode): reinforce or create, with provenance, idempotent."""

from __future__ import annotations

import copy
from datetime import datetime, timedelta, timezone

import pytest

from hippocampus.core import lifecycle
from hippocampus.core.encode import CONTENT_LIMIT, encode
from hippocampus.core.model import Index, Memory, Signal, Source, parse_time

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)


def signal(
    text: str,
    message_id: str,
    *,
    session: str = "s1",
    score: float = 0.8,
    domain: str = "user",
    category: str = "preference",
    timestamp: str = "2026-03-01T10:00:00Z",
    role: str = "user",
) -> Signal:
    return Signal(
        session=session,
        message_id=message_id,
        text=text,
        timestamp=timestamp,
        score=score,
        domain=domain,
        category=category,
        role=role,
    )


def memory(
    memory_id: str, content: str, *, anchor: float = 0.8, days_ago: float = 10.0, domain: str = "user"
) -> Memory:
    when = NOW - timedelta(days=days_ago)
    return Memory(
        id=memory_id,
        content=content,
        domain=domain,
        category="preference",
        anchor=anchor,
        importance=anchor,
        created=when,
        last_accessed=when,
        sources=[Source("old", f"{memory_id}-msg", "2026-02-19T12:00:00Z")],
    )


def snapshot(index: Index) -> dict[str, object]:
    return copy.deepcopy(index.to_dict())


def test_paraphrase_reinforces_the_existing_memory() -> None:
    index = Index(memories=[memory("mem_001", "I prefer tea over coffee")], next_id=2)
    before = index.memories[0]
    at = parse_time("2026-03-01T10:00:00Z")
    effective = lifecycle.effective_importance(before, at)

    result = encode(index, [signal("Tea is my preference, not coffee", "m1")], NOW)

    assert result.reinforced == ["mem_001"] and result.created == [] and result.skipped == 0
    after = index.get("mem_001")
    assert after is not None
    assert after.times_reinforced == before.times_reinforced + 1
    assert after.anchor == pytest.approx(effective + (1 - effective) * 0.10)
    assert after.last_accessed == at
    assert [s.to_dict() for s in after.sources] == [
        {"session": "old", "message": "mem_001-msg", "time": "2026-02-19T12:00:00Z"},
        {"session": "s1", "message": "m1", "time": "2026-03-01T10:00:00Z", "speaker": "user"},
    ]
    assert after.content == "I prefer tea over coffee"
    assert result.events == [
        {"time": "2026-03-01T10:00:00Z", "type": "reinforce", "id": "mem_001", "session": "s1", "message": "m1"}
    ]


def test_unrelated_signal_creates_a_memory_with_provenance() -> None:
    index = Index(memories=[memory("mem_001", "I prefer tea over coffee")], next_id=2)
    result = encode(index, [signal("My sister drinks coffee every morning", "m2", score=0.7, category="person")], NOW)
    assert result.created == ["mem_002"] and result.reinforced == []
    created = index.get("mem_002")
    assert created is not None
    assert created.content == "My sister drinks coffee every morning"
    assert (created.domain, created.category) == ("user", "person")
    assert created.anchor == created.importance == 0.7
    assert created.created == created.last_accessed == parse_time("2026-03-01T10:00:00Z")
    assert created.stability == 1.0 and created.times_reinforced == 0
    assert created.summary_pending is True
    assert [s.to_dict() for s in created.sources] == [
        {"session": "s1", "message": "m2", "time": "2026-03-01T10:00:00Z", "speaker": "user"}
    ]
    assert "coffee" in created.keywords and "sister" in created.keywords
    assert result.events[0]["type"] == "create" and result.events[0]["id"] == "mem_002"


def test_encoding_the_same_signals_twice_changes_nothing() -> None:
    index = Index(memories=[memory("mem_001", "I prefer tea over coffee")], next_id=2)
    batch = [
        signal("Tea is my preference, not coffee", "m1"),
        signal("My sister's name is Alma", "m2", category="person"),
        signal("我喜欢喝茶", "m3"),
    ]
    first = encode(index, batch, NOW)
    assert len(first.created) == 2 and len(first.reinforced) == 1
    before = snapshot(index)

    second = encode(index, batch, NOW + timedelta(days=3))

    assert snapshot(index) == before
    assert second.created == [] and second.reinforced == [] and second.events == []
    assert second.skipped == 3


def test_duplicates_within_one_batch_are_deduplicated() -> None:
    index = Index()
    batch = [
        signal("I prefer tea over coffee", "m1", timestamp="2026-03-01T09:00:00Z"),
        signal("I prefer tea over coffee", "m1", timestamp="2026-03-01T09:00:00Z"),  # same message again
        signal("Tea is my preference, not coffee", "m2", timestamp="2026-03-01T11:00:00Z"),  # same meaning
    ]
    result = encode(index, batch, NOW)
    assert result.created == ["mem_001"] and result.reinforced == ["mem_001"] and result.skipped == 1
    only = index.memories[0]
    assert [s.message for s in only.sources] == ["m1", "m2"]
    assert only.times_reinforced == 1


def test_chinese_text_is_kept_intact_and_ids_are_unique() -> None:
    index = Index(memories=[memory("mem_001", "I prefer tea over coffee")], next_id=1)  # stale counter
    batch = [
        signal("记住我妹妹叫阿尔玛", "c1", score=0.9, category="remember"),
        signal("我喜欢喝茶 🍵，不喜欢咖啡", "c2"),
        signal("私はコーヒーが好きです", "c3"),
        signal("Ich heiße Jürgen und wohne in Köln", "c4", category="person"),
    ]
    result = encode(index, batch, NOW)
    assert len(result.created) == 4
    contents = [m.content for m in index.memories[1:]]
    assert contents == [
        "我妹妹叫阿尔玛",  # the fact; the message as said stays in provenance
        "我喜欢喝茶 🍵，不喜欢咖啡",
        "私はコーヒーが好きです",
        "Ich heiße Jürgen und wohne in Köln",
    ]
    assert index.memories[1].sources[0].text == "记住我妹妹叫阿尔玛"
    assert index.memories[2].sources[0].text == ""  # the content is the message: not kept twice
    ids = [m.id for m in index.memories]
    assert len(ids) == len(set(ids))
    assert "mem_001" not in result.created


def test_same_text_in_another_domain_does_not_reinforce() -> None:
    index = Index(memories=[memory("mem_001", "I prefer tea over coffee", domain="world")], next_id=2)
    result = encode(index, [signal("I prefer tea over coffee", "m1")], NOW)
    assert result.created == ["mem_002"]


def test_secrets_are_redacted_and_content_is_shortened() -> None:
    index = Index()
    long_text = "My project notes: " + "we refactor the parser and the lexer together " * 20
    result = encode(
        index,
        [
            signal("Remember that my password: hunter2 and key sk-abcdefghijklmnopqrstuvwx", "m1"),
            signal(long_text, "m2", category="project"),
        ],
        NOW,
    )
    first, second = (index.get(i) for i in result.created)
    assert first is not None and second is not None
    assert "hunter2" not in first.content and "sk-abcdefghijklmnop" not in first.content
    assert len(second.content) <= CONTENT_LIMIT and second.content.endswith("…")
    assert not second.content[:-1].endswith(" ")
    assert long_text.startswith(second.content[:-1])


def test_event_time_is_clamped_to_now_and_falls_back_to_now() -> None:
    index = Index()
    result = encode(
        index,
        [
            signal("I always take the window seat on long flights", "f1", timestamp="2030-01-01T00:00:00Z"),
            signal("My favourite band is Radiohead since forever", "f2", timestamp="not a time"),
            signal("I never drink coffee after six in the evening", "f3", timestamp=""),
        ],
        NOW,
    )
    assert all(m.created == NOW for m in index.memories)
    assert [e["time"] for e in result.events] == ["2026-03-01T12:00:00Z"] * 3


def test_assistant_text_never_becomes_a_user_memory() -> None:
    index = Index()
    result = encode(index, [signal("You prefer tea over coffee", "a1", role="assistant")], NOW)
    assert index.memories == [] and result.skipped == 1


def test_empty_and_junk_signals_are_skipped() -> None:
    index = Index()
    result = encode(index, [signal("", "e1"), signal("\x00\x01\ufffd", "e2")], NOW)
    assert index.memories == [] and result.skipped == 2


def test_gate_drops_noise_but_keeps_substance() -> None:
    index = Index()
    result = encode(
        index,
        [
            signal("😀😀😀😀😀 !!!!!!! $$$$ lol lol lol lol", "g1", score=0.5, category="general"),
            signal("I prefer tea over coffee", "g2"),
        ],
        NOW,
        gate=True,
    )
    assert [m.content for m in index.memories] == ["I prefer tea over coffee"]
    assert result.skipped == 1


def test_ebbinghaus_curve_reinforces_from_the_ebbinghaus_value() -> None:
    index = Index(memories=[memory("mem_001", "I prefer tea over coffee", days_ago=1.0)], next_id=2)
    at = parse_time("2026-03-01T10:00:00Z")
    effective = lifecycle.effective_importance(index.memories[0], at, lifecycle.Curve(lifecycle.EBBINGHAUS))
    encode(index, [signal("Tea is my preference, not coffee", "m1")], NOW, curve=lifecycle.Curve(lifecycle.EBBINGHAUS))
    assert index.memories[0].anchor == pytest.approx(effective + (1 - effective) * 0.10)


def test_picks_the_most_similar_memory_among_many() -> None:
    memories = [memory(f"mem_{i:03d}", f"I like topic{i} and topic{i + 1}") for i in range(1, 400)]
    memories.append(memory("mem_400", "My sister Alma lives in Berlin"))
    memories.append(memory("mem_401", "My sister's name is Alma"))
    index = Index(memories=memories, next_id=402)
    result = encode(index, [signal("Remember: my sister is called Alma", "m1")], NOW)
    assert result.reinforced == ["mem_401"]
    result = encode(index, [signal("I really like topic7 and topic8", "m2")], NOW)
    assert result.reinforced == ["mem_007"]


def test_identical_text_without_words_still_reinforces() -> None:
    index = Index()
    result = encode(index, [signal("🍵🍵🍵", "e1"), signal("🍵🍵🍵", "e2")], NOW)
    assert result.created == ["mem_001"] and result.reinforced == ["mem_001"]


def test_signals_under_the_capture_threshold_create_and_reinforce_nothing() -> None:
    """`capture_threshold`: a signal scored under it is not captured at all; at or over it, as usual."""
    index = Index(memories=[memory("mem_001", "I prefer tea over coffee")])
    before = snapshot(index)
    result = encode(
        index,
        [signal("I prefer tea over coffee", "t1", score=0.8), signal("I love sailing on the lake", "t2", score=0.8)],
        NOW,
        threshold=0.95,
    )
    assert snapshot(index) == before and result.created == [] and result.reinforced == [] and result.skipped == 2
    result = encode(index, [signal("I love sailing on the lake", "t3", score=0.95)], NOW, threshold=0.95)
    assert len(result.created) == 1, "a score equal to the threshold is captured"
    result = encode(
        index, [signal("My daughter Mia starts school in May", "t4", score=float("nan"))], NOW, threshold=0.6
    )
    assert result.created == [] and result.skipped == 1, "a NaN score counts as the general 0.5"


def test_the_gate_applies_the_value_threshold_setting() -> None:
    text = "I prefer tea over coffee"
    kept = Index()
    encode(kept, [signal(text, "v1")], NOW, gate=True, value_threshold=0.0)
    dropped = Index()
    result = encode(dropped, [signal(text, "v1")], NOW, gate=True, value_threshold=1.0)
    assert [m.content for m in kept.memories] == [text] and dropped.memories == [] and result.skipped == 1
