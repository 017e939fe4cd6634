"""Slots: what a holder has one value of at a time (where they live, their age, their name, a measured
quantity), and the small lexicon of subjects they are read with (`core.claims`, issue 24).

"I moved to Porto" fills the place slot of the speaker as "I live in Lisbon" did; "I turned 42" their age;
"I'm down to 76 kg" a measure in kg. Two statements in one slot of one holder are the same attribute, and a
new value there is an update (`core.facts`). Pure and stdlib-only.
"""

from __future__ import annotations

import re

from hippocampus.core.similarity import features
from hippocampus.core.tokens import STOPWORDS, WORD_RE, stem, word_set

FILLER = word_set("actually now just really also still currently these days nowadays sorry oops earlier new btw lol")
COPULAS = word_set(
    """is are was were am 'm 's 're be been ist sind est sont es está están é são è sono 是 です i'm it's he's
    she's we're they're that's"""
)
MONTH_WORDS = word_set(
    """january february march april may june july august september october november december jan feb mar
    apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday"""
)
MONTHS = MONTH_WORDS | frozenset(stem(w) for w in MONTH_WORDS)
"""Months and weekdays, as said and as features: part of a date, never a name."""
NUMBERISH = re.compile(r"^\d+(?:st|nd|rd|th|am|pm|h|:\d+(?:am|pm)?)?$|^(?:am|pm|week|noon|midnight)$")
_AUX = word_set("have has had 've just recently finally also still already ai suis sono sou bin")
_I = word_set("i me my mi ich je j j' yo eu io я ben 我 私")
FIRST = _I | word_set(
    """i'm i've i'd i'll we we're we've our us mine wir unser unsere mein meine meinen nous notre nos ma mon mes
    nosotros nuestro nuestra mi mis noi nostro nostra mia mio miei nós nosso nossa meu minha мы наш наша мой моя
    мои 我们 我們 私たち"""
)
"""The speaker (and their household) as the opening of a subject: "I…", "we…", "my car…", "our flat…"."""


def first_person(words: list[str]) -> frozenset[str]:
    """The words that are the speaker in this statement: in one with English words, "Ben" is a name, not
    Turkish "I" ("Ben lives in Leeds" is no fact of the speaker's)."""
    return FIRST - {"ben"} if any(w in STOPWORDS for w in words if w != "ben") else FIRST


_SLOTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "place",
        re.compile(
            r"^(?P<holder>.*?)\b(?:live|lives|living|lived|moved|moving|relocated|based|(?:home|house|flat) is)"
            r"\s+(?:back\s+)?(?:in|to|at|into)"
            r"\s+(?P<value>.+)$|^(?P<h2>.*?)(?:vivo|vive|moro|mora|abito|abita|habite|vis|vit|wohne|wohnt|lebe|lebt|"
            r"живу|живёт|живет)\s+(?:en|em|no|na|a|à|in|в)\s+(?P<v2>.+)$|^(?P<h3>.*?)(?:me mudé|se mudó|mudei(?:-me)?|"
            r"mudou|déménagé|trasferit[oa]|переехал[аи]?|bin nach|ist nach|installée?|me instalé|instalei|"
            r"settled(?: in)?)"
            r"\s+(?:a|para|pro|à|a|в|nach)?\s*(?P<v3>.+)$"
        ),
    ),
    (
        "age",
        re.compile(
            r"^(?P<holder>.*?)\s*(?:\b(?:is|am|'m|was|turned|turns|hit|reached|ist|est|tiene|tem|fez|cumplió|wird|wurde)|'s)\s+"
            r"(?P<value>\d{1,3})(?:\s*(?:years?|yrs?|ans|años|anos|jahre|anni)(?:\s+(?:old|alt))?)?\s*(?:today|yesterday|"
            r"last \w+|this \w+|on \w+|hoy|ayer|hoje|ontem|heute|gestern)?$"
            # "a 5 ans", "a eu 6 ans hier", "ha 10 anni", "ha compiuto 11 anni": the years word is needed here
            r"|^(?P<h4>.*?)\s*\b(?:a|a eu|vient d'avoir|ha|ha compiuto)\s+(?P<v4>\d{1,3})\s*(?:ans|anni)"
            r"\s*(?:aujourd'hui|hier|oggi|ieri)?$"
            # "my dad just had his 72nd birthday", "Mia celebrated her 9th birthday"
            r"|^(?P<h5>.*?)\s*\b(?:had|celebrated|has)\s+(?:his|her|their|my|our)\s+(?P<v5>\d{1,3})(?:st|nd|rd|th)\s+"
            r"birthday\b"
        ),
    ),
    (
        "name",
        re.compile(
            r"^(?P<holder>.*?)(?:'s)?\s*(?:\bname is|\bis called|\bis named|\bheißt|\bheisst|s'appelle|se llama|"
            r"se chama|si chiama|зовут)\s+(?P<value>.+)$"
        ),
    ),
)


