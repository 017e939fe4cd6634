"""Fact identity: whether a new statement *updates* an earlier one (the older becomes history).

"The same thing" is `similarity` (which already keeps apart texts in `similarity.conflict`: another
number, date, name, negation or person). This module answers the next question for a new statement
that is not the same as any memory: does it replace one? Offline rules, right in general:

- **Short statements only.** Both texts hold at most `MAX_WORDS` words: a long message states many
  things, and superseding it would hide the rest. (Where an LLM is configured it may judge more.)
- **Subjects must agree.** Each statement's subject is the content before its first copula ("my
  flight to Berlin" in "my flight to Berlin is on 21 March"; "project 3704" in "project 3704 is due
  in week 12"), less cue words ("new", "now"); and the people it is about ("my son" / "my
  daughter") must be the same. Two statements whose subjects differ are different facts, never an
  update: "project 706 is due in week 33" does not replace "project 3704 is due in week 12".
- A statement updates an earlier one when, with agreeing subjects, one of these holds:
  1. it names the earlier value as left behind ("not 5", "not my wife", "switched from 1Password",
     "instead of X", "no longer X") and has a cue or shares the topic (see 4);
  2. both fill the same slot about the user with another value: where they live ("I live in",
     "I moved to"), work ("I work at", "I joined"), their name, age, diet, allergies, or "my
     favourite <thing> is";
  3. the same subject takes a conflicting value (`similarity.conflict`: another number, date,
     name): "my son is 15" after "my son is 5", "my dentist appointment is on Thursday";
  4. it carries an update cue ("actually", "now", "moved to", "switched to", "upgraded to", "any
     more", and their equivalents in the supported languages) and shares the topic
     (`KEY_THRESHOLD` of the other's content words, distinguishers left out).
- `probes` are the features encoding looks up to find the candidates (subject words, slot words,
  the values left behind), so finding them costs a few indexed lookups, never a scan.
Pure: no I/O, no clock.
"""

from __future__ import annotations

import re

from hippocampus.core.similarity import Profile, conflict, feature_similarity, features, people, profile
from hippocampus.core.tokens import _WORD_RE

MAX_WORDS = 30
"""Statements longer than this many words are never superseded, nor supersede (see above)."""
KEY_THRESHOLD = 0.3
"""Topic overlap a cue-marked statement needs with the one it updates (content words, values left out)."""

_CUE_WORDS = frozenset(features("new now current currently actually anymore longer instead"))
_COPULA_LIST = "is are was were am ist sind est sont es está están é são è sono"
_COPULA = frozenset(_COPULA_LIST.split())
"""Copulas (English, and unambiguous ones of the other languages: not Spanish \"son\" or German \"war\")."""
_CUE_RE = re.compile(
    r"\b(?:actually|in fact|now|these days|any ?more|no longer|not any more|instead|switched|changed|upgraded|"
    r"downgraded|moved|relocated|correction|i meant|new)\b"
    r"|en realidad|ahora|ya no|me mudé|cambié|na verdade|agora|não .{0,20}mais|mudei|eigentlich|jetzt|nun|"
    r"nicht mehr|umgezogen|gewechselt|en fait|maintenant|ne .{0,20}plus|déménagé|in realtà|adesso|ora |"
    r"non .{0,20}più|trasferit|на самом деле|теперь|сейчас|больше не|переех|其实|實際|实际上|现在|現在|不再|"
    r"搬到|改成|実は|今は|もう|引っ越|사실|이제|더 이상|이사|في الحقيقة|الآن|لم أعد|انتقلت|בעצם|עכשיו|כבר לא|"
    r"עברתי|असल में|अब|aslında|artık|şimdi|taşındım"
)
_LEFT_RE = re.compile(
    r"\b(?:(?:switched|moved|changed|upgraded|downgraded|migrated|relocated|went|converted)(?: \w+)? from"
    r"|instead of|rather than|no longer(?: use| have| eat| drink| work at| live in)?|not)"
    r"\s+((?:my |the |a |an )?[^\W_][\w'.-]*(?: [^\W_][\w'.-]*)?)"
)
_SLOTS: tuple[tuple[str, re.Pattern[str], str], ...] = (
    (
        "place",
        re.compile(r"\bi(?:'m| am)? (?:now |currently |still )?(?:live|living|moved|relocated|based)\b"),
        "live moved relocated based",
    ),
    (
        "work",
        re.compile(
            r"\bi(?:'m| am)? (?:now |currently |still )?(?:work|working|joined|employed)\b|\bmy (?:job|employer)\b"
        ),
        "work joined employed job employer",
    ),
    ("name", re.compile(r"\bmy name is\b|\bcall me\b|\bi(?:'m| am) called\b"), "name call called"),
    ("age", re.compile(r"\bi(?:'m| am) \d+\b|\bi(?:'m| am) (?:now )?\d+ years? old\b"), "years old"),
    (
        "diet",
        re.compile(r"\bi(?:'m| am) (?:not |no longer )?(?:a )?(?:vegetarian|vegan|pescatarian)\b"),
        "vegetarian vegan pescatarian",
    ),
    ("allergy", re.compile(r"\bi(?:'m| am) (?:not |no longer )?allergic to\b"), "allergic"),
)
_FAVOURITE_RE = re.compile(r"\bmy (?:new |current )?(?:favou?rite|fave) ([^\W_]+)")


