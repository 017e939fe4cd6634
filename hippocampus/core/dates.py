"""Time expressions: which days a question's date words mean, and which memories match them.

Recall is keyword search, so "What airline did I fly with on Valentine's day?" finds nothing in a
message sent on 14 February that says "my flight today". This module resolves the date words of a
question to day spans (`question_time`, relative to the question's `now`) and the date words of a
memory's messages relative to when each was said (`spans_in`); `time_factor` is the small boost
recall gives a memory whose message date or own date words fall in the question's spans, and, for a
"when" question that names no date, to a memory that carries a time expression at all.

Decisions:
- A question's date without a year ("on 14 February", "at Christmas", "last Tuesday") is its most
  recent occurrence up to `now` (questions about memories look back), or the next one when the
  question looks forward ("next", "will", "upcoming", "going to", "plan").
- A memory's date without a year is the occurrence nearest to when it was said.
- Spans are whole days, widened by a margin for vague ones ("3 weeks ago" is ± 4 days, "a month ago"
  ± 6 days: a fifth of the distance; "last week" is the calendar week before with two days either
  side, as people say it of the last ten days or so) and by one day for exact ones (a message's UTC
  date may be the user's day before or after).
- Holidays are a small table of fixed days and a few computed ones (`core/holidays.py`).
- English "when" asks for a time only where a question or clause starts with it, or after a verb of
  knowing or telling ("do you remember when"): "what do I eat when it's cold" asks about food, and
  boosting every memory with a date for it put dated distractors first. (The other languages' words,
  also conjunctions, are still taken as asking.)
Pure: every function takes the moment its words are relative to.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from hippocampus.core.date_words import MONTHS, WEEKDAY_NAMES, hints
from hippocampus.core.holidays import COMPUTED, COMPUTED_NAMES, FIXED_HOLIDAYS

Span = tuple[date, date]
"""First and last day, inclusive."""

DATE_BOOST = 0.5
"""Relevance is multiplied by 1 + this for a memory said on, or naming, a day the question names."""
WHEN_BOOST = 0.2
"""… and by 1 + this for a memory with a time expression, when a question asks "when" and names no day."""

_WEEKDAYS = {d: i for i, d in enumerate(WEEKDAY_NAMES)}
_NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "couple": 2,
    "three": 3,
    "few": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}

_WORD = r"([^\W\d_]{3,10})"  # a month name, checked against MONTHS (an alternation of them compiles slowly)
_PATTERNS = {
    "iso": r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b",
    "day_month": rf"\b(\d{{1,2}})(?:st|nd|rd|th|er|º|\.)?(?: of| de)? {_WORD}\b\.?(?:,? (\d{{4}}))?"
    rf"|\b{_WORD}\.? (\d{{1,2}})(?:st|nd|rd|th)?\b(?:,? (\d{{4}}))?",
    "month_only": rf"\b(?:in|during|since|of|last|next|this|early|late|mid|until|en|em|im|au|de) {_WORD}\b"
    rf"(?: (\d{{4}}))?|\b{_WORD} (\d{{4}})\b",
    "weekday": r"\b(?:(last|this|next|on|past) )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b",
    "relative": r"\b(the day before yesterday|yesterday|today|tonight|this (?:morning|afternoon|evening)|tomorrow"
    r"|(?:last|this|past|previous) (?:week|weekend|month|year))\b",
    "ago": r"\b(\d{1,4}|an?|one|two|three|four|five|six|seven|eight|nine|ten|couple|few)(?: of)? "
    r"(day|week|month|year)s? ago\b",
    "within": r"\b(past|last|previous|next|coming) (\d{1,4}|two|three|four|five|six|seven|eight|nine|ten|few|couple)"
    r"(?: of)? (day|week|month|year)s\b",
    "year": r"\b(?:in|since|during|of) (19\d\d|20\d\d)\b",
    "holiday": "|".join(f"(?P<h{i}>{p})" for i, (p, _m, _d) in enumerate(FIXED_HOLIDAYS)),
    "computed": f"(?P<name>{COMPUTED_NAMES})",
    "when": r"(?:^\s*|[,;:.!?¿\"“()\[\]]\s*|\b(?:know|remember|recall|tell me|say|said|since|until|till|and|or) )when\b"
    r"|\b(?:what (?:date|day|time|year|month)|which (?:date|day|year|month)|how long ago"
    r"|how long (?:has|had|have|did|was|since)|how many (?:days|weeks|months|years)|how old was"
    r"|before or after|in what order|which (?:came|happened|did i \w+) first)\b"
    r"|cuándo|quand\b|\bwann\b|\bquando\b|когда|متى|מתי|कब|ne zaman|언제|いつ|什么时候|何时|哪天",
    "forward": r"\b(?:next|will|upcoming|going to|plan|planning|planned|coming)\b",
}
_compiled: dict[str, re.Pattern[str]] = {}


def _re(name: str) -> re.Pattern[str]:
    """The compiled pattern `name`, compiled on first use: a question compiles only what its words need."""
    found = _compiled.get(name)
    if found is None:
        found = _compiled[name] = re.compile(_PATTERNS[name])
    return found


@dataclass(frozen=True, slots=True)
class TimeQuery:
    """A question's date words: the day spans it names, and whether it asks "when"."""

    spans: tuple[Span, ...]
    asks_when: bool

    @property
    def active(self) -> bool:
        """Whether recall has anything to boost for this question."""
        return bool(self.spans) or self.asks_when