NUMBER_WORDS = {
    word: str(n)
    for words in (
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
        "seventeen eighteen nineteen twenty",
        "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce",
        "zéro un deux trois quatre cinq six sept huit neuf dix onze douze",
        "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf",
        "zero uno due tre quattro cinque sei sette otto nove dieci undici dodici",
        "zero um dois três quatro cinco seis sete oito nove dez onze doze",
    )
    for n, word in enumerate(words.split())
} | {
    word: str(10 * n)
    for n, word in enumerate("thirty forty fifty sixty seventy eighty ninety".split(), 3)  # noqa: SIM905 - words
}
"""Numbers said as words, read as an age only (`find`): "Mateo just turned five" is "turned 5"."""

ONE_HOUSEHOLD = dict(
    pair.split(":")
    for pair in word_set(
        """our:my nuestro:mi nuestra:mi nuestros:mis notre:mon nos:mes unser:mein unsere:meine unseren:meinen
        nostro:mio nostra:mia nosso:meu nossa:minha"""
    )
)
"""The household's possessive read as the speaker's: "[my|our] anniversary is on 8 June" is one frame."""
_TIMES = frozenset(stem(w) for w in word_set("weekend weekday morning afternoon evening night week month year"))


MEASURES = frozenset(
    stem(w)
    for w in word_set(
        """minute hour day week month year km kilometre kilometres mile metre meter kg kilo pound lb stone euro dollar
        percent degree first second third fourth fifth sixth seventh eighth ninth tenth last monday tuesday wednesday
        thursday friday saturday sunday spring summer autumn winter primavera verano otoño invierno verão outono
        inverno printemps automne hiver frühling sommer herbst autunno"""
    )
)
"""Words that are part of a measured or dated value ("40 minutes", "an hour", "the first Monday")."""
NUMBER_STEMS = frozenset(stem(w) for w in NUMBER_WORDS)
FRAME_VERBS = frozenset(stem(w) for w in word_set("need want like love hate wish hope plan try"))
"""Verbs of wanting, needing and liking: a frame two statements share, no topic ("I need [to renew my passport|new
glasses, my prescription changed]" are two facts)."""


def values(feats: frozenset[str]) -> frozenset[str]:
    """The features of a statement that are values: numbers (in digits or words), months, units, ordinals."""
    return frozenset(f for f in feats if f[:1].isdigit() or f in NUMBER_STEMS or f in MONTHS or f in MEASURES)


def timely(word: str) -> bool:
    """A word of a time ("on Mondays", "at weekends", "in 2019"): a shared time names no attribute."""
    return word[:1].isdigit() or stem(word) in MONTHS or stem(word) in _TIMES or word in MONTH_WORDS


