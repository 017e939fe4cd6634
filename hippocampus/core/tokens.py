"""Search tokens for capture and search: tokenising, stemming and keywords (CJK included).

Cleaning lives in `clean.py`, redaction in `redact.py` and "says the same thing" in `similarity.py`.
Pure and stdlib-only, like the rest of `core/`.

Decisions worth knowing:
- `tokenize` keeps the negations (not, no, never, nor, without) as tokens: they are cheap, BM25's
  IDF discounts them, and a query such as "what does the user never eat" can use them.
"""

from __future__ import annotations

import re

_CJK_RANGES = (
    (0x1100, 0x11FF),
    (0x3005, 0x3007),
    (0x3040, 0x30FF),
    (0x3130, 0x318F),
    (0x31F0, 0x31FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7AF),
    (0xF900, 0xFAFF),
    (0xFF66, 0xFF9F),
    (0x20000, 0x3134F),
)
"""Han, kana and Hangul. Checked in Python: a regex class of these ranges is slow to compile."""
MARK = r"[\u0300-\u036f\u0591-\u05c7\u064b-\u065f\u0670\u0900-\u0dff]"
"""A combining mark (Devanagari and other Indic vowel signs, Hebrew points, Arabic harakat), which `\\w` leaves out."""
_LETTER = rf"(?:[^\W_]|{MARK})"
"""A word character: a letter or digit, or a combining mark (`MARK`), which would otherwise split "पसंद" into
pieces."""
WORD_RE = re.compile(rf"{_LETTER}+(?:['’]{_LETTER}+)*")
"""A word, apostrophes inside it kept ("don't", "j'habite"): what `core.claims` counts and splits."""

_STOPWORD_LIST = """a about above after again against all also am an and any are as at be because been before
    being below between both but by can could d did do does doing down during each even ever every few for
    from further had has have having he her here hers herself him himself his how i if in into is it its
    itself just let ll m may me might more most much must my myself of off on once only or other our ours
    ourselves out over own re s same shall she should so some still such t than that the their theirs them
    themselves then there these they this those through to too under until up us ve very was we were what
    when where which while who whom why will with would you your yours yourself yourselves"""
STOPWORDS = frozenset(_STOPWORD_LIST.split())
"""Compact English stopword list; negations are deliberately not in it (see the module docstring)."""

_CLITICS = {"s", "re", "ll", "ve", "d", "m"}
_ELISIONS = frozenset(
    ["l", "d", "j", "m", "t", "s", "n", "c", "qu", "lorsqu", "puisqu", "jusqu", "dell", "all", "dall", "nell"]
    + ["sull", "un", "quell"]
)
"""French and Italian elided words before an apostrophe ("j'habite", "l'anniversaire", "dell'anno"): the word
is what follows, so "j'habite" is found by "habite"."""
_NT_BASES = {"ca": "can", "wo": "will", "sha": "shall"}


def word_set(text: str) -> frozenset[str]:
    """A word list written as one string ("not non pas nicht"), as a set: how the rule modules spell theirs."""
    return frozenset(text.split())


def _split_word(word: str) -> list[str]:
    """A casefolded word with apostrophes → its parts: "don't" → do, not; "sister's" → sister."""
    if "'" not in word and "’" not in word:
        return [word]
    word = word.replace("’", "'")
    if word.endswith("n't"):
        base = word[:-3]
        return [_NT_BASES.get(base, base), "not"]
    head, _, tail = word.partition("'")
    if tail in _CLITICS:
        return [head]
    if head in _ELISIONS and tail:
        return _split_word(tail)
    return [word.replace("'", "")]


_SUFFIXES = (
    "ization",
    "ation",
    "ement",
    "ment",
    "ness",
    "less",
    "ful",
    "enc",
    "anc",
    "abl",
    "ibl",
    "ity",
    "ous",
    "ism",
    "ist",
    "al",
    "ly",
)
_STEMS: dict[str, str] = {}


def stem(word: str) -> str:
    """Light, deterministic Porter-like stem: prefers/preferred/preference → prefer, coffee/coffees → coff."""
    cached = _STEMS.get(word)
    if cached is not None:
        return cached
    result = _stem(word)
    if len(_STEMS) < 200_000:
        _STEMS[word] = result
    return result


def _stem(w: str) -> str:
    """The stemming rules; only plain ASCII words longer than three letters are touched."""
    if len(w) <= 3 or not w.isascii() or not w.isalpha():
        return w
    if w.endswith("sses") or (w.endswith("ies") and len(w) > 4):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    for suffix in ("ing", "ed"):
        if w.endswith(suffix):
            base = w[: -len(suffix)]
            if len(base) >= 3 and any(c in "aeiouy" for c in base):
                if base[-1] == base[-2] and base[-1] not in "aeiouylsz":
                    base = base[:-1]
                w = base
            break
    if w.endswith("e") and len(w) > 3:
        w = w[:-1]
    for _ in range(2):
        for suffix in _SUFFIXES:
            if w.endswith(suffix) and len(w) - len(suffix) >= (5 if suffix == "ly" else 4):
                w = w[: -len(suffix)]
                break
        else:
            break
    if w.endswith("e") and len(w) > 3:
        w = w[:-1]
    if w.endswith("y") and len(w) > 3 and w[-2] not in "aeiou":
        w = w[:-1] + "i"
    return w


