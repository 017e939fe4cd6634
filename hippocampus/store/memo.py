"""Values derived from a database, cached per version on the warm worker's kept connections (`store.warm`).

Contract: `memo(conn, key, make)` is `make()` cached under `key` for the version (`PRAGMA data_version`)
that `conn` reads, when `conn` is a connection `store.warm` keeps; on any other connection (the cold
hooks, the CLI, every writer) it is just `make()`. `store.warm.reading` empties the cache whenever the
version moved. A cached value must not be changed by its users. No other import: `rows`,
`search_cache` and `semantic` read through it, and `store.warm` builds on `store.database`.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from typing import Any

MEMO_ENTRIES = 256
"""Values cached per database and version at most; past it the oldest go (distinct queries, mostly)."""


class Kept(sqlite3.Connection):
    """A kept read-only connection: its file's identity, the version its cache belongs to, the cache."""

    ident: tuple[int, int]
    version: int
    cache: dict[Any, Any]
    turn: threading.Lock
    immutable: bool = False
    """Opened `immutable` (a full disk, `readonly.open_readonly`): used for one turn, never kept."""


def memo(conn: sqlite3.Connection, key: Any, make: Callable[[], Any]) -> Any:
    """`make()`, cached under `key` for the version `conn` reads when it is a kept connection."""
    if not isinstance(conn, Kept):
        return make()
    cache = conn.cache
    if key in cache:
        return cache[key]
    value = cache[key] = make()
    while len(cache) > MEMO_ENTRIES:
        del cache[next(iter(cache))]
    return value
