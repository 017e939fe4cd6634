"""A statement parsed for fact identity (`core.facts`): its frame, holder, slot, values and cues.

General grammar, not phrases: cue words per supported language, a discourse prefix ("sorry, typo
earlier:", "change of plans:"), the value a correction leaves behind ("…, not X", "switched from X to
Y", "instead of X", "no longer … X"; a bare "not" only before a number or a name), one frame with one
value swapped (`core.frames`), the slots whose holder has one value at a time (`core.slots`), whose statement
it is (`owner`: the speaker, a person by role, or unknown), whether it asks something (then it states no
update, and is no fact to update), how many sentences it holds (`core.sentences`: a message
of several is judged part by part, `core.facts.parts`), and whether it adds a value ("… too": `ADDS`).

The cue words themselves are `core.cues`.
Pure and stdlib-only.
"""

from __future__ import annotations

import re

from hippocampus.core import slots
from hippocampus.core.concise import fact_text
from hippocampus.core.cues import ADDS, AGO, CORRECTION, LEFT, NOVELTY, PREFIX, PREFIX_WORDS, WEAK
from hippocampus.core.people import PEOPLE as PEOPLE
from hippocampus.core.sentences import CLEFT, OPENER, REPORTED, SENTENCE_END, uncleft
from hippocampus.core.similarity import features, names
from hippocampus.core.slots import (
    COPULAS,
    FILLER,
    FIRST,
    SLOT_WORDS,
    holder_of,
)
from hippocampus.core.tokens import STOPWORDS, WORD_RE, name_words, stem, word_set

MAX_WORDS = 30


_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
"""A number as said ("1,150", "5:30", "14th" → "14")."""
_HYPHENATED = re.compile(r"(?<![^\W\d_])[^\W\d_]+(?:-[^\W\d_]+)+")
"""A hyphenated compound ("brother-in-law"), tried only from a word's start: tried from every letter, a long word
with no hyphen cost time quadratic in its length (6 s for one word of 20,000 letters)."""
_IS = re.compile(
    r"\b(?!(?:it|he|she|that|what|there|let|who)'s)([a-z]\w*)'s (?=(?:in|on|at|to|from|a|an|the|down|up|over|"
    r"under|about|around|called|named)\b|\d)"
)
"""A noun's "'s" that is "is" ("the wedding's in Bristol", "my weight's down to 78 kg"): before a preposition,
an article, a number or "called", not before a noun ("my son's school"), nor after a name ("Sainsbury's in
Leeds" is a shop)."""


_NOT_X = re.compile(
    r"\s*(?:not|non|no|nicht|não|pas)(?: (?:from|at|in|on|da|dal|dalla|de|del|do|von|vom|du|à|a))?"
    r" (?:the |my |a |an |il |la |le |el |der |die |das |o )?([\w'-]+)\s*(?:[,;:—–-]|after all\b)"
)
"""A message that opens on "not X" and a break ("Not cats after all -", "Not the blue one,", "Non da Malpensa:"), in
the supported languages: X is left behind."""
_THING = re.compile(
    r"\s+((?:the|my|our|his|her|their) (?:[\w'-]+ ){0,2}?[\w'-]+)(?: (?:back|up|forward|out|off|down|over))? "
    r"(?:to|from|into|onto)\b"
)
"""The thing a correction verb acts on, before where it goes ("moved [the car insurance] to Admiral")."""
_DROPPED_I = re.compile(
    r"(?:[a-z]+ed|sold|got|took|went|bought|left|gave|put|quit|swapped|traded|meant|troquei|trocamos|cambié|cambiamos"
    r"|mudamos|mudei|(?:bin|hab|habe)(?=\s.*\w*ge\w+(?:t|en)\b))"  # "Bin vom Zug aufs E-Bike umgestiegen"
    r"\b(?! (?:is|was|by)\b)"
)
"""A message that opens on a verb in the past, its "I" dropped as chat does ("Traded the Golf in…"), or said by
the verb's own ending ("troquei", "cambié": I swapped)."""
_NAMED_ONLY = re.compile(r"(?:(?:i|we|'ve|have|has|had) )?(?:no more|cancel|left|disregard|mud)")
"""The verbs of `cues.LEFT` whose value is left behind only when it is a name or a number ("cancelled the Whig",
not "I left my umbrella at work")."""
_WHEN_WORDS = frozenset(["last", "this", "next", "ago", "yesterday", "today", "in", "on", "at", "a", "the"])
_GOES_BY = re.compile(r"\s+(?:goes|go|going) by\s+", re.IGNORECASE)
"""A name one is known by said as "goes by" ("my accountant goes by Linda Osei"): a copula, as "is" is."""
_SPELLS = re.compile(
    r"\b(?P<who>[\w']+)(?P<adv> \w+)? spel(?:ls|led|lt) (?:it|(?:her|his|their) name)\b", re.IGNORECASE
)
"""A name said by its spelling ("my sister actually spells it Caitlin"): her name is Caitlin."""

