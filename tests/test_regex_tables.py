"""The precompiled regular expressions (hippocampus/core/regex.py): fresh, equal to `re`'s, and safe to fall back.

A stale table is not wrong (a changed pattern simply misses it and goes through `re`), only slow; the first
test says which patterns miss, and how to write the table again."""

from __future__ import annotations

import functools
import glob
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import re
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import hippocampus
from hippocampus.core import regex, regex_tables

ROOT = Path(hippocampus.__file__).resolve().parents[1]  # `-S`: the package is found from the working folder
SUPPORTED = sys.implementation.name == "cpython" and (3, 10) <= sys.version_info[:2] <= (3, 13)
BASE = "sre20171005" if regex.engine_key()[0] == 20171005 else "sre20220615"
"""This interpreter's set of table modules (`BASE_<group>`)."""


_COLLECT = """
import importlib, json, pkgutil
import hippocampus
from hippocampus.core import regex
from hippocampus.core.redact import redact
for module in pkgutil.walk_packages(hippocampus.__path__, "hippocampus."):
    if not module.name.endswith("__main__"):
        importlib.import_module(module.name)
redact("")  # the secret catalogue is made on the first redaction
print(json.dumps(sorted(regex.DEFINED)))
"""


@functools.cache
def _every_pattern() -> list[tuple[str, int]]:
    """The package's own patterns, from a fresh interpreter: `DEFINED` here also holds what the tests compiled
    (this file's patterns outside any table), which made the freshness check depend on the order of the tests."""
    done = subprocess.run([sys.executable, "-c", _COLLECT], capture_output=True, text=True, check=True, cwd=ROOT)
    return [(source, flags) for source, flags in json.loads(done.stdout)]


@pytest.mark.skipif(not SUPPORTED, reason="tables are written for CPython 3.10-3.13")
def test_every_pattern_of_the_package_is_in_this_interpreters_table() -> None:
    table = regex.entries()
    assert table, f"no valid table for this interpreter's _sre {regex.engine_key()}"
    missing = [source for source in _every_pattern() if source not in table]
    assert not missing, f"run `.venv/bin/python scripts/regex_tables.py`: {len(missing)} new patterns, {missing[:3]}"


@pytest.mark.skipif(not SUPPORTED, reason="tables are written for CPython 3.10-3.13")
def test_every_table_entry_compiles_to_what_re_compiles() -> None:
    """`re.Pattern` equality compares the source, the flags and the opcodes."""
    table = regex.entries()
    assert len(table) > 200
    for source, flags in table:
        assert regex.compile(source, flags) == re.compile(source, flags), source


def test_a_pattern_outside_the_table_goes_through_re() -> None:
    source = r"(?P<word>zz\d+)q"  # in no table: not a pattern of the package
    compiled = regex.compile(source, regex.IGNORECASE)
    assert compiled == re.compile(source, re.IGNORECASE)
    assert compiled.search("a ZZ12Q").group("word") == "ZZ12"


def test_the_flags_are_res() -> None:
    assert (regex.ASCII, regex.IGNORECASE, regex.MULTILINE, regex.DOTALL, regex.UNICODE, regex.VERBOSE) == (
        re.ASCII,
        re.IGNORECASE,
        re.MULTILINE,
        re.DOTALL,
        re.UNICODE,
        re.VERBOSE,
    )


