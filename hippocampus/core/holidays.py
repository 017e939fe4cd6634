"""Holidays by name: a small table of fixed days and a few computed ones (Easter, US Thanksgiving,
Mother's and Father's Day, Memorial and Labor Day), with the names in the supported languages where
cheap. `core/dates.py` reads a question's and a memory's holiday names through these. Pure."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

FIXED_HOLIDAYS: tuple[tuple[str, int, int], ...] = (  # (names pattern, month, day)
    (r"christmas eve|nochebuena|heiligabend|vigilia di natale|平安夜|クリスマスイブ", 12, 24),
    (r"new year'?s eve|silvester|nochevieja|saint-sylvestre|réveillon|capodanno|除夕|大晦日", 12, 31),
    (
        r"valentine|san valent[íi]n|saint-valentin|valentinstag|san valentino|情人节|バレンタイン|발렌타인|밸런타인",
        2,
        14,
    ),
    (r"christmas|xmas|navidad|noël|weihnacht|\bnatale?\b|рождеств|圣诞|聖誕|クリスマス|크리스마스", 12, 25),
    (
        r"new year'?s(?: day)?|año nuevo|ano novo|nouvel an|jour de l'an|neujahr|новый год|новогод|元旦|元日|yılbaşı",
        1,
        1,
    ),
    (r"halloween|ハロウィン|万圣节|핼러윈|할로윈", 10, 31),
    (r"independence day|fourth of july|4th of july|july 4th", 7, 4),
    (r"st\.? patrick'?s|saint patrick'?s", 3, 17),
    (r"april fools?'?", 4, 1),
    (r"boxing day", 12, 26),
)
COMPUTED_NAMES = r"easter|thanksgiving|mother'?s day|father'?s day|memorial day|labou?r day"


def nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The n-th `weekday` (0 = Monday) of a month; n = -1 is the last."""
    if n < 0:
        last = date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)
        return last - timedelta(days=(last.weekday() - weekday) % 7)
    first = date(year, month, 1)
    return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))


def easter(year: int) -> date:
    """Western Easter Sunday (the anonymous Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    weekday = (32 + 2 * e + 2 * i - h - k) % 7
    month, day = divmod(h + weekday - 7 * ((a + 11 * h + 22 * weekday) // 451) + 114, 31)
    return date(year, month, day + 1)


COMPUTED: dict[str, Callable[[int], date]] = {
    "easter": easter,
    "thanksgiving": lambda y: nth_weekday(y, 11, 3, 4),
    "mother": lambda y: nth_weekday(y, 5, 6, 2),
    "father": lambda y: nth_weekday(y, 6, 6, 3),
    "memorial": lambda y: nth_weekday(y, 5, 0, -1),
    "labor": lambda y: nth_weekday(y, 9, 0, 1),
    "labour": lambda y: nth_weekday(y, 9, 0, 1),
}
