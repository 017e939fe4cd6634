"""The cue-led route to "same attribute + update" (`core.facts.is_update`), beside the structural one.

Nine passes of grammar rules (frames that align, slots) each raised the set they were shown and moved a new
blind set not at all: the rules fit the phrasings they saw. Most corrections they missed say plainly that they
correct ("scratch that", "moved … to", "actually", "ditched", "not … anymore"), name the thing the older fact is
about, and give it another value, in a frame of their own ("they moved my dentist check-up to 21 November" /
"Dentist check-up is on 14 November at 3pm"). So this route asks four things, none of them a frame:

(a) the newer carries a correction or update cue (`core.cues`, by kind, in the supported languages), a weak
    one only if it sets the newer against the past ("now", "actually"), not if it only says a thing is
    recent ("there's a new cafe on Main St" / "My favourite cafe is Lola on Main St": `cues.NOVELTY`);
(b) the two are about one thing: they share an *anchor* (`anchor`), a content word or a derived form
    (`tokens.derived`) beyond the cue words, the values, the units said after a number ("km", "times"), the
    speaker and the people by role; or both values are of one closed class (`CLASSES`: a diet, a status);
(c) a value changes, one of a kind for one of that kind (`changed`): each says a number, a date, a name or a
    class word the other does not; one number at most is left behind (a correction changes one value: "Step
    [4|5] of part [2|1]" is another step), not a name and a number both (`two_values`: two flights), and not
    as one more ("… too", `cues.ADDS`, unless a correction cue says so);
(d) the subjects are compatible: `Claim.people_compatible` (the caller), no person by role the older does not
    name where the older names none ("my brother's hourly rate is 55 euros now" / "My hourly rate is 40
    euros"), and the caller's `another_subject` and `kinds.other_things` ("the canteen is on the 2nd floor" /
    "my office is on the 5th floor").

The embedding model is left out: this anchor alone measured well (BENCHMARKS, tenth pass), absolute cosine did
not separate corrections from look-alikes in the third pass, and the pure core cannot load it. Pure: no I/O.
"""

from __future__ import annotations

import re

from hippocampus.core import claims, date_words, slots
from hippocampus.core.claims import Claim
from hippocampus.core.similarity import features
from hippocampus.core.tokens import derived, stem

WEEKDAYS = features(
    """monday tuesday wednesday thursday friday saturday sunday montag dienstag mittwoch donnerstag freitag samstag
    sonntag lunes martes miércoles jueves viernes sábado domingo lundi mardi mercredi jeudi vendredi samedi dimanche
    lunedì martedì mercoledì giovedì venerdì sabato domenica segunda terça quarta quinta sexta"""
)
"""A day of the week in the supported languages written in the Latin script, as features: a date's value."""
MONTH_NAMES = features(" ".join(date_words.MONTHS)) | slots.MONTHS
"""A month in the supported languages written in the Latin script (`core.date_words`), as features."""
CLASSES = {
    "diet": features(" ".join(slots.DIETS) + " veggie"),
    "status": features(" ".join(slots.STATUSES)),
}
"""Closed classes of a value one holds one at a time (`core.slots`): two values of one class are one attribute,
though they share no word ("not veggie anymore … pescatarian" / "I'm vegetarian")."""
_UNIT = re.compile(r"(?<![\d:])\d[\d.,]*(?![\d:])\s+(?:a |an |per )?([^\W\d_]+)")
"""The word said after a number: its unit ("5 km", "2 times a week", "£30 a month"; not a time's: "the 7:15 train")."""


_DIGITS = {stem(word): digit for word, digit in slots.NUMBER_WORDS.items()}
"""A number word's feature as its digits ("four" = "4"), in the supported languages (`slots.NUMBER_WORDS`)."""


def said(claim: Claim) -> frozenset[str]:
    """The features a statement says as its own, a number word also as its digits ("four" is "4"); not the values
    it leaves behind ("from Verizon to Mint", "Non da Malpensa: …"): those are the older's."""
    feats = claim.features - claim.left
    return feats | frozenset(_DIGITS[f] for f in feats if f in _DIGITS)


def value_kinds(claim: Claim) -> dict[str, frozenset[str]]:
    """The values a statement says, by kind: numbers (a number word as its digits), dates (months, weekdays),
    names, and the closed classes; not the values it leaves behind."""
    feats = said(claim)
    out = {
        "number": frozenset(_DIGITS.get(f, f) for f in feats if f[:1].isdigit() or f in slots.NUMBER_STEMS),
        "date": feats & (MONTH_NAMES | WEEKDAYS),
        "name": claims.names_of(claim) - MONTH_NAMES - WEEKDAYS,
    }
    return out | {kind: feats & words for kind, words in CLASSES.items()}


