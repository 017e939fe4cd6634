"""The schema of `memory/hippocampus.db` and its migrations (the contract is in `store.database`).

`migrate` brings a database at any older `PRAGMA user_version` to `database.SCHEMA_VERSION` in one
`BEGIN IMMEDIATE` transaction: a crash (or a SIGKILL) leaves the older version as it was, and the next
open runs it again. Version 0 is a new database, created and filled from the legacy files.
"""

from __future__ import annotations

import sqlite3

from hippocampus.errors import StoreError
from hippocampus.store.workspace import Workspace

SCHEMA_VERSION = 6
"""The schema version this code writes (`PRAGMA user_version`); `database.SCHEMA_VERSION` is this."""

SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE mem(rid INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, anchor REAL NOT NULL,
                 last REAL NOT NULL, stability REAL NOT NULL, norm TEXT NOT NULL, domain TEXT NOT NULL,
                 prof TEXT NOT NULL, json TEXT NOT NULL);
CREATE INDEX mem_anchor ON mem(anchor, last, stability);
CREATE INDEX mem_norm ON mem(norm);
CREATE VIRTUAL TABLE fts USING fts5(tokens, context, tokenize='unicode61 remove_diacritics 0');
CREATE VIRTUAL TABLE vocab USING fts5vocab(fts, 'row');
CREATE TABLE feat(f TEXT NOT NULL, size INTEGER NOT NULL, num INTEGER NOT NULL, rid INTEGER NOT NULL,
                   PRIMARY KEY(f, size, num, rid)) WITHOUT ROWID;