_FOR_NOW = re.compile(
    r"\b(?:(?:this|that) (?:year|term|semester|season)|cette année|este año|este ano|dieses jahr|quest'anno)"
    r"(?= (?:is|are|was|were|est|es|é|ist|è)\b|\s*[.!]?\s*$)"
)
"""A time said of the whole statement, before its copula or at its end ("my daughter's teacher [this year] is Mrs
Green", "it renews on 12 September [this year]"): no part of the frame, so "my daughter's teacher is Mr Ahmed
now" gives the same attribute, and "renews on [1|12] September" one date swapped."""


RELATION_WORDS = (
    word_set(
        """in on at to from with by near for of into onto over under about as like than has have had do does
        did will would can could got get gets en em no na à au aux dans chez sur avec pour de du des con por para
        del al im am mit bei nach zu zum zur auf von für di da per su nel nella alla"""
    )
    | COPULAS
)
"""Words that open a relation, not a value ("I live [with two cats|close to…]", "je travaille [dans une
école|le samedi]"), in the supported languages."""
_PEOPLE = PEOPLE
_DE_ARTICLES = word_set("der die das den dem des ein eine einen einem mein meine meinen meinem unser unsere")
_THIRD_PERSON = word_set("he's she's they're he'll she'll they'll he'd she'd")
"""A contracted copula or auxiliary with a third person in it: "he's at Eastfield Primary" is said of someone."""


def content_of(feats: frozenset[str]) -> frozenset[str]:
    """The content words of a statement's features: no number, negation mark, cue or function word."""
    return frozenset(f.lstrip("!") for f in feats if not f.lstrip("!")[:1].isdigit()) - CUE_FEATURES - _FUNCTION


_FUNCTION = frozenset(
    f.lstrip("!")
    for f in features(
        """el la los las lo un una unos unas y o que se me te nos le les del al con por para en de es está
        están fue ha han hemos he mi mis tu su sus nuestro nuestra
        o a os as um uma e que se me te nos lhe do da dos das no na nos nas com por para em de é são está estão
        foi tem têm meu minha meus minhas seu sua nosso nossa agora
        le la les un une des du au aux à et ou que qui se me te nous vous lui leur en de est sont était a ont ai
        mon mes ta tes sa ses notre nos votre vos dans sur avec pour par chez
        der das den dem des ein eine einen einem einer und oder dass sich mich mir uns ist sind haben
        habe hatte mein meine meinen meinem unser unsere sein seine ihr ihre im am um zu zum zur mit bei von für
        auf nach aus an in
        il lo la i gli le un una uno e o che si mi ti ci è sono ha hanno ho mio mia miei mie suo sua nostro
        nostra del della dei delle al alla nel nella con per di da in su"""
    )
)
"""The function words of the other supported languages (articles, pronouns, copulas, prepositions): no topic
("Unser Zahnarzt ist Dr. Becker" is about "Zahnarzt", not "ist"). English's are `STOPWORDS`; a word that is
also an English noun ("son", "hat", "war", "die", "era", "ma") is left in."""


