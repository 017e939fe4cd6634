"""The shipped JSON Schema of `index.json`, and validation before every write."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from hippocampus.errors import SchemaError


@lru_cache(maxsize=1)
def index_schema() -> dict[str, Any]:
    """The schema shipped as package data."""
    text = resources.files("hippocampus.store").joinpath("schemas/index.schema.json").read_text("utf-8")
    return dict(json.loads(text))


def validate_index(payload: dict[str, Any], skip_ids: set[str] | frozenset[str] = frozenset()) -> None:
    """Validate the top level and every memory not in `skip_ids` (those were valid when loaded)."""
    import jsonschema

    schema = index_schema()
    top = dict(payload)
    memories = top.pop("memories")
    top["memories"] = []
    validator_cls = jsonschema.validators.validator_for(schema)
    whole = validator_cls(schema)
    _raise_first(whole, top, "index")
    memory_schema = dict(schema["$defs"]["memory"])
    one = validator_cls(memory_schema)
    for memory in memories:
        if memory.get("id") in skip_ids:
            continue
        _raise_first(one, memory, f"memory {memory.get('id')!r}")


def _raise_first(validator: Any, instance: Any, what: str) -> None:
    """Raise `SchemaError` with the first problem, if any."""
    error = next(iter(validator.iter_errors(instance)), None)
    if error is not None:
        path = "/".join(str(p) for p in error.absolute_path) or "(top)"
        raise SchemaError(f"{what} does not match the index schema at {path}: {error.message}")