CREATE INDEX feat_rid ON feat(rid);
CREATE INDEX feat_recent ON feat(f, rid);
CREATE TABLE feat_df(f TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE feat_size(size INTEGER PRIMARY KEY, n INTEGER NOT NULL);
CREATE TABLE dirty(rid INTEGER PRIMARY KEY);
CREATE TABLE seen(session TEXT NOT NULL, message TEXT NOT NULL, rid INTEGER NOT NULL,
                  PRIMARY KEY(session, message)) WITHOUT ROWID;
CREATE INDEX seen_rid ON seen(rid);
CREATE TABLE queue(seq INTEGER PRIMARY KEY AUTOINCREMENT, json TEXT NOT NULL);
CREATE TABLE events(seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL, json TEXT NOT NULL);
CREATE INDEX events_id ON events(id);
CREATE TABLE archived(id TEXT PRIMARY KEY, time TEXT NOT NULL, json TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE state(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE superseded(id TEXT PRIMARY KEY, rid INTEGER NOT NULL, successor TEXT NOT NULL, time TEXT NOT NULL,
                        json TEXT NOT NULL) WITHOUT ROWID;
"""

VECTORS = """
CREATE TABLE vec(seq INTEGER PRIMARY KEY AUTOINCREMENT, rid INTEGER NOT NULL UNIQUE, model TEXT NOT NULL,
                 norm TEXT NOT NULL, v BLOB NOT NULL);
CREATE INDEX vec_model ON vec(model, seq);
CREATE TRIGGER mem_gone_vec AFTER DELETE ON mem BEGIN DELETE FROM vec WHERE rid = old.rid; END;
CREATE TRIGGER mem_text_vec AFTER UPDATE OF norm ON mem WHEN old.norm IS NOT new.norm
  BEGIN DELETE FROM vec WHERE rid = new.rid; END;
"""
"""Schema 4: the embeddings of current memories (store/vectors.py). The triggers are why no verb that
removes or rewrites a memory can leave its vector behind."""

NUMBERED = """
CREATE TABLE feat_v5(f TEXT NOT NULL, size INTEGER NOT NULL, num INTEGER NOT NULL, rid INTEGER NOT NULL,
                     PRIMARY KEY(f, size, num, rid)) WITHOUT ROWID;
CREATE TEMP TABLE numbered_v5 AS SELECT DISTINCT rid FROM feat
  WHERE (f >= '0' AND f < ':') OR (f >= char(128) AND number_feature(f));
INSERT INTO feat_v5(f, size, num, rid)
  SELECT f, size, rid IN (SELECT rid FROM numbered_v5), rid FROM feat ORDER BY f, size, rid;
DROP TABLE numbered_v5;
DROP TABLE feat;
ALTER TABLE feat_v5 RENAME TO feat;
CREATE INDEX feat_rid ON feat(rid);
CREATE INDEX feat_recent ON feat(f, rid);
"""
"""Schema 5: each posting says whether its memory holds a number (`num`, `similarity.numbers`), in the
key after the size, so a lookup for a text with numbers reads only the postings of memories without
any (it finds those sharing one of its numbers through the numbers' own postings), and `feat_recent`
answers "the latest memories with this feature" without reading all of them (`memory_space`)."""

TOMBSTONES = """
CREATE TABLE IF NOT EXISTS tombstones(session TEXT NOT NULL, message TEXT NOT NULL, hash TEXT NOT NULL,
                                      time TEXT NOT NULL, PRIMARY KEY(session, message, hash)) WITHOUT ROWID;
"""
"""Schema 6: what forgotten memories came from, with no text (`store/tombstones.py`), so no path stores a
forgotten message again."""

MIGRATIONS = {
    1: """
CREATE VIRTUAL TABLE fts_v2 USING fts5(tokens, context, tokenize='unicode61 remove_diacritics 0');
INSERT INTO fts_v2(rowid, tokens, context) SELECT rowid, tokens, '' FROM fts;
DROP TABLE vocab;
DROP TABLE fts;
ALTER TABLE fts_v2 RENAME TO fts;
CREATE VIRTUAL TABLE vocab USING fts5vocab(fts, 'row');
CREATE TABLE superseded(id TEXT PRIMARY KEY, rid INTEGER NOT NULL, successor TEXT NOT NULL, time TEXT NOT NULL,
                        json TEXT NOT NULL) WITHOUT ROWID;
""",
    # 2 -> 3 is a data backfill, done in short batches after the upgrade (store/reindex.py): in one
    # transaction it took 33 s at 100k memories, far past a hook's budget
    2: """
INSERT OR REPLACE INTO meta(key, value) VALUES ('contextRid', '0');
""",
    3: VECTORS,
    4: NUMBERED,
    5: TOMBSTONES,
}
"""Schema version → the statements that bring it to the next version."""


def _run(conn: sqlite3.Connection, script: str) -> None:
    """Each statement of `script` in the open transaction (a trigger's body keeps its own semicolons)."""
    statement = ""
    for piece in script.split(";"):
        statement += piece + ";"
        if sqlite3.complete_statement(statement):
            if statement.strip(" \n;"):
                conn.execute(statement)
            statement = ""


def migrate(ws: Workspace, conn: sqlite3.Connection, version: int) -> None:
    """Bring the schema to `SCHEMA_VERSION`; version 0 is a new database, filled from the legacy files."""
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"{ws.db_path}: written by a newer Hippocampus (schema {version}); left as it is", file=ws.db_path
        )
    conn.create_function("number_feature", 1, _number_feature, deterministic=True)
    # The tables a migration drops hold only what the new ones copy (no forgotten text: a forget
    # overwrites its rows at once), so their pages are freed, not zeroed (5 of 12 s at 100k); the next
    # forget's VACUUM (`database.scrub_files`) leaves no free page behind either.
    conn.execute("PRAGMA secure_delete = FAST")
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]  # another process may have done it
        if version == 0:
            _run(conn, SCHEMA)
            _run(conn, VECTORS)
            _run(conn, TOMBSTONES)
            from hippocampus.store.legacy import import_legacy

            import_legacy(ws, conn)  # through the door: today's rules
            from hippocampus.store.redacted import RULES

            conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('redactionRules', ?)", (RULES,))
            from hippocampus.core.similarity import PROFILE_VERSION

            # its profiles are today's (`store.reprofile`)
            conn.execute(
                "INSERT OR REPLACE INTO meta(key, value) VALUES ('profileVersion', ?)", (str(PROFILE_VERSION),)
            )
            version = SCHEMA_VERSION
        while version < SCHEMA_VERSION:
            _run(conn, MIGRATIONS[version])
            version += 1
        conn.execute(f"PRAGMA user_version = {version}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    finally:
        conn.execute("PRAGMA secure_delete = ON")
    from hippocampus.store.legacy import remove_legacy

    remove_legacy(ws)


def _number_feature(feature: str) -> int:
    """1 when a similarity feature is a number (`similarity.numbers`), for migration 4 → 5 (asked only of
    features led by a character past ASCII: of ASCII ones, only a digit is a digit)."""
    from hippocampus.core.similarity import numbers

    return 1 if numbers(frozenset([str(feature)])) else 0