def question_time(question: str, now: datetime) -> TimeQuery:
    """The spans a question names (resolved back from `now`, or forward when it looks forward)."""
    text = question.casefold()
    dated, when = hints(text)
    spans = _spans(text, now.date(), forward=bool(_re("forward").search(text))) if dated else []
    return TimeQuery(tuple(spans), when and bool(_re("when").search(text)))


def spans_in(text: str, said: datetime) -> list[Span]:
    """The days a memory's words name, relative to when they were said (no year: the nearest one)."""
    low = text.casefold()
    return _spans(low, said.date(), forward=None) if hints(low)[0] else []


def has_time_expression(text: str) -> bool:
    """Whether a text carries any date or time words (a "when" question's answer usually does)."""
    return bool(spans_in(text, datetime(2000, 6, 15)))


def time_factor(query: TimeQuery, said: Iterable[tuple[str, datetime]]) -> float:
    """The multiplier of a memory's relevance for `query`, from its messages (text, when said)."""
    pairs = list(said)
    if query.spans:
        for text, when in pairs:
            day = when.date()
            named = spans_in(text, when)
            if any(a <= day <= b or any(c <= b and a <= f for c, f in named) for a, b in query.spans):
                return 1.0 + DATE_BOOST
        return 1.0
    if query.asks_when and any(has_time_expression(text) for text, _ in pairs):
        return 1.0 + WHEN_BOOST
    return 1.0


def _around(day: date, margin: int) -> Span:
    return day - timedelta(days=margin), day + timedelta(days=margin)


def _pick(make: Callable[[int], date | None], ref: date, forward: bool | None) -> date | None:
    """The occurrence of a yearly day (`make(year)`) before/after `ref`, or the nearest (`forward` None)."""
    options = [d for d in (make(y) for y in (ref.year - 1, ref.year, ref.year + 1) if 1 <= y <= 9999) if d]
    if forward is None:
        return min(options, key=lambda d: abs((d - ref).days), default=None)
    if forward:
        return min((d for d in options if d >= ref), default=None)
    return max((d for d in options if d <= ref), default=None)


