"""Fact identity: whether a new statement *updates* an earlier one (the older becomes history).

"The same thing" is `similarity`. This module answers the next question for a statement that is not
the same as a memory, as two questions answered apart (issue 24), because hiding a true fact is
worse than showing two:

1. **Same subject and attribute?** (`same_attribute`) Sharing a frame ("I live…", "I work…", "my
   coach Farid is…") is not enough. Either
   - the two align as one frame with one value swapped (`core.frames.align`): the shared part holds
     the subject *and* the relation ("my office is on the [2nd|6th] floor", "my coach Farid is learning
     to [cook|sail]"), the values are short and start with no other relation word ("is [moving to
     Tromsø|learning to cook]" is two attributes), and after a bare copula they are of one kind
     (a name for a name: "my sister is [Alma|a nurse]" is two facts); or
   - both fill one canonical slot of one holder (`core.slots`): where someone lives ("I live in",
     "I moved to", "vivo en", "ich bin nach … umgezogen"), their age ("is 7", "turned 8", "turned five"),
     their name ("we named the puppy Bear", "goes by"), a measured quantity ("I weigh 82 kg", "I'm down to
     76 kg"), their job ("I'm a teacher", "I work as a nurse": a job may be held twice, so only a cue makes a
     new one an update), where a thing is under any preposition (a cue needed too: a place has two scales),
     a relationship status or a diet ("I'm single" / "I'm engaged", "I've gone vegan").
   In either case the subjects must be one (`Claim.people_compatible`): "my son" is not "my daughter",
   and the speaker is not a person by role ("I no longer play tennis" / "my coach plays golf").
   A bare "I'm a…" / "I have…" frame names no attribute unless the values share a word or a shared end
   names it ("I'm a [junior|senior] developer", "I [cycle|take the train] to work"; a shared time, "on
   Mondays", names none).
2. **Is the newer one an update?** (`is_update`) Any of
   - it names the older value as left behind ("…, not 318", "not my brother", "switched from X to Y", "instead of
     X", "no longer work at X"), shares another content word with it and swaps no other word of its frame
     (`core.swaps`: "At the [party|barbecue] we serve [lamb|salmon instead of lamb]" is another occasion's);
   - it carries a *correction* cue ("typo", "mixed up", "confused", "correction", "changed … to",
     "renamed", "rescheduled", "moved to", "turned N", "no longer", "stopped", in the supported
     languages, `core.claims`) and shares a content word with the older beyond its people and names
     (so "my coach Farid is moving to Bergen" does not replace "my coach Farid grew up in Perth"),
     leaves behind only what the older said ("I stopped drinking alcohol" is not "I drink tea"), and
     changes one value (not a name and a number both: "my flight to [Rome|Madrid] … [3|9] June");
   - it is the same attribute with a *weak* cue ("actually", "now", "these days", "new") or a value
     named as left behind ("O positive, not A"), or the same attribute whose value is single by nature:
     a number, date or time ("due in week 12" → "week 14"), or a slot (place, age, name, measure); not where
     the frame swaps a whole predicate ("my dentist Arjun is [afraid of needles|allergic to kiwi] now",
     `frames.two_predicates`: two facts);
     never when it says it adds a value ("… too", "auch"): then both hold.
   - it has a cue and restates what the older is about with a new measured or dated value (`_restates`:
     "I'm getting around eight hours of sleep now" / "I get about seven hours of sleep"), in whatever frame.
   - the cue-led route (`core.anchors`, tenth pass), which asks for no frame: a cue, an anchor the two share
     beyond cues, values, units and people (or one closed class: a diet), one value of one kind changed, and
     the subjects compatible ("they moved my dentist check-up to 21 November" / "Dentist check-up is on 14
     November at 3pm", "not veggie anymore … pescatarian" / "I'm vegetarian").
   - a spelling corrected (`core.spelling`, in `updates`): a near form of the older's name or number said with a
     typo or spelling cue ("Abernethy — with an e" / "Dr. Abernathy", "Princess St*" / "Princes St").
   - an age or a measured number said anew, of a pronoun or of no subject (`core.measures`, `core.ages`, in `updates`:
     "she turned 28 last week" / "Aoife is 27", "closer to 5 hours"), where one current memory holds one (`replaced`).
   - a word of the older's denied in a clause of its own, the value in its place beside it (`core.denials`: "cashews,
     not peanuts!", "Pas le 5, le 8."), or a day said anew of a pronoun or no subject with a cue (`core.days`: "Afinal
     passou para sábado, dia 7."), where one current memory says it (`replaced`).
   - a plan moved, said with a cue and a word of its event or none (`core.moves`: "garage rang, they've moved it to
     Monday 13th"), a name given by a verb of naming (`core.renames`: "l'ont rebaptisé Capitão"); `core.restatements`.
   A correction's cue words say what kind of change it is (`core.cues`), and a correction of one thing
   says nothing of another of its kind ("my [piano|swim] lesson", `core.kinds`).
   Never when the newer is about something beside the older's fact, though it carries an update word
   (`core.asides`): another person said as "she"/"he", a named thing the older does not name, the head of
   what a correction changes ("les croquettes de Caramel"), an ended use of a thing had, a change that gives
   only the older's own value (`core.given`: "My cousin Tara just moved to Nairobi" / "Tara keeps sending me
   photos from Nairobi"), a clause carried after a verb that governs another thing (`target.carried`: "Priya a
   changé de coiffure, elle est blonde maintenant" / "Notre chanteuse s'appelle Priya"); nor a correction
   that says it adds ("… também"); nor when its grammatical subject is not the older's (`core.whose`: "my
   brother-in-law switched his mortgage", "Maple Grove changed its visiting hours" / "Mom lives at Maple Grove"),
   nor of a thing related to the older's (`core.related`: "the scooter's tyres", "le collègue de Julien").
   Only when both hold does the older become history (`updates`). Same attribute without an update leaves both
   current; recall shows the newer first ("updated DATE", `views`).

Only short statements (`MAX_WORDS`) are compared: a long message states many things. A short message is judged part by
part (`parts`: each sentence, and each clause of a sentence of several), so a correction said beside a remark ("I moved
to Porto. Loving it!", "I got a raise, my salary is 52,000 now") is taken and the remark supersedes nothing; a remark
that a correction follows ("I had that backwards:", "Oh wait, I confused two people.") is carried to the parts after it,
which carry no cue of their own; LongMemEval's real chat showed why the older must be one sentence and no question (a
question states no fact, and superseding a memory of several sentences would hide the rest). `probes` are the features
encoding looks up to find the candidates (a few indexed lookups, never a scan; a new job looks up every job,
`slots.OCCUPATIONS`). The same decision runs on every path: `remember`, `ingest`, the hooks, imports (they all call
here). Pure: no I/O, no clock."""

