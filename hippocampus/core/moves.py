"""Moves: a dated or timed thing moved, said with a cue and a word of its event or none (issue 24, fifteenth pass).

A plan that moved is told as news of the move, not as the older's sentence again: "flights got pushed, now leaving 21
April" / "Japan trip: we fly out on 14 April", "garage rang, they've moved it to Monday 13th" / "Subaru's booked in for
a service on Thursday the 9th", "he's coming the 16th now" / "dad's flying over from Perth on the 2nd of Feb", "Finale
wurde verschoben, jetzt am 29. August" / "Das Netball-Finale ist am 22. August", "Mudaram o ensaio para as oito e meia."
/ "O coro ensaia às nove da noite.". The frame routes miss these: the two share no frame, often no word ("flights" /
"fly"), a weekday and its day are read as two values changed, a day is said as an ordinal alone ("the 16th"), a time
in words ("às nove"), and a compound holds the older's word ("Netball-Finale", "Zahnarzttermin"). What marks them is
the value's kind and the sentence's structure:

- one value of a kind in each statement, another in the newer: a date (a day with its month or weekday, or an
  ordinal after "the/on": one value however many of its parts changed), else a clock time, else a weekday;
- a cue in the newer (`core.cues`), no addition, the subjects compatible, no person or name the older does not say;
- the newer's event words: the content words of its clauses that hold the value or a cue (a clause of neither is an
  agent or a reason: "garage rang", "fares were cheaper"), less cues, values, pronouns, and the verbs by which a plan
  happens (`_HAPPENS`: "leaving", "coming", "starten"). Either one of them is the older's (a shared stem, or a part of
  the older's compound: "Finale" / "Netball-Finale") and at most `MAX_OWN` are not, none the thing the newer moves or
  speaks of (`days`: "Me cambiaron la cita del dentista" is the dentist's); or it says none at all (`unanchored`: "he's
  coming the 16th now"): then which memory it moves is the store's question (`one_holder`: only where one current
  memory holds a value of that kind; none where several could).

Pure: no I/O.
"""

from __future__ import annotations

import re

from hippocampus.core import anchors, asides, claims, date_words, days, slots, whose
from hippocampus.core.claims import Claim
from hippocampus.core.similarity import features
from hippocampus.core.tokens import STOPWORDS, derived, stem

