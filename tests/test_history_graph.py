"""`history` terminates on any supersession graph, forgotten links included (it looped forever after the
memory that superseded another was forgotten: the walk asked again and again for an id nothing answers).

Hypothesis drives remember, supersede (and arbitrary links: cycles, ids that never existed) and forget
sequences against a real store; every id ever made is then asked for its history, under a guard that
fails the example if the walk asks the store more often than there are ids to find.
"""

from __future__ import annotations

import contextlib
import tempfile
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from hippocampus import memories
from hippocampus.core.config import Config
from hippocampus.core.model import format_time
from hippocampus.errors import NotFoundError
from hippocampus.store import database, index_file, rows
from hippocampus.store.workspace import Workspace

NOW = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)
CONFIG = Config(semantic="off")
WORDS = ["kestrel", "harbour", "violin", "saffron", "glacier", "tandem", "orchid", "lantern", "quarry", "meadow"]

OPS = st.lists(
    st.one_of(
        st.tuples(st.just("remember"), st.integers(0, 9)),
        st.tuples(st.just("supersede"), st.integers(0, 4), st.integers(0, 4)),
        st.tuples(st.just("link"), st.integers(0, 4), st.integers(0, 6)),
        st.tuples(st.just("forget"), st.integers(0, 4)),
    ),
    min_size=1,
    max_size=12,
)
"""After two to five memories are remembered: more of each (the index picks one of those made so far),
supersessions, arbitrary links (a target past 4 is an id that never existed) and forgets."""


def _supersede(ws: Workspace, old_id: str, new_id: str) -> None:
    """`old_id` becomes history under `new_id`, as an update does (both current before)."""
    with database.writing(ws) as conn:
        found = rows.by_ids(conn, [old_id, new_id])
        if old_id == new_id or len(found) < 2:
            return
        (old_rid, old), (new_rid, new) = found[old_id], found[new_id]
        index_file.put(conn, replace(new, supersedes=[*new.supersedes, old_id]), new_rid, NOW)
        index_file.put(conn, replace(old, superseded_by=new_id, superseded_at=format_time(NOW)), old_rid, NOW)


def _link(ws: Workspace, memory_id: str, target: str) -> None:
    """Any link at all on a current memory: a cycle, a self-link, an id that never existed."""
    with database.writing(ws) as conn:
        found = rows.by_ids(conn, [memory_id])
        if memory_id in found:
            rid, memory = found[memory_id]
            index_file.put(conn, replace(memory, supersedes=[*memory.supersedes, target]), rid, NOW)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5), OPS)
@example(2, [("supersede", 0, 1), ("forget", 1)])  # the reported loop, always tried
@example(3, [("supersede", 0, 1), ("supersede", 1, 2), ("link", 2, 0), ("forget", 1)])
def test_history_terminates_on_any_graph(first: int, ops: list[tuple[str, int] | tuple[str, int, int]]) -> None:
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as patch:
        ws = Workspace(Path(tmp))
        made: list[str] = []
        for kind, *args in [("remember", i) for i in range(first)] + ops:
            pick = made[args[0] % len(made)] if made else ""
            if kind == "remember":
                text = f"The {WORDS[args[0]]} note number {len(made)} is about {WORDS[len(made) % 10]}"
                made.append(memories.remember(ws, NOW, CONFIG, text).id)
            elif kind == "supersede":
                _supersede(ws, pick, made[args[1] % len(made)])
            elif kind == "link":
                _link(ws, pick, made[args[1] % len(made)] if args[1] < 5 else f"mem_{args[1]}")
            elif kind == "forget":
                with contextlib.suppress(NotFoundError):  # forgotten already
                    memories.forget(ws, NOW, [pick], CONFIG)
        calls = 0
        real = rows.predecessors

        def guarded(conn: object, ids: list[str]) -> object:
            nonlocal calls
            calls += 1
            assert calls <= len(made) + 45, "history asked the store more often than there are ids"
            return real(conn, ids)  # type: ignore[arg-type]

        patch.setattr(rows, "predecessors", guarded)
        with database.reading(ws) as conn:
            live = {i for i in made if i in rows.by_ids(conn, [i])} | {m.id for m in rows.superseded(conn, made)}
        for memory_id in made:
            calls = 0
            if memory_id not in live:
                with pytest.raises(NotFoundError):
                    memories.history(ws, memory_id)
                continue
            versions = memories.history(ws, memory_id)
            assert memory_id in [m.id for m in versions]
            assert len({m.id for m in versions}) == len(versions) <= len(made)


def test_history_after_forgetting_the_successor(tmp_path: Path) -> None:
    """The case reported: A superseded by B, B forgotten; `history A` returns A (it looped at full CPU)."""
    ws = Workspace(tmp_path)
    a = memories.remember(ws, NOW, CONFIG, "The kestrel nests on the north tower")
    b = memories.remember(ws, NOW, CONFIG, "The saffron order arrives on Thursday")
    _supersede(ws, a.id, b.id)
    memories.forget(ws, NOW, [b.id], CONFIG)
    assert [m.id for m in memories.history(ws, a.id)] == [a.id]