def _safe(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _yearly(month: int, day: int) -> Callable[[int], date | None]:
    """The day `month`/`day` of a given year (None where it does not exist, 29 February)."""
    return lambda year: _safe(year, month, day)


def _month_end(first: date) -> date:
    """The last day of `first`'s month."""
    return date(first.year + (first.month == 12), first.month % 12 + 1, 1) - timedelta(days=1)


def _spans(text: str, ref: date, forward: bool | None) -> list[Span]:
    """Every span `text` (casefolded) names, relative to the day `ref` (none near the ends of the calendar,
    where a span would leave it)."""
    try:
        return _calendar_spans(text, ref, forward) + _relative_spans(text, ref, forward)
    except (OverflowError, ValueError):
        return []


def _calendar_spans(text: str, ref: date, forward: bool | None) -> list[Span]:
    """Dates, days of a month, holidays, months and years."""
    out: list[Span] = []

    def yearly(month: int, day: int, year: str | None) -> None:
        found = _safe(int(year), month, day) if year else _pick(_yearly(month, day), ref, forward)
        if found is not None:
            out.append(_around(found, 1))

    for m in _re("iso").finditer(text):
        found = _safe(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        if found is not None:
            out.append(_around(found, 1))
    for m in _re("day_month").finditer(text):
        day, month, year = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(5), m.group(4), m.group(6))
        if month in MONTHS:
            yearly(MONTHS[month], int(day), year)
    for m in _re("holiday").finditer(text):
        index = int(next(k for k, v in m.groupdict().items() if v)[1:])
        yearly(FIXED_HOLIDAYS[index][1], FIXED_HOLIDAYS[index][2], None)
    for m in _re("computed").finditer(text):
        found = _pick(COMPUTED[re.split(r"\W", m.group("name"))[0]], ref, forward)
        if found is not None:
            out.append(_around(found, 1))
    for m in _re("month_only").finditer(_re("day_month").sub(" ", text)):  # "14 de febrero" is a day
        name, year = m.group(1) or m.group(3), m.group(2) or m.group(4)
        if name in MONTHS:
            first = _safe(int(year), MONTHS[name], 1) if year else _pick(_yearly(MONTHS[name], 1), ref, forward)
            if first is not None:
                out.append((first, _month_end(first)))
    out += [(date(int(m.group(1)), 1, 1), date(int(m.group(1)), 12, 31)) for m in _re("year").finditer(text)]
    return out


def _relative_spans(text: str, ref: date, forward: bool | None) -> list[Span]:
    """Weekdays, "yesterday", "last week", "3 days ago", "the past three months"."""
    out = [
        _around(_weekday(ref, _WEEKDAYS[m.group(2)], m.group(1) or "", forward), 1)
        for m in _re("weekday").finditer(text)
    ]
    out += [_relative(m.group(1), ref) for m in _re("relative").finditer(text)]
    for m in _re("ago").finditer(text):
        count = int(m.group(1)) if m.group(1).isdigit() else _NUMBER_WORDS[m.group(1)]
        days = count * {"day": 1, "week": 7, "month": 30, "year": 365}[m.group(2)]
        out.append(_around(ref - timedelta(days=days), max(1, days // 5)))
    for m in _re("within").finditer(text):  # "in the past three months": every day up to `ref`
        count = int(m.group(2)) if m.group(2).isdigit() else _NUMBER_WORDS[m.group(2)]
        days = count * {"day": 1, "week": 7, "month": 30, "year": 365}[m.group(3)]
        ahead = m.group(1) in ("next", "coming")
        out.append((ref, ref + timedelta(days=days)) if ahead else (ref - timedelta(days=days + 1), ref))
    return out


def _weekday(ref: date, weekday: int, word: str, forward: bool | None) -> date:
    """The day a weekday names: "last"/"past" strictly before `ref`, "next" after, "this"/bare the nearest
    in the direction the text looks (a question looks back unless `forward`)."""
    back = (ref.weekday() - weekday) % 7
    if word in ("last", "past"):
        return ref - timedelta(days=back or 7)
    if word == "next" or forward:
        return ref + timedelta(days=(weekday - ref.weekday()) % 7 or 7)
    if forward is None and back > 3:  # a memory's bare weekday: the nearest one
        return ref + timedelta(days=7 - back)
    return ref - timedelta(days=back)


def _relative(words: str, ref: date) -> Span:
    """yesterday, tonight, last week, this month… as a span around `ref`."""
    one = {"the day before yesterday": 2, "yesterday": 1, "tomorrow": -1}
    if words in one:
        return _around(ref - timedelta(days=one[words]), 1)
    if (
        words in ("today", "tonight")
        or words.startswith("this ")
        and words.split()[1] in ("morning", "afternoon", "evening")
    ):
        return _around(ref, 1)
    which, unit = words.split()
    monday = ref - timedelta(days=ref.weekday())
    if unit == "week":
        return (monday, ref) if which == "this" else (monday - timedelta(days=9), monday + timedelta(days=1))
    if unit == "weekend":
        saturday = monday - timedelta(days=2) if which != "this" else monday + timedelta(days=5)
        return saturday - timedelta(days=1), saturday + timedelta(days=2)
    if unit == "month":
        first = ref.replace(day=1)
        last = first - timedelta(days=1)
        return (first, ref) if which == "this" else (last.replace(day=1), last)
    return (date(ref.year, 1, 1), ref) if which == "this" else (date(ref.year - 1, 1, 1), date(ref.year - 1, 12, 31))