CUE_FEATURES = frozenset(features("actually now currently new sorry typo oops earlier correction"))


class Claim:
    """What `core.facts` compares, parsed once per text."""

    __slots__ = (
        "acted_names",
        "acted_on",
        "asks",
        "cleft",
        "subject",
        "numbers",
        "opening",
        "possessed",
        "sentences",
        "cased",
        "content",
        "cue_features",
        "correction",
        "denies",
        "cue",
        "contrast",
        "features",
        "holder",
        "involves_speaker",
        "key",
        "modifiers",
        "nominal",
        "adds",
        "leaves",
        "left",
        "owner",
        "people_and_names",
        "short",
        "slot",
        "slot_probes",
        "slot_value",
        "subject_names",
        "subject_people",
        "thing",
        "tokens",
        "verb_first",
    )

    def __init__(self, text: str) -> None:
        self.cleft = bool(CLEFT.match(text.strip()))
        text = uncleft(text.strip())  # "It's my daughter who has football…": said of my daughter
        text = OPENER.sub("", _SPELLS.sub(r"\g<who>'s name is\g<adv>", _GOES_BY.sub(" is ", text)))
        text = REPORTED.sub("", text)  # "vet records say Pickles is 17": said of Pickles
        said = text.casefold().replace("’", "'")
        text = fact_text(text) or text  # "Remember that…", "Hi!": the fact itself
        low = _IS.sub(r"\1 is ", text.replace("’", "'").strip()).casefold()
        self.key = " ".join(low.split()).strip(" .!。")
        self.short = len(WORD_RE.findall(low)) <= MAX_WORDS
        self.cue = bool(WEAK.search(said))
        # a weak cue that sets the newer against the past ("now", "actually"), not one that only says it is
        # recent ("a new cafe", "recently"): the cue-led route needs one (`core.anchors`)
        self.contrast = any(m.group(0) not in NOVELTY for m in WEAK.finditer(said))
        self.adds = bool(ADDS.search(said))  # as said: `fact_text` drops an opening "Actually,"
        found = CORRECTION.search(said)
        self.correction = found is not None
        # what a correction verb acts on ("the kids renamed [the goldfish to Dory]"): the thing corrected
        # (less the names it gives: "switched to Microsoft Teams" acts on no team)
        carried = found is not None and said.startswith("correction:") and found.start() == 0  # `core.parts.REMARK`
        acted = (text if len(text) == len(said) else said)[found.start() :] if found and not carried else ""
        self.acted_names = names(acted) - slots.MONTHS  # the names it gives: "changed over to [Apple Music]"
        self.acted_on = frozenset(f.lstrip("!") for f in features(acted.casefold())) - self.acted_names
        # the thing a correction verb moves or changes, up to where it goes ("moved [the home insurance] to Aviva")
        thing = _THING.match(acted.casefold()[len(found.group(0)) :]) if found and acted else None
        self.thing = content_of(features(thing.group(1))) if thing else frozenset()
        # a cue's own words, not what it spans ("non lavoro più": the topic word "lavoro" is no cue)
        cues = " ".join(_ends(m.group(0)) for pattern in (WEAK, CORRECTION) for m in pattern.finditer(said))
        self.cue_features = frozenset(f.lstrip("!") for f in features(cues))
        body = low
        prefix = PREFIX.match(low)
        if prefix and PREFIX_WORDS.search(prefix.group(0)):
            body = low[prefix.end() :]
        cased = text.replace("’", "'")
        self.cased = frozenset(w.casefold() for w in WORD_RE.findall(cased) if w[:1].isupper())
        left: set[str] = set()
        self.leaves = self.denies = False
        for match in LEFT.finditer(body):
            value = match.group(1)
            # "Not cats after all -", "Not the blue one,": a message that opens on "not" names what it leaves behind
            # "Not cats after all -", "…, it's not shellfish, it's iodine": X is what the statement denies
            lead = body[: match.start()].rstrip()
            opens = (not lead or lead.endswith(("it's", "it is", "that's"))) and _NOT_X.match(body, len(lead))
            if opens and stem(opens.group(1)) in _PEOPLE and not _value_like(opens.group(1), self.cased):
                opens = None  # "Not the neighbours - …": a person by role is no value left behind
            self.denies = self.denies or bool(opens)
            value = opens.group(1) if opens else value
            if match.group(0).startswith((" not", "not")) and not _value_like(value, self.cased) and not opens:
                continue  # "does not work", "I'm not sure": a bare "not" leaves behind a value only ("381 not 318")
            if _NAMED_ONLY.match(match.group(0).strip()) and not _value_like(value, self.cased):
                continue  # "I left my keys at Sam's", "no more sugar": a thing ended or left is named ("the Whig")
            ago = AGO.search(body, match.start(1))
            value = value[: ago.start() - match.start(1)] if ago and ago.start() > match.start(1) else value
            gerund = re.search(r" (\w+ing)$", match.group(0)[: match.start(1) - match.start()].rstrip())
            if gerund and all(w in _WHEN_WORDS or slots.timely(w) for w in WORD_RE.findall(value)):
                value = gerund.group(1)  # "I quit smoking last year": what was quit, not when
            left |= {f.lstrip("!") for f in features(value)}
            self.leaves = True  # a value named as left behind, even one of no features ("O positive, not A")
        self.left = frozenset(left - CUE_FEATURES)
        self.asks = "?" in said or "？" in said  # a question states no update (a task: `core.facts.updates`)
        self.sentences = 1 + len(SENTENCE_END.findall(text.strip()))
        stripped = _FOR_NOW.sub(" ", WEAK.sub(" ", LEFT.sub(" ", body)))
        words = [slots.ONE_HOUSEHOLD.get(w, w) for w in WORD_RE.findall(stripped) if w not in FILLER]
        self.tokens = tuple(words)
        self.features = frozenset(f.lstrip("!") for f in features(text))
        self.content = content_of(features(text))
        low_words = WORD_RE.findall(low)  # a German noun after its article is no name ("den Hausarzt")
        nouns = features(" ".join(w for d, w in zip(low_words, low_words[1:], strict=False) if d in _DE_ARTICLES))
        self.people_and_names = frozenset(f for f in self.content if f in _PEOPLE) | (names(text) - nouns)
        speaker = slots.first_person(words)
        self.slot, self.holder, self.slot_value = slots.find(words, self.cased, speaker)
        if self.slot == "where" and stem(self.holder.split()[-1]) in _PEOPLE:
            self.slot, self.holder, self.slot_value = "", "", ""  # where a person is ("my son is at football")
        self.slot_probes = frozenset(features(SLOT_WORDS.get(self.slot, ""))) if self.slot else frozenset()
        opening = words[: _verb_at(words)]
        subject = holder_of(" ".join(opening), speaker)
        # "my dentist appointment is…", "the kids' parent-teacher conference is…": people that name a kind of thing
        self.modifiers = _modifiers(opening, self.cased) if any(w in COPULAS for w in words) else frozenset()
        # "our Sunday dinners [with the kids]": whom a thing is shared with is no holder of it
        companions = features(" ".join(opening[opening.index("with") :])) if "with" in opening[1:] else frozenset()
        people = frozenset(f for f in features(subject) if f in _PEOPLE) - self.modifiers - companions
        self.subject_people = _kin_compounds(people, opening, low)
        self.subject = content_of(features(" ".join(w for w in opening if w not in FIRST)))
        self.opening = " ".join(opening)
        self.nominal = len(opening) < len(words) and words[len(opening)] in COPULAS  # "my flight home [is]…"
        self.numbers = frozenset(_NUMBER.findall(low))
        # "my goldfish…", "our van…": a thing of the speaker's as the subject (not "I switched to…")
        self.possessed = bool(opening) and opening[0] in slots.POSSESSIVES and bool(self.subject)
        # "my cousin Ben …": who, not what; after "I" the opening's names are objects ("I use Spotify")
        mine_first = bool(opening) and opening[0] in slots.SUBJECT_PRONOUNS
        mine_first = mine_first or self.holder == "i" and bool(self.slot)  # "Vivo en Sevilla": the speaker's slot
        # a word said in lower case is no name, though said with a capital elsewhere ("the dog's vet … Parkside Vets")
        common = features(" ".join(w for w in WORD_RE.findall(cased) if w[:1].islower()))
        # a name before a noun in "my …", "the …" qualifies it ("my MRI scan", "our Netflix account"): no one's name
        named = [w for n, w in enumerate(opening) if not (_qualifier(opening, n, self.cased))]
        self.subject_names = frozenset() if mine_first else features(" ".join(named)) & (names(text) - nouns - common)
        # whose statement it is: a person by role ("my coach…"), the speaker ("I…", "my car…"), or unknown
        # ("Rita…", "the wedding…"); `opening` is empty when the statement opens on its verb ("I'm…", "Vivo…")
        first = (opening or words or [""])[0]
        # "he's at Eastfield Primary": a verb-first opening whose verb holds a third person is not the speaker's
        third = not opening and bool(words) and words[0] in _THIRD_PERSON
        speaks = first in speaker or not (opening or third)
        self.owner = "people" if self.subject_people else "speaker" if speaks else ""
        in_names = name_words(cased)
        said_words = [w for w in WORD_RE.findall(body) if w not in in_names]  # "at [Notre] Dame": a name
        mine = sum(w in speaker for w in said_words) - sum(w in speaker for w in opening)
        self.involves_speaker = mine > 0  # "my doctor switched me from…": the speaker's fact, said of another
        # chat drops the "I" before a verb in the past ("Traded the Golf in for…", "Moved the spare key"): the speaker's
        self.verb_first = bool(_DROPPED_I.match(body))

    def people_compatible(self, other: Claim) -> bool:
        """The two subjects may be one: the people they name agree ("my son" vs "my daughter": two facts), and
        neither is the speaker where the other is a person by role ("I no longer play tennis" says nothing of
        "my coach plays golf"), unless this one names the other's person or value as left behind ("Elias is
        my cousin, not my brother": a person left behind, not a value, "I quit smoking" / "my brother smokes";
        a name read as the older's subject that this one leaves behind is the older's value: "troquei o Chrome pelo
        Firefox" / "Uso o Chrome"). The speaker may act on the person's fact: "We changed the baby's name"."""
        if self.left & (other.subject_people | other.subject_names) or self.cleft and self.correction:
            return True  # "It's my daughter who has football on Tuesdays", after "I got the kids mixed up"
        if self.opening.startswith("the ") and self.subject_people and self.subject_people < other.subject_people:
            return True  # "the vet at Parkside is…" / "the dog's vet is…": the one named before, said shorter
        if self.subject_names and other.subject_names and not self.subject_names & other.subject_names:
            return False  # "my cousin [Ben|Kira] just moved to …": two cousins, two facts
        if _owned_person(self, other) or _owned_person(other, self):
            return False  # "Theo's sister turned seven" says nothing of "Theo is 6"
        if self.owner == "people" and other.owner == "speaker" and other.subject <= self.acted_on and other.possessed:
            return True  # "the kids renamed the goldfish to Dory": another person acts on the speaker's thing
        if {self.owner, other.owner} == {"speaker", "people"}:  # unless the speaker's names the person:
            speaker, person = (self, other) if self.owner == "speaker" else (other, self)
            # "we changed my daughter's bedtime to 7:30", "my doctor switched me from sertraline"
            return person.subject_people <= speaker.features or person.involves_speaker
        return not (self.subject_people and other.subject_people) or self.subject_people == other.subject_people