from __future__ import annotations

from hippocampus.core import (
    anchors,
    asides,
    claims,
    colours,
    denials,
    frames,
    given,
    kinds,
    narrowed,
    related,
    restatements,
    slots,
    spelling,
    swaps,
    target,
    whose,
)
from hippocampus.core import parts as message_parts
from hippocampus.core.claims import Claim
from hippocampus.core.sentences import sentences_of
from hippocampus.core.similarity import feature_similarity, features
from hippocampus.core.tokens import STOPWORDS, agent_forms, derived, stem

MAX_WORDS = 30
"""Statements longer than this many words are never superseded, nor supersede (see above)."""
KEY_THRESHOLD = 0.3
"""Topic overlap (content words, values left out) the optional judge needs to be asked (`core.verdicts`)."""
CORRECTION_OVERLAP = 0.15
"""Topic overlap a statement with a correction cue needs with the one it corrects (one shared content word
beyond people and names is also required, `is_update`)."""
PROBE_LIMIT = 12
"""Content features of a statement looked up for the memories it may update, rarest words first."""

claim_of = claims.parsed
"""The parsed statement (`core.claims.parsed`), memoised."""


def probes(text: str) -> tuple[str, ...]:
    """The similarity features whose memories `text` may update (empty: it updates none); each sentence's
    own of a message of several (`parts`)."""
    claim = claim_of(text)
    if not claim.short:
        return ()
    said = message_parts.parts(text)
    found = tuple(p for part in said for p in _probes(part)) if len(said) > 1 else _probes(text)
    return tuple(dict.fromkeys(found + spelling.probes(text) + restatements.probes(text) + denials.probes(text)))