def changed(a: Claim, b: Claim) -> frozenset[str]:
    """The kinds of value that `a` says anew for `b`'s: each says one of that kind the other does not."""
    va, vb = value_kinds(a), value_kinds(b)
    sa, sb = said(a), said(b)
    return frozenset(k for k in va if va[k] - sb and vb[k] - sa)


def _units(claim: Claim) -> frozenset[str]:
    return features(" ".join(_UNIT.findall(claim.key)))


def anchor(a: Claim, b: Claim) -> frozenset[str]:
    """What the two are both about: shared content words (or derived forms) beyond cue words, values, units,
    the speaker and people by role; or a closed class both values are of."""
    # a name both say is what they are about, not a value ("Our cat Pickles is 15" / "Pickles is actually 17"):
    # the value that changes is another one (`changed` counts only what one says and the other does not)
    va, vb = value_kinds(a), value_kinds(b)
    both = (va["name"] & said(b)) | (vb["name"] & said(a))
    values = frozenset().union(*va.values(), *vb.values()) - both
    left_out = values | slots.values(a.features | b.features) | _units(a) | _units(b) | slots.FIRST | claims.PEOPLE
    own, other = a.content - a.cue_features - left_out, b.content - left_out
    classes = frozenset(k for k, words in CLASSES.items() if a.features & words and b.features & words)
    shared = (own & other) | derived(own - other, other - own)
    # the anchor must say what the older is about, not one word of many: half its topic words at least
    # (real chat: "I'm actually looking for a Samsung QLED TV … watching sports" is no update of "I'm looking
    # for some good pizza places … after watching the NBA playoffs"); a number both say names the thing with
    # its words ("move the [50th] party" / "Our [50th] anniversary party"), never alone
    numbered = va["number"] & vb["number"] if shared else frozenset()
    covered = len(other & shared | derived(other - shared, shared) | numbered) * 2 >= len(other | numbered)
    return (shared if covered else frozenset()) | classes


def two_values(a: Claim, b: Claim) -> bool:
    """Each statement holds a name and a number the other does not ("my flight to [Rome|Madrid] … [3|9]
    June"): a correction changes one value, so these are two things (two flights), not one corrected. A
    month or weekday belongs to its date ("moved to 10am Monday" is one value)."""
    na, nb = claims.names_of(a) - b.features - slots.MONTHS, claims.names_of(b) - a.features - slots.MONTHS
    da, db = (frozenset(f for f in c.features if f[:1].isdigit()) for c in (a, b))
    return bool(na and nb and da - db and db - da)


def class_probes(claim: Claim) -> frozenset[str]:
    """The words of each closed class a statement says a value of: a new diet shares no word with the old one."""
    return frozenset().union(*(words for words in CLASSES.values() if claim.features & words))


def cue_led(a: Claim, b: Claim) -> bool:
    """`a` updates `b` by the cue-led route (see above); the caller checks the subjects (d)."""
    if not (a.correction or a.contrast) or a.adds and not a.correction:
        return False
    if len(b.numbers - a.numbers) > 1 or two_values(a, b):
        return False  # a correction changes one value
    if (a.people_and_names & claims.PEOPLE) - b.features and not b.people_and_names & claims.PEOPLE:
        return False  # "my brother's hourly rate is 55 euros now" / "My hourly rate is 40 euros"
    return bool(changed(a, b)) and bool(anchor(a, b))


NEGATIONS = features("not no nicht kein keine pas non não nao не нет")
"""The word that says a value is left behind ("…, nicht Freitag"), in the supported languages: no topic."""


def own_topic(claim: Claim) -> frozenset[str]:
    """The content words a statement says of its own: not its cue words, its values, the values it leaves
    behind, nor the speaker ("It's Wednesday, not Tuesday" says none; "Not Monday, the bins go out on Tuesday"
    says "bins")."""
    values = frozenset().union(*value_kinds(claim).values())
    said_of_its_own = claim.content - claim.cue_features - claim.left - values - slots.values(claim.content)
    return said_of_its_own - slots.FIRST - NEGATIONS


def value_only(sentences: list[str], older: Claim) -> bool:
    """A sentence of the newer names a value of the older's (a number, a date, a name) as left behind and says
    nothing else of its own: "It's Wednesday, not Tuesday" / "The sofa we ordered is coming Tuesday", "Typo
    earlier — 6.54pm, not 6.45", "Thursdays, not Fridays". Such a correction is about whatever said the value it
    leaves behind; the caller takes it only where one current memory says it (`core.facts.replaced`). A person
    left behind needs more ("not my brother"), and a word that is no value ("I quit smoking") is no value."""
    values = frozenset().union(*value_kinds(older).values())
    for sentence in sentences:
        claim = claims.parsed(sentence)
        named = claim.left & older.features & values
        if claim.leaves and named and not named & claims.PEOPLE and not own_topic(claim):
            return True
    return False