def _owned_person(a: Claim, b: Claim) -> bool:
    """`a`'s subject is a person by role of someone `b`'s subject names ("[Theo's] sister", "[Maya's] friend Zoe"
    / "Theo", "Maya"), and `b`'s names no person by role: another person."""
    words = a.opening.split()
    owners = {
        stem(w[:-2]) for w, after in zip(words, words[1:], strict=False) if w.endswith("'s") and stem(after) in _PEOPLE
    }
    return bool(a.subject_people) and not b.subject_people and bool(owners & b.subject)


def _kin_compounds(people: frozenset[str], opening: list[str], low: str) -> frozenset[str]:
    """The people a subject names, a person word hyphenated to others counted as the whole compound: a
    "brother-in-law", an "ex-wife", a "step-son" is someone else than the "brother", "wife" or "son" said
    alone ("My brother-in-law is 38" says nothing of "My brother is 41")."""
    said = f" {' '.join(opening)} "
    out = set(people)
    for compound in _HYPHENATED.findall(low):
        parts = compound.split("-")
        kin = people & features(" ".join(parts))
        whole = f" {' '.join(parts)} " in said
        # or the subject ends inside it ("my sister in | law lives …": its verb read at "law")
        started = any(said.endswith(f" {' '.join(parts[:k])} ") for k in range(1, len(parts)))
        if kin and (whole or started):
            out = (out - kin) | {compound}
    return frozenset(out)