def _cjk_grams(run: str) -> list[str]:
    """Unigrams plus overlapping bigrams of a CJK run."""
    out: list[str] = []
    last = len(run) - 1
    for i, ch in enumerate(run):
        out.append(ch)
        if i < last:
            out.append(run[i : i + 2])
    return out


def is_cjk(ch: str) -> bool:
    """True for a Han, Hiragana, Katakana or Hangul character (scripts written without spaces)."""
    code = ord(ch)
    return code >= 0x1100 and any(low <= code <= high for low, high in _CJK_RANGES)


def count_cjk(text: str) -> int:
    """Number of CJK characters in `text`."""
    if not text or max(text) < "\u1100":
        return 0
    return sum(1 for ch in text if is_cjk(ch))


def _scan(pattern: re.Pattern[str], text: str) -> list[str]:
    """Casefolded matches of `pattern`, with words that mix CJK and other letters split into pure runs."""
    folded = text.casefold()
    tokens: list[str] = pattern.findall(folded)
    if not folded or max(folded) < "\u1100":
        return tokens
    out: list[str] = []
    for token in tokens:
        if max(token) < "\u1100":
            out.append(token)
            continue
        start, kind = 0, is_cjk(token[0])
        for i in range(1, len(token)):
            if is_cjk(token[i]) != kind:
                out.append(token[start:i])
                start, kind = i, not kind
        out.append(token[start:])
    return out


def tokenize(text: str) -> list[str]:
    """Search tokens: casefolded, stopwords dropped, stemmed; CJK runs as unigrams plus bigrams."""
    out: list[str] = []
    append = out.append
    for word in _scan(WORD_RE, text):
        if word in STOPWORDS:
            continue
        if word[0] >= "\u1100" and is_cjk(word[0]):
            out.extend(_cjk_grams(word))
        elif "'" in word or "’" in word:
            out.extend(stem(part) for part in _split_word(word) if part and part not in STOPWORDS)
        else:
            stemmed = _STEMS.get(word)
            append(stemmed if stemmed is not None else stem(word))
    return out


_CJK_COMMON = set("我的是了在你他她们这那个不也就都和很吗呢吧啊")


def keywords(text: str, n: int = 6) -> list[str]:
    """Up to n distinctive words of `text` (surface forms, one per stem), most frequent and longest first."""
    seen: dict[str, tuple[int, int, int, str]] = {}  # stem → (count, length, first position, surface)
    position = 0
    for token in _scan(WORD_RE, text):
        if is_cjk(token[0]):
            candidates = [g for g in _cjk_grams(token) if len(g) == 2 and not (set(g) & _CJK_COMMON)]
            if len(token) == 1 and token not in _CJK_COMMON:
                candidates = [token]
        else:
            candidates = [p for p in _split_word(token) if p not in STOPWORDS]
        for word in candidates:
            if len(word) < 2 and word.isascii():
                continue
            key = stem(word)
            count, length, first, surface = seen.get(key, (0, len(word), position, word))
            seen[key] = (count + 1, length, first, surface)
            position += 1
    ranked = sorted(seen.values(), key=lambda item: (-item[0], -min(item[1], 12), item[2]))
    return [item[3] for item in ranked[: max(n, 0)]]


def agent_forms(words: frozenset[str]) -> set[str]:
    """The doer's noun of each verb stem and the verb of each doer's noun ("smok" / "smoker", "run" /
    "runner", "drink" / "drinker"): a correction says what the older statement said in another form ("I no
    longer smoke" / "I'm a smoker"), and `core.facts.is_update` takes it (`derived`); these find that statement."""
    out: set[str] = set()
    for w in words:
        if w[:1].isdigit() or len(w) < 3:
            continue
        if w.endswith("er") and len(w) >= 6:
            out |= {w[:-2], w[:-3]} if w[-3] == w[-4] else {w[:-2]}
        else:
            out |= {w + "er", w + w[-1] + "er"} if len(w) <= 4 else {w + "er"}
    return out


def derived(words: frozenset[str], others: frozenset[str]) -> frozenset[str]:
    """Of `words`, those one of `others` is, or derives from or into ("smok" / "smoker", "runn" / "runner"):
    the shorter opens the longer and has four letters at least. A correction cue with such a word
    shares its topic ("I no longer smoke" / "I'm a smoker"); numbers are left out."""
    return frozenset(
        w
        for w in words
        for o in others
        if (w == o or min(len(w), len(o)) >= 4 and (w.startswith(o) or o.startswith(w))) and not w[0].isdigit()
    )


def name_words(text: str) -> frozenset[str]:
    """The words (casefolded) said with a capital inside a sentence, after a word in lower case and before another
    capitalised one: parts of a name ("at [Notre] Dame", "in [Mon] Repos"), whatever they mean alone."""
    words = WORD_RE.findall(text)
    return frozenset(
        w.casefold()
        for before, w, after in zip(words, words[1:], words[2:], strict=False)
        if before[:1].islower() and w[:1].isupper() and after[:1].isupper() and w != "I"
    )
