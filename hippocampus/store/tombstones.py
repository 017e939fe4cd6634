"""Forgetting lasts: what a forgotten memory came from is kept as a tombstone, with no text.

Contract: `table tombstones(session, message, hash, time)`, schema 6. `forget` writes one row per source of
each memory it removes: the source's session and message ids, and a keyed hash of the message as it was
said (its cleaned, redacted text, casefolded with whitespace folded: the source's `text`, else the
memory's content, which is that text when nothing was cut). Every path that stores a message again
asks `Stones` first and skips what it names, by ids or by hash: the queue's encoding (the hooks,
`preprocess`/backfill, the installer's backfill), `ingest`, and `import` (an export made before the
forget). `remember` is the user saying it again on purpose, and is not stopped. `wipe` clears the
table with everything else.

The hash is an HMAC-SHA256 under a random key kept in `meta.tombstoneKey` (made by the first forget,
dropped by `wipe`; written in letters only, so no redaction rule ever rewrites it), so a tombstone
cannot be checked against a guessed sentence without the store itself. A message forgotten by id on
one path and said again with other ids (a transcript re-read by the installer, an `ingest` file) is
still known by its hash.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field

from hippocampus.core.model import Memory, Signal
from hippocampus.store import rows

KEY = "tombstoneKey"


def normal(text: str) -> str:
    """The form of a message that is hashed: casefolded, whitespace folded."""
    return " ".join(text.casefold().split())


def _digest(key: bytes, text: str) -> str:
    return hmac.new(key, normal(text).encode("utf-8"), hashlib.sha256).hexdigest()


_LETTERS = str.maketrans("0123456789abcdef", "abcdefghijklmnop")
_HEX = str.maketrans("abcdefghijklmnop", "0123456789abcdef")


def _key(conn: sqlite3.Connection, create: bool) -> bytes | None:
    """The store's tombstone key, written as 64 letters a–p (no digit, no capital: nothing the
    redactor, which every meta value passes, could take for a secret, today or after a change of rules)."""
    value = rows.get_meta(conn, KEY)
    if not value and create:
        value = secrets.token_hex(32).translate(_LETTERS)
        rows.set_meta(conn, KEY, value)
        if rows.get_meta(conn, KEY) != value:
            raise RuntimeError("the tombstone key did not survive the store's door")
    return bytes.fromhex(value.translate(_HEX)) if value else None


def bury(conn: sqlite3.Connection, memories: Iterable[Memory], time: str) -> int:
    """Write the tombstones of `memories` (inside the forget's transaction); returns how many rows."""
    key = _key(conn, create=True)
    assert key is not None
    stones = set()
    for memory in memories:
        texts = {memory.content}
        for source in memory.sources:
            said = source.text or memory.content
            texts.add(said)
            stones.add((source.session, source.message, _digest(key, said)))
        stones.update(("", "", _digest(key, text)) for text in texts)
    conn.executemany(
        "INSERT OR IGNORE INTO tombstones(session, message, hash, time) VALUES (?, ?, ?, ?)",
        [(s, m, h, time) for s, m, h in sorted(stones)],
    )
    return len(stones)


PROBE_CHARS = 40
"""How much of a forgotten message is looked for in other memories' contexts (a context is the turn before
a memory, cut, so it may hold only the start of the message)."""


def clear_contexts(conn: sqlite3.Connection, memories: Iterable[Memory]) -> int:
    """Empty the `context` of every other memory (current, superseded, archived) that quotes a forgotten
    message: the turn before a memory is kept with it, so "I have a pottery class" said after a forgotten
    message held that message's words. One scan of each table per forget (which rewrites the whole file
    anyway, `database.scrub_files`); returns how many memories changed."""
    import json

    from hippocampus.store import redacted

    probes = set()
    for memory in memories:
        for text in (memory.content, *(s.text for s in memory.sources)):
            start = " ".join(text.split())[:PROBE_CHARS].rstrip("…").strip()
            if len(start) >= 8:
                probes.add(start)
    if not probes:
        return 0
    # only rows whose JSON holds a probe's first words (up to a character JSON would escape), found by
    # SQLite without parsing every row; each is then checked whole
    needles = sorted({re.split(r'["\\\x00-\x1f\x7f]', p[:20])[0] for p in probes})
    where = " OR ".join("instr(json, ?) > 0" for _ in needles)
    changed = 0
    for table, key in (("mem", "rid"), ("superseded", "id"), ("archived", "id")):
        query = f"SELECT {key}, json FROM {table} WHERE {where}"
        for ident, doc in conn.execute(query, needles).fetchall():
            item = json.loads(doc)
            context = " ".join(str(item.get("context", "")).split())
            if not context or not any(p in context or context.rstrip("…").strip() in p for p in probes):
                continue
            item["context"] = ""
            if table == "mem":
                rows.write_memory(conn, item, int(ident))
            else:
                conn.execute(f"UPDATE {table} SET json = ? WHERE id = ?", (redacted.document(item), ident))
            changed += 1
    return changed


@dataclass
class Stones:
    """The tombstones of one store, read once: `forgotten` answers for a message or a memory."""

    key: bytes | None = None
    ids: set[tuple[str, str]] = field(default_factory=set)
    hashes: set[str] = field(default_factory=set)

    @classmethod
    def read(cls, conn: sqlite3.Connection) -> Stones:
        key = _key(conn, create=False)
        if key is None:
            return cls()
        stones = cls(key)
        for session, message, digest in conn.execute("SELECT session, message, hash FROM tombstones"):
            if message:
                stones.ids.add((str(session), str(message)))
            stones.hashes.add(str(digest))
        return stones

    def said(self, session: str, message: str, text: str) -> bool:
        """Whether a message (its ids, and its cleaned and redacted text) was forgotten."""
        if self.key is None:
            return False
        if message and (session, message) in self.ids:
            return True
        return bool(text) and _digest(self.key, text) in self.hashes

    def signal(self, signal: Signal) -> bool:
        """Whether a queued or captured signal is a forgotten message (`encode` scrubs its text the same way)."""
        from hippocampus.core.redact import scrub

        return self.key is not None and self.said(signal.session, signal.message_id, scrub(signal.text))

    def memory(self, memory: Memory) -> bool:
        """Whether an imported memory is, or came from, a forgotten message."""
        if self.key is None:
            return False
        if self.said("", "", memory.content):
            return True
        return any(self.said(s.session, s.message, s.text) for s in memory.sources)

    def keep(self, signals: list[Signal]) -> tuple[list[Signal], int]:
        """`signals` without the forgotten ones, and how many were dropped."""
        if self.key is None:
            return signals, 0
        kept = [s for s in signals if not self.signal(s)]
        return kept, len(signals) - len(kept)


def count(conn: sqlite3.Connection) -> int:
    """How many tombstone rows the store holds."""
    return int(conn.execute("SELECT COUNT(*) FROM tombstones").fetchone()[0])
