"""Search over the database's `mem`, `fts` and `vocab` tables (store/database.py): what recall and
core selection read, on a connection the caller opened (read-only on the per-turn path).

The FTS index is written in the same transaction as each memory (store/index_file.py), so it can
never be stale or half-built.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from datetime import datetime
from typing import TYPE_CHECKING

from hippocampus.core.model import Memory
from hippocampus.store.memo import memo

if TYPE_CHECKING:
    from hippocampus.core.ranking import Candidate

CONTEXT_WEIGHT = 0.3
"""BM25 weight of a memory's `context` field (the turn before it) against 1.0 for its own words: the
context finds a memory that only makes sense with it ("yes, that one" after the assistant's
suggestion), but a memory's own words should win. The recall issue tunes this on held-out data."""
COMMON_SHARE = 0.1
"""A query word found in more than this share of memories, and in more than COMMON_MATCHES of them,
is left out while rarer words remain: it says little (low IDF; on dev72's stores of about 200
memories, keeping "using" and "long" cost a knowledge-update question) and scoring its tens of
thousands of matches dominates recall at 100k."""
COMMON_MATCHES = 10
"""A word in this many memories or fewer is always searched, whatever its share: in a new user's store
of a few memories, the word most of them share is usually what the question is about ("falcon" in four
of six), and leaving it out searched only the question's other words ("tell" matched one unrelated
memory's context, and it won the block). Stores of a few hundred memories are unchanged by it."""

BM25_K1 = 1.2
"""FTS5's BM25 term-frequency saturation (its built-in default, which `bm25()` uses)."""
KEYWORD_TF = 2.0
"""How often a memory's key word is in its index row: once in its text, once among its keywords."""


def _tokenize(text: str) -> list[str]:
    """`text.tokenize`, imported on first use so reading core memories never loads it."""
    from hippocampus.core.tokens import tokenize

    return tokenize(text)


def match_query(words: list[str]) -> str:
    """An FTS5 query that ORs the words as quoted strings, so a query is always data."""
    quoted = ['"' + w.replace('"', '""') + '"' for w in dict.fromkeys(words) if w]
    return " OR ".join(quoted)


def selective_words(conn: sqlite3.Connection, words: list[str]) -> list[str]:
    """The query's distinct words, less those in more than COMMON_SHARE of memories (and more than
    COMMON_MATCHES) when rarer ones remain."""
    unique = list(dict.fromkeys(w for w in words if w))
    if len(unique) < 2:
        return unique
    total, df = _document_counts(conn, unique)
    rare = [w for w in unique if df.get(w, 0) <= max(COMMON_SHARE * total, COMMON_MATCHES)]
    return rare if any(df.get(w, 0) for w in rare) else unique


def _document_counts(conn: sqlite3.Connection, words: list[str]) -> tuple[int, dict[str, int]]:
    """How many memories there are, and how many hold each of `words` (FTS5's `vocab`)."""
    total = memo(conn, "count", lambda: conn.execute("SELECT COUNT(*) FROM mem").fetchone()[0])
    marks = ",".join("?" * len(words))
    return total, dict(conn.execute(f"SELECT term, doc FROM vocab WHERE term IN ({marks})", words).fetchall())


def searched_words(conn: sqlite3.Connection, query: str) -> int:
    """How many distinct words `search` looks for in `query` (`core.evidence.lexical_chance`)."""
    return len(selective_words(conn, _tokenize(query)))


def search(conn: sqlite3.Connection, query: str, limit: int) -> list[Candidate]:
    """The best `limit` memories matching `query` by BM25 relevance (higher is better), as ranking
    columns (`core.ranking.Candidate`, keyed by row id): only the winners of ranking are parsed."""
    words = selective_words(conn, _tokenize(query))
    if not words:
        return []
    # rank inside FTS first, then read only the winners' rows: a join before the LIMIT reads the memory
    # row of every match (30k on a small-vocabulary 100k store: 120 ms against 95 ms). The inner ORDER BY
    # names the column, so bm25 runs once per match, not twice (`ORDER BY bm25(...)` is a second call;
    # the same order, ties included: the sorter compares the negated keys the other way round)
    sql = (
        "SELECT r.rid, mem.id, mem.anchor, mem.last, mem.stability, r.score FROM (SELECT rowid AS rid, "
        "-bm25(fts, 1.0, ?) AS score FROM fts WHERE fts MATCH ? ORDER BY score DESC LIMIT ?) r "
        "JOIN mem ON mem.rid = r.rid ORDER BY r.score DESC, r.rid"
    )
    args = (CONTEXT_WEIGHT, match_query(words), limit)

    def found() -> list[Candidate]:
        return [
            (int(rid), str(i), float(a), float(last), float(st), float(rel))
            for rid, i, a, last, st, rel in conn.execute(sql, args)
        ]

    return list(memo(conn, ("search", args), found))  # the same words again (a retried turn): kept


