"""Row-level SQL on an open connection, inside the caller's transaction: memories with their search
tokens and sources, and the `meta` values. Everything that writes a memory row goes through `write_memory`.
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from hippocampus.core.model import Index, Memory, parse_time

if TYPE_CHECKING:
    from hippocampus.core.lifecycle import Curve


def set_meta(conn: sqlite3.Connection, key: str, value: str) -> None:
    """Set a `meta` value (redacted: the pre-database archive text is one)."""
    from hippocampus.store.redacted import text

    conn.execute(
        "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (key, text(value)),
    )


def get_meta(conn: sqlite3.Connection, key: str, default: str = "") -> str:
    """A `meta` value (nextId, lastUpdated, decayLastRun, ...), or `default`."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return str(row[0]) if row else default


def search_fields(item: dict[str, Any]) -> tuple[str, str]:
    """The two search fields of a memory: its content and keywords; and, lower-weighted, its context (the
    turn before) with each source's message as said, so what the shortened content cut off of a long
    message is still found (`search_cache.CONTEXT_WEIGHT`)."""
    from hippocampus.core.tokens import tokenize

    main = " ".join(tokenize(f"{item.get('content', '')} {' '.join(item.get('keywords', []))}"))
    said = " ".join(str(s.get("text", "")) for s in item.get("sources", []) if isinstance(s, dict))
    return main, " ".join(tokenize(f"{item.get('context', '')} {said}"))


def finite(item: dict[str, Any]) -> bool:
    return all(math.isfinite(v) for v in (item["anchor"], item["importance"], item["stability"]))


def write_memory(conn: sqlite3.Connection, item: dict[str, Any], rid: int | None) -> int:
    """Insert (rid None) or replace one memory row with its search tokens, similarity features and
    sources; returns its rid. Tokens and features are rewritten only when the text changed."""
    from hippocampus.core.candidates import profile_of, same_text_key
    from hippocampus.store import redacted

    item = redacted.memory(item)  # the door to disk: whatever the caller forgot, no secret is written
    last = parse_time(str(item["lastAccessed"])).timestamp()
    content = str(item.get("content", ""))
    profile = profile_of(content)
    prof = profile_text(profile)
    tokens = search_fields(item)
    values = (
        str(item["id"]),
        float(item["anchor"]),
        last,
        float(item["stability"]),
        same_text_key(content),
        str(item.get("domain", "user")),
        prof,
        json.dumps(item, ensure_ascii=False),  # redacted above
    )
    if rid is None:
        cursor = conn.execute(
            "INSERT INTO mem(id, anchor, last, stability, norm, domain, prof, json) VALUES (?,?,?,?,?,?,?,?)", values
        )
        rid = int(cursor.lastrowid or 0)
        old_prof, old_tokens = None, None
    else:
        before = conn.execute("SELECT prof FROM mem WHERE rid = ?", (rid,)).fetchone()
        old_prof = before[0] if before else None
        found = conn.execute("SELECT tokens, context FROM fts WHERE rowid = ?", (rid,)).fetchone()
        old_tokens = (found[0], found[1]) if found else None
        conn.execute(
            "UPDATE mem SET id=?, anchor=?, last=?, stability=?, norm=?, domain=?, prof=?, json=? WHERE rid=?",
            (*values, rid),
        )
        conn.execute("DELETE FROM seen WHERE rid = ?", (rid,))
    if tokens != old_tokens:
        if old_tokens is not None:
            conn.execute("DELETE FROM fts WHERE rowid = ?", (rid,))
        conn.execute("INSERT INTO fts(rowid, tokens, context) VALUES (?, ?, ?)", (rid, *tokens))
    if prof != old_prof:
        if old_prof is not None:
            _drop_features(conn, [rid])
            conn.execute("INSERT OR IGNORE INTO dirty(rid) VALUES (?)", (rid,))  # a new text: consolidate again
        _add_features(conn, rid, profile[0])
    conn.executemany(
        "INSERT OR IGNORE INTO seen(session, message, rid) VALUES (?, ?, ?)",
        [
            (str(s.get("session", "")), str(s.get("message", "")), rid)
            for s in item.get("sources", [])
            if s.get("message")
        ],
    )
    return rid


def profile_text(profile: tuple[frozenset[str], frozenset[str]]) -> str:
    """`mem.prof`: a similarity profile as stored. The one JSON a store writes outside `store.redacted`:
    it holds only features of content that was redacted before its profile was taken."""
    return json.dumps([sorted(profile[0]), sorted(profile[1])], ensure_ascii=False)


