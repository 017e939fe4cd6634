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

Fact identity (`conflict`): two texts that differ in what distinguishes one fact from another are
never "the same", however many words they share: a number, date or time, an amount or a version
only one of them has where the other has its own ("due in week 12" / "due in week 33"; numbers count
as a multiset, so "project 0, week 12" / "project 12, week 12" swap one, and in order: a text with two
numbers or more has one more feature, their sequence "3>4", so "process 3, number 4" / "process 4,
number 3" swap one), a name
swapped for another, a month or weekday swapped for another, a statement and its negation ("I eat
meat" / "I don't eat meat"), or a different person as the subject ("my son" / "my daughter"). Such
a pair has similarity 0; whether the newer one *updates* the older is `core.facts`' question.
A text that only adds a distinguisher the other lacks ("my flight is on 12 March" / "my flight to
Berlin is on 12 March") is not a conflict: it says the same with more detail.
"""

from __future__ import annotations

import math
import re

from hippocampus.core.tokens import STOPWORDS, WORD_RE, _scan, _split_word, is_cjk, stem

SAME_THRESHOLD = 0.65
"""`similarity` at or above this means two texts say the same thing (see the module docstring)."""

PROFILE_VERSION = 3
"""The version of what `profile` and the search fields compute. Every memory row stores its profile
(`mem.prof`) and posts it in the feature index, and its words as `tokens.tokenize` cut them (`fts`), so a
stored profile must come from the same code as a new text's, or the two are compared on different
features. Bump this whenever `features`, `names` or `tokenize` change what they return (1: before numbers
were a multiset with their order, `12#2` and `3>4`; 2: before French and Italian elisions were split and
"grandma" read as grandmother; 3: since): a store records the version its profiles were computed with
(`meta.profileVersion`), and `store.reprofile` rebuilds them, and the search fields, when it is behind."""

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
_LIKE_WORDS = """gusta gustan encanta encantan adoro adora adoras gosto gosta gostam piace piacciono mag mögen gern
    liebe люблю любит нравится"""
_DISLIKE_WORDS = "odio odeio hasse déteste ненавижу"
_MOTHER_WORDS = "mum mom mummy mommy mama mamma"
_FATHER_WORDS = "dad daddy papa"
_GRANDMOTHER_WORDS = "grandma granny grandmom grandmum"
_GRANDFATHER_WORDS = "grandpa granddad grandad"
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
    "surnam": "~name",  # "I had my manager's surname wrong" is about the name
    # liking in the other supported languages with a verb of their own (es, pt, it, de, ru; not French
    # "aime": its stem is English "aim"); one person by several words (still a relation, `RELATIONS`)
    **{stem(w): "~like" for w in _LIKE_WORDS.split()},
    **{stem(w): "~dislike" for w in _DISLIKE_WORDS.split()},
    **{stem(w): "mother" for w in _MOTHER_WORDS.split()},
    **{stem(w): "father" for w in _FATHER_WORDS.split()},
    **{stem(w): stem("grandmother") for w in _GRANDMOTHER_WORDS.split()},
    **{stem(w): stem("grandfather") for w in _GRANDFATHER_WORDS.split()},
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


_ORDINAL_RE = re.compile(r"^(\d+)(?:st|nd|rd|th|er|e|º|ª)$")
"""21st, 3rd, 1er, 2e: the number itself (one date written two ways is one date)."""
_FEATURE_RE = re.compile(WORD_RE.pattern + r"|[.,;:!?()\[\]…，。；：！？（）]")
_NEGATE, _BREAK, _CONTRAST, _META_WORD, _STOP, _PUNCT = range(6)
_ROLES: dict[str, int] = {
    **{w: _STOP for w in STOPWORDS},
    **{w: _META_WORD for w in _META},
    **{w: _CONTRAST for w in _CONTRASTS},
    **{w: _BREAK for w in _BREAKS},
    **{w: _NEGATE for w in _NEGATORS},
    **{p: _PUNCT for p in ".,;:!?()[]…，。；：！？（）"},
}


def _numbered(number: str, seen: set[str]) -> str:
    """A number's feature, with its occurrence when the text already said it ("12", then "12#2"): numbers
    are compared as multisets, so "project 0 … week 12" and "project 12 … week 12" swap a value."""
    if number not in seen and "!" + number not in seen:
        return number
    count = 2
    while f"{number}#{count}" in seen or f"!{number}#{count}" in seen:
        count += 1
    return f"{number}#{count}"


def features(text: str) -> frozenset[str]:
    """The comparable content of a text for `similarity` (stems, concepts, negation marks, CJK bigrams)."""
    out: set[str] = set()
    order: list[str] = []
    negated = fresh = contrast = preferring = False
    for token in _scan(_FEATURE_RE, text):
        if token[0] >= "\u1100" and is_cjk(token[0]):
            _cjk_features(token, negated, out)
            continue
        for word in _split_word(token) if ("'" in token or "’" in token) else (token,):
            role = _ROLES.get(word)
            if role is None:
                ordinal = _ORDINAL_RE.match(word) if word[0].isdigit() else None
                base = ordinal.group(1) if ordinal else stem(word)
                concept = _CONCEPTS.get(base, base)
                if concept[0].isdigit():
                    order.append(concept)
                    concept = _numbered(concept, out)
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
    if len(set(order)) > 1:  # their order: "process 3 … number 4" / "process 4 … number 3" swap values
        out.add(">".join(order))
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


_MONTH_LIST = """january february march april may june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec"""
_MONTHS = frozenset(_MONTH_LIST.split())
_WEEKDAY_LIST = "monday tuesday wednesday thursday friday saturday sunday"
_WEEKDAYS = frozenset(_WEEKDAY_LIST.split())
_RELATION_LIST = """sister brother wife husband partner spouse boyfriend girlfriend fiance fiancee mom mum mother
    dad father son daughter cousin aunt uncle grandma grandpa grandmother grandfather boss manager friend
    colleague coworker teacher doctor therapist roommate neighbour neighbor niece nephew coach physio dentist barber
    tutor mentor landlord landlady godfather godmother teammate classmate"""
RELATIONS = frozenset(stem(w) for w in _RELATION_LIST.split())
"""People named by their role to the user (stems): "my coach", "my sister". `core.claims` reads them as subjects."""


def numbers(feats: frozenset[str]) -> frozenset[str]:
    """The numbers among a text's features (dates, amounts, versions, ids): two texts whose numbers are
    disjoint are in `conflict`, which lets candidate lookups skip them (`core.candidates`)."""
    return frozenset(f for f in feats if f[0].isdigit())


def _kinds(feats: frozenset[str]) -> tuple[set[str], set[str], set[str], set[str]]:
    """The distinguishing features of a feature set: numbers, months, weekdays and relations (positive only)."""
    numbers, months, days, relations = set(), set(), set(), set()
    for f in feats:
        if f[0].isdigit():
            numbers.add(f)
        elif f in _MONTHS:
            months.add(f)
        elif f in _WEEKDAYS:
            days.add(f)
        elif f in RELATIONS:
            relations.add(f)
    return numbers, months, days, relations


def people(p: Profile) -> frozenset[str]:
    """The people a text is about, by relation ("son", "wife", "manag"...)."""
    return frozenset(f for f in p[0] if f in RELATIONS)


def _swapped(a: set[str], b: set[str]) -> bool:
    """Each side has a member the other lacks: one value was replaced by another."""
    return bool(a - b) and bool(b - a)


def conflict(a: Profile, b: Profile) -> bool:
    """True when the two texts differ in a distinguisher (see the module docstring): different facts."""
    fa, fb = a[0], b[0]
    for left, right in zip(_kinds(fa), _kinds(fb), strict=True):
        if _swapped(left, right):
            return True
    names_a = {n for n in a[1] if n not in fb}
    names_b = {n for n in b[1] if n not in fa}
    if names_a and names_b:
        return True
    return any(f[0] == "!" and f[1:] in fb for f in fa) or any(f[0] == "!" and f[1:] in fa for f in fb)


def profile_similarity(a: Profile, b: Profile) -> float:
    """`feature_similarity`, or 0 for texts in `conflict` (it only lowers it, so `required_shared` still holds)."""
    value = feature_similarity(a[0], b[0])
    return 0.0 if not value or conflict(a, b) else value


def similarity(a: str, b: str) -> float:
    """How much two texts say the same thing, in [0, 1]; `SAME_THRESHOLD` and above means "same"."""
    if a.strip() and a.strip().casefold() == b.strip().casefold():
        return 1.0
    return profile_similarity(profile(a), profile(b))
