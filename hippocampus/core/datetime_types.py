"""`datetime`, `timezone` and `timedelta`: the standard library's C types, without its `datetime` module.

Why: `datetime.py` defines a whole pure-Python implementation (some 2,500 lines of classes) before it
replaces it with `_datetime`'s, about 1.5 ms of CPU of every cold per-turn hook. These are the very same
classes (`datetime.datetime is _datetime.datetime`), so values, `isinstance` and comparisons are as with
`from datetime import ...`. Where `_datetime` is missing (not CPython) they come from `datetime`.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not `typing`'s: the per-turn hooks import this and `typing` costs ~4 ms
if TYPE_CHECKING:
    from datetime import datetime, timedelta, timezone
else:
    try:
        from _datetime import datetime, timedelta, timezone
    except ImportError:  # pragma: no cover - not CPython
        from datetime import datetime, timedelta, timezone

__all__ = ["datetime", "timedelta", "timezone"]