def _qualifier(opening: list[str], n: int, cased: frozenset[str]) -> bool:
    """The word at `n` of a subject opened by "my", "our" or "the" stands before a common noun ("my MRI scan"), or
    after a thing's "'s" ("the car's MOT")."""
    after = opening[n + 1] if n + 1 < len(opening) else ""
    owned = bool(opening) and (opening[0] in slots.POSSESSIVES or opening[0] == "the")
    if n > 0 and opening[n - 1].endswith("'s") and stem(opening[n - 1][:-2]) not in _PEOPLE:
        return True  # a thing's ("the car's MOT"): no one's name
    return owned and n > 0 and bool(after) and after not in cased and after not in STOPWORDS and after not in COPULAS


def _modifiers(opening: list[str], cased: frozenset[str]) -> frozenset[str]:
    """The people words of a subject said before the noun they qualify ("my [dentist] appointment", "the
    [parent]-[teacher] conference"): a kind of thing, not a person, so a topic word ("The dentist moved me to
    Wednesday" speaks of the appointment). Not an owner ("my son's coach") nor a person with a name ("my coach
    Farid")."""
    out: set[str] = set()
    qualifies = False  # the word after this one is a noun a people word may qualify
    for word in reversed(opening):
        person = stem(word) in _PEOPLE
        if person and qualifies and not word.endswith("'s"):
            out |= features(word)
        elif person or word in STOPWORDS or word in cased or word.endswith("'s") or word in FIRST:
            qualifies = False
            continue
        qualifies = True
    return frozenset(out)


def _ends(cue: str) -> str:
    """The first and last words of a cue that spans others ("ne … plus", "non … più")."""
    words = cue.split()
    return " ".join([words[0], words[-1]]) if len(words) > 2 else cue


def _value_like(value: str, cased: frozenset[str]) -> bool:
    """A value a correction names: a number or a name ("381 not 318", "Pickle not Pixel")."""
    return any(w[:1].isdigit() or w in cased for w in WORD_RE.findall(value))


def _verb_at(words: list[str]) -> int:
    """Where the subject ends: at the first copula, else after three words."""
    for i, word in enumerate(words):
        if word in COPULAS:
            return i
    return min(3, len(words))


def names_of(claim: Claim) -> frozenset[str]:
    """The names among a statement's features (people by role are not names)."""
    return claim.people_and_names - _PEOPLE


_MEMO: dict[str, Claim] = {}


def parsed(text: str) -> Claim:
    """The parsed statement (`Claim`), memoised: encoding compares one text with many (`core.facts.claim_of`)."""
    found = _MEMO.get(text)
    if found is None:
        if len(_MEMO) > 50_000:
            _MEMO.clear()
        found = _MEMO[text] = Claim(text)
    return found