OCCUPATIONS = word_set(
    """teacher headteacher principal nurse midwife doctor gp surgeon dentist pharmacist paramedic physiotherapist
    physio therapist psychologist psychiatrist vet veterinarian engineer developer programmer designer architect
    accountant lawyer solicitor barrister judge paralegal manager director ceo cto founder consultant analyst
    scientist researcher professor lecturer student intern journalist editor writer author translator
    photographer artist musician actor chef cook baker butcher barista waiter waitress bartender cashier clerk
    receptionist secretary administrator librarian attendant steward stewardess plumber electrician carpenter
    builder mechanic driver pilot
    firefighter officer detective soldier farmer gardener cleaner caretaker carer nanny tutor trainer salesman
    saleswoman agent banker broker economist recruiter hairdresser tailor optician technician welder courier
    freelancer entrepreneur retiree pensioner homemaker profesor profesora médico médica enfermero enfermera
    ingeniero ingeniera abogado abogada maestro maestra professeur médecin infirmier infirmière ingénieur avocat
    avocate lehrer lehrerin arzt ärztin krankenpfleger krankenschwester ingenieur anwalt anwältin insegnante
    medico infermiere infermiera ingegnere avvocato professora enfermeiro enfermeira engenheiro engenheira
    advogado advogada attorney"""
)
"""Jobs: what someone is or works as ("I'm a teacher", "I work as a nurse", "soy profesora"). A job slot
names the attribute a bare "I'm a …" does not ("I'm a [teacher|vegetarian]" is two facts); a person may
hold two jobs, so a new one updates only with a cue (`core.facts.is_update`)."""
_JOB = re.compile(
    r"^(?P<holder>.*?)\s*(?:\b(?:is|am|are|was|work as|works as|working as|became|become|started as|promoted to|"
    r"soy|es|suis|"
    r"est|bin|ist|sono|è|sou|é)"
    r"|'m|'s)\s+(?:(?:a|an|un|una|une|ein|eine|um|uma)\s+)?(?P<value>(?:[\w-]+\s+){0,2}?(?P<job>[\w-]+))"
    r"(?:\s+(?:at|for|in|with) [\w' .&-]{1,40}?)?"  # where: "a pharmacist at St. Vincent's"
    r"(?:\s+(?:(?:last|this|next|in) (?:\w+ ){0,2}\w+|today|yesterday|now))?$"  # "… last year", "next pay period"
)
MANY = frozenset({"job", "where"})
"""Slots a holder may fill twice at once: a new value there is an update only with a cue (a thing's place
may be said at two scales: "my office is [in Soho|on the 6th floor]")."""

_WHERE = re.compile(
    r"^(?P<holder>(?:(?:the|my|his|her|their) )?(?:[\w'-]+ ){0,3}?[\w'-]+) "
    r"(?:(?:is|are|was|were) (?:kept|held|stored|parked) |(?:is|are|was|were|sits|stays|lives|happens|meets|meet|"
    r"takes place) )"
    r"(?P<value>(?:in|inside|under|underneath|on|at|behind|beside|by|next to|on top of) .+)$"
    r"|^(?:i|we) (?:keep|leave|store|stash|hide|park) (?P<h2>(?:the|my|his|her|their) (?:[\w'-]+ ){0,2}?[\w'-]+) "
    r"(?P<v2>(?:in|inside|under|underneath|on|at|behind|beside|by|next to|on top of) .+)$"
)
"""Where a thing is ("the spare key is under the flowerpot", "I keep the spare key under the doormat", "the
swimming lessons are at the school pool"): a place said under any preposition (`where`)."""
_WHEN = re.compile(
    r"^\d+(?:st|nd|rd|th|am|pm|h)$|^\d{1,2}[:.]\d{2}|^(?:19|20)\d\d$|^(?:noon|midnight|today|tomorrow|tonight)$"
)