def reprofile(conn: sqlite3.Connection, batch: list[tuple[int, str, str]]) -> int:
    """Recompute the similarity profile of each (rid, stored content, stored profile) of `batch` with
    today's code and rewrite those that differ, with their postings and counts (`store.reprofile`); they
    are marked for consolidation again, as a changed text is. Returns how many changed."""
    from hippocampus.core.similarity import profile

    changed: list[tuple[int, str, frozenset[str]]] = []
    for rid, content, stored in batch:
        fresh = profile(content)  # what `write_memory` stores (`candidates.profile_of` memoises this)
        prof = profile_text(fresh)
        if prof != stored:
            changed.append((rid, prof, fresh[0]))
    if not changed:
        return 0
    _drop_features(conn, [rid for rid, _, _ in changed])  # one counter update per feature, for them all
    conn.executemany("UPDATE mem SET prof = ? WHERE rid = ?", [(prof, rid) for rid, prof, _ in changed])
    for rid, _, feats in changed:
        _add_features(conn, rid, feats)
    conn.executemany("INSERT OR IGNORE INTO dirty(rid) VALUES (?)", [(rid,) for rid, _, _ in changed])
    return len(changed)


def _add_features(conn: sqlite3.Connection, rid: int, feats: frozenset[str]) -> None:
    """Post `rid` under each of its similarity features (the persisted `core.candidates` index), marked
    when it holds a number (`num`: lookups for a text with numbers skip those postings)."""
    from hippocampus.core.similarity import numbers

    size, num = len(feats), 1 if numbers(feats) else 0
    rows = [(f, size, num, rid) for f in feats]
    conn.executemany("INSERT OR IGNORE INTO feat(f, size, num, rid) VALUES (?, ?, ?, ?)", rows)
    conn.executemany(
        "INSERT INTO feat_df(f, n) VALUES (?, 1) ON CONFLICT(f) DO UPDATE SET n = n + 1", [(f,) for f in feats]
    )
    conn.execute("INSERT INTO feat_size(size, n) VALUES (?, 1) ON CONFLICT(size) DO UPDATE SET n = n + 1", (size,))


def _drop_features(conn: sqlite3.Connection, rids: list[int]) -> None:
    """Unpost `rids` from the feature index, with one counter update per distinct feature."""
    from collections import Counter

    features: Counter[str] = Counter()
    sizes: Counter[int] = Counter()
    for start in range(0, len(rids), 500):
        chunk = rids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        seen_rids: set[int] = set()
        for f, size, rid in conn.execute(f"SELECT f, size, rid FROM feat WHERE rid IN ({marks})", chunk):
            features[f] += 1
            if rid not in seen_rids:
                seen_rids.add(rid)
                sizes[size] += 1
        conn.execute(f"DELETE FROM feat WHERE rid IN ({marks})", chunk)
    conn.executemany("UPDATE feat_df SET n = n - ? WHERE f = ?", [(n, f) for f, n in features.items()])
    conn.executemany("UPDATE feat_size SET n = n - ? WHERE size = ?", [(n, size) for size, n in sizes.items()])
    # Only the counters just lowered can have reached 0: a scan of every feature's (100k and more on a
    # store of numbered facts) made each retire and forget cost tens of milliseconds.
    conn.executemany("DELETE FROM feat_df WHERE f = ? AND n <= 0", [(f,) for f in features])
    conn.execute("DELETE FROM feat_size WHERE n <= 0")


def delete(conn: sqlite3.Connection, ids: list[str]) -> None:
    """Remove memories with their search tokens and sources (inside the caller's transaction)."""
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        rids = [r[0] for r in conn.execute(f"SELECT rid FROM mem WHERE id IN ({marks})", chunk)]
        if rids:
            rmarks = ",".join("?" * len(rids))
            conn.execute(f"DELETE FROM fts WHERE rowid IN ({rmarks})", rids)
            conn.execute(f"DELETE FROM seen WHERE rid IN ({rmarks})", rids)
            _drop_features(conn, rids)
            conn.execute(f"DELETE FROM dirty WHERE rid IN ({rmarks})", rids)
            conn.execute(f"DELETE FROM mem WHERE rid IN ({rmarks})", rids)


def retire(conn: sqlite3.Connection, rid: int, item: dict[str, Any]) -> None:
    """Move the memory in row `rid` to `superseded` as `item` (which names its successor): out of search,
    core and the candidate index, its `seen` rows kept so its messages are still "already encoded"."""
    from hippocampus.store import redacted

    conn.execute(
        "INSERT OR REPLACE INTO superseded(id, rid, successor, time, json) VALUES (?, ?, ?, ?, ?)",
        (str(item["id"]), rid, str(item["supersededBy"]), str(item.get("supersededAt", "")), redacted.document(item)),
    )
    conn.execute("DELETE FROM fts WHERE rowid = ?", (rid,))
    _drop_features(conn, [rid])
    conn.execute("DELETE FROM dirty WHERE rid = ?", (rid,))
    conn.execute("DELETE FROM mem WHERE rid = ?", (rid,))


