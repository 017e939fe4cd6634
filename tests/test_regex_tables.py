"""The precompiled regular expressions (hippocampus/core/regex.py): fresh, equal to `re`'s, and safe to fall back.

A stale table is not wrong (a changed pattern simply misses it and goes through `re`), only slow; the first
test says which patterns miss, and how to write the table again."""

from __future__ import annotations

import importlib
import pkgutil
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

import hippocampus
from hippocampus.core import regex, regex_tables
from hippocampus.core.redact import redact

ROOT = Path(hippocampus.__file__).resolve().parents[1]  # `-S`: the package is found from the working folder
SUPPORTED = sys.implementation.name == "cpython" and (3, 10) <= sys.version_info[:2] <= (3, 13)


def _every_pattern() -> list[tuple[str, int]]:
    for module in pkgutil.walk_packages(hippocampus.__path__, "hippocampus."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    redact("")  # the secret catalogue is made on the first redaction
    return sorted(regex.DEFINED)


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
    base = "sre20171005" if regex.engine_key()[0] == 20171005 else "sre20220615"
    for group in regex.GROUPS:
        monkeypatch.setitem(sys.modules, f"hippocampus.core.regex_tables.{base}_{group}", fake)
        monkeypatch.setattr(regex_tables, f"{base}_{group}", fake, raising=False)
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
