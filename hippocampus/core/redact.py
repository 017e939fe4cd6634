"""Secret redaction: API keys, tokens, passwords, private keys and card numbers never reach disk.

Pure and stdlib-only. Patterns compile when this module is first imported, which only the
capture path does (never the per-turn recall path).
"""

from __future__ import annotations

import re

from hippocampus.core.clean import clean

_SECRET_WORDS = (
    r"(?:password|passwd|passphrase|passcode|pwd|secret|token|api[_-]?key|apikey|access[_-]?key"  # noqa: S105 - the key words that announce a secret, not a secret
    r"|auth[_-]?key|private[_-]?key|client[_-]?secret|credentials?)"
)
_VALUE = r"(?!\[REDACTED)(?:\"[^\"]*\"|'[^']*'|\S+)"


class _Lazy:
    """A pattern compiled on first use: most messages hold no secret, and compiling all of them
    costs several milliseconds of every hook process."""

    __slots__ = ("args", "compiled")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.args = (pattern, flags)
        self.compiled: re.Pattern[str] | None = None

    def sub(self, replacement: str, text: str) -> str:
        if self.compiled is None:
            self.compiled = re.compile(*self.args)
        return self.compiled.sub(replacement, text)


_PATTERNS: tuple[tuple[tuple[str, ...], _Lazy, str], ...] = (
    (
        ("private key",),
        _Lazy(
            r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----.*?"
            r"(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|\Z)",
            re.S,
        ),
        "[REDACTED:private-key]",
    ),
    (("://",), _Lazy(r"(?i)\b([a-z][a-z0-9+.-]*://[^\s:/@]+:)[^\s@/]+(@)"), r"\1[REDACTED]\2"),
    (
        ("authorization",),
        _Lazy(
            r"(?i)\b((?:proxy-)?authorization\s*[\"']?\s*[:=]\s*[\"']?(?:(?:bearer|basic|token|digest)\s+)?)"
            r"(?!\[REDACTED)[^\s\"',;]+"
        ),
        r"\1[REDACTED:auth]",
    ),
    (  # a token has a digit or is long: "the bearer instrument" stays prose
        ("bearer",),
        _Lazy(r"(?i)\b(bearer\s+)(?:(?=[A-Za-z\-._~+/]*\d)[A-Za-z0-9\-._~+/]{8,}|[A-Za-z0-9\-._~+/]{20,})=*"),
        r"\1[REDACTED:bearer]",
    ),
    (("sk-",), _Lazy(r"(?<![\w-])sk-[A-Za-z0-9_\-]{16,}"), "[REDACTED:api-key]"),
    (("k_live_", "k_test_"), _Lazy(r"(?<![\w-])[rsp]k_(?:live|test)_[A-Za-z0-9]{16,}"), "[REDACTED:api-key]"),
    (
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
        _Lazy(r"(?<![\w-])(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})"),
        "[REDACTED:github]",
    ),
    (
        ("akia", "asia", "abia", "acca", "agpa", "aida", "aipa", "anpa", "anva", "aroa"),
        _Lazy(
            r"(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA)[A-Z0-9]{16}"
            r"(?![A-Z0-9])"
        ),
        "[REDACTED:aws]",
    ),
    (("xox",), _Lazy(r"(?<![\w-])xox[abposr]-[A-Za-z0-9-]{10,}"), "[REDACTED:slack]"),
    (("hooks.slack.com",), _Lazy(r"https://hooks\.slack\.com/services/\S+"), "[REDACTED:slack]"),
    (("aiza",), _Lazy(r"(?<![\w-])AIza[0-9A-Za-z_\-]{30,}"), "[REDACTED:google]"),
    (("eyj",), _Lazy(r"(?<![\w-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*"), "[REDACTED:jwt]"),
    (
        ("pass", "pwd", "secret", "token", "key", "credential"),
        _Lazy(rf"(?i)({_SECRET_WORDS}s?(?:[_.-][\w.-]*)?[\"']?\s*(?:[:=]|=>|:=)\s*){_VALUE}"),
        r"\1[REDACTED]",
    ),
    (
        ("pass", "pwd"),
        _Lazy(rf"(?i)\b((?:password|passwd|passcode|pwd|passphrase)\s+(?:is|was)\s+){_VALUE}"),
        r"\1[REDACTED]",
    ),
    (
        ("密", "口令", "令牌", "码", "碼"),
        _Lazy(
            r"((?:密码|口令|密钥|令牌|密碼|驗證碼|验证码)\s*(?:[:：=]|是|为|為)\s*)(?!\[REDACTED)[^\s，。；！？、,;]+"
        ),
        r"\1[REDACTED]",
    ),
)
_CUT_SECRET_RE = re.compile(
    r"(?:sk-|[rsp]k_|gh[pousr]_|github_pat_|AKIA|ASIA|xox[abposr]-|AIza|eyJ|-----BEGIN|\d[\d -]{7,})\S*…$"
)
"""A secret cut short by `clean`'s truncation no longer matches its full pattern; its start still goes."""
_DIGIT_RUN_RE = re.compile(r"(?<![\d+])\d+(?:[ -]\d+)*")
_GROUP_RE = re.compile(r"\d+")


def redact(text: str) -> str:
    """Replace API keys, tokens, passwords, private keys and card numbers with `[REDACTED…]`."""
    lowered = text.lower()
    for hints, pattern, replacement in _PATTERNS:
        for hint in hints:  # cheap gate: most texts hold no secret at all
            if hint in lowered:
                text = pattern.sub(replacement, text)
                break
    if text.endswith("…"):
        text = _CUT_SECRET_RE.sub("[REDACTED]…", text)
    return _DIGIT_RUN_RE.sub(_redact_cards, text)


def _luhn(digits: str) -> bool:
    """The Luhn checksum every payment card number satisfies."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _redact_cards(match: re.Match[str]) -> str:
    """Redact every 13–19 digit, Luhn-valid, card-like stretch of digit groups in a number run."""
    run = match.group()
    if sum(ch.isdigit() for ch in run) < 13:
        return run
    groups = list(_GROUP_RE.finditer(run))
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(groups):
        found = None
        digits = ""
        for j in range(i, len(groups)):
            digits += groups[j].group()
            if len(digits) > 19:
                break
            if len(digits) >= 13 and digits[0] in "23456" and _luhn(digits):
                found = j
        if found is None:
            i += 1
            continue
        spans.append((groups[i].start(), groups[found].end()))
        i = found + 1
    for start, end in reversed(spans):
        run = run[:start] + "[REDACTED:card]" + run[end:]
    return run


def scrub(text: str, limit: int = 2000) -> str:
    """Clean, then redact, then clean to `limit`: a secret is redacted before any cut can split it."""
    return clean(redact(clean(text, limit=20_000)), limit=limit)