def said(conn: sqlite3.Connection, rids: list[int]) -> dict[int, list[tuple[str, datetime]]]:
    """Each source of the memories `rids` as (its message as said, or the memory's content where the
    source keeps no text of its own; when it was said): what `core.dates.time_factor` reads."""
    from hippocampus.core.model import parse_time

    out: dict[int, list[tuple[str, datetime]]] = {}
    if not rids:
        return out
    marks = ",".join("?" * len(rids))
    sql = (
        f"SELECT rid, json_extract(json, '$.content'), json_extract(json, '$.sources') FROM mem WHERE rid IN ({marks})"
    )
    for rid, content, sources in conn.execute(sql, rids):
        pairs = []
        for source in json.loads(sources or "[]"):
            try:
                pairs.append((str(source.get("text") or content or ""), parse_time(str(source.get("time", "")))))
            except ValueError:  # a source without a readable time still has no date to match
                continue
        out[int(rid)] = pairs
    return out


def anchored(
    conn: sqlite3.Connection, floor: float, not_before: float = float("-inf"), per_stability: float = 0.0
) -> Iterator[tuple[int, float, float, float]]:
    """(rid, anchor, lastAccessed epoch, stability) of memories whose anchor is at least `floor`,
    highest anchor first and streamed, so a caller that only needs the best few can stop early.

    Rows last accessed before `not_before - per_stability * stability` (epoch seconds) are left
    out in SQL: the caller knows they cannot have kept enough of their importance.
    """
    sql = (
        "SELECT rid, anchor, last, stability FROM mem WHERE anchor >= ? AND last + ? * stability >= ? "
        "ORDER BY anchor DESC"
    )
    for r in conn.execute(sql, (floor, per_stability, not_before)):
        yield int(r[0]), float(r[1]), float(r[2]), float(r[3])


def search_superseded(conn: sqlite3.Connection, query: str, limit: int) -> list[tuple[Memory, float]]:
    """Superseded memories (the history, `recall --all`) sharing words with `query`, most shared first.

    A scan of the `superseded` table: it holds only what updates replaced, and this runs only when
    asked for, never on the per-turn path.
    """
    words = set(_tokenize(query))
    if not words:
        return []
    found = []
    for (doc,) in conn.execute("SELECT json FROM superseded"):
        memory = Memory.from_dict(json.loads(doc))
        shared = len(words & set(_tokenize(f"{memory.content} {' '.join(memory.keywords)}")))
        if shared:
            found.append((memory, float(shared)))
    found.sort(key=lambda pair: (-pair[1], pair[0].superseded_at, pair[0].id))
    return found[:limit]


def full_match(conn: sqlite3.Connection, query: str) -> float:
    """The BM25 score (as `search` gives it) of the question if it were a memory of average length:
    each searched word held as a memory holds its key words, in its text and again among its keywords
    (term frequency 2), so FTS5's BM25 (k1 1.2; length is average) gives each word's IDF × 2·2.2/3.2.
    What hybrid recall measures a lexical match against (`core.fusion`), so a memory sharing one
    common word with a longer question stays a weak match however few others match at all. 0.0 when
    no word is searched."""
    import math

    words = selective_words(conn, _tokenize(query))
    if not words:
        return 0.0
    total, df = _document_counts(conn, words)
    idf = sum(max(1e-6, math.log((total - df.get(w, 0) + 0.5) / (df.get(w, 0) + 0.5))) for w in words)
    return idf * KEYWORD_TF * (BM25_K1 + 1.0) / (KEYWORD_TF + BM25_K1)


def memory_count(conn: sqlite3.Connection) -> int:
    """How many memories the store holds (kept per snapshot, `store.memo`)."""
    return int(memo(conn, "count", lambda: conn.execute("SELECT COUNT(*) FROM mem").fetchone()[0]))
