"""The DB-API module the store uses: `_sqlite3`, the C module under `sqlite3`, without the package.

Why: `import sqlite3` runs `sqlite3.dbapi2`, which imports `collections.abc`, `functools` and `datetime`
and registers adapters for `date` and `datetime` parameters (deprecated since Python 3.12): about 2 ms of
CPU of every cold per-turn hook. The classes and functions are the same objects (`sqlite3.Connection is
_sqlite3.Connection`); the store binds only str, int, float, bytes and None, so the adapters are never
needed. A process that also imports `sqlite3` (the CLI, the worker) gets them registered as usual. Where
`_sqlite3` is missing (not CPython) this is `sqlite3` itself.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not `typing`'s: the per-turn hooks import this and `typing` costs ~4 ms
if TYPE_CHECKING:
    import sqlite3
else:
    try:
        import _sqlite3 as sqlite3
    except ImportError:  # pragma: no cover - not CPython
        import sqlite3

__all__ = ["sqlite3"]
