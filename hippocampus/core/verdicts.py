"""The optional judge: where the offline rules leave a statement ambiguous, an LLM may say ADD, UPDATE or SAME.

Contract:
- **Only the ambiguous cases are asked about.** A statement no memory is the same as
  (`similarity.SAME_THRESHOLD`) and that updates none (`core.facts.updates`), but that shares the
  topic with memories of its domain (`facts.KEY_THRESHOLD` of their content words, numbers left out;
  found through `facts.related_probes`, long statements included): the offline rules cannot tell a
  restatement, a correction and a new fact apart there. At most `ASK_LIMIT` of them, most topical first.
- **The judge's answer is untrusted.** It must be one of `VERDICTS` and, for UPDATE and SAME, name
  one of the memories it was shown; anything else (and no answer) keeps the offline decision, ADD.
  SAME is refused where the texts name different numbers, dates or names (`similarity.conflict`):
  those are never the same fact, whoever says so. The judge can only choose among the memories it
  was shown, in the statement's own domain.
Pure: the judge is a callable the service layer builds (`hippocampus.llm.client.Judge`); no I/O here.
"""

from __future__ import annotations

from collections.abc import Callable

from hippocampus.core import facts, similarity

ADD, UPDATE, SAME = "ADD", "UPDATE", "SAME"
VERDICTS = (ADD, UPDATE, SAME)
ASK_LIMIT = 3
"""Memories shown to the judge for one statement."""
PROBE_LIMIT = 5
"""Latest memories per probe feature considered (the judge path looks up more features than the rules)."""

Judge = Callable[[str, list[str]], "tuple[str, int] | None"]
"""(statement, memories) -> (verdict, index of the memory in the list, -1 for ADD), or None: no answer."""


def ambiguous(body: str, found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The (key, content) pairs among `found` the judge should be asked about for `body`, most topical first."""
    scored = []
    for key, content in found:
        overlap = facts.topic_overlap(body, content)
        if overlap >= facts.KEY_THRESHOLD and content.strip().casefold() != body.strip().casefold():
            scored.append((-overlap, -key, key, content))
    return [(key, content) for _, _, key, content in sorted(scored)[:ASK_LIMIT]]


def accepted(answer: object, body: str, asked: list[tuple[int, str]]) -> tuple[str, int]:
    """The judge's `answer` as (verdict, key of the memory it names), validated; (ADD, -1) when it is not valid."""
    if not isinstance(answer, tuple) or len(answer) != 2:
        return ADD, -1
    verdict, position = answer
    if verdict not in VERDICTS or verdict == ADD:
        return ADD, -1
    if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position < len(asked):
        return ADD, -1
    key, content = asked[position]
    if verdict == SAME and similarity.conflict(similarity.profile(body), similarity.profile(content)):
        return ADD, -1
    return str(verdict), key