def test_a_table_of_another_engine_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table written under other opcodes must never reach `_sre`: the engine key decides, not the name."""
    source = r"a+b"
    fake = types.ModuleType("fake")
    fake.ENGINES = ((1, 2, 3, 4),)  # type: ignore[attr-defined]
    fake.TABLE = {(source, 0): (32, b"\x00" * 8, 0, {}, (None,))}  # type: ignore[attr-defined]
    for group in regex.GROUPS:
        monkeypatch.setitem(sys.modules, f"hippocampus.core.regex_tables.{BASE}_{group}", fake)
        monkeypatch.setattr(regex_tables, f"{BASE}_{group}", fake, raising=False)
        assert regex._load(group) == {}
    monkeypatch.setattr(regex, "_tables", {})
    assert regex.compile(source) == re.compile(source)


def test_the_per_turn_lookups_load_only_the_turn_table() -> None:
    """`request_before`'s patterns are all in the small first group: a fresh interpreter that tokenises a
    question and reads its date words loads neither the secret catalogue's table nor the rest."""
    probe = (
        "import sys\n"
        "from hippocampus.core import regex, tokens, date_words\n"
        "from hippocampus.openclaw import messages\n"
        "tokens.tokenize(messages.message_text({'content': '[Mon 2026-01-05 10:00] <b>when</b> is tea?'}))\n"
        "date_words.hints('when is tea')\n"
        "print(sorted(regex._tables))\n"
    )
    done = subprocess.run([sys.executable, "-S", "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == ("['turn']" if SUPPORTED else done.stdout.strip())


def test_a_table_of_another_minor_version_with_the_same_sre_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    """CPython 3.14's `_sre` has 3.13's MAGIC and limits, but its own compiler and Unicode database: a table
    keyed by `_sre` alone (as they were) would give 3.14 what 3.13.0 compiled, and 3.14 is outside `SUPPORTED`,
    so no test would ever compare them. The bytecode's magic number tells the two apart."""
    source = r"a+b"
    name = f"{BASE}_turn"
    for engine in (regex.engine_key()[:4], (*regex.engine_key()[:4], b"\xff\xff\r\n")):
        other = types.ModuleType("other")
        other.ENGINES = (engine,)  # type: ignore[attr-defined]
        other.TABLE = {(source, 0): (32, b"\x00" * 8, 0, {}, (None,))}  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, f"hippocampus.core.regex_tables.{name}", other)
        monkeypatch.setattr(regex_tables, name, other, raising=False)
        assert regex._load("turn") == {}, engine


@pytest.mark.parametrize(
    "code",
    [b"", b"\x00\x00\x00\x00", b"\xff" * 64, b"\x11\x00\x00\x00" * 7, b"abc"],
    ids=["empty", "zero", "ones", "repeated", "ragged"],
)
def test_a_damaged_entry_falls_back_to_re(monkeypatch: pytest.MonkeyPatch, code: bytes) -> None:
    """Opcodes `_sre` refuses (it validates every program) give `re`'s pattern, never a crash or a wrong one."""
    source = r"(x)y+"
    monkeypatch.setattr(regex, "_tables", {"turn": {(source, 0): (32, code, 1, {}, (None,))}})
    assert regex.compile(source) == re.compile(source)


def test_the_per_turn_modules_import_no_re_when_the_table_fits() -> None:
    """Importing the modules of the per-turn path, and redacting and tokenising a message with a secret,
    load neither `re` nor `json` (a fresh interpreter: pytest itself has imported both)."""
    probe = (
        "import sys\n"
        "from hippocampus.core import redact, tokens, clean\n"
        "from hippocampus.openclaw import messages\n"
        "text = redact.redact('my password is hunter2x9 and see https://u:pw@example.com and sk-' + 'a1B2' * 12)\n"
        "print(text)\n"
        "print(tokens.tokenize(clean.clean(messages.message_text({'content': '[Mon 2026-01-05 10:00] I love tea'}))))\n"
        "print(sorted({'re', 'json', 'enum'} & set(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-S", "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    text, words, loaded = done.stdout.splitlines()
    assert "hunter2x9" not in text and ":pw@" not in text and "a1B2a1B2" not in text
    assert "tea" in words and "mon" not in words
    assert loaded == ("[]" if SUPPORTED else loaded)


def _script() -> types.ModuleType:
    """`scripts/regex_tables.py`, imported as a module (it is a script, not part of the package)."""
    spec = importlib.util.spec_from_file_location("regex_tables_script", ROOT / "scripts" / "regex_tables.py")
    assert spec and spec.loader
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


class _CutShort(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds this engine's table and fails to run it, as a file cut short (an interrupted write) does."""

    def __init__(self, name: str, error: Exception) -> None:
        self.name, self.error = name, error

    def find_spec(self, fullname: str, path: object, target: object = None) -> importlib.machinery.ModuleSpec | None:
        return importlib.machinery.ModuleSpec(fullname, self) if fullname == self.name else None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        raise self.error


@pytest.mark.parametrize(
    "error",
    [SyntaxError("unterminated string literal"), MemoryError(), ValueError("source code cannot contain null bytes")],
)
def test_a_table_that_cannot_be_imported_is_no_table(monkeypatch: pytest.MonkeyPatch, error: Exception) -> None:
    """A table file cut short (the generator interrupted, a disk full) must cost speed, never every import of
    the package: `core.clean` and `core.tokens` compile at import, so an error here broke each hook and command."""
    for group in regex.GROUPS:
        name = f"{BASE}_{group}"
        full = f"hippocampus.core.regex_tables.{name}"
        monkeypatch.delitem(sys.modules, full, raising=False)
        monkeypatch.delattr(regex_tables, name, raising=False)
        monkeypatch.setattr(sys, "meta_path", [_CutShort(full, error), *sys.meta_path])
        assert regex._load(group) == {}


def test_an_empty_table_file_is_no_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """A zero-byte table imports fine and names nothing."""
    empty = types.ModuleType("empty")
    for group in regex.GROUPS:
        monkeypatch.setitem(sys.modules, f"hippocampus.core.regex_tables.{BASE}_{group}", empty)
        monkeypatch.setattr(regex_tables, f"{BASE}_{group}", empty, raising=False)
        assert regex._load(group) == {}


@pytest.mark.parametrize("entry", [(), (32, b"\x00" * 8), "text", 42, (32, "code", 0, {}, (None,))])
def test_an_entry_of_the_wrong_shape_falls_back_to_re(monkeypatch: pytest.MonkeyPatch, entry: object) -> None:
    source = r"(x)y+"
    monkeypatch.setattr(regex, "_tables", {"turn": {(source, 0): entry}})
    assert regex.compile(source) == re.compile(source)


def test_the_generator_replaces_a_table_whole(tmp_path: Path) -> None:
    """`scripts/regex_tables.py` writes a temporary file and renames it: a write that fails half way (here an
    unencodable character after a first chunk) leaves the table that was there, and no temporary file."""
    script = _script()
    (tmp_path / "tables").mkdir()
    table = tmp_path / "tables" / "sre1.py"
    table.write_text("ENGINE = (1,)\n", encoding="utf-8")
    with pytest.raises(UnicodeEncodeError):
        script.write_table(str(table), "TABLE = {}\n" * 10_000 + "\ud800")
    assert table.read_text(encoding="utf-8") == "ENGINE = (1,)\n"
    assert [p.name for p in table.parent.iterdir()] == ["sre1.py"]
    script.write_table(str(table), "TABLE = {}\n")
    assert table.read_text(encoding="utf-8") == "TABLE = {}\n"


TRICKY = [
    (r"(?P<user>[^\s:/@]+):(?P<password>[^\s@/]+)@(?P=user)?", 0),
    (r"(?P<a>x)|(?P<b>y)(?(a)z|w)", regex.IGNORECASE),
    (r"(?x) ( \d+ ) \s* # a comment\n (?P<unit> [a-zé]+ )", regex.MULTILINE | regex.DOTALL),
    (r"(?<=[\w-])\b[ÀÉÎÕÜßſK\u212a\U0001d400-\U0001d7ff]+", regex.IGNORECASE),
    (r"(?i:pass)WORD(?-i:x)", regex.ASCII),
    (r"^(a+)+$|\1", regex.ASCII | regex.IGNORECASE | regex.MULTILINE),
    (r"[^\W\d_]{2,}+(?>ab|a)c", regex.UNICODE | regex.VERBOSE),
]
"""Named groups and back references, flag combinations inline and passed, case folding beyond ASCII and the BMP."""


@pytest.mark.skipif(not SUPPORTED, reason="tables are written for CPython 3.10-3.13")
@pytest.mark.parametrize(("source", "flags"), [t for t in TRICKY if sys.version_info >= (3, 11) or "+(?>" not in t[0]])
def test_the_generator_records_named_groups_and_every_flag(
    monkeypatch: pytest.MonkeyPatch, source: str, flags: int
) -> None:
    """`re.Pattern` equality compares neither `groupindex` nor `groups`: both are checked here, on a table
    written by the generator itself, and so is a match."""
    script = _script()
    written: dict[str, Any] = {}
    result = script.compile_table([(source, flags, "turn")])
    engine = (*result["engine"][:4], bytes.fromhex(result["engine"][4]))
    exec(script.module_text((engine,), result["version"], result["bodies"]["turn"]), written)  # noqa: S102 - the generator's own output
    assert written["ENGINES"] == (regex.engine_key(),)
    monkeypatch.setattr(regex, "_tables", {"turn": written["TABLE"]})
    mine, theirs = regex.compile(source, flags), re.compile(source, flags)
    assert (mine, mine.flags, mine.groups, mine.groupindex) == (theirs, theirs.flags, theirs.groups, theirs.groupindex)
    for text in ("bob:pw@bob", "XZ yw", "12 \n unité", "-ÉSSK\U0001d41a", "passWORDx", "aaa", "ééac abc"):
        found, expected = mine.search(text), theirs.search(text)
        assert (found and (found.span(), found.groupdict(), found.groups())) == (
            expected and (expected.span(), expected.groupdict(), expected.groups())
        )


def test_no_case_insensitive_pattern_holds_a_character_beyond_the_bmp() -> None:
    """`_sre.MAGIC` names the opcodes, not the compiler: CPython 3.12.8 and 3.13.1 compile a case-insensitive
    class holding a character beyond the BMP differently from 3.12.1 and 3.13.0 (gh-126505) under the same
    MAGIC, so a table written by one would not equal `re.compile` on the other. No such pattern, no such risk."""
    risky = [
        source
        for source, flags in _every_pattern()
        if re.compile(source, flags).flags & re.IGNORECASE
        and ("\\U" in source or max(map(ord, source), default=0) > 0xFFFF)
    ]
    assert not risky, risky


_VERIFY = """
import re, sys
from hippocampus.core import regex
table = regex.entries()
assert table, f"no valid table for {sys.version.split()[0]}"
for (source, flags) in table:
    mine, theirs = regex.compile(source, flags), re.compile(source, flags)
    assert (mine, mine.groups, mine.groupindex) == (theirs, theirs.groups, theirs.groupindex), source
print(len(table))
"""


def _other_interpreters() -> list[str]:
    """The CPython 3.10-3.13 interpreters at hand besides this one (`HIPPOCAMPUS_TEST_PYTHONS`, or pyenv's)."""
    named = os.environ.get("HIPPOCAMPUS_TEST_PYTHONS", "").split(os.pathsep)
    found = named + sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.1[0-3].*/bin/python")))
    found += sorted(glob.glob("/usr/bin/python3.1[0-3]"))
    mine = os.path.realpath(sys.executable)
    return [p for p in dict.fromkeys(found) if p and os.path.isfile(p) and os.path.realpath(p) != mine]


@pytest.mark.parametrize("python", _other_interpreters() or [pytest.param("", marks=pytest.mark.skip("none found"))])
def test_every_table_entry_is_re_s_pattern_under_the_interpreter_that_uses_it(python: str) -> None:
    """The tables of the other engines are checked where they apply, not only this interpreter's: a table edited
    or left stale by hand would otherwise reach users of that version unseen."""
    done = subprocess.run([python, "-S", "-c", _VERIFY], capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout) > 200