def _probes(text: str) -> tuple[str, ...]:
    """`probes` of one part."""
    claim = claim_of(text)
    # an age is said with its number alone ("I'm 41."): a new age looks up the one before it as well
    ages = (
        {claim.slot_value, str(int(claim.slot_value) - 1)}
        if claim.slot == "age" and claim.slot_value.isdigit()
        else set()
    )
    found = sorted(claim.content | claim.left)[:PROBE_LIMIT] + sorted(claim.slot_probes) + sorted(ages - {"-1"})
    found += sorted(anchors.class_probes(claim) - set(found))  # "not veggie anymore … pescatarian" / "I'm vegetarian"
    if claim.correction:
        found += sorted(agent_forms(claim.content - claim.cue_features) - set(found))
    return tuple(found)


def related_probes(text: str) -> tuple[str, ...]:
    """`probes` plus the content words, for long statements too: the features that find the memories a
    statement may be about, where a judge decides what these rules leave open (`core.verdicts`)."""
    claim = claim_of(text)
    return tuple(sorted(set(probes(text)) | claim.content))


def topic_overlap(new: str, old: str) -> float:
    """How much two statements share their topic: `feature_similarity` of their content words (numbers,
    negation marks and cue words left out)."""
    return feature_similarity(claim_of(new).content, claim_of(old).content)


def _topic(a: Claim, b: Claim) -> float:
    """`topic_overlap` with the values left out: the names a correction gives and the older does not say ("changed
    over to [Apple Music]" / "I use [Spotify] for music") are what it swaps, not its topic; so are the older's
    names the newer does not say. Other names in the newer are more topic ("… Harry Potter … replace this with
    Jurassic Park" is about much else)."""
    na, nb = claims.names_of(a) & a.acted_names - b.features, claims.names_of(b) - a.features
    return feature_similarity(a.content - na, b.content - nb)


def domains_of(domain: str) -> tuple[str, ...]:
    """The domains whose memories a statement of `domain` may update: the user's and the world's statements
    are one space ("The standup is at 9:30" may be filed as either, by its length), the others their own."""
    return ("user", "world") if domain in ("user", "world") else (domain,)


def same_attribute(new: str, old: str) -> bool:
    """Question 1: do the two statements give a value of the same attribute of the same subject?"""
    a, b = claim_of(new), claim_of(old)
    if not (a.short and b.short) or a.key == b.key:
        return False
    if a.slot and slots.same_slot(a.slot, b.slot) and slots.same_holder(a.holder, b.holder):
        return True
    return frames.align(a, b) is not None


