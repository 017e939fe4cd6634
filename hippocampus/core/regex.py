"""Regular expressions for the per-turn path, compiled ahead of time: no `import re` and no `re` compiler.

Why: `import re` is about 10 ms of CPU on a small machine (it brings `enum`, `functools`, `collections`),
over half of a bare interpreter's start, and its compiler, pure Python, about 0.5 ms a pattern. A cold
per-turn hook (hooks/README.md, "The cold start") paid both before its first match.

`_sre`, the C engine under `re`, takes a pattern already compiled into its opcode list. The tables in
`hippocampus/core/regex_tables/` hold, for the `_sre` engines whose compilers agree (three `GROUPS` of
modules each), the exact arguments `re`'s compiler passed to `_sre.compile` for every pattern the package
defines (`DEFINED`), keyed by (source, flags). `scripts/regex_tables.py` writes them;
`tests/test_regex_tables.py` checks that every pattern the package defines is in the running
interpreter's table and compiles to a pattern equal to `re.compile`'s (`re.Pattern` equality compares
the opcodes).

The contract of `compile(source, flags)`: the result equals `re.compile(source, flags)`. It comes from the
table when the table was written by an interpreter whose `_sre` has the same MAGIC (its opcode set) and
limits as this one and whose bytecode is of the same minor version (`engine_key`); `_sre.compile` validates
the opcodes. Any other pattern, interpreter or version falls back to `re.compile`: slower, never different.
One limit: a patch release can compile a pattern differently under the same keys (gh-126505, in 3.12.8 and
3.13.1: a case-insensitive class with a character beyond the BMP), and `core/` reads no patch version (no
`sys`), so the tests keep such patterns out of the package and check each table under its interpreters.

Flags are the plain integers of `re` (`re.ASCII == ASCII` and so on); they are re-declared here so that
naming one does not import `re`.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not `typing`'s: the per-turn hooks import this and `typing` costs ~4 ms
if TYPE_CHECKING:
    import re
    from typing import Any

IGNORECASE = 2
MULTILINE = 8
DOTALL = 16
UNICODE = 32
VERBOSE = 64
ASCII = 256

DEFINED: dict[tuple[str, int], None] = {}
"""Every (source, flags) the package has defined (compiled, or made a `LazyPattern` of), once each: what
`scripts/regex_tables.py` compiles. Every pattern of the package is a module-level constant, so it stays
small in a long-lived worker."""

GROUPS = ("turn", "secrets", "rest")
"""A table is split in three modules, loaded as a lookup first needs them: the patterns of the per-turn path
(a few kilobytes: all `request_before` ever loads), the secret catalogue (most of `request_after`'s text
never reaches it) and the rest (scoring, dates, the dashboard)."""

_tables: dict[str, dict[tuple[str, int], tuple[Any, ...]]] = {}


def engine_key() -> tuple[int, int, int, int, bytes]:
    """What a table must have been written under to be valid here: `_sre`'s opcode MAGIC and its limits, and
    the bytecode's magic number, which names the CPython minor version. MAGIC alone does not: 3.14's `_sre` has
    3.13's (20230612) and limits, but its own compiler and Unicode database (16.0, not 15.1), so 3.13's table
    is not its `re.compile`. Read from the import system already loaded (`core/` does not import `sys`)."""
    import _sre  # type: ignore[import-not-found]  # no stub: re's own C engine
    from _frozen_importlib_external import MAGIC_NUMBER

    return (_sre.MAGIC, _sre.CODESIZE, _sre.MAXREPEAT, _sre.MAXGROUPS, MAGIC_NUMBER)


def _load(group: str) -> dict[tuple[str, int], tuple[Any, ...]]:
    """This engine's table of `group`, or an empty one. A table is named after the lowest MAGIC of the `_sre`
    engines that wrote it (the same table for each; 3.14 has 3.13's MAGIC, and `engine_key` tells them
    apart); a static choice, as `core/` imports nothing dynamically."""
    try:  # any failure reading a table (missing, cut short by an interrupted write, edited) means no table
        key = engine_key()
        if key[0] == 20171005:  # CPython 3.10
            if group == "turn":
                from hippocampus.core.regex_tables import sre20171005_turn as written
            elif group == "secrets":
                from hippocampus.core.regex_tables import sre20171005_secrets as written  # type: ignore[no-redef]
            else:
                from hippocampus.core.regex_tables import sre20171005_rest as written  # type: ignore[no-redef]
        elif key[0] in (20220615, 20221023, 20230612):  # 3.11, 3.12 and 3.13 compile every pattern alike
            if group == "turn":
                from hippocampus.core.regex_tables import sre20220615_turn as written  # type: ignore[no-redef]
            elif group == "secrets":
                from hippocampus.core.regex_tables import sre20220615_secrets as written  # type: ignore[no-redef]
            else:
                from hippocampus.core.regex_tables import sre20220615_rest as written  # type: ignore[no-redef]
        else:
            return {}
        table: dict[tuple[str, int], tuple[Any, ...]] = written.TABLE
        return table if key in written.ENGINES and isinstance(table, dict) else {}
    except Exception:  # noqa: BLE001 - a SyntaxError or an AttributeError as much as an ImportError: `re` serves
        return {}


def _entry(key: tuple[str, int]) -> tuple[Any, ...] | None:
    """The table entry of (source, flags), loading the groups in order until one holds it. Threads racing
    here at most load a group twice (the same dict): no lock, as the cold path never imports `threading`."""
    for group in GROUPS:
        table = _tables.get(group)
        if table is None:
            table = _tables[group] = _load(group)
        entry = table.get(key)
        if entry is not None:
            return entry
    return None


def entries() -> dict[tuple[str, int], tuple[Any, ...]]:
    """Every entry of this engine's tables (all groups loaded): what the tests compare with `re`."""
    merged: dict[tuple[str, int], tuple[Any, ...]] = {}
    for group in GROUPS:
        if group not in _tables:
            _tables[group] = _load(group)
        merged.update(_tables[group])
    return merged


def compile(source: str, flags: int = 0) -> re.Pattern[str]:  # noqa: A001 - `re.compile`'s name on purpose
    """`re.compile(source, flags)`, from the precompiled table when it holds this pattern."""
    DEFINED[source, flags] = None
    entry = _entry((source, flags))
    if entry is None:
        import re

        return re.compile(source, flags)
    import _sre  # type: ignore[import-not-found]

    try:
        final_flags, code, groups, groupindex, indexgroup = entry
        pattern: re.Pattern[str] = _sre.compile(
            source, final_flags, memoryview(code).cast("I").tolist(), groups, dict(groupindex), indexgroup
        )
    except (RuntimeError, TypeError, ValueError, OverflowError):  # a damaged entry, or `_sre` refused its opcodes
        import re

        return re.compile(source, flags)
    return pattern
