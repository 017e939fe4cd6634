"""`core.json_text` is `json.loads` / `json.dumps(ensure_ascii=False)`: the same values, texts and errors."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hippocampus.core import json_text

SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
VALUES = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5), max_leaves=30
)


def _same(a: Any, b: Any) -> bool:
    """Equality in which NaN equals NaN (JSON carries it as `NaN`)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


@settings(max_examples=400)
@given(VALUES)
def test_dumps_writes_what_json_writes(value: Any) -> None:
    assert json_text.dumps(value) == json.dumps(value, ensure_ascii=False)


@settings(max_examples=400)
@given(VALUES, st.sampled_from(["", " ", "\n", " \t\r\n "]))
def test_loads_reads_what_json_reads(value: Any, space: str) -> None:
    text = space + json.dumps(value, ensure_ascii=False) + space
    assert _same(json_text.loads(text), json.loads(text))


def _outcome(parse: Any, text: str) -> tuple[str, Any]:
    try:
        return "value", parse(text)
    except ValueError as exc:  # json's JSONDecodeError is one
        return type(exc).__name__, str(exc)
    except RecursionError:
        return "RecursionError", ""


@settings(max_examples=600)
@given(st.text(alphabet=st.sampled_from(list('{}[]",:0123456789.eE+-tfnrul NaIy\\\ufeff\x00')), max_size=40))
def test_any_text_gives_json_s_value_or_json_s_error(text: str) -> None:
    mine, theirs = _outcome(json_text.loads, text), _outcome(json.loads, text)
    assert mine[0] == theirs[0]
    assert mine[0] != "value" or _same(mine[1], theirs[1])
    assert mine[0] == "value" or mine[1] == theirs[1], "the same message, position included"


@pytest.mark.parametrize(
    "text", ["", "   ", "\ufeff{}", '{"a": 1} x', '{"a": 1}{}', "[1,]", '{"a" 1}', "nul", '"\\ud800"', "1e400"]
)
def test_edge_texts(text: str) -> None:
    assert _outcome(json_text.loads, text)[0] == _outcome(json.loads, text)[0]


def test_dumps_refuses_what_json_refuses() -> None:
    loop: list[Any] = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference"):
        json_text.dumps(loop)
    with pytest.raises(TypeError, match="Object of type set is not JSON serializable"):
        json_text.dumps({"a": {1}})
    assert json_text.dumps({2: float("inf"), None: -0.0, True: "é\u2028"}) == json.dumps(
        {2: float("inf"), None: -0.0, True: "é\u2028"}, ensure_ascii=False
    )
