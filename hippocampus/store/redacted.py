"""The one door to disk for text: everything the store writes is redacted here first.

Contract: every JSON document the store puts in the database (a memory, a queued signal, an event, an
archived memory, a state value), every line of `queue-spill.jsonl` and `hippocampus.log` and every
`meta` value is serialised through this module, which runs `core.redact.redact` over each string in it.
The files made from the store (HIPPOCAMPUS_CORE.md, archive.md, exports, the dashboard) render only
what the store holds; the dashboard's other inputs (the sister skills' files) are redacted as read. So a caller
that forgets to redact (an import, a revise, an LLM's summary, a log message quoting its input) still
writes no secret: the verbs redact for the user's sake (they show what was kept), the store for the
disk's. `tests/test_architecture.py` checks that nothing in `store/` serialises JSON any other way.

Ids and times are left as they are (they are not free text, and `seen` must match them exactly).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

RULES = "gitleaks-009e025+context-5"
"""The redaction rules of this version (core/secret_rules.py and the context rules in core/redact.py):
a store records the rules its text was redacted with (`meta.redactionRules`), and `store.reredact`
brings an older store up to them. Bump it whenever the rules change so that they find more."""

KEEP = frozenset(
    {"id", "session", "message", "time", "timestamp", "created", "lastAccessed", "into", "from", "type", "section"}
)
"""Fields that hold ids, times and closed vocabularies (an injection's `section`, checked against
`injections.SECTIONS` where it is written and where it is read back), never free text."""


@lru_cache(maxsize=20_000)
def redact(value: str) -> str:
    """`core.redact.redact`, imported on first use: a document whose strings are all under `KEEP` (the
    injection record of `request_before`) never loads the rules. Cached (the rules are a pure function of
    the text): a memory written again (reinforced, superseded, merged) repeats its keywords, sources and
    fields."""
    from hippocampus.core.redact import redact as rules

    return rules(value)


def tree(value: Any, key: str = "") -> Any:
    """`value` (parsed JSON) with every string redacted, except under the `KEEP` keys."""
    if isinstance(value, str):
        return value if key in KEEP else redact(value)
    if isinstance(value, dict):
        return {k: tree(v, str(k)) for k, v in value.items()}
    if isinstance(value, list):
        return [tree(v, key) for v in value]
    return value


def document(value: Any) -> str:
    """The JSON text the store writes for `value`: redacted, UTF-8 kept as it is."""
    return json.dumps(tree(value), ensure_ascii=False)


def memory(item: dict[str, Any]) -> dict[str, Any]:
    """A memory's JSON form, redacted: its content and fields, and no keyword that was part of a secret
    (a keyword list is the content's words, so a password would survive there on its own)."""
    out: dict[str, Any] = tree(item)
    before, after = str(item.get("content", "")).lower(), str(out.get("content", "")).lower()
    if before != after:
        out["keywords"] = [
            kept
            for kept, raw in zip(out.get("keywords", []), item.get("keywords", []), strict=False)
            if kept == raw and (raw.lower() in after or raw.lower() not in before)
        ]
    return out


def renumbered(stored: dict[str, Any], **numbers: float) -> str:
    """The JSON text for a document read back from the store with only numbers changed (an archived
    memory's importance as of the decay that archived it). Its strings are the stored ones, which this
    module redacted when they were written, so they are not walked again: only for a store whose text is
    redacted under today's `RULES` (`meta.redactionRules`); the caller checks, else uses `memory`."""
    for name, number in numbers.items():
        if isinstance(number, bool) or not isinstance(number, (int, float)):
            raise TypeError(f"{name} must be a number")  # a string here would bypass redaction
    return json.dumps({**stored, **numbers}, ensure_ascii=False)


def text(value: str) -> str:
    """A line or a file's text, redacted."""
    return redact(value)
