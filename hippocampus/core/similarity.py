"""Whether two texts say the same thing, for encoding's reinforce-or-create decision.

`similarity` compares "features": stemmed content words, with words inside a negation scope
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

from hippocampus.core.tokens import _WORD_RE, STOPWORDS, _scan, _split_word, is_cjk, stem

SAME_THRESHOLD = 0.65
"""`similarity` at or above this means two texts say the same thing (see the module docstring)."""

_NEGATORS = {"not", "no", "never", "nor", "without", "neither", "cannot"}
_CONTRASTS = {"over", "than", "instead", "versus", "vs", "unlike"}
_BREAKS = {"but", "however", "although", "though", "yet", "whereas"}
_META = {
    "remember",
    "forget",
    "note",
    "please",
    "user",
    "actually",
    "really",
    "honestly",
    "rather",
    "think",
    "guess",
    "basically",
    "tell",
    "told",
}
_CONCEPTS = {
    "prefer": "~like",
    "lik": "~like",
    "lov": "~like",
    "enjoy": "~like",
    "favorit": "~like",
    "favourit": "~like",
    "fond": "~like",
    "ador": "~like",
    "hat": "~dislike",
    "dislik": "~dislike",
    "detest": "~dislike",
    "loath": "~dislike",
    "nam": "~name",
    "call": "~name",
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
                base = stem(word)
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