def superseded(conn: sqlite3.Connection, ids: list[str] | None = None) -> list[Memory]:
    """The superseded memories (all, or the named ones that exist), oldest first."""
    if ids is None:
        found = conn.execute("SELECT json FROM superseded ORDER BY rid").fetchall()
    else:
        found = []
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            found += conn.execute(f"SELECT json FROM superseded WHERE id IN ({marks}) ORDER BY rid", chunk).fetchall()
    return [Memory.from_dict(json.loads(doc)) for (doc,) in found]


def predecessors(conn: sqlite3.Connection, ids: list[str]) -> list[Memory]:
    """The superseded memories whose successor is one of `ids` (history walks both ways: an imported
    version names its successor even when the successor, imported earlier, does not name it)."""
    found = []
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        query = f"SELECT json FROM superseded WHERE successor IN ({marks}) ORDER BY rid"
        found += conn.execute(query, chunk).fetchall()
    return [Memory.from_dict(json.loads(doc)) for (doc,) in found]


def delete_superseded(conn: sqlite3.Connection, ids: list[str]) -> None:
    """Remove superseded memories for good, with the `seen` rows of the rows they had (forget)."""
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        rids = [r for (r,) in conn.execute(f"SELECT rid FROM superseded WHERE id IN ({marks})", chunk)]
        conn.execute(f"DELETE FROM superseded WHERE id IN ({marks})", chunk)
        if rids:
            conn.execute(f"DELETE FROM seen WHERE rid IN ({','.join('?' * len(rids))})", rids)


def insert_all(conn: sqlite3.Connection, index: Index) -> None:
    """Write a whole (validated) index into an empty database, in order (the migration)."""
    for memory in index.memories:
        item = memory.to_dict()
        rid = write_memory(conn, item, None)
        if memory.superseded_by:
            retire(conn, rid, item)
    set_meta(conn, "nextId", str(index.next_id))
    set_meta(conn, "lastUpdated", index.last_updated)
    set_meta(conn, "decayLastRun", index.decay_last_run)


def read_index(conn: sqlite3.Connection, where: str = "") -> Index:
    """Every memory in index order, with the bookkeeping; stored importance as of the last decay run."""
    decay_run = get_meta(conn, "decayLastRun")
    curve = _decay_curve(get_meta(conn, "decayCurve", "exponential"), get_meta(conn, "decayRate"))
    moment = _decay_time(decay_run)
    memories = []
    for (doc,) in conn.execute(f"SELECT json FROM mem {where} ORDER BY rid"):
        memory = Memory.from_dict(json.loads(doc))
        memories.append(as_of_decay(memory, moment, curve) if moment is not None else memory)
    return Index(
        memories=memories,
        next_id=int(get_meta(conn, "nextId", "1") or 1),
        last_updated=get_meta(conn, "lastUpdated"),
        decay_last_run=decay_run,
    )


def _decay_curve(kind: str, rate: str) -> Curve:
    """The curve the last decay run applied (its rate is recorded since `decay_rate` became a setting;
    a store decayed before that used the default)."""
    from hippocampus.core import lifecycle

    try:
        daily_rate = float(rate) if rate else lifecycle.DAILY_RATE
    except ValueError:
        daily_rate = lifecycle.DAILY_RATE
    return lifecycle.Curve(kind, daily_rate if 0.0 < daily_rate < 1.0 else lifecycle.DAILY_RATE)


def _decay_time(value: str) -> datetime | None:
    try:
        return parse_time(value) if value else None
    except ValueError:
        return None


def as_of_decay(memory: Memory, moment: datetime, curve: Curve) -> Memory:
    """`memory` with the importance a decay run at `moment` gives it (unchanged if accessed since)."""
    from hippocampus.core import lifecycle

    if memory.last_accessed >= moment:
        return memory
    return replace(memory, importance=lifecycle.effective_importance(memory, moment, curve))


def by_ids(conn: sqlite3.Connection, ids: list[str]) -> dict[str, tuple[int, Memory]]:
    """(rid, memory) of each named memory that exists."""
    out: dict[str, tuple[int, Memory]] = {}
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        for rid, doc in conn.execute(f"SELECT rid, json FROM mem WHERE id IN ({marks})", chunk):
            memory = Memory.from_dict(json.loads(doc))
            out[memory.id] = (int(rid), memory)
    return out


