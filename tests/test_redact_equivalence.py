"""The redactor gives one answer whatever compiled its patterns and whichever thread asks first.

Attacks on b1a7814 (the per-turn path without `re`): the precompiled patterns of `core.regex` against
`re.compile`'s on a hostile corpus, the functions that replaced `re`'s templates and `\\S*`, and the secret
catalogue built on the first redaction while the warm worker's other threads redact.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from secret_corpus import FORMATS, cases

from hippocampus.core import redact as rules
from hippocampus.core import secret_rules

AWS = next(secret for fmt, secret, _ in FORMATS if fmt == "aws-access-key")


def test_a_thread_never_redacts_with_a_half_built_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    """The warm worker runs hooks in a thread pool: a turn that redacts while another builds the catalogue
    (the first redaction of the process) must still get every rule, never the half built so far."""
    real = secret_rules.catalogue()
    seen: list[str] = []

    def slow_catalogue() -> Iterator[tuple[str, tuple[str, ...], str, float]]:
        yield from real[: len(real) // 2]
        if not seen:  # once: the probe's own build (if it makes one) is not interrupted
            seen.append("")
            probe = threading.Thread(target=lambda: seen.append(rules.redact(f"my aws key {AWS} ok")))
            probe.start()
            probe.join()
        yield from real[len(real) // 2 :]

    monkeypatch.setattr(rules, "_INDEX", None)
    monkeypatch.setattr(secret_rules, "catalogue", slow_catalogue)
    assert AWS not in rules.redact(f"{AWS} again")
    assert seen[1:] and AWS not in seen[1], seen


TEMPLATES = {rules._keep_head: r"\1[REDACTED]", rules._userinfo: r"\1[REDACTED]\2"}
"""The `re` templates the replacement functions stand for (b1a7814 made them functions)."""
HOSTILE = st.lists(
    st.sampled_from(
        list("ab9Z:/@?&;=#'\" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2028\u2029\u3000\u200b\ufeff是为：")
    )
    | st.sampled_from(["password ", "passwd is ", "token: ", "key = ", "https://u:", "?token=", "sshpass -p ", "密码"])
    | st.sampled_from(["mysql -p", "pin ", "cvv ", "パスワードは", "пароль ", "-----BEGIN RSA PRIVATE KEY-----"]),
    max_size=40,
).map("".join)


@pytest.mark.parametrize("text", [str(case["text"]) for case in cases()][::7])
def test_the_replacement_functions_are_the_templates_they_replaced_on_the_corpus(text: str) -> None:
    _same_as_templates(text)


@settings(max_examples=300, deadline=None)
@given(HOSTILE)
def test_the_replacement_functions_are_the_templates_they_replaced(text: str) -> None:
    _same_as_templates(text)


def _same_as_templates(text: str) -> None:
    for _hints, pattern, replacement in rules._PATTERNS:
        if replacement in TEMPLATES:
            template = TEMPLATES[replacement]  # type: ignore[index]
            assert pattern.sub(replacement, text) == re.compile(pattern.pattern, pattern.flags).sub(template, text)


WHITESPACE_ROUND = st.text(
    alphabet=st.sampled_from([chr(c) for c in range(0x3100) if chr(c).isspace() or c % 97 == 0] + ["\u200b", "x"]),
    max_size=12,
)


@settings(max_examples=300, deadline=None)
@given(WHITESPACE_ROUND)
def test_the_token_after_a_break_is_what_re_s_backslash_S_star_took(following: str) -> None:
    """`_unwrap_secret` takes the token after a line break with `str.split` (b1a7814), not `re.match(r"\\S*")`:
    the same characters count as space (every Unicode one, the information separators included)."""
    mine = following.split(None, 1)[0] if following[:1].strip() else ""
    match = re.match(r"\S*", following)
    assert mine == (match.group() if match else "")


def test_re_s_space_is_str_isspace_for_every_character() -> None:
    """What the test above samples, for the whole of Unicode: `\\s` (a str pattern) is `str.isspace`."""
    space = re.compile(r"\s")
    assert [c for c in map(chr, range(0x110000)) if bool(space.match(c)) != c.isspace()] == []
