"""Text handling for capture and search: cleaning, secret redaction, tokenising and similarity.

Pure and stdlib-only (re, unicodedata) because it sits on the per-request hook path.

Decisions worth knowing:
- `tokenize` keeps the negations (not, no, never, nor, without) as tokens: they are cheap, BM25's
  IDF discounts them, and a query such as "what does the user never eat" can use them.
- `similarity` compares "features": stemmed content words, with words inside a negation scope
  ("not coffee", "I don't like coffee") or after a contrast ("tea over coffee", "tea than coffee")
  marked as negated, a tiny synonym map (prefer/like/love/favourite → one concept, name/call → one),
  and CJK character bigrams. The score is 0.4 × overlap coefficient + 0.6 × Dice. `SAME_THRESHOLD`
  (0.65) sits between the calibration pairs in tests/test_text.py: paraphrases score ≥ 0.85,
  topic-sharing pairs ("my sister's name is Alma" / "my sister Alma lives in Berlin") ≈ 0.61 and
  unrelated ones < 0.4. A single shared feature halves the score (a shared topic is not a shared
  statement), so "the same" always needs two shared features unless both texts have only one;
  `required_shared` turns that into the bound encoding uses to look up candidates quickly.
  Names (capitalised words inside a sentence) swapped for other names lower the score
  (`name_factor`): a long request that differs only in the author it names is another request.
"""

from __future__ import annotations

import math
import re
import unicodedata

SAME_THRESHOLD = 0.65
"""`similarity` at or above this means two texts say the same thing (see the module docstring)."""

_CJK_RANGES = (
    (0x1100, 0x11FF), (0x3005, 0x3007), (0x3040, 0x30FF), (0x3130, 0x318F), (0x31F0, 0x31FF),
    (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xAC00, 0xD7AF), (0xF900, 0xFAFF), (0xFF66, 0xFF9F),
    (0x20000, 0x3134F),
)
"""Han, kana and Hangul. Checked in Python: big ranges in a regex class cost ~10 ms to compile per process."""
_WORD_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_WS_RE = re.compile(r"\s+")
_KEEP_FORMAT = {"\u200c", "\u200d"}  # ZWNJ/ZWJ: needed by emoji sequences and Persian/Indic text

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
_NT_BASES = {"ca": "can", "wo": "will", "sha": "shall"}


def clean(text: str, limit: int = 2000) -> str:
    """Make text safe to store: NFC, no control/format/junk characters, one-line whitespace, ≤ limit chars."""
    if not isinstance(text, str):
        text = str(text)
    budget = max(limit, 0) * 4 + 4096
    cut_early = len(text) > budget
    if cut_early:
        text = text[:budget]  # huge input: only what can survive truncation is worth the work
    text = _WS_RE.sub(" ", text)
    if not text.isprintable() or "\ufffd" in text:
        text = _WS_RE.sub(" ", "".join(_filter_char(ch) for ch in text))
    text = unicodedata.normalize("NFC", text).strip()
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


# --- redaction -------------------------------------------------------------------------------

