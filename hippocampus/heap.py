"""This process's C heap: giving its free pages back to the system.

Why: glibc keeps large freed blocks in the heap once its mmap threshold has risen, so a one-off
build (the embedding model's graph, 100k vectors read blob by blob) stays in the warm worker's
resident memory long after it is garbage, against a 300 MB budget.
"""

from __future__ import annotations


def give_back() -> None:
    """Return the heap's free pages (`malloc_trim(0)`); nothing where the C library is not glibc."""
    import contextlib
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)
