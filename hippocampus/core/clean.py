"""Making text safe to store: NFC, no control, format or junk characters, one-line whitespace,
a bounded length cut at a grapheme boundary. Pure and stdlib-only."""

from __future__ import annotations

import re
import unicodedata

_WS_RE = re.compile(r"\s+")
_LINE_BREAK_RE = re.compile(r"\s*(?:\r\n|[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029])\s*")


_KEEP_FORMAT = {"\u200c", "\u200d"}  # ZWNJ/ZWJ: needed by emoji sequences and Persian/Indic text


def clean(text: str, limit: int = 2000, lines: bool = False) -> str:
    """Make text safe to store: NFC, no control/format/junk characters, one-line whitespace, ≤ limit chars.

    With `lines`, every kind of line break becomes one `\\n` instead of a space (redaction looks for a
    key wrapped over two lines before the text is flattened)."""
    if not isinstance(text, str):
        text = str(text)
    budget = max(limit, 0) * 4 + 4096
    cut_early = len(text) > budget
    if cut_early:
        text = text[:budget]  # huge input: only what can survive truncation is worth the work
    if lines:
        text = "\n".join(_WS_RE.sub(" ", part) for part in _LINE_BREAK_RE.split(text))
        if not text.replace("\n", " ").isprintable() or "\ufffd" in text:
            text = "\n".join(_WS_RE.sub(" ", "".join(_filter_char(ch) for ch in part)) for part in text.split("\n"))
    else:
        text = _WS_RE.sub(" ", text)
        if not text.isprintable() or "\ufffd" in text:
            text = _WS_RE.sub(" ", "".join(_filter_char(ch) for ch in text))
    if not text.isascii():  # ASCII is its own NFC
        text = unicodedata.normalize("NFC", text)
    text = text.strip()
    if len(text) <= limit and not cut_early:
        return text
    if limit <= 0:
        return ""
    if len(text) < limit:  # short only because the input was cut early
        return text + "…"
    cut = limit - 1
    while cut > 0 and _joins_previous(text, cut):
        cut -= 1  # don't split a base character from its accents or an emoji from its ZWJ sequence
    return text[:cut].rstrip() + "…"


def _filter_char(ch: str) -> str:
    """One character after cleaning: whitespace becomes a space, junk becomes nothing."""
    if ch.isspace():
        return " "
    if ch == "\ufffd":
        return ""
    category = unicodedata.category(ch)
    if category in ("Cc", "Cs") or (category == "Cf" and ch not in _KEEP_FORMAT):
        return ""
    return ch


def _joins_previous(text: str, i: int) -> bool:
    """True when cutting before `text[i]` would split a grapheme."""
    ch = text[i]
    return (
        unicodedata.category(ch).startswith("M")
        or ch in _KEEP_FORMAT
        or "\ufe00" <= ch <= "\ufe0f"
        or text[i - 1] in _KEEP_FORMAT
    )


def shorten(text: str, limit: int = 280) -> str:
    """Cut text to ≤ limit characters at a word boundary (or anywhere for unspaced scripts), with "…"."""
    if len(text) <= limit:
        return text
    if limit <= 1:
        return "…"[:limit]
    head = text[: limit - 1]
    space = head.rfind(" ")
    if space >= limit // 2:
        head = head[:space]
    return head.rstrip(" ,;:-") + "…"
