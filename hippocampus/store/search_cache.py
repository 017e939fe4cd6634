"""A derived SQLite FTS5 cache of `index.json`, so recall and the per-turn hook stay fast at 100k.

The cache is disposable: it records the stamp (mtime, size, inode) of the `index.json` it was
built from, and a reader that finds another stamp does not use it. A rebuild is written to a
temp file and moved into place, so readers never see half a cache. This module takes paths
and payloads only; `index_file.open_search` owns "open it, else rebuild it from the index".
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3

from hippocampus.core.model import Memory, parse_time
from hippocampus.errors import CorruptIndexError

TYPE_CHECKING = False  # typing costs ~10 ms of a cold start; mypy still reads the block below
if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path
    from typing import Any

SCHEMA_VERSION = "4"
COMMON_SHARE = 0.1
"""A query word found in more than this share of memories is left out while rarer words remain:
it says little (low IDF) and scoring its tens of thousands of matches dominates recall at 100k."""


def _tokenize(text: str) -> list[str]:
    """`text.tokenize`, imported on first use so reading core memories never loads it."""
    from hippocampus.core.tokens import tokenize

    return tokenize(text)


def stamp(path: str | os.PathLike[str]) -> str | None:
    """Identity of the index file's current content, or None if it does not exist."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return f"{st.st_mtime_ns}:{st.st_size}:{st.st_ino}:{SCHEMA_VERSION}"