STATUSES = word_set(
    """single engaged married divorced separated widowed widow widower dating attached soltero soltera casado casada
    comprometido comprometida divorciado divorciada célibataire marié mariée fiancé fiancée divorcé divorcée
    ledig verheiratet verlobt geschieden single celibe nubile sposato sposata fidanzato fidanzata divorziato
    divorziata solteiro solteira noivo noiva"""
)
"""A relationship status: one at a time ("I'm single" / "I'm engaged!")."""
DIETS = word_set(
    """vegetarian vegan pescatarian pescetarian flexitarian carnivore omnivore vegetariano vegetariana vegano vegana
    végétarien végétarienne végétalien végane vegetarier vegetarierin veganer veganerin vegetariani"""
)
"""A diet one keeps: one at a time ("I'm vegetarian" / "I've gone vegan")."""
_STATUS = re.compile(
    r"^(?P<holder>.*?)\s*(?:\b(?:is|am|are|was|got|just got|went|gone|turned|became|become|soy|estoy|es|está|suis|"
    r"est|bin|ist|sono|è|sou|estou|é)|'m|'s)"
    r"\s+(?:(?:now|officially|newly|happily|recently|finally|fully|so)\s+)?(?P<value>\w+)"
    r"(?:\s+(?:now|again|today|(?:this|last|next|in) \w+))?$"
)


def _status(flat: str) -> tuple[str, str, str] | None:
    """A holder's relationship status (`STATUSES`) or diet (`DIETS`), as (slot, holder, value)."""
    found = _STATUS.match(flat)
    value = found.group("value") if found else ""
    if not found or value not in STATUSES | DIETS or len(found.group("holder").split()) > 3:
        return None
    holder = holder_of(found.group("holder").replace("'ve", ""))  # "I've gone vegan"
    return "status" if value in STATUSES else "diet", holder, value


_PRONOUNS = word_set("it he she they this that there everything everyone something someone nothing all")


def _where(flat: str) -> tuple[str, str, str] | None:
    """The place of a thing (`_WHERE`), as ("where", holder, value), when the value is no time ("the wedding is
    in June" is when, not where)."""
    found = _WHERE.match(flat)
    if not found:
        return None
    holder = found.group("holder") or found.group("h2") or found.group("h3")
    value = found.group("value") or found.group("v2") or found.group("v3")
    if any(timely(w) or _WHEN.match(w) for w in value.split()):
        return None
    if holder.split()[0] in SUBJECT_PRONOUNS or holder.split()[0] in _PRONOUNS:
        return None  # "I'm in Leeds", "it is on the shelf": a thing named, not a person or a pronoun
    return "where", holder, value


SLOT_WORDS = {
    "place": "live lives moved relocated based vivo moro mora wohne lebe habite abito живу переехал",
    "age": "turned years old",
    "name": "name called named",
    "job": " ".join(sorted(OCCUPATIONS)),  # a new job shares no word with the old: it looks up every job
    "where": "",
    "status": " ".join(sorted(STATUSES)),  # "I'm engaged" shares no word with "I'm single"
    "diet": " ".join(sorted(DIETS)),
}
"""Words that find the memories of a slot (`core.facts.probes`): "I moved to Porto" finds "I live in Lisbon"."""
SLOT_KEYWORDS = {
    "place": (),
    "age": ("age", "old"),
    "name": ("name",),
    "job": ("job", "work"),
    "where": (),
    "status": (),
    "diet": (),
}
"""Words a slot's statement is found by, said or not (`core.inheritance.inherited_keywords`): "I turned 42" answers
"how old am I", "it's called Miso" answers "what's its name". A place gets none: "I moved to OVH" reads as one
(a capitalised value), and a move takes over the words of the home it replaced."""


SUBJECT_PRONOUNS = word_set("i i'm i've we we're we've ich je yo eu io я")
"""The speaker as a subject ("I…", "we…"): what follows the verb is an object, not who."""
SPEAKER = SUBJECT_PRONOUNS | word_set("wir nous noi nós nosotros nosotras")
"""The speaker as a subject, "we" in each supported language too: a statement so opened is the speaker's."""
POSSESSIVES = word_set("my our mein meine mon ma mi mio mia meu minha")
_DEGREE = word_set(
    """down up to about around roughly nearly almost over under at only just now currently still back bis
    à a hasta até"""
)
_UNIT_RE = re.compile(r"^[^\W\d_]{1,10}$")