class Claim:
    """What `updates` compares: the subject's features, the slot, the cue, the values left behind."""

    __slots__ = ("subject", "slot", "cue", "left", "probes", "short")

    def __init__(self, text: str) -> None:
        low = text.casefold().replace("’", "'")
        words = _WORD_RE.findall(low)
        self.short = len(words) <= MAX_WORDS
        self.subject = _subject(low)
        self.slot, slot_words = _slot(low)
        self.cue = bool(_CUE_RE.search(low))
        left = set()
        for match in _LEFT_RE.finditer(low):
            left |= {f.lstrip("!") for f in features(match.group(1))}
        self.left = frozenset(left - _CUE_WORDS)
        topic = {f.lstrip("!") for f in features(text) if not f[0].isdigit()} - _CUE_WORDS if self.cue else set()
        self.probes = tuple(sorted(self.subject | features(slot_words) | self.left | topic))


_CONTRACTED = re.compile(r"(?:it|that|he|she|there|what|who|this|we|they|you)'(?:s|re)$")


def _subject(low: str) -> frozenset[str]:
    """Features of the words before the first copula (cue words left out); empty without a copula.
    "it's" and "we're" are copulas; "my wife's name" is a possessive."""
    for match in _WORD_RE.finditer(low):
        word = match.group(0)
        if word in _COPULA or _CONTRACTED.match(word):
            return frozenset(f for f in features(low[: match.start()]) if f not in _CUE_WORDS and f[0] != "!")
    return frozenset()


def _slot(low: str) -> tuple[str, str]:
    """The slot about the user the statement fills, and the words that find statements of that slot."""
    for name, pattern, words in _SLOTS:
        if pattern.search(low):
            return name, words
    match = _FAVOURITE_RE.search(low)
    if match:
        return "favourite " + match.group(1), "favourite " + match.group(1)
    return "", ""


_MEMO: dict[str, tuple[Claim, Profile]] = {}


def _claim(text: str) -> tuple[Claim, Profile]:
    found = _MEMO.get(text)
    if found is None:
        if len(_MEMO) > 50_000:
            _MEMO.clear()
        found = _MEMO[text] = (Claim(text), profile(text))
    return found


def probes(text: str) -> tuple[str, ...]:
    """The similarity features whose memories may be the ones `text` updates (empty: it updates none)."""
    claim = _claim(text)[0]
    return claim.probes if claim.short else ()


def related_probes(text: str) -> tuple[str, ...]:
    """`probes` plus the content words, for long statements too: the features that find the memories a
    statement may be about, where a judge decides what these rules leave open (`core.verdicts`)."""
    claim, found = _claim(text)
    return tuple(sorted(set(claim.probes) | _key(found)))


def topic_overlap(new: str, old: str) -> float:
    """How much two statements share their topic: `feature_similarity` of their content words (numbers,
    negation marks and cue words left out), the measure rule 4 compares with `KEY_THRESHOLD`."""
    return feature_similarity(_key(_claim(new)[1]), _key(_claim(old)[1]))


def _key(p: Profile) -> frozenset[str]:
    """Content words without numbers, negation marks or cue words (names stay: "Postgres" is a topic)."""
    return frozenset(f.lstrip("!") for f in p[0] if not f[0].isdigit() and f.lstrip("!") not in _CUE_WORDS)


def updates(new: str, old: str) -> bool:
    """True when the statement `new` replaces the earlier statement `old` (rules in the module docstring)."""
    a, pa = _claim(new)
    b, pb = _claim(old)
    if not (a.short and b.short) or new.strip().casefold() == old.strip().casefold():
        return False
    if a.subject and b.subject and a.subject != b.subject:
        return False
    people_a, people_b = people(pa), people(pb)
    topical = topic_overlap(new, old) >= KEY_THRESHOLD
    named = a.left & pb[0]
    if named and (people_a == people_b or named & people_b) and (a.cue or topical):
        return True  # 1: "not my wife", "switched from 1Password", "not 5"
    if people_a != people_b:
        return False
    if a.slot and a.slot == b.slot:
        return True  # 2
    if a.subject and a.subject == b.subject and conflict(pa, pb):
        return True  # 3
    return a.cue and topical  # 4