def invalidate(cache_path: Path) -> None:
    """Drop the cache after the index changed (the next reader rebuilds it)."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(cache_path)


def rebuild(index_path: Path, cache_path: Path, payload: dict[str, Any]) -> None:
    """Build the cache at `cache_path` from `payload`, the parsed content of `index_path` as it is now."""
    current = stamp(index_path)
    if current is None:
        invalidate(cache_path)
        return
    cache_path.parent.mkdir(parents=True, exist_ok=True)
    tmp = cache_path.with_name(f".search.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    conn = sqlite3.connect(tmp)
    try:
        conn.executescript(
            "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
            "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);"
            "CREATE TABLE mem(rid INTEGER PRIMARY KEY, id TEXT, anchor REAL, last REAL,"
            " stability REAL, json TEXT);"
            "CREATE VIRTUAL TABLE fts USING fts5(tokens, tokenize='unicode61 remove_diacritics 0');"
            "CREATE VIRTUAL TABLE vocab USING fts5vocab(fts, 'row');"
        )
        rows, docs = _rows(index_path, payload.get("memories", []), 1)
        conn.executemany("INSERT INTO mem VALUES (?,?,?,?,?,?)", rows)
        conn.executemany("INSERT INTO fts(rowid, tokens) VALUES (?,?)", docs)
        conn.execute("CREATE INDEX mem_anchor ON mem(anchor, last, stability)")  # covers core_memories
        conn.execute("CREATE UNIQUE INDEX mem_id ON mem(id)")
        conn.execute("INSERT INTO meta VALUES ('stamp', ?)", (current,))
        conn.commit()
    finally:
        conn.close()
    os.replace(tmp, cache_path)


def _rows(
    index_path: Path, memories: list[dict[str, Any]], first: int
) -> tuple[list[tuple[Any, ...]], list[tuple[int, str]]]:
    """Cache rows (and FTS documents) for memories, numbered from `first`."""
    from hippocampus.core.tokens import tokenize

    rows: list[tuple[Any, ...]] = []
    docs: list[tuple[int, str]] = []
    for rid, raw in enumerate(memories, start=first):
        try:
            item = raw if "anchor" in raw and "T" in str(raw.get("lastAccessed")) else (Memory.from_dict(raw).to_dict())
            last = parse_time(str(item["lastAccessed"])).timestamp()
            row = (
                rid,
                str(item["id"]),
                float(item["anchor"]),
                last,
                float(item["stability"]),
                json.dumps(item, ensure_ascii=False),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise CorruptIndexError(
                f"{index_path}: malformed memory entry ({exc!r}); the file was left as it is"
            ) from None
        rows.append(row)
        words = tokenize(f"{item.get('content', '')} {' '.join(item.get('keywords', []))}")
        docs.append((rid, " ".join(words)))
    return rows, docs


def apply_changes(
    index_path: Path,
    cache_path: Path,
    old_stamp: str | None,
    changed: list[dict[str, Any]],
    removed: set[str],
    payload: dict[str, Any],
) -> None:
    """After a write of `payload` to `index_path`: patch the cache in place when it matched the
    previous index (`old_stamp`), else rebuild it."""
    new_stamp = stamp(index_path)
    if old_stamp is None or new_stamp is None or not cache_path.exists():
        rebuild(index_path, cache_path, payload)
        return
    conn = sqlite3.connect(cache_path, timeout=30)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key='stamp'").fetchone()
        if not row or row[0] != old_stamp:
            conn.close()
            rebuild(index_path, cache_path, payload)
            return
        gone = list(removed) + [str(m["id"]) for m in changed]
        with conn:
            for start in range(0, len(gone), 500):
                chunk = gone[start : start + 500]
                marks = ",".join("?" * len(chunk))
                rids = [r[0] for r in conn.execute(f"SELECT rid FROM mem WHERE id IN ({marks})", chunk)]
                if rids:
                    rmarks = ",".join("?" * len(rids))
                    conn.execute(f"DELETE FROM fts WHERE rowid IN ({rmarks})", rids)
                    conn.execute(f"DELETE FROM mem WHERE rid IN ({rmarks})", rids)
            top = conn.execute("SELECT COALESCE(MAX(rid), 0) FROM mem").fetchone()[0]
            rows, docs = _rows(index_path, changed, int(top) + 1)
            conn.executemany("INSERT INTO mem VALUES (?,?,?,?,?,?)", rows)
            conn.executemany("INSERT INTO fts(rowid, tokens) VALUES (?,?)", docs)
            conn.execute("UPDATE meta SET value=? WHERE key='stamp'", (new_stamp,))
    except sqlite3.DatabaseError:
        conn.close()
        rebuild(index_path, cache_path, payload)
        return
    conn.close()


def open_fresh(index_path: str | os.PathLike[str], cache_path: str | os.PathLike[str]) -> sqlite3.Connection | None:
    """The cache, read-only, if it exists and matches the index as it is now; else None (no rebuild)."""
    current = stamp(index_path)
    if current is None or not os.path.exists(cache_path):
        return None
    conn = sqlite3.connect(f"file:{os.fspath(cache_path)}?mode=ro", uri=True)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key='stamp'").fetchone()
    except sqlite3.DatabaseError:
        row = None
    if row and row[0] == current:
        return conn
    conn.close()
    return None


def match_query(words: list[str]) -> str:
    """An FTS5 query that ORs the words as quoted strings, so a query is always data."""
    quoted = ['"' + w.replace('"', '""') + '"' for w in dict.fromkeys(words) if w]
    return " OR ".join(quoted)


def selective_words(conn: sqlite3.Connection, words: list[str]) -> list[str]:
    """The query's distinct words, less those in more than COMMON_SHARE of memories when rarer ones remain."""
    unique = list(dict.fromkeys(w for w in words if w))
    if len(unique) < 2:
        return unique
    total = conn.execute("SELECT COUNT(*) FROM mem").fetchone()[0]
    marks = ",".join("?" * len(unique))
    df = dict(conn.execute(f"SELECT term, doc FROM vocab WHERE term IN ({marks})", unique).fetchall())
    rare = [w for w in unique if df.get(w, 0) <= COMMON_SHARE * total]
    return rare if any(df.get(w, 0) for w in rare) else unique


def search(conn: sqlite3.Connection, query: str, limit: int) -> list[tuple[Memory, float]]:
    """Memories matching `query` with their BM25 relevance (higher is better)."""
    words = selective_words(conn, _tokenize(query))
    if not words:
        return []
    sql = (
        "SELECT mem.json, -bm25(fts) FROM fts JOIN mem ON mem.rid = fts.rowid "
        "WHERE fts MATCH ? ORDER BY bm25(fts) LIMIT ?"
    )
    rows = conn.execute(sql, (match_query(words), limit)).fetchall()
    return [(Memory.from_dict(json.loads(doc)), float(rel)) for doc, rel in rows]


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


def fetch(conn: sqlite3.Connection, rids: list[int]) -> dict[int, Memory]:
    """Full memories for the given row ids."""
    out: dict[int, Memory] = {}
    for start in range(0, len(rids), 500):
        chunk = rids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        for rid, doc in conn.execute(f"SELECT rid, json FROM mem WHERE rid IN ({marks})", chunk):
            out[int(rid)] = Memory.from_dict(json.loads(doc))
    return out