MAX_OWN = 2
"""Most event words of its own a move that shares one with the older may say ("flights … land"): more is another
thing whose date it is."""
_ORDINAL = re.compile(
    r"\b(?:the|on|le|el|am|il|dia|del)\s+(?P<d>[1-9]|[12]\d|3[01])(?:st|nd|rd|th|º|ª|er|\.)"
    r"(?!\s*(?:of\s+)?(?:month|year|floor|time|century|birthday|anniversary|grade|place|week|minute|hour|ano|año|"
    r"jahr|anno|an|étage|stock|piso|andar|piano)\b)"
)
_NUMBER_WORD = "|".join(sorted((w for w, n in slots.NUMBER_WORDS.items() if 0 < int(n) <= 12), key=len, reverse=True))
_HOUR = rf"(?:1[0-9]|2[0-3]|0?[1-9]|{_NUMBER_WORD})"
_HALF_PAST = r"(?:\s+(?P<half>e meia|y media|et demie|e mezza|and a half|e trinta))?"
_DAYTIME = (
    r"(?:in the (?:morning|evening|afternoon)|at night|da (?:manhã|tarde|noite)|de la (?:mañana|tarde|noche)|"
    r"du (?:matin|soir)|de l'après-midi|di (?:mattina|sera|notte)|del pomeriggio|(?:morgens|abends|nachmittags|uhr))"
)
_TIME = re.compile(
    r"\b(?P<h1>[01]?\d|2[0-3])(?::|h)(?P<m1>[0-5]\d)\b"  # "9:30", "19h30"
    r"|\b(?P<h2>1[0-2]|0?[1-9])(?:[:.](?P<m2>[0-5]\d))?\s*(?:am|pm|a\.m\.|p\.m\.)"  # "7pm", "6.45pm"
    r"|\b(?P<h3>1\d|2[0-3]|0?[1-9])h\b"  # "18h"
    rf"|\b(?:at|às|para as|alle|a las|à|um|half)\s+(?P<h4>{_HOUR})\b(?!\s*(?:st|nd|rd|th|%|[,.]\d))"
    rf"(?!\s+(?:{'|'.join(date_words.MONTHS)})\b){_HALF_PAST}"  # "at 9", "às nove", "para as oito e meia"
    rf"|\b(?P<h5>{_HOUR})\s+{_DAYTIME}"  # "6 in the morning", "nove da noite"
)
_WEEKDAY = re.compile(
    r"\b(?:(?:next|this|on)\s+(?P<abbr>mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\b|(?P<day>monday|tuesday|wednesday"
    r"|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lunes|martes"
    r"|miércoles|jueves|viernes|sábado|domingo|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunedì|martedì"
    r"|mercoledì|giovedì|venerdì|sabato|domenica|segunda-feira|terça-feira|quarta-feira|quinta-feira|sexta-feira))s?\b"
)
_CLAUSE = re.compile(
    r"\s*(?:[;!?()]|(?<!\d):|:(?!\d)|,(?!\d)|(?<!\d),|\.(?!\d)|\s[—–-]+\s|—|–|→|"
    r"\b(?:so|because|since|as|but|weil|porque|parce que|perché|por causa|mais|ma|aber|pero|mas)\b)\s*",
    re.IGNORECASE,
)
_MOVE = re.compile(
    r"\b(?:push|pushed|move|moved|shift|shifted|bump|bumped|brought|resched\w*|postpon\w*|delay\w*|verschoben|verlegt"
    r"|mud\w+|pass\w+ para|spostat\w*|rinviat\w*|déplacé\w*|reporté\w*|avancé\w*|cambi\w+|aplazad\w*|adelantad\w*"
    r"|remarc\w+|adiad\w*)\b"
)
"""A verb that moves a plan: a clause with one is about the move, not an agent's or a reason's ("garage rang")."""
_HAPPENS = features(
    "leave leaving come coming arrive arriving land landing start starting begin beginning fly flying depart go going "
    "happen happening kick kicks off on partir arriver commencer venir llegar salir empezar venir kommen ankommen "
    "beginnen starten fliegen abfliegen chegar partir começar vir arrivare partire iniziare venire"
)
"""The verbs by which a plan happens: "now leaving 21 April" names no event of its own."""
_TOLD = features(
    "rang ring rung called phoned emailed texted messaged asked told said wrote angerufen gemeldet ligaram llamaron "
    "appelé chiamato avisaram"
)
"""How the news of a move came ("the garage rang", "they rang to reschedule"): no event of its own."""
_AUXILIARIES = features(
    "got get gets getting been has have had was were pra pro para now instead ist wurde wird hat sind war est a été "
    "é foi è stato ha fue ha sido"
)
_PRONOUNS = features(
    "he she it they we us them him her er sie es il elle ils elles él ella ellos ellas lui lei loro ele ela eles elas"
)
_DAY_WORDS = (
    anchors.MONTH_NAMES
    | anchors.WEEKDAYS
    | slots.MONTHS
    | features(" ".join(date_words.MONTHS))
    | features("mon tue tues wed thu thur thurs fri sat sun")
)


def _hour(word: str) -> int:
    """An hour said as digits or a number word."""
    return int(slots.NUMBER_WORDS.get(word, word))


def dates(text: str) -> frozenset[tuple[int, int]]:
    """The dates a statement says (`days.said`, and an ordinal alone after "the/on": "the 16th"), as (day, month or 0);
    a day said bare and with its month is one date."""
    low = text.casefold().replace("’", "'")
    found = set(days.said(text)) | {(int(m.group("d")), 0) for m in _ORDINAL.finditer(low)}
    return frozenset(d for d in found if d[1] or not any(o[0] == d[0] and o[1] for o in found))