def is_update(new: str, old: str) -> bool:
    """Question 2 (given question 1, or the evidence below): does `new` replace `old`?"""
    a, b = claim_of(new), claim_of(old)
    shared = (a.content & b.content) - a.cue_features
    named = a.left & b.features | {f for f in b.features if _clock(f) in a.left}  # "not 2" / "at 2pm"
    if denials.negates(new, old):
        return True  # "Turns out I'm not allergic to penicillin after all" / "I'm allergic to penicillin"
    denied = a.denies and named - claims.PEOPLE  # "Not cats after all -"; a person needs more
    if (
        named
        and (named - claims.PEOPLE or shared - a.left)
        and (denied or not another_subject(a, b) or bool(_head(a)) and _head(a) == _head(b))
        and not _only_a_date_left(a, b, named, shared)
        and not swaps.second(a, b)  # "at the [party|barbecue]"
    ):
        return True  # "…, not 318", "switched from Evernote"; a person left behind needs more: "not my brother"
    forms = derived(a.content - a.cue_features - shared, b.content - shared)
    if (
        a.correction
        and not a.adds  # "a minha prima mudou-se para Alvalade também": hers, beside mine
        and (shared | forms) - _who(a, b) - slots.values(shared) - slots.FIRST - slots.FRAME_VERBS  # not "ich", "want"
        and not (named and another_subject(a, b))  # "my team switched from Evernote": the team's
        and (forms or _topic(a, b) >= CORRECTION_OVERLAP or _dated(a, b))
        and not (a.left and not (named or derived(a.left, b.features)))  # "stopped drinking [alcohol]" / "drink tea"
        and not anchors.two_values(a, b)
        and not kinds.other_things(a, b)
        and not (a.acted_on & claims.PEOPLE) - b.features  # "the physio moved my husband to Thursday"
    ):
        return True  # "the flight was moved to 11 April", "mixed those up: the blue Volvo is my car"
    if not a.adds and (colours.recoloured(a, b) or narrowed.narrowed(new, a, b)):
        return True  # "got the Golf resprayed, it's dark blue now", "only home on Fridays now"
    if (a.cue or a.correction) and not a.adds and _restates(a, b) and not anchors.two_values(a, b):
        return True  # "I'm getting around eight hours of sleep now" / "I get about seven hours of sleep"
    if anchors.cue_led(a, b) and not another_subject(a, b) and not kinds.other_things(a, b):
        return True  # "they moved my dentist check-up to 21 November" / "Dentist check-up is on 14 November"
    if not same_attribute(new, old):
        return False
    if a.adds and not a.correction:
        return False  # "… too", "… also": a value beside the older, both stay current (newer first)
    one = a.slot and slots.same_slot(a.slot, b.slot) and slots.same_holder(a.holder, b.holder)
    if not one and frames.two_predicates(a, b):
        return False  # "my dentist Arjun is [afraid of needles|allergic to kiwi now]": two facts, both hold
    if (a.cue or a.correction or a.leaves) and not kinds.other_moved(a, b):
        return True  # "actually…", "… now", "O positive, not A"
    if one and a.slot not in slots.MANY:
        return not features(a.slot_value) & features(b.slot_value)  # the same slot of one holder, a new value
    swap = frames.align(a, b)
    return swap is not None and swap.single


def _clock(feature: str) -> str:
    """The hour of a time said with its half of the day ("2pm" → "2"), or ""."""
    return feature[:-2] if feature.endswith(("am", "pm")) and feature[:-2].isdigit() else ""


def _task(text: str) -> bool:
    """A request to the assistant (`core.scoring.REQUEST`), imported here on first use: the per-turn read
    path orders hits with `newer_first` and must not load the scoring rules (`tests/test_architecture.py`)."""
    from hippocampus.core.scoring import REQUEST

    return bool(REQUEST.match(text.casefold()))


def _only_a_date_left(a: Claim, b: Claim, named: frozenset[str], shared: frozenset[str]) -> bool:
    """What `a` leaves behind is a day, a month or a number of `b`'s, and nothing else they share is a topic
    ("Not Monday, the bins go out on Tuesday" / "My PT session is on Monday", "Our flat is on floor 4, not
    14" / "Our house number is 14"; "1Password" is a name): many attributes hold a date or a number, so a
    value left behind names `b` only beside a topic word of `b`'s, a person too ("He can't make Thursday" /
    "The plumber is coming Thursday morning"), or said as news ("Now I'm remote on Mondays instead of
    Fridays" / "I work from home on Fridays")."""
    if {f for f in named if f not in slots.MONTHS and not slots.NUMBERISH.match(f)} or a.cue:
        return False  # "Now I'm remote on Mondays instead of Fridays" says it is news
    topic = shared | derived(a.content - a.cue_features - shared, b.content - shared)
    return not topic - a.left - slots.values(topic) - a.cue_features - slots.FIRST  # "the plumber" is one


def _dated(a: Claim, b: Claim) -> bool:
    """The correction moves a date: what it acts on holds a day or month, as the older statement does ("The
    dentist rang and moved me to Wednesday the 14th" / "My dentist appointment is on Friday the 9th"); a shared
    topic word is then enough, however much else the newer says."""
    return bool(a.acted_on & slots.MONTHS) and bool(b.features & slots.MONTHS)


