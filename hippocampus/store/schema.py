"""The shipped JSON Schema of a memory index (`schemas/index.schema.json`), checked before every write.

The schema is compiled once per process with fastjsonschema (about 20 ms), which validates a
memory with hundreds of sources in well under a millisecond; `jsonschema` took 16 ms for the same
memory and 100 ms just to import, most of an encode at 10k memories. Only draft-07 keywords are used.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from hippocampus.errors import SchemaError


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


def _check(part: str, instance: Any, what: str) -> None:
    import fastjsonschema

    try:
        _validator(part)(instance)
    except fastjsonschema.JsonSchemaException as exc:
        steps = getattr(exc, "path", None) or []
        where = "/".join(str(p) for p in steps[1:]) or "(top)"
        message = getattr(exc, "message", str(exc))
        raise SchemaError(f"{what} does not match the index schema at {where}: {message}") from None


def validate_memory(item: dict[str, Any]) -> None:
    """Validate one memory's JSON form (only the memory validator is compiled)."""
    _check("memory", item, f"memory {item.get('id')!r}")


def validate_index(payload: dict[str, Any], skip_ids: set[str] | frozenset[str] = frozenset()) -> None:
    """Validate the top level and every memory not in `skip_ids` (those were valid when loaded)."""
    top = dict(payload)
    memories = top.pop("memories")
    top["memories"] = []
    _check("index", top, "index")
    for memory in memories:
        if memory.get("id") not in skip_ids:
            _check("memory", memory, f"memory {memory.get('id')!r}")
