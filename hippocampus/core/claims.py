"""A statement parsed for fact identity (`core.facts`): its frame, holder, slot, values and cues.

General grammar, not phrases: cue words per supported language, a discourse prefix ("sorry, typo
earlier:", "change of plans:"), the value a correction leaves behind ("…, not X", "switched from X to
Y", "instead of X", "no longer … X"; a bare "not" only before a number or a name), one frame with one
value swapped (`align`), the slots whose holder has one value at a time (`core.slots`), whose statement
it is (`owner`: the speaker, a person by role, or unknown), whether it asks something (then it states no
update, and is no fact to update), how many sentences it holds (`core.sentences`: a message
of several is judged part by part, `core.facts.parts`), and whether it adds a value ("… too": `ADDS`).

The cue words themselves are `core.cues`.
Pure and stdlib-only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hippocampus.core import slots
from hippocampus.core.concise import fact_text
from hippocampus.core.cues import ADDS, CORRECTION, LEFT, PREFIX, PREFIX_WORDS, WEAK
from hippocampus.core.sentences import CLEFT, OPENER, SENTENCE_END, uncleft
from hippocampus.core.similarity import RELATIONS, features, names
from hippocampus.core.slots import (
    COPULAS,
    FILLER,
    FIRST,
    MONTH_WORDS,
    NUMBERISH,
    SLOT_WORDS,
    holder_of,
)
from hippocampus.core.tokens import STOPWORDS, WORD_RE, stem

MAX_WORDS = 30


_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
"""A number as said ("1,150", "5:30", "14th" → "14")."""
_IS = re.compile(
    r"\b(?!(?:it|he|she|that|what|there|let|who)'s)([a-z]\w*)'s (?=(?:in|on|at|to|from|a|an|the|down|up|over|"
    r"under|about|around|called|named)\b|\d)"
)
"""A noun's "'s" that is "is" ("the wedding's in Bristol", "my weight's down to 78 kg"): before a preposition,
an article, a number or "called", not before a noun ("my son's school"), nor after a name ("Sainsbury's in
Leeds" is a shop)."""


_NOT_X = re.compile(r"not (?:the |my |a |an )?([\w'-]+)\s*(?:[,;:—–-]|after all\b)")
"""A message that opens on "not X" and a break ("Not cats after all -", "Not the blue one,"): X is left behind."""
_GOES_BY = re.compile(r"\s+(?:goes|go|going) by\s+", re.IGNORECASE)
"""A name one is known by said as "goes by" ("my accountant goes by Linda Osei"): a copula, as "is" is."""
_SPELLS = re.compile(
    r"\b(?P<who>[\w']+)(?P<adv> \w+)? spel(?:ls|led|lt) (?:it|(?:her|his|their) name)\b", re.IGNORECASE
)
"""A name said by its spelling ("my sister actually spells it Caitlin"): her name is Caitlin."""


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_RELATION_WORDS = (
    _words(
        """in on at to from with by near for of into onto over under about as like than has have had do does
        did will would can could got get gets en em no na à au aux dans chez sur avec pour de du des con por para
        del al im am mit bei nach zu zum zur auf von für di da per su nel nella alla"""
    )
    | COPULAS
)
"""Words that open a relation, not a value ("I live [with two cats|close to…]", "je travaille [dans une
école|le samedi]"), in the supported languages."""
_EXTRA_PEOPLE = frozenset(
    stem(w)
    for w in _words(
        """coach neighbour neighbor landlord landlady dentist physio physiotherapist barber tutor mentor
        godfather godson goddaughter teammate classmate nephew niece grandson granddaughter kid kids
        children parents twin baby partner hermano hermana hijo hija padre madre esposo esposa marido novio novia
        abuelo abuela tío tía primo prima jefe irmão irmã filho filha pai mãe avô avó bruder schwester sohn tochter
        vater mutter ehemann ehefrau oma opa onkel tante chef frère sœur soeur fils fille père mère mari grand-mère
        oncle fratello sorella figlio figlia moglie marito nonno nonna zio zia брат сестра сын дочь отец мать муж
        жена"""
    )
)
"""People by role beyond `similarity.RELATIONS`, and the closest ones in the other supported languages."""
_PEOPLE = RELATIONS | _EXTRA_PEOPLE
_DE_ARTICLES = _words("der die das den dem des ein eine einen einem mein meine meinen meinem unser unsere")
PEOPLE = _PEOPLE
_THIRD_PERSON = _words("he's she's they're he'll she'll they'll he'd she'd")
"""A contracted copula or auxiliary with a third person in it: "he's at Eastfield Primary" is said of someone."""


@dataclass(frozen=True)
class Swap:
    """Two statements as one frame with one value swapped: whether the values are single by nature
    (numbers, dates, times) and whether they differ in a content word (not only in form)."""

    single: bool
    content_differs: bool


def _content(feats: frozenset[str]) -> frozenset[str]:
    return frozenset(f.lstrip("!") for f in feats if not f.lstrip("!")[:1].isdigit()) - CUE_FEATURES - _FUNCTION


_FUNCTION = frozenset(
    f.lstrip("!")
    for f in features(
        """el la los las lo un una unos unas y o que se me te nos le les del al con por para en de es está
        están fue ha han hemos he mi mis tu su sus nuestro nuestra
        o a os as um uma e que se me te nos lhe do da dos das no na nos nas com por para em de é são está estão
        foi tem têm meu minha meus minhas seu sua nosso nossa agora
        le la les un une des du au aux et ou que qui se me te nous vous lui leur en de est sont était a ont ai
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
        "features",
        "holder",
        "involves_speaker",
        "key",
        "modifiers",
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
        "tokens",
    )

    def __init__(self, text: str) -> None:
        self.cleft = bool(CLEFT.match(text.strip()))
        text = uncleft(text.strip())  # "It's my daughter who has football…": said of my daughter
        text = OPENER.sub("", _SPELLS.sub(r"\g<who>'s name is\g<adv>", _GOES_BY.sub(" is ", text)))
        said = text.casefold().replace("’", "'")
        text = fact_text(text) or text  # "Remember that…", "Hi!": the fact itself
        low = _IS.sub(r"\1 is ", text.replace("’", "'").strip()).casefold()
        self.key = " ".join(low.split()).strip(" .!。")
        self.short = len(WORD_RE.findall(low)) <= MAX_WORDS
        self.cue = bool(WEAK.search(said))
        self.adds = bool(ADDS.search(said))  # as said: `fact_text` drops an opening "Actually,"
        found = CORRECTION.search(said)
        self.correction = found is not None
        # what a correction verb acts on ("the kids renamed [the goldfish to Dory]"): the thing corrected
        # (less the names it gives: "switched to Microsoft Teams" acts on no team)
        carried = found is not None and said.startswith("correction:") and found.start() == 0  # `core.parts.REMARK`
        acted = (text if len(text) == len(said) else said)[found.start() :] if found and not carried else ""
        self.acted_on = frozenset(f.lstrip("!") for f in features(acted.casefold())) - (names(acted) - slots.MONTHS)
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
            opens = match.start() == 0 and _NOT_X.match(body)
            self.denies = self.denies or bool(opens)
            value = opens.group(1) if opens else value
            if match.group(0).startswith((" not", "not")) and not _value_like(value, self.cased) and not opens:
                continue  # "does not work", "I'm not sure": a bare "not" leaves behind a value only ("381 not 318")
            left |= {f.lstrip("!") for f in features(value)}
            self.leaves = True  # a value named as left behind, even one of no features ("O positive, not A")
        self.left = frozenset(left - CUE_FEATURES)
        self.asks = "?" in said or "？" in said  # a question states no update (a task: `core.facts.updates`)
        self.sentences = 1 + len(SENTENCE_END.findall(text.strip()))
        stripped = WEAK.sub(" ", LEFT.sub(" ", body))
        words = [slots.ONE_HOUSEHOLD.get(w, w) for w in WORD_RE.findall(stripped) if w not in FILLER]
        self.tokens = tuple(words)
        self.features = frozenset(f.lstrip("!") for f in features(text))
        self.content = _content(features(text))
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
        self.subject_people = frozenset(f for f in features(subject) if f in _PEOPLE) - self.modifiers
        self.subject = _content(features(" ".join(w for w in opening if w not in FIRST)))
        self.opening = " ".join(opening)
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
        said_words = WORD_RE.findall(body)
        mine = sum(w in speaker for w in said_words) - sum(w in speaker for w in opening)
        self.involves_speaker = mine > 0  # "my doctor switched me from…": the speaker's fact, said of another

    def people_compatible(self, other: Claim) -> bool:
        """The two subjects may be one: the people they name agree ("my son" vs "my daughter": two facts), and
        neither is the speaker where the other is a person by role ("I no longer play tennis" says nothing of
        "my coach plays golf"), unless this one names the other's person or value as left behind ("Elias is
        my cousin, not my brother": a person left behind, not a value, "I quit smoking" / "my brother smokes").
        The speaker may act on the person's fact: "We changed the baby's name"."""
        if self.left & other.subject_people or self.cleft and self.correction:
            return True  # "It's my daughter who has football on Tuesdays", after "I got the kids mixed up"
        if self.opening.startswith("the ") and self.subject_people and self.subject_people < other.subject_people:
            return True  # "the vet at Parkside is…" / "the dog's vet is…": the one named before, said shorter
        if self.subject_names and other.subject_names and not self.subject_names & other.subject_names:
            return False  # "my cousin [Ben|Kira] just moved to …": two cousins, two facts
        if self.owner == "people" and other.owner == "speaker" and other.subject <= self.acted_on and other.possessed:
            return True  # "the kids renamed the goldfish to Dory": another person acts on the speaker's thing
        if {self.owner, other.owner} == {"speaker", "people"}:  # unless the speaker's names the person:
            speaker, person = (self, other) if self.owner == "speaker" else (other, self)
            # "we changed my daughter's bedtime to 7:30", "my doctor switched me from sertraline"
            return person.subject_people <= speaker.features or person.involves_speaker
        return not (self.subject_people and other.subject_people) or self.subject_people == other.subject_people


def _qualifier(opening: list[str], n: int, cased: frozenset[str]) -> bool:
    """The word at `n` of a subject opened by "my", "our" or "the" stands before a common noun ("my MRI scan")."""
    after = opening[n + 1] if n + 1 < len(opening) else ""
    owned = bool(opening) and (opening[0] in slots.POSSESSIVES or opening[0] == "the")
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


def _kind(tokens: tuple[str, ...], cased: frozenset[str]) -> str:
    """The kind of a value: a number/date/time, a name (capitalised where said), or other."""
    words = [t for t in tokens if t not in STOPWORDS or t in MONTH_WORDS or t in cased]  # "[O|A] positive"
    if words and all(NUMBERISH.match(t) or t in MONTH_WORDS for t in words):
        return "number"
    if any(t in cased for t in words):
        return "name"
    return "other"


def _differing(x: tuple[str, ...], y: tuple[str, ...]) -> tuple[int, int, tuple[str, ...], tuple[str, ...]]:
    """The length of the shared opening and of the shared end of two token lists, and what each side
    has between them."""
    p = 0
    while p < min(len(x), len(y)) and x[p] == y[p]:
        p += 1
    s = 0
    while s < min(len(x), len(y)) - p and x[-1 - s] == y[-1 - s]:
        s += 1
    return p, s, x[p : len(x) - s], y[p : len(y) - s]


def align(a: Claim, b: Claim) -> Swap | None:
    """The two statements as one frame with one value swapped, or None (see `core.facts` question 1)."""
    p, s, dx, dy = _differing(a.tokens, b.tokens)
    if not dx or not dy or len(dx) > 4 or len(dy) > 4:
        return None
    prefix = a.tokens[:p]
    if not prefix:
        return None
    if any(w in COPULAS for w in (*dx, *dy)):
        return None  # "my favourite [colour is teal|podcast is Radiolab]": the relation is in what differs
    content = [w for w in prefix if w not in STOPWORDS and w not in FIRST and w not in COPULAS]
    copula = any(w in COPULAS or w in ("has", "have", "had") for w in prefix)  # "my team has [5|9] people"
    end = a.tokens[len(a.tokens) - s :] if s else ()
    # a shared end that is a place or purpose names the attribute: "I [cycle|take the train] to work"
    aim = bool(end) and end[0] in _RELATION_WORDS and not any(slots.timely(w) for w in end)
    aim = aim and any(w not in STOPWORDS for w in end)
    speaker = prefix[0] in ("i", "we", "ich", "je", "yo", "eu", "io", "я") and (bool(content) or aim)  # "I sleep…"
    if not (content or speaker or (copula and prefix[0] in FIRST)):
        return None
    last = content[-1] if content else ""
    if not (copula or speaker) and (len(content) < 2 or last in a.cased or stem(last) in _PEOPLE):
        return None  # "my coach Farid [has…|is…]", "my favourite [colour…]": the relation is not shared
    kx, ky = _kind(dx, a.cased), _kind(dy, b.cased)
    # a gerund that is the whole value after a copula is a value: "my main hobby is [bouldering|woodworking]"
    gerunds = prefix[-1] in COPULAS and len(dx) == len(dy) == 1
    relation = dx[0] in _RELATION_WORDS or dy[0] in _RELATION_WORDS or (_verbish(dx[0], dy[0]) and not gerunds)
    if dx[0] != dy[0] and relation and not kx == ky == "number":  # "[on 2 May|May 16]" is one date
        return None  # "I live [with two cats|close to the river]", "is [moving to…|learning to…]"
    placed = len(prefix) > 1 and prefix[-2] in COPULAS and prefix[-1] in _RELATION_WORDS  # "is in", "is at"
    if (prefix[-1] in COPULAS or placed) and kx != ky:
        return None  # "my sister is [Alma|a nurse]", "the wedding is in [Bristol|June]": two attributes
    cx, cy = _content(features(" ".join(dx))), _content(features(" ".join(dy)))
    named = [w for w in a.tokens[len(a.tokens) - s :] if w not in STOPWORDS] if s else []
    if not content and not named and kx == ky == "other" and not cx & cy:
        return None  # "I'm a [teacher|vegetarian]", "I have [two cats|three nephews]": the frame names no attribute
    # (a shared end names it: "I'm a [junior|senior] developer")
    differs = bool(cx ^ cy)
    return Swap(single=kx == ky == "number", content_differs=differs or kx == ky == "number")


def relation_swap(a: Claim, b: Claim) -> bool:
    """The two statements share their opening and their end and differ only in the words between, each
    side with content words of its own ("my brother Tomasz [lives|works] in Gdańsk", "my cousin Hedda
    [grew up|just got back] from Lagos"): two relations of one subject and one object, two facts. A
    rewording keeps its content words ("[lives|is living] in", "[works as|is] a paramedic"), in
    another form ("[vive|está viviendo] en"), or changes only an adverb ("[usually|normally] wake up")."""
    p, s, dx, dy = _differing(a.tokens, b.tokens)
    if p and not s and dx and dy:
        return _new_predicate(dx, dy)
    if not (p and s and dx and dy) or len(dx) > 4 or len(dy) > 4:
        return False
    cx, cy = ([_form(w) for w in d if w not in COPULAS and not w.endswith("ly") and _form(w)] for d in (dx, dy))
    # an adverb ("[usually|normally] wake up") or an auxiliary ("[vive|está viviendo] en") is no relation
    return bool(cx) and bool(cy) and not any(_one_root(u, v) for u in cx for v in cy)


def _new_predicate(dx: tuple[str, ...], dy: tuple[str, ...]) -> bool:
    """After one opening, each goes on with a word of its own ("During the first week of April Tomasz
    [recorded an audition tape…|asked his teacher about…]") and the rest shares at most half its content
    words: two things said of one subject. A paraphrase goes on alike or shares the rest ("I'm [learning
    to play the piano|taking piano lessons to learn to play]")."""
    fx, fy = ([_form(w) for w in d if w not in COPULAS and not w.endswith("ly") and _form(w)] for d in (dx, dy))
    if not fx or not fy or _one_root(fx[0], fy[0]) or fx[0] == fy[0]:
        return False
    cx, cy = set(fx), set(fy)
    return 2 * len(cx & cy) <= 0.5 * (len(cx) + len(cy))


def _form(word: str) -> str:
    """A word as `similarity` compares it (stem, or its concept: "encanta" and "gusta" are ~like); empty
    for a word without content ("don't", "never", "the")."""
    found = features(word)
    return next(iter(found)).lstrip("!") if len(found) == 1 else " ".join(sorted(found))


def _one_root(u: str, v: str) -> bool:
    """Two forms of one word, in any supported language ("lives"/"living", "vive"/"viviendo"): they
    open alike for all but the last letter of the shorter, three letters at least, four at most."""
    need = max(3, min(4, len(u) - 1, len(v) - 1))
    return u[:need] == v[:need] and len(u) >= need and len(v) >= need


def _verbish(x: str, y: str) -> bool:
    """Either differing first word reads as a verb form (a relation, not a value)."""
    return any(w.endswith(("ing", "ed")) and len(w) > 4 for w in (x, y))


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
