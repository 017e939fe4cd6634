"""The junk gate: what is never stored, and what is never core.

Never stored (`noise` names the reason):
- greetings and acknowledgements with nothing else in them (`scoring` keeps its table of them);
- keyboard mash ("asdfghjkl", "sdkfj qweoiru"): most words have no vowel or long consonant runs;
- messages that are mostly redaction markers, code, a stack trace, base64/hex blobs or binary;
- a message that is only a credential: a redacted secret with a few words around it
  (`CREDENTIAL_WORDS`);
- a message the user takes back in the same breath ("… no actually don't", "never mind", "scratch
  that", and their equivalents in the supported languages).

Never core (`core_cap`): a memory with a redacted secret in it, or that has fewer than
`MIN_CONTENT_WORDS` words once the markers are gone: it says nothing an agent could use every turn.
It may still be stored and recalled, below the core floor.
Pure and stdlib-only.
"""

from __future__ import annotations

import re

from hippocampus.core.tokens import tokenize

NOT_CORE = 0.65
"""The importance a memory is capped at when it must never be core (below `lifecycle.CORE_FLOOR`)."""
MIN_CONTENT_WORDS = 3

_MARKER_RE = re.compile(r"\[REDACTED(?::[a-z0-9_-]+)?\]")
_WORD_RE = re.compile(r"[^\W\d_]+")
_VOWELS = set("aeiouyàáâãäåèéêëìíîïòóôõöùúûüýÿæœøıāēīōū")
_MASH_RE = re.compile(r"[bcdfghjklmnpqrstvwxz]{5,}")
_BLOB_RE = re.compile(r"[A-Za-z0-9+/=_-]{32,}")
_CODE_RE = re.compile(
    r"\bFile \"[^\"]+\", line \d+|\bat [\w.$]+\([\w.]+:\d+\)|\b(?:def|function|return|import|const|let|var|"
    r"class|public|static|void|elif|println|printf|console\.log)\b|=>|==|!=|\)\s*\{|\);|</?\w+>"
)
_SYMBOLS = set('{}()[];=<>/\\$#|&*"')
_TRACE = "traceback (most recent call last)"
_TAKE_BACK_RE = re.compile(
    # an imperative that opens its clause ("Forget it.", "ok, never mind", "no wait, don't save that"), not a
    # clause that only ends on its words ("she won't let anyone forget it", "I'll never forget that");
    # "ignore what I said" points at an earlier message: a correction ("… every 15,000 km, so ignore what I said")
    r"(?:^|[.,;:!?—–-]\s*|\b(?:no|oh|ok|okay|actually|wait|just|so|and|please|sorry)\s+)"
    r"(?:(?:no,? )?(?:actually|wait),? (?:don'?t|do not|never ?mind|forget (?:it|that))\b|never ?mind\b"
    r"|scratch that\b|forget (?:i said|that|it)\b|don'?t (?:remember|save|store|note) (?:that|this|it)\b"
    r"|ignore (?:that|this)\b|olvídalo\b|no lo recuerdes\b|esquece\b|vergiss es\b"
    r"|vergiss das\b|laisse tomber\b|oublie ça\b|lascia perdere\b|dimentica\b|забудь\b"
    r"|не запоминай\b|boş ver\b|unut gitsin\b|भूल जाओ\b|תשכח מזה\b|انس الأمر\b)[\s.!]*$"
    # Chinese, Japanese and Korean write the take-back right after the words before it, with no space
    r"|(?:算了|别记|別記|忘れて|잊어버려|기억하지 마)[\s.!。！]*$",
    re.IGNORECASE,
)
"""A message the user takes back in the same breath: never stored."""


def _share(pattern: re.Pattern[str], text: str) -> float:
    """The share of `text`'s non-space characters inside matches of `pattern`."""
    total = sum(1 for ch in text if not ch.isspace())
    if not total:
        return 0.0
    inside = sum(len(m.group(0).replace(" ", "")) for m in pattern.finditer(text))
    return inside / total


def _mash(text: str) -> bool:
    """Keyboard mash: most Latin words have no vowel or a run of five consonants."""
    words = [w.casefold() for w in _WORD_RE.findall(text) if w.isascii() and len(w) >= 4]
    if not words or len(words) < len(_WORD_RE.findall(text)) / 2:
        return False
    bad = sum(1 for w in words if not (set(w) & _VOWELS) or _MASH_RE.search(w))
    return bad * 2 > len(words)


def _code(text: str) -> bool:
    """Mostly code or a stack trace: a trace in the first half, or code tokens among dense symbols."""
    trace = text.casefold().find(_TRACE)
    if 0 <= trace <= len(text) // 2:
        return True
    symbols = sum(1 for ch in text if ch in _SYMBOLS)
    return symbols * 12 >= len(text) and len(_CODE_RE.findall(text)) >= 3


def _binary(raw: str) -> bool:
    """Binary passed as text: control, replacement or private-use characters in bulk."""
    if not raw:
        return False
    odd = sum(1 for ch in raw if (ord(ch) < 32 and ch not in "\t\n\r") or ch == "\ufffd" or "\ue000" <= ch <= "\uf8ff")
    return odd * 10 > len(raw)


def noise(text: str, raw: str = "") -> str:
    """Why `text` (cleaned and redacted; `raw` as received, when known) is never stored, or "" when it may be."""
    if _binary(raw or text):
        return "binary"
    stripped = text.strip()
    if not stripped:
        return "empty"
    if _share(_MARKER_RE, stripped) >= 0.5:
        return "mostly redacted"
    if _only_a_credential(stripped):
        return "only a credential"
    if _TAKE_BACK_RE.search(stripped):
        return "taken back"
    if _share(_BLOB_RE, stripped) >= 0.5:
        return "an encoded blob"
    if _code(stripped):
        return "code or a stack trace"
    if _mash(stripped):
        return "keyboard mash"
    if not tokenize(stripped):
        return "without a searchable word"  # "had", "the", "👍": nothing recall could ever match
    return ""


CREDENTIAL_WORDS = 6
"""A message with a redacted secret and at most this many other words says nothing but the secret:
"the wifi pass is [REDACTED]", "Remember that the door code is [REDACTED]", "my Netflix login:
anna@example.com / [REDACTED]". Issue 24: such a message is not stored at all (before, it was kept as
"my WiFi password is [REDACTED]", capped below core). One with more to say ("my bank PIN is [REDACTED] and
I bank with ING since 2019") is kept, redacted."""


_ADDRESS_RE = re.compile(r"\S+@\S+|\S+://\S+")


def _only_a_credential(text: str) -> bool:
    """A redaction marker and at most `CREDENTIAL_WORDS` words besides (a run of CJK, Hangul or kana
    counts a word per two characters)."""
    if not _MARKER_RE.search(text):
        return False
    rest = _ADDRESS_RE.sub(" x ", _MARKER_RE.sub(" ", text))  # an address or a user name counts one word
    words = 0
    for word in re.findall(r"[^\W_]+", rest):
        wide = sum(1 for ch in word if ord(ch) >= 0x1100)
        words += (wide + 1) // 2 + (1 if wide < len(word) else 0)
    return words <= CREDENTIAL_WORDS


def core_cap(content: str) -> float:
    """The highest importance `content` may have: `NOT_CORE` when its fact was redacted away or too little is
    left without the markers, else 1."""
    if _MARKER_RE.search(content):
        return NOT_CORE
    if len(_WORD_RE.findall(content)) < MIN_CONTENT_WORDS and not any(ord(ch) >= 0x1100 for ch in content):
        return NOT_CORE
    return 1.0