def _restates(a: Claim, b: Claim) -> bool:
    """`a` says again what `b` is about, in its words, with another measured or dated value: every content
    word of `b` that is no value, but at most one (its verb, said otherwise: "[meets|is] on the first
    Wednesday"), is in `a`, two at least, and each side has a value the other has not ("my drive to work
    takes [40 minutes|more like an hour]"). A restated attribute with a new number is one attribute with a
    new value, whatever the frame; a shared word or two is not ("my [commute|lunch break] … minutes")."""
    va, vb = slots.values(a.features), slots.values(b.features)
    if len(b.numbers - a.numbers) > 1:
        return False  # a correction changes one value: "GOAL [4|5] Objective [2|1]" is another goal
    if not (va - vb and vb - va) or a.people_and_names - b.features - va:
        return False  # one value each; a person or name the older did not say is another holder ("my brother's")
    kept = b.content - vb
    shared = derived(kept, a.content - va)
    own = a.subject - va - a.cue_features - a.people_and_names - derived(a.subject, kept)
    if (kept - shared - claims.PEOPLE) & b.subject and own:
        return False  # the older's verb said otherwise, not another verb: "I [feed|walk] the dog 2 times a day"
    units = {v for v in va & vb if not v[:1].isdigit()}  # "kilometres a day" said again is evidence too
    # one whole subject: "the thermostat['s at|is set to]", "the party [starts at|is at]" (a subject cut at its
    # third word may hold its verb: only what stands before the kind must be the older's)
    mine = a.subject - a.cue_features if a.nominal else a.subject - a.cue_features - kinds.said_after(a, b.subject)
    whole = bool(b.subject) and b.subject == mine <= shared
    # "actually it's 4 nights in Edinburgh" / "the Airbnb in Edinburgh is booked for 3 nights": "it" stands for
    # the older's subject, which the newer need not say again
    pronoun = a.tokens[:1] in (("it",), ("it's",)) and not a.subject
    rest = kept - shared - (b.subject if pronoun else frozenset())
    return bool(shared) and len(rest) <= 1 and (len(shared) + len(units) >= 2 or whole)


_TITLES = frozenset(["dr", "dra", "mr", "mrs", "ms", "prof", "sr", "sra", "mme", "herr", "frau"])
"""A person's title, part of their name."""


def _who(a: Claim, b: Claim) -> frozenset[str]:
    """The people either statement names, by role or as its subject's name ("my coach Farid"): a shared person
    is no shared topic. A name in a value is ("Lincoln Elementary" / "Maple Grove Elementary")."""
    # a person by role is a topic where it qualifies a thing ("my dentist appointment") or is what a correction
    # changes ("Switched dentists, I see Dr. Okafor now")
    named = (a.people_and_names | b.people_and_names) & claims.PEOPLE - b.modifiers - a.acted_on
    return named | a.subject_names | b.subject_names | _TITLES  # "Dr Hale moved…" shares a person, not a topic


def another_subject(a: Claim, b: Claim) -> bool:
    """`a` is said of a thing the older statement `b` does not name ("The party isn't in Leeds" / "I live in
    Leeds", "My team switched from Evernote" / "I use Evernote"): a value left behind there is that thing's,
    not `b`'s. The speaker's own statements, and one that involves the speaker ("my doctor switched me
    from …"), are the speaker's; a person's are judged by `Claim.people_compatible`."""
    if a.owner == "people" or a.owner == "speaker" and not a.possessed or a.involves_speaker or a.verb_first:
        return False
    if a.subject_names & (b.subject_names | b.subject):
        return False  # "Marc travaille pour Hydro Ottawa" / "Notre gendre Marc est ingénieur…": one named subject
    return bool(a.subject - a.cue_features - b.features)


def _head(claim: Claim) -> str:
    """The word a statement opens on, when it is neither a function word nor the speaker's nor a possessive: the
    name of whom it is said ("[Denise] lands on the 15th", "[Theo]'s jersey number is 23"), read with its verb
    in the opening when it has no copula (`Claim.subject`). Where the newer names the older's value as left
    behind ("…, not the 14th"), one head is one subject; not elsewhere: "Form Name: [order Registering|Add New
    Machine]" are two forms (LongMemEval), and the cue-led route has no value left behind to go by."""
    first = claim.opening.split(" ", 1)[0].removesuffix("'s")
    return "" if not first or first in STOPWORDS or first in slots.FIRST or first in slots.POSSESSIVES else stem(first)


