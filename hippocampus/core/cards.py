"""Payment card numbers in text: 13–19 digits that pass the Luhn check, in groups with any separator.

Part of the redactor (`core.redact`, which calls `redact` last): a card can be written "4111 1111 1111
1111", "4111-1111-…", over a line break, with a written `\\n`, or with dots, slashes or underscores
("4111.1111.1111.1111"). A stretch of digit groups is a card when its digits, 13 to 19 of them and
starting 2–6, satisfy Luhn; a longer run (an id, a phone list) is searched for such stretches inside.
"""

from __future__ import annotations

import re

DIGIT_RUN_RE = re.compile(r"(?<![\d+])\d+(?:(?:[\s-]|\\[nr]){1,3}\d+)*")
DOTTED_CARD_RE = re.compile(r"(?<![\d.])(?:\d{4}([._/])\d{4}\1\d{4}\1\d{1,7}|\d{4}([._/])\d{6}\2\d{5})(?![\d.])")
"""Cards written with dots, slashes or underscores: one separator throughout, in card-sized groups."""
GROUP_RE = re.compile(r"\d+")


def redact(text: str) -> str:
    """`text` with every card number replaced by `[REDACTED:card]`."""
    if sum(ch.isdigit() for ch in text) < 13:
        return text  # a card has 13 digits or more, so neither pattern can change the text
    text = DIGIT_RUN_RE.sub(_redact_run, text)
    if "." in text or "/" in text or "_" in text:
        text = DOTTED_CARD_RE.sub(_redact_run, text)
    return text


def luhn(digits: str) -> bool:
    """The Luhn checksum every payment card number satisfies."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _redact_run(match: re.Match[str]) -> str:
    """Redact every 13–19 digit, Luhn-valid, card-like stretch of digit groups in a number run."""
    run = match.group()
    if sum(ch.isdigit() for ch in run) < 13:
        return run
    groups = list(GROUP_RE.finditer(run))
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(groups):
        found = None
        digits = ""
        for j in range(i, len(groups)):
            digits += groups[j].group()
            if len(digits) > 19:
                break
            if len(digits) >= 13 and digits[0] in "23456" and luhn(digits):
                found = j
        if found is None:
            i += 1
            continue
        spans.append((groups[i].start(), groups[found].end()))
        i = found + 1
    for start, end in reversed(spans):
        run = run[:start] + "[REDACTED:card]" + run[end:]
    return run