def by_text(conn: sqlite3.Connection, content: str) -> tuple[int, Memory] | None:
    """The first memory (index order) that says exactly `content` (casefold, whitespace folded)."""
    from hippocampus.core.candidates import same_text_key

    row = conn.execute(
        "SELECT rid, json FROM mem WHERE norm = ? ORDER BY rid LIMIT 1", (same_text_key(content),)
    ).fetchone()
    return (int(row[0]), Memory.from_dict(json.loads(row[1]))) if row else None


def allocate_id(conn: sqlite3.Connection) -> str:
    """The next free id (`mem_001`…), advancing `nextId`; ids are never reused."""
    next_id = int(get_meta(conn, "nextId", "1") or 1)
    while True:
        candidate = f"mem_{next_id:03d}"
        next_id += 1
        if conn.execute("SELECT 1 FROM mem WHERE id = ?", (candidate,)).fetchone() is None:
            set_meta(conn, "nextId", str(next_id))
            return candidate


def by_rid(conn: sqlite3.Connection, rid: int) -> Memory:
    """The memory in row `rid`."""
    return Memory.from_dict(json.loads(conn.execute("SELECT json FROM mem WHERE rid = ?", (rid,)).fetchone()[0]))


def profiles(conn: sqlite3.Connection) -> Iterator[tuple[int, str, str, tuple[frozenset[str], frozenset[str]]]]:
    """(rid, domain, norm, profile) of every memory in index order, without parsing the memories."""
    return _profile_rows(conn.execute("SELECT rid, domain, norm, prof FROM mem ORDER BY rid"))


def _profile_rows(cursor: sqlite3.Cursor) -> Iterator[tuple[int, str, str, tuple[frozenset[str], frozenset[str]]]]:
    """The rows of a (rid, domain, norm, prof) query with their profiles parsed, a batch of profiles per
    `json.loads` (one call per row is most of the cost of reading 100k of them)."""
    while batch := cursor.fetchmany(2000):
        parsed = json.loads("[" + ",".join(row[3] for row in batch) + "]")
        for (rid, domain, norm, _), (feats, names) in zip(batch, parsed, strict=True):
            yield int(rid), str(domain), str(norm), (frozenset(feats), frozenset(names))


PARSED_KEPT = 5000
"""Parsed memories the warm worker keeps per database version (`store.warm`); past it they start again."""


def by_rids(conn: sqlite3.Connection, rids: list[int]) -> dict[int, Memory]:
    """The memories in the named rows that exist, by row id (in index order). On the worker's kept
    connection, a memory parsed once is reused until the database changes (`store.warm.memo`)."""
    from hippocampus.store.memo import memo

    parsed: dict[int, Memory] = memo(conn, "parsed", dict)
    missing = [rid for rid in dict.fromkeys(rids) if rid not in parsed]
    if len(parsed) + len(missing) > PARSED_KEPT:
        parsed.clear()
        missing = list(dict.fromkeys(rids))
    for start in range(0, len(missing), 500):
        chunk = missing[start : start + 500]
        marks = ",".join("?" * len(chunk))
        for rid, doc in conn.execute(f"SELECT rid, json FROM mem WHERE rid IN ({marks}) ORDER BY rid", chunk):
            parsed[int(rid)] = Memory.from_dict(json.loads(doc))
    return {rid: parsed[rid] for rid in sorted(set(rids)) if rid in parsed}


def changed_profiles(
    conn: sqlite3.Connection, since: int
) -> Iterator[tuple[int, str, str, tuple[frozenset[str], frozenset[str]]]]:
    """`profiles` of the memories written after row `since` or whose text changed (the `dirty` table)."""
    query = "SELECT rid, domain, norm, prof FROM mem WHERE rid > ? OR rid IN (SELECT rid FROM dirty) ORDER BY rid"
    return _profile_rows(conn.execute(query, (since,)))


def ids_of(conn: sqlite3.Connection, rids: list[int]) -> list[tuple[int, str]]:
    """(rid, id) of the named rows that exist, in index order (no memory is parsed). Many rows (the
    fading ones of a big store) are found in one query, the row ids passed as one JSON array."""
    if len(rids) > 5000:
        query = "SELECT rid, id FROM mem WHERE rid IN (SELECT value FROM json_each(?)) ORDER BY rid"
        array = "[" + ",".join(str(int(r)) for r in rids) + "]"
        return [(int(r), str(i)) for r, i in conn.execute(query, (array,))]
    out: list[tuple[int, str]] = []
    for start in range(0, len(rids), 500):
        chunk = rids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        out += [(int(r), str(i)) for r, i in conn.execute(f"SELECT rid, id FROM mem WHERE rid IN ({marks})", chunk)]
    return sorted(out)
