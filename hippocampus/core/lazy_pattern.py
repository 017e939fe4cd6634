"""A regular expression compiled the first time it is used, then kept for the life of the process.

Python's `re` compiler is pure Python, about 0.5 ms a pattern on a small machine, and the scoring and
redaction tables hold dozens of long alternations. Compiled at import, they were most of a short command's
start (`remember` paid some 40 ms before it read a byte). A `LazyPattern` costs nothing until it is matched,
so a process pays only for the rules its text reaches; and it is compiled through `core.regex`, from the
precompiled table where there is one.
"""

from __future__ import annotations

from hippocampus.core import regex

TYPE_CHECKING = False  # not `typing`'s: the per-turn hooks import this and `typing` costs ~4 ms
if TYPE_CHECKING:
    import re
    from collections.abc import Callable, Iterator


class LazyPattern:
    """`re.compile(source, flags)`, deferred: the methods used here, with `re.Pattern`'s meaning."""

    __slots__ = ("compiled", "flags", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self.compiled: re.Pattern[str] | None = None
        regex.DEFINED[pattern, flags] = None

    def get(self) -> re.Pattern[str]:
        """The compiled pattern (compiled now if this is its first use)."""
        if self.compiled is None:
            self.compiled = regex.compile(self.pattern, self.flags)
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