def _measure(words: list[str]) -> tuple[str, str, str]:
    """A measured quantity of one holder, as (slot, holder, value), or empty: "I weigh [82] kg", "I'm down
    to [76] kg", "my son is [120] cm". The slot is the unit with the verb that measures it, if any ("I
    [run] 5 km" and "I [cycle] 20 km" are two); a statement without a verb ("I'm at 76 kg") has the unit's
    slot of whichever verb: a holder has one weight, one height, one dose at a time. Only the speaker and
    what the speaker names as theirs ("my son", "our flat") hold one: other subjects are too loose to read."""
    if len(words) < 3 or not NUMBERISH.match(words[-2]) or not words[-2][:1].isdigit():
        return "", "", ""
    unit = words[-1]
    if not _UNIT_RE.match(unit) or unit in MONTH_WORDS or unit in STOPWORDS:
        return "", "", ""
    if words[0] in SUBJECT_PRONOUNS:
        holder, rest = "i", words[1:-2]
    elif words[0] in POSSESSIVES:
        holder, rest = holder_of(" ".join(words[:2])), words[2:-2]
    else:
        return "", "", ""
    verbs = [w for w in rest if w not in COPULAS and w not in _DEGREE and w not in FIRST]
    if len(verbs) > 1:
        return "", "", ""  # "I put on weight, I'm 74 kilos": more is said than a measure
    return " ".join(["measure", stem(unit), *(stem(v) for v in verbs)]), holder, words[-2]


def holder_of(text: str, speaker: frozenset[str] = FIRST) -> str:
    """A holder's words, auxiliaries dropped and the first person (`_I`, of the words that are the
    `speaker`) as "i"; "" is the first person too."""
    words = [w for w in WORD_RE.findall(text) if w not in _AUX and w not in FILLER]
    said = ["i" if (w in _I and w in speaker) or w.startswith("j'") else w for w in words]
    return " ".join(w for n, w in enumerate(said) if not (w == "i" and said[n - 1 : n] == ["i"])) or "i"


def same_slot(a: str, b: str) -> bool:
    """Two slots are one: equal, or one unit measured with and without its verb ("measure kg weigh" and
    "measure kg"; `_measure`)."""
    if a == b:
        return True
    return a.startswith("measure ") and b.startswith("measure ") and (a.startswith(b) or b.startswith(a))


THIRD = word_set("he she they il elle ils elles él ella ellos ellas ele ela eles elas er sie lui lei loro")
"""A third person said by a pronoun, as a holder."""


_OF = word_set("of de da do di du del della dello des dos das")
"""The word before an owner in the supported languages ("the husband of Nora", "el marido de Nora")."""


def same_holder(a: str, b: str) -> bool:
    """Two holders are one: the same words, or one within the other ("Rufus" and "our dog Rufus")."""
    if a != b and (a in THIRD) != (b in THIRD):
        return False  # "she turned 30" is not "I'm 29": a pronoun has no features, and is no speaker (`core.ages`)
    fa, fb = set(features(a)) or {"i"}, set(features(b)) or {"i"}
    if a == b or fa == fb:
        return True
    longer, shorter = (a, fb) if len(fa) > len(fb) else (b, fa)
    said = longer.split()
    owners = {stem(w[:-2]) for w in said[:-1] if w.endswith("'s")}
    # German's genitive ("Noras Mann" / "Nora"): the other holder says the name without its "s", not the word
    # itself ("Carlos García" / "Carlos" is one person)
    owners |= {stem(w[:-1]) for w in said[:-1] if w.endswith("s") and stem(w) not in shorter}
    owners |= {stem(w) for d, w in zip(said, said[1:], strict=False) if d in _OF}  # "le mari de Nora"
    if owners & shorter:
        return False  # "Theo's sister" is not "Theo": what a holder owns is another holder
    return bool(fa & fb) and (fa <= fb or fb <= fa)


