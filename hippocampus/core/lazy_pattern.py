"""A regular expression compiled the first time it is used, then kept for the life of the process.

The scoring rules and the secret catalogue hold hundreds of long alternations, and `re` compiles each in
Python: compiled at import, they were most of a short command's run (`remember` compiled every rule before
it read a byte). A `LazyPattern` is compiled when a text first reaches it, so a process pays only for the
rules its texts reach.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator


class LazyPattern:
    """`re.compile(pattern, flags)`, deferred: the methods used here, with `re.Pattern`'s meaning."""

    __slots__ = ("compiled", "flags", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self.compiled: re.Pattern[str] | None = None

    def get(self) -> re.Pattern[str]:
        """The compiled pattern (compiled now if this is its first use)."""
        if self.compiled is None:
            self.compiled = re.compile(self.pattern, self.flags)
        return self.compiled

    def search(self, text: str) -> re.Match[str] | None:
        return self.get().search(text)

    def match(self, text: str) -> re.Match[str] | None:
        return self.get().match(text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.get().finditer(text)

    def findall(self, text: str) -> list[str]:
        return self.get().findall(text)

    def split(self, text: str, maxsplit: int = 0) -> list[str]:
        return self.get().split(text, maxsplit)

    def sub(self, replacement: str | Callable[[re.Match[str]], str], text: str) -> str:
        return self.get().sub(replacement, text)
