"""This process's C heap: giving its free pages back to the system.

Why: glibc keeps large freed blocks in the heap once its mmap threshold has risen, so a one-off read
(100k vectors read blob by blob) and the activations of each embedding stay in the warm worker's
resident memory long after they are garbage, against a 300 MB budget (measured: 500 varied questions
grew it 11 MB, none with a trim after each call).
"""

from __future__ import annotations

from typing import Any

_trim: Any = None  # glibc's malloc_trim once looked up; False where there is none


def give_back() -> None:
    """Return the heap's free pages (`malloc_trim(0)`, ~25 µs when there is little to return);
    nothing where the C library is not glibc."""
    global _trim
    if _trim is None:
        import ctypes

        try:
            _trim = ctypes.CDLL("libc.so.6").malloc_trim
        except (OSError, AttributeError):
            _trim = False
    if _trim:
        _trim(0)
