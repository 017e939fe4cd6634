"""The words that tell a text may name a date or ask "when": the cheap test `core.dates` makes before
it compiles or runs any pattern, apart from it so that a turn whose question names no date (most of
them) never needs `core.dates` and its holiday table.

Pure and stdlib-only, like the rest of `core/`.
"""

from __future__ import annotations

import re

_MONTH_LINES = (
    "january february march april may june july august september october november december",
    "jan feb mar apr may jun jul aug sep oct nov dec",
    "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",  # es
    "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",  # pt
    "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",  # fr
    "januar februar märz april mai juni juli august september oktober november dezember",  # de
    "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",  # it
)
MONTHS: dict[str, int] = {}
for _line in _MONTH_LINES:
    for _number, _name in enumerate(_line.split(), 1):
        MONTHS.setdefault(_name, _number)
MONTHS["sept"] = 9
WEEKDAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

_DATE_WORD_LIST = """day days week weeks weekend weekends month months year years ago today tonight tomorrow
    yesterday morning afternoon evening christmas xmas halloween easter thanksgiving valentine valentines navidad
    noël natal natale nochebuena heiligabend silvester nochevieja réveillon capodanno neujahr yılbaşı ano año nouvel"""
_DATE_WORDS = frozenset((*MONTHS, *WEEKDAY_NAMES, *(f"{d}s" for d in WEEKDAY_NAMES), *_DATE_WORD_LIST.split()))
"""Words one of which (or a digit, or one of `_DATE_PARTS`) every date expression of `core.dates` holds."""
_DATE_PART_LIST = """weihnacht valentin patrick рождеств новогод новый 圣诞 聖誕 クリスマス 크리스마스 ハロウィン
    万圣 핼러윈 할로윈 元旦 元日 除夕 大晦日 平安夜 情人节 バレンタイン 발렌타인 밸런타인"""
_DATE_PARTS = tuple(_DATE_PART_LIST.split())
"""… and the parts of words that compounds or scripts without spaces hide from a word split."""
_WHEN_WORD_LIST = """when date day time year month long days weeks months years old order first cuándo quand wann
    quando когда متى מתי कब zaman"""
_WHEN_WORDS = frozenset(_WHEN_WORD_LIST.split())
_WHEN_PARTS = ("언제", "いつ", "什么时候", "何时", "哪天", "before or after")
_WORD_SPLIT = re.compile(r"[^\W\d_]+")


def hints(low: str) -> tuple[bool, bool]:
    """Whether a casefolded text may hold a date expression, and a "when" question's words: the cheap test
    before any pattern is compiled or run."""
    words = set(_WORD_SPLIT.findall(low))
    dated = any(ch.isdigit() for ch in low) or not words.isdisjoint(_DATE_WORDS) or any(p in low for p in _DATE_PARTS)
    return dated, not words.isdisjoint(_WHEN_WORDS) or any(p in low for p in _WHEN_PARTS)