def times(text: str) -> frozenset[tuple[int, int]]:
    """The clock times a statement says, as (hour of the half day, minutes): "at 7pm" and "at 7 in the evening" are
    one; whether morning or evening is left open ("at 9" / "7pm" differ)."""
    found = set()
    for match in _TIME.finditer(text.casefold().replace("’", "'")):
        group = next(k for k in ("h1", "h2", "h3", "h4", "h5") if match.group(k))
        minutes = match.group({"h1": "m1", "h2": "m2"}.get(group, "half"))
        value = 30 if minutes and not minutes.isdigit() else int(minutes or 0)
        found.add((_hour(match.group(group)) % 12, value))
    return frozenset(found)


def weekdays(text: str) -> frozenset[str]:
    """The weekdays a statement says, by their first three letters ("Sunday arvo", "next sat")."""
    return frozenset((m.group("abbr") or m.group("day"))[:3] for m in _WEEKDAY.finditer(text.casefold()))


def _values(text: str) -> tuple[tuple[str, frozenset[object]], ...]:
    """A statement's values of each kind, the most precise first."""
    return (("date", dates(text)), ("time", times(text)), ("weekday", weekdays(text)))


def kind_moved(new: str, old: str) -> str:
    """The kind of value `new` gives `old` anew (one of it in each, another in the newer), or ""."""
    for (kind, now), (_, was) in zip(_values(new), _values(old), strict=True):
        if not now and not was:
            continue
        if len(now) != 1 or len(was) != 1:
            return ""
        (a,), (b,) = now, was
        if kind == "date":
            return "" if a[0] == b[0] and (a[1] == b[1] or not a[1] or not b[1]) else kind  # type: ignore[index]
        return "" if a == b else kind
    return ""


def _event_words(new: str, a: Claim) -> frozenset[str]:
    """The newer's words of an event: its clauses that hold a value or a cue, less cues, values, pronouns and the
    verbs by which a plan happens (see above)."""
    found: set[str] = set()
    for clause in _CLAUSE.split(new):
        c = claims.parsed(clause) if clause.strip() else None
        low = clause.casefold()
        if c is None or not (any(v for _, v in _values(clause)) or c.cue or c.correction or _MOVE.search(low)):
            continue
        moving = {stem(m.group()) for m in _MOVE.finditer(low)}
        found |= {w for w in anchors.own_topic(c) - c.cue_features if not any(w.startswith(m) for m in moving)}
    words = frozenset(w for w in found if w not in STOPWORDS)
    return words - a.cue_features - _HAPPENS - _TOLD - _AUXILIARIES - _PRONOUNS - _DAY_WORDS - slots.FIRST


def _shared(own: frozenset[str], b: Claim) -> frozenset[str]:
    """The newer's event words that are the older's: one word, one derived from the other, or a part of the older's
    compound ("Finale" / "Netball-Finale", "Termin" / "Zahnarzttermin")."""
    theirs = b.content - _DAY_WORDS - claims.PEOPLE
    compound = {w for w in own for o in theirs if min(len(w), len(o)) >= 4 and (w in o or o in w)}
    return derived(own, theirs) | compound | {w for w in own for o in theirs if _akin(w, o)}


def _akin(a: str, b: str) -> bool:
    """Two stems of one word said as noun and verb ("ensaio" / "ensaia"): they differ only in their last letter, five
    letters at least before it."""
    return len(a) == len(b) >= 6 and a[:-1] == b[:-1] and not a[:1].isdigit()


def _event(new: str) -> str:
    """The newer's clauses that hold a value or a cue, joined: not its agents' or reasons' ("so the cousins from Dubai
    can make it")."""
    kept = []
    for clause in _CLAUSE.split(new):
        c = claims.parsed(clause) if clause.strip() else None
        if c is not None and (
            any(v for _, v in _values(clause)) or c.cue or c.correction or _MOVE.search(clause.casefold())
        ):
            kept.append(clause)
    return ", ".join(kept)


