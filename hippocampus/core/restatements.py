"""Restatements: a value said anew by its kind, of a pronoun, of a word of its event or of nothing (issue 24).

Four readers take a value said anew where no frame, slot or shared topic does, each by the value's kind and the
sentence's structure, and each leaves to the store which memory a pronoun or a bare value means:

- an age or a measured number (`core.measures`, `core.ages`): "she turned 28 last week" / "Aoife is 27";
- a day of the month (`core.days`): "Afinal passou para sábado, dia 7.";
- a dated or timed plan moved (`core.moves`): "garage rang, they've moved it to Monday 13th";
- a name given anew by a verb of naming (`core.renames`): "Les petits l'ont rebaptisé Capitão".

`core.facts` asks them as one: `said_anew` (pair by pair), `one_holder` (the store-level rule: none of the memories
where several current ones could be meant, for a wrong guess hides a true fact) and `probes` (the features of the
memories they may be about, which the newer may share no word with). Pure: no I/O.
"""

from __future__ import annotations

from hippocampus.core import days, measures, moves, renames


def said_anew(new: str, old: str) -> bool:
    """`new` gives a value of `old`'s anew, by one of the readers above (which memory: `one_holder`)."""
    return (
        measures.said_anew(new, old)
        or days.said_anew(new, old)
        or moves.said_anew(new, old)
        or renames.said_anew(new, old)
    )


def one_holder(new: str, olds: list[str], found: list[int]) -> list[int]:
    """`found` less what `new` would replace by a value's kind alone where several of `olds` hold one it can."""
    found = days.ambiguous(new, olds, measures.one_holder(new, olds, found))
    return renames.one_holder(new, olds, moves.one_holder(new, olds, found))


def probes(new: str) -> tuple[str, ...]:
    """The features of the memories a value said anew may be about that `new` does not say."""
    return measures.probes(new) + moves.probes(new) + renames.probes(new)