def updates(new: str, old: str) -> bool:
    """True when the statement `new` replaces the earlier statement `old`: the same fact (question 1, or
    the explicit evidence of question 2) and an update (question 2). A short message of several sentences
    is judged sentence by sentence (`parts`): "I moved to Porto. Loving it!" updates "I live in Lisbon" by
    its first sentence, and the remark beside it updates nothing, for it is judged alone. The older must be
    one sentence: superseding a memory of several would hide what its other sentences say."""
    a, b = claim_of(new), claim_of(old)
    if not (a.short and b.short) or a.key == b.key or a.asks or b.asks or b.sentences > 1:
        return False  # a question states no update (nor does a message that asks one beside it), nor a fact
    said = message_parts.parts(new)
    if any(_task(part) for part in said) or related.about(said, b) or spelling.elsewhere(said, new, b):
        return False  # "give me chapter 2 in bullet points"; "the scooter's tyres", "typo: my bike lock code is…"
    if spelling.respelled(said, new, old):
        return True  # "Abernethy — with an e" / "Doug's cardiologist is Dr. Abernathy" (`core.spelling`)
    aside = target.beside(said, b) and a.sentences == 1 and not given.SAID_WRONG.search(a.key)
    # a clause carried after a verb that governs another thing, naming no attribute of `b`'s, is that thing's
    judged = [p for p in whose.judged(said, b) if not (aside and target.carried(p, b))]
    if any(_sentence_updates(part, old) for part in judged):
        return True
    resolved = [p for p in whose.resolvable(said, new, old) if not (aside and target.carried(p, b, True))]
    if any(_sentence_updates(part, old, whose_too=False) for part in resolved):
        return True
    if restatements.said_anew(new, old):
        return True  # "she turned 28" / "Aoife is 27", "l'ont rebaptisé Capitão" (which memory: `replaced`)
    denial = any(denials.left_behind(part, b) for part in said)  # "cashews, not peanuts!" (which memory: `replaced`)
    value_only = anchors.value_only(sentences_of(new), b)  # "It's Wednesday, not Tuesday"
    return (value_only or denial) and not target.beside(said, b)


def replaced(new: str, olds: list[str]) -> list[int]:
    """The positions of the statements in `olds` (current memories, newest first) that `new` replaces. A newer
    that names no thing of its own ("It's Wednesday, not Tuesday": `anchors.own_topic`) is about whatever said
    the value it corrects, so it replaces one statement or none: where several say it, which one it means is a
    guess, and a wrong guess hides a true fact (both stay current, the newer first)."""
    found = restatements.one_holder(new, olds, [i for i, old in enumerate(olds) if updates(new, old)])  # "she's 28"
    found = denials.ambiguous(new, olds, found)  # "not peanuts": two say peanuts
    if len(found) > 1 and not any(anchors.own_topic(claim_of(s)) for s in sentences_of(new)):
        return []
    return found


def _sentence_updates(new: str, old: str, whose_too: bool = True) -> bool:
    """`updates` for one sentence `new`; `whose_too`: its subject is read (`core.whose`), not a pronoun resolved."""
    a, b = claim_of(new), claim_of(old)
    if a.key == b.key or not a.people_compatible(b) or asides.beside(new, a, b):
        return False  # "she's no longer allowed to…", "changed the croquettes of Caramel" (`core.asides`)
    if whose_too and whose.other(a, b):
        return False  # "my brother-in-law switched his mortgage from RBC", "Maple Grove changed its hours"
    return is_update(new, old)


def distinct_values(new: str, old: str) -> bool:
    """True when two statements align as one frame with another value in each ("my coach Farid is
    learning to [cook|sail]"): however many words they share, they are two facts, never "the same"."""
    a, b = claim_of(new), claim_of(old)
    pa, pb = a.subject_people, b.subject_people
    if a.short and b.short and pa != pb and not (pa <= b.features and pb <= a.features) and not a.left & b.features:
        return True  # "my coach Caspian plays tennis" / "I play tennis": two people ("Dr. Reyes is my dentist": one)
    if a.short and b.short and frames.relation_swap(a, b):
        return True  # "my brother [lives|works] in Gdańsk": two relations, two facts
    if a.adds and a.content - a.cue_features - b.features:
        return True  # "Il giovedì faccio anche pilates" beside "Faccio yoga il martedì": said as one more
    swap = frames.align(a, b)
    return swap is not None and swap.content_differs