def _subjects(new: str, old: str) -> tuple[Claim, Claim] | None:
    """The two claims where the newer may move the older's plan: a cue, no addition, one subject, no other person."""
    a, b = claims.parsed(new), claims.parsed(old)
    if not (a.correction or a.cue or _MOVE.search(new.casefold())) or a.adds or not a.people_compatible(b):
        return None
    if claims.parsed(_event(new)).people_and_names - b.features - _PRONOUNS - _DAY_WORDS:
        return None  # "Marta's party moved to the 9th": another holder, named
    if a.left - b.features:
        return None  # "… till 5:30 now instead of 5" / "School finishes at 3:15", "quit pottery": another thing's
    return a, b


def moved(new: str, old: str) -> bool:
    """`new` moves the plan `old` holds, by a word of its event they share (see above)."""
    pair = _subjects(new, old) if kind_moved(new, old) else None
    if pair is None:
        return False
    a, b = pair
    own = _event_words(new, a)
    shared = _shared(own, b)
    rest = own - shared
    subject = frozenset() if a.tokens[:1] and a.tokens[0] in _PRONOUNS else a.subject
    return bool(shared) and len(rest) <= MAX_OWN and not rest & {stem(w) for w in subject | a.acted_on}


def unanchored(new: str, old: str) -> bool:
    """`new` moves a plan of the older's kind of value and names no event word at all ("he's coming the 16th now",
    "garage rang, they've moved it to Monday 13th"): the store decides which (`one_holder`). One word of an event of
    its own is another plan ("Yoga moved to Thursdays" / "I swim on Mondays")."""
    pair = _subjects(new, old) if kind_moved(new, old) else None
    if pair is None:
        return False
    a, b = pair
    own = _event_words(new, a)
    return not own and not asides.beside(new, a, b) and not whose.other(a, b)


def one_holder(new: str, olds: list[str], found: list[int]) -> list[int]:
    """`found` less what `new` moves by its value's kind alone (`unanchored`) where more than one of `olds` holds a
    value of that kind: which one it means is a guess, and a wrong guess hides a true fact (both stay current)."""
    loose = [i for i in found if unanchored(new, olds[i]) and not moved(new, olds[i])]
    if not loose:
        return found
    kinds = {kind_moved(new, olds[i]) for i in loose}
    holding = [old for old in olds if any(v for k, v in _values(old) if k in kinds)]
    return [i for i in found if i not in loose] if len(holding) > 1 else found


def probes(new: str) -> tuple[str, ...]:
    """The features of the plans a move may be about, which it may share no word with ("the 16th" / "the 2nd of Feb",
    "oito e meia" / "nove da noite"): its month's names, or every month's where it says none, and the weekdays; the
    hours near a time. Only a statement with a cue and one date or time looks them up."""
    a = claims.parsed(new)
    if not (a.cue or a.correction or _MOVE.search(new.casefold())):
        return ()
    found: set[str] = set()
    said_dates, said_times = dates(new), times(new)
    if len(said_dates) == 1:
        ((_, month),) = said_dates
        found |= {f for name, n in date_words.MONTHS.items() if not month or n == month for f in features(name)}
        found |= anchors.WEEKDAYS
    elif len(said_times) == 1:
        ((hour, _),) = said_times
        hours = {(hour + d - 1) % 12 + 1 for d in range(-2, 3)}
        found |= {f"{h}{half}" for h in hours for half in ("", "am", "pm")}
        found |= {stem(w) for w, n in slots.NUMBER_WORDS.items() if n.isdigit() and int(n) in hours}
    elif len(weekdays(new)) == 1:
        found |= anchors.WEEKDAYS
    return tuple(sorted(found))


def said_anew(new: str, old: str) -> bool:
    """`new` moves the plan `old` holds: by a shared event word (`moved`) or by its value's kind alone (`unanchored`,
    which the store takes only where one memory holds such a value, `one_holder`)."""
    return moved(new, old) or unanchored(new, old)
