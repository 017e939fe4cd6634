"""The shipped JSON Schema of a memory index (`schemas/index.schema.json`), checked before every write.

Validated with fastjsonschema, which compiles the schema once per process into plain Python: an
import validates every memory it brings, and `jsonschema` (the reference validator) made a
100k-memory import about a third slower (README, "Schema validation"; BENCHMARKS.md has the figures).

A failure is one line built from where it is (the path of keys and indexes) and the rule broken,
with the rule's value from the schema: never from the library's message or the offending value,
which may be text a secret was redacted from or a secret pasted into the wrong field.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from hippocampus.errors import SchemaError

ID_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.:-")
"""What the schema's id pattern allows: an id made of these (and short) may be named in an error."""


@lru_cache(maxsize=1)
def index_schema() -> dict[str, Any]:
    """The schema shipped as package data."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schemas", "index.schema.json")
    with open(path, encoding="utf-8") as handle:  # package data, beside this module
        return dict(json.load(handle))


@lru_cache(maxsize=2)
def _validator(part: str) -> Callable[[Any], Any]:
    """The compiled validator of the whole index ("index", memories left out) or of one memory."""
    import fastjsonschema

    schema = dict(index_schema())
    schema.pop("$schema", None)
    if part == "memory":
        return fastjsonschema.compile(dict(schema["$defs"]["memory"]))
    schema["properties"] = {**schema["properties"], "memories": {"type": "array"}}
    return fastjsonschema.compile(schema)


def broken_rule(rule: str | None, rule_value: Any, instance: Any) -> str:
    """The rule an instance broke, in words from the schema only: the keyword and its value there, or for
    `required` the names missing (the schema's, present in `instance` or not)."""
    if rule == "required" and isinstance(rule_value, list) and isinstance(instance, dict):
        return "missing " + ", ".join(str(key) for key in rule_value if key not in instance)
    if rule is None:
        return "not allowed here"
    if isinstance(rule_value, str):
        return f'{rule} "{rule_value}"'
    if isinstance(rule_value, bool):
        return f"{rule} {str(rule_value).lower()}"
    if isinstance(rule_value, (int, float)):
        return f"{rule} {rule_value}"
    return rule


def _check(part: str, instance: Any) -> None:
    """Raise `SchemaError` unless `instance` matches the index's top level or one memory (`part`)."""
    import fastjsonschema

    try:
        _validator(part)(instance)
    except fastjsonschema.JsonSchemaValueException as exc:
        what = "index" if part == "index" else _memory(instance)
        where = "/".join(str(p) for p in exc.path[1:]) or "(top)"
        rule = broken_rule(exc.rule, exc.rule_definition, exc.value)
        raise SchemaError(f"{what} does not match the index schema at {where}: {rule}") from None


def _memory(item: Any) -> str:
    """How an error names a memory: by its id if that is a well-formed one, else without echoing it."""
    ident = item.get("id") if isinstance(item, dict) else None
    if isinstance(ident, str) and 0 < len(ident) <= 80 and set(ident) <= ID_CHARACTERS:
        return f"memory {ident!r}"
    return "a memory with a malformed id"


def validate_memory(item: dict[str, Any]) -> None:
    """Validate one memory's JSON form (only the memory validator is compiled)."""
    _check("memory", item)


def validate_index(payload: dict[str, Any], skip_ids: set[str] | frozenset[str] = frozenset()) -> None:
    """Validate the top level and every memory not in `skip_ids` (those were valid when loaded)."""
    top = dict(payload)
    memories = top.pop("memories")
    top["memories"] = []
    _check("index", top)
    for memory in memories:
        if memory.get("id") not in skip_ids:
            _check("memory", memory)