def find(words: list[str], cased: frozenset[str], speaker: frozenset[str] = FIRST) -> tuple[str, str, str]:
    """The slot a statement's words (`Claim.tokens`) fill, as (slot, holder, value), or empty; `cased`: the
    words said with a capital; `speaker`: its `first_person` words."""
    flat = " ".join(words)
    counted = " ".join(NUMBER_WORDS.get(w, w) for w in words)  # "Mateo just turned five": an age
    for name, pattern in _SLOTS:
        found = pattern.match(counted if name == "age" else flat)
        if found:
            groups = {k: v for k, v in found.groupdict().items() if v is not None}
            value = next((groups[k] for k in ("value", "v2", "v3", "v4", "v5") if k in groups), "")
            if name == "place" and not (set(WORD_RE.findall(value)) & cased or not value.isascii()):
                continue  # "I live near the ring road" is no home town: a place slot holds a name
            said = next((groups[k] for k in ("holder", "h2", "h3", "h4", "h5") if k in groups), "")
            return name, holder_of(said, speaker), value.strip()
    job = _JOB.match(flat)
    if job and job.group("job") in OCCUPATIONS and len(job.group("holder").split()) <= 3:
        return "job", holder_of(job.group("holder"), speaker), job.group("value").strip()
    return _role(words, cased) or _named(words, cased) or _status(flat) or _where(flat) or _measure(words)


ONE_AT_A_TIME = word_set(
    """girlfriend boyfriend husband wife partner fiancé fiancée fiance fiancee spouse manager boss landlord landlady
    dentist doctor gp therapist"""
)
"""People by role one has one of at a time ("my girlfriend", "my dentist", "my best friend"): who fills the
role is a name slot ("my girlfriend is Ruth" / "Tasha is my best friend"), as "my girlfriend is called Hannah"
is. A sister, a friend or a colleague may be several, so naming one says nothing of another."""
_ROLE_OF = re.compile(r"^(?P<holder>my|our) (?P<role>best friend|\w+) is (?:called |named )?(?P<value>.+)$")
_ROLE_IS = re.compile(r"^(?:\w+ly )?(?P<value>.+?) is (?P<holder>my|our) (?P<role>best friend|\w+)$")


_NAMED = re.compile(
    r"^(?:i|we|they|the \w+) (?:\w+ ){0,2}?(?:named|called|renamed|rechristened) "
    r"(?P<holder>(?:the|my|his|her|their) (?:[\w-]+ ){0,2}?[\w-]+) (?P<value>.+)$"
    r"|^.*?\b(?P<h2>(?:the|my|his|her|their) (?:[\w-]+ ){0,2}?[\w-]+)'s (?:name|surname) (?:to|is|as) (?P<v2>.+)$"
    # German: "wir nennen den Kater jetzt Moritz", "wir haben den Hund Bruno genannt"
    r"|^(?:ich|wir) (?:nennen|nenne|nannten|haben) (?:den|die|das|meinen|meine|unseren|unsere) (?P<h3>[\w-]+)"
    r" (?:jetzt |nun )?(?P<v3>.+?)(?: genannt| getauft)?$"
)
"""A name given ("we named the puppy Bear") or changed ("changing the kitten's name to Juniper"): the thing's
name slot, as "the puppy's name is Bear" is."""


def _named(words: list[str], cased: frozenset[str]) -> tuple[str, str, str] | None:
    """The name slot of a thing named (`_NAMED`), when its value is a name (every word said with a capital)."""
    found = _NAMED.match(" ".join(words))
    if not found:
        return None
    holder = found.group("holder") or found.group("h2") or found.group("h3")
    value = found.group("value") or found.group("v2") or found.group("v3")
    if not all(w in cased for w in value.split()):
        return None
    return "name", holder_of(holder), value


def _role(words: list[str], cased: frozenset[str]) -> tuple[str, str, str] | None:
    """The name slot of a role one has one of (`ONE_AT_A_TIME`), said either way round, when its value is a
    name (every word said with a capital)."""
    flat = " ".join(words)
    for pattern in (_ROLE_OF, _ROLE_IS):
        found = pattern.match(flat)
        if not found:
            continue
        role, value = found.group("role"), found.group("value")
        if (role == "best friend" or role in ONE_AT_A_TIME) and all(w in cased for w in value.split()):
            return "name", holder_of(f"{found.group('holder')} {role}"), value
    return None
