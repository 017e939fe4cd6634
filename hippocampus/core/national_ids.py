"""Numbers that identify a person or an account, found by their own check digits, with no label needed:
IBANs (ISO 13616, mod 97), US social security numbers (AAA-GG-SSSS, the ranges the SSA assigns), Chinese
resident ids (ISO 7064 mod 11-2), Italian codici fiscali (their check letter), Spanish DNI/NIE (their
check letter) and UK national insurance numbers (their prefixes).

Part of the redactor (`core.redact` calls `redact` last, beside `cards`). A check digit is what keeps an
order number or a phone number out: a random string passes mod 97 once in 97, a DNI's letter once in 23.
Labelled ids without a check ("my SSN is 123456789", "Steuer-ID 12 345 678 901") are
`core.spoken_secrets`' rules.
"""

from __future__ import annotations

import re

from hippocampus.core.lazy_pattern import LazyPattern

_IBAN = LazyPattern(r"(?<![A-Za-z0-9])([A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30})(?![A-Za-z0-9])")
_SSN = LazyPattern(r"(?<![\d-])(\d{3})([- ])(\d{2})\2(\d{4})(?![\d-])")
"""AAA-GG-SSSS (or with spaces), one separator throughout: "070-12 3456", a phone number, is not one."""
_CN_ID = LazyPattern(r"(?<!\d)(\d{17}[\dXx])(?![\dA-Za-z])")
_CF = LazyPattern(r"(?<![A-Za-z0-9])([A-Za-z]{6}\d{2}[A-Za-z]\d{2}[A-Za-z]\d{3}[A-Za-z])(?![A-Za-z0-9])")
_DNI = LazyPattern(r"(?<![A-Za-z0-9])([XYZxyz]?\d{7,8})[- ]?([A-Za-z])(?![A-Za-z0-9])")
_NINO = LazyPattern(
    r"(?<![A-Za-z0-9])([A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z])[ ]?(\d{2})[ ]?(\d{2})[ ]?(\d{2})[ ]?([A-D])(?![A-Za-z0-9])"
)
_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def redact(text: str) -> str:
    """`text` with every checked id replaced by `[REDACTED:national-id]` or `[REDACTED:iban]`."""
    digits = sum(ch.isdigit() for ch in text)
    if digits < 6:
        return text
    if digits >= 10:
        text = _IBAN.sub(_iban, text)
    if digits >= 9:
        text = _SSN.sub(lambda m: "[REDACTED:national-id]" if _ssn_ok(m[1], m[3], m[4]) else m.group(0), text)
        text = _CN_ID.sub(lambda m: "[REDACTED:national-id]" if _cn_ok(m.group(1)) else m.group(0), text)
    if digits >= 7:
        text = _CF.sub(lambda m: "[REDACTED:national-id]" if _cf_ok(m.group(1)) else m.group(0), text)
        text = _DNI.sub(lambda m: "[REDACTED:national-id]" if _dni_ok(*m.groups()) else m.group(0), text)
    text = _NINO.sub("[REDACTED:national-id]", text)
    return text


def _iban(match: re.Match[str]) -> str:
    """The IBAN in this run, if any: the run may have taken a word after it ("… 0130 00 I think"), so
    shorter runs, a space-separated group less each time, are tried too."""
    run = match.group(1)
    while True:
        if _iban_ok(run):
            return "[REDACTED:iban]" + match.group(1)[len(run) :]
        if " " not in run:
            return match.group(0)
        run = run.rsplit(" ", 1)[0]


def _iban_ok(raw: str) -> bool:
    iban = raw.replace(" ", "")
    if not 15 <= len(iban) <= 34:
        return False
    moved = iban[4:] + iban[:4]
    return int("".join(str(int(ch, 36)) for ch in moved)) % 97 == 1


def _ssn_ok(area: str, group: str, serial: str) -> bool:
    return area not in ("000", "666") and area[0] != "9" and group != "00" and serial != "0000"


def _cn_ok(number: str) -> bool:
    weights = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
    total = sum(int(d) * w for d, w in zip(number[:17], weights, strict=True))
    return "10X98765432"[total % 11] == number[17].upper() and 1 <= int(number[10:12]) <= 12


_CF_ODD = dict(
    zip(
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        (1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16)
        + (10, 22, 25, 24, 23),
        strict=True,
    )
)
"""The codice fiscale's values of a character in an odd position (its check letter's table)."""


def _cf_ok(code: str) -> bool:
    code = code.upper()
    total = 0
    for i, ch in enumerate(code[:15]):
        total += _CF_ODD[ch] if i % 2 == 0 else (int(ch) if ch.isdigit() else ord(ch) - 65)
    return chr(65 + total % 26) == code[15]


def _dni_ok(number: str, letter: str) -> bool:
    if number[:1].isalpha():
        if len(number) != 8:
            return False
        number = str("XYZ".index(number[0].upper())) + number[1:]
    elif len(number) != 8:
        return False
    return _DNI_LETTERS[int(number) % 23] == letter.upper() and letter.isupper()