_SECRET_WORDS = (
    r"(?:password|passwd|passphrase|passcode|pwd|secret|token|api[_-]?key|apikey|access[_-]?key"
    r"|auth[_-]?key|private[_-]?key|client[_-]?secret|credentials?)"
)
_VALUE = r"(?!\[REDACTED)(?:\"[^\"]*\"|'[^']*'|\S+)"
_PATTERNS: tuple[tuple[tuple[str, ...], re.Pattern[str], str], ...] = (
    (
        ("private key",),
        re.compile(
            r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----.*?"
            r"(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|\Z)",
            re.S,
        ),
        "[REDACTED:private-key]",
    ),
    (("://",), re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://[^\s:/@]+:)[^\s@/]+(@)"), r"\1[REDACTED]\2"),
    (
        ("authorization",),
        re.compile(
            r"(?i)\b((?:proxy-)?authorization\s*[\"']?\s*[:=]\s*[\"']?(?:(?:bearer|basic|token|digest)\s+)?)"
            r"(?!\[REDACTED)[^\s\"',;]+"
        ),
        r"\1[REDACTED:auth]",
    ),
    (  # a token has a digit or is long: "the bearer instrument" stays prose
        ("bearer",),
        re.compile(r"(?i)\b(bearer\s+)(?:(?=[A-Za-z\-._~+/]*\d)[A-Za-z0-9\-._~+/]{8,}|[A-Za-z0-9\-._~+/]{20,})=*"),
        r"\1[REDACTED:bearer]",
    ),
    (("sk-",), re.compile(r"(?<![\w-])sk-[A-Za-z0-9_\-]{16,}"), "[REDACTED:api-key]"),
    (("k_live_", "k_test_"), re.compile(r"(?<![\w-])[rsp]k_(?:live|test)_[A-Za-z0-9]{16,}"), "[REDACTED:api-key]"),
    (("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
     re.compile(r"(?<![\w-])(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})"),
     "[REDACTED:github]"),
    (("akia", "asia", "abia", "acca", "agpa", "aida", "aipa", "anpa", "anva", "aroa"),
     re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA)[A-Z0-9]{16}"
                       r"(?![A-Z0-9])"), "[REDACTED:aws]"),
    (("xox",), re.compile(r"(?<![\w-])xox[abposr]-[A-Za-z0-9-]{10,}"), "[REDACTED:slack]"),
    (("hooks.slack.com",), re.compile(r"https://hooks\.slack\.com/services/\S+"), "[REDACTED:slack]"),
    (("aiza",), re.compile(r"(?<![\w-])AIza[0-9A-Za-z_\-]{30,}"), "[REDACTED:google]"),
    (("eyj",), re.compile(r"(?<![\w-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*"), "[REDACTED:jwt]"),
    (
        ("pass", "pwd", "secret", "token", "key", "credential"),
        re.compile(
            rf"(?i)({_SECRET_WORDS}s?(?:[_.-][\w.-]*)?[\"']?\s*(?:[:=]|=>|:=)\s*){_VALUE}"
        ),
        r"\1[REDACTED]",
    ),
    (("pass", "pwd"), re.compile(rf"(?i)\b((?:password|passwd|passcode|pwd|passphrase)\s+(?:is|was)\s+){_VALUE}"),
     r"\1[REDACTED]"),
    (("密", "口令", "令牌", "码", "碼"),
     re.compile(r"((?:密码|口令|密钥|令牌|密碼|驗證碼|验证码)\s*(?:[:：=]|是|为|為)\s*)(?!\[REDACTED)[^\s，。；！？、,;]+"),
     r"\1[REDACTED]"),
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


# --- tokens ----------------------------------------------------------------------------------


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
    return [word.replace("'", "")]


_SUFFIXES = ("ization", "ation", "ement", "ment", "ness", "less", "ful", "enc", "anc", "abl", "ibl",
             "ity", "ous", "ism", "ist", "al", "ly")
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
    for word in _scan(_WORD_RE, text):
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
    for token in _scan(_WORD_RE, text):
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


# --- similarity ------------------------------------------------------------------------------

_NEGATORS = {"not", "no", "never", "nor", "without", "neither", "cannot"}
_CONTRASTS = {"over", "than", "instead", "versus", "vs", "unlike"}
_BREAKS = {"but", "however", "although", "though", "yet", "whereas"}
_META = {"remember", "forget", "note", "please", "user", "actually", "really", "honestly", "rather",
         "think", "guess", "basically", "tell", "told"}
_CONCEPTS = {
    "prefer": "~like", "lik": "~like", "lov": "~like", "enjoy": "~like", "favorit": "~like",
    "favourit": "~like", "fond": "~like", "ador": "~like", "hat": "~dislike", "dislik": "~dislike",
    "detest": "~dislike", "loath": "~dislike", "nam": "~name", "call": "~name",
}
_PREFERRING = {"~like", "~dislike", "choos", "chos", "chose", "pick", "want", "rather"}
_CJK_NEGATORS = set("不没沒别別未勿")  # not 非 or 无: 非常 is "very", 无论 "whatever"


def _cjk_features(run: str, negated: bool, out: set[str]) -> None:
    """Bigrams of a CJK run; text after a negation character (不, 没, 别…) is marked negated."""
    segment = ""
    for ch in run + "不":  # the sentinel flushes the last segment
        if ch not in _CJK_NEGATORS:
            segment += ch
            continue
        mark = "!" if negated else ""
        if len(segment) == 1:
            out.add(mark + segment)
        out.update(mark + segment[i : i + 2] for i in range(len(segment) - 1))
        segment = ""
        negated = not negated


_FEATURE_RE = re.compile(_WORD_RE.pattern + r"|[.,;:!?()\[\]…，。；：！？（）]")
_NEGATE, _BREAK, _CONTRAST, _META_WORD, _STOP, _PUNCT = range(6)
_ROLES: dict[str, int] = {
    **{w: _STOP for w in STOPWORDS},
    **{w: _META_WORD for w in _META},
    **{w: _CONTRAST for w in _CONTRASTS},
    **{w: _BREAK for w in _BREAKS},
    **{w: _NEGATE for w in _NEGATORS},
    **{p: _PUNCT for p in ".,;:!?()[]…，。；：！？（）"},
}


def features(text: str) -> frozenset[str]:
    """The comparable content of a text for `similarity` (stems, concepts, negation marks, CJK bigrams)."""
    out: set[str] = set()
    negated = fresh = contrast = preferring = False
    for token in _scan(_FEATURE_RE, text):
        if token[0] >= "\u1100" and is_cjk(token[0]):
            _cjk_features(token, negated, out)
            continue
        for word in _split_word(token) if ("'" in token or "’" in token) else (token,):
            role = _ROLES.get(word)
            if role is None:
                base = _STEMS.get(word) or stem(word)
                concept = _CONCEPTS.get(base, base)
                preferring = preferring or concept in _PREFERRING
                out.add("!" + concept if negated != contrast else concept)
                contrast = fresh = False
            elif role == _STOP:
                continue
            elif role == _NEGATE:
                negated, fresh = not negated, True
            elif role in (_PUNCT, _BREAK):
                negated = fresh = contrast = preferring = False
            elif role == _CONTRAST:
                contrast = contrast or word != "over" or preferring  # "tea over coffee": only the next word
            else:  # meta words ("remember", "please", "rather"): no content of their own
                preferring = preferring or word == "rather"
                if fresh:  # "don't forget …" is not a negation of what follows
                    negated = fresh = False
    return frozenset(out)


def feature_similarity(a: frozenset[str], b: frozenset[str]) -> float:
    """Similarity of two feature sets: 0.4 × overlap coefficient + 0.6 × Dice, halved on a single shared feature."""
    if not a or not b:
        return 0.0
    shared = len(a & b)
    if not shared:
        return 0.0
    value = 0.4 * shared / min(len(a), len(b)) + 0.6 * 2.0 * shared / (len(a) + len(b))
    if shared == 1 and max(len(a), len(b)) > 1:
        value *= 0.5  # one shared word is a shared topic, not the same statement
    return value


def required_shared(a: int, b: int) -> int:
    """Fewest shared features two sets of sizes a and b need to reach `SAME_THRESHOLD` (may exceed min(a, b))."""
    if a <= 0 or b <= 0:
        return 1 << 30
    if a == 1 and b == 1:
        return 1
    per_feature = 0.4 / min(a, b) + 1.2 / (a + b)
    return max(2, math.ceil(SAME_THRESHOLD / per_feature - 1e-9))


_NAME_SCAN_RE = re.compile(r"[^\W_]+|[.!?:;\"“”]")


def names(text: str) -> frozenset[str]:
    """Feature forms of the capitalised words that do not open a sentence: likely names ("Alma", "Kyoto")."""
    out: set[str] = set()
    opening = True
    for token in _NAME_SCAN_RE.findall(text):
        if not token[0].isalnum():
            opening = True
            continue
        if not opening and token[0].isupper():
            word = token.casefold()
            if word not in _ROLES:
                base = stem(word)
                out.add(_CONCEPTS.get(base, base))
        opening = False
    return frozenset(out)


Profile = tuple[frozenset[str], frozenset[str]]
"""What `similarity` compares: (features, names) of one text."""


def profile(text: str) -> Profile:
    """The features and names of a text, computed once so many comparisons can reuse them."""
    return features(text), names(text)


def name_factor(a: Profile, b: Profile) -> float:
    """0.8 per name swapped for another: "ideas inspired by Keiko Sena" is not "… by Miwa Nakaya"."""
    only_a = sum(1 for name in a[1] if name not in b[0])
    only_b = sum(1 for name in b[1] if name not in a[0])
    return 0.8 ** min(only_a, only_b)


def profile_similarity(a: Profile, b: Profile) -> float:
    """`feature_similarity` lowered by `name_factor` (which only lowers it, so `required_shared` still holds)."""
    value = feature_similarity(a[0], b[0])
    return value * name_factor(a, b) if value else 0.0


def similarity(a: str, b: str) -> float:
    """How much two texts say the same thing, in [0, 1]; `SAME_THRESHOLD` and above means "same"."""
    if a.strip() and a.strip().casefold() == b.strip().casefold():
        return 1.0
    return profile_similarity(profile(a), profile(b))
