"""The LLM judge asked outside the write transaction: decide first, then write in one short transaction.

An endpoint can take seconds per answer (`llm_timeout`, 10 s by default). Asked inside encoding's write
transaction, every other writer (a `remember`, the next session end, the cron jobs) would wait on it,
and past the busy timeout fail. So encoding with a judge runs in rounds:

1. a dry run of the batch that writes nothing (rolled back, or on a copy), with a judge that answers
   what it already knows and records every other question it is asked (the offline decision stands);
2. those questions asked of the real judge, with no transaction open;
3. repeated while the dry run asks something new (an earlier verdict can change what a later statement
   is compared with), at most `ROUNDS` times;
4. the real run, in one write transaction, with the answers replayed. A question that only this run
   asks (the store changed in between) gets no answer: the offline decision stands, as when the
   endpoint is down.
"""

from __future__ import annotations

from collections.abc import Callable

from hippocampus.core.verdicts import Judge

ROUNDS = 3
"""Dry runs at most per batch (the first asks everything a batch without verdicts would)."""

Question = tuple[str, tuple[str, ...]]


class Prejudged:
    """A `core.verdicts.Judge` that answers from what was asked before and records what was not."""

    def __init__(self) -> None:
        self.answers: dict[Question, tuple[str, int] | None] = {}
        self.unasked: list[Question] = []

    def __call__(self, statement: str, memories: list[str]) -> tuple[str, int] | None:
        question = (statement, tuple(memories))
        if question in self.answers:
            return self.answers[question]
        if question not in self.unasked:
            self.unasked.append(question)
        return None

    def ask(self, judge: Judge) -> bool:
        """Ask `judge` every recorded question (no transaction may be open); False when there were none."""
        asked, self.unasked = self.unasked, []
        for statement, memories in asked:
            self.answers[(statement, memories)] = judge(statement, list(memories))
        return bool(asked)


def prejudge(judge: Judge, dry_run: Callable[[Judge], object]) -> Prejudged:
    """The answers `judge` gives to what `dry_run(judge)` asks, gathered in dry runs (see the module
    docstring), as a judge for the real run: it replays them, and what it was not asked before it does
    not ask now."""
    known = Prejudged()
    for _ in range(ROUNDS):
        dry_run(known)
        if not known.ask(judge):
            break
    known.unasked = []
    return known
