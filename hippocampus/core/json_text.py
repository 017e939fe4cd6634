"""JSON text in and out, as `json.loads` and `json.dumps(value, ensure_ascii=False)` give it, without `json`.

Why: `import json` imports `re` (for the decoder's number and whitespace patterns, which the C scanner does
not use), and the two cost a cold per-turn hook about 14 ms of CPU, most of a bare interpreter's start
(BENCHMARKS.md, "The cold hooks' standard-library floor"). The standard library's own C accelerator,
`_json`, does the work in both cases: `json` builds its scanner and its one-shot encoder from it with
exactly the settings used here, so the results are the same. Only a failure takes a different road: a
text that is not one JSON value is handed to `json.loads`, which raises its usual `JSONDecodeError`.
Where `_json` is missing (an interpreter other than CPython) both functions are `json`'s own.
`tests/test_json_text.py` checks the equivalence on generated values and texts.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not `typing`'s: the per-turn hooks import this and `typing` costs ~4 ms
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

_WHITESPACE = " \t\n\r"  # JSON's whitespace, what `json.decoder.WHITESPACE` matches
_CONSTANTS = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}


class _Settings:
    """The attributes `_json.make_scanner` reads, as `json.JSONDecoder()` sets them."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = _CONSTANTS.__getitem__


def _not_serializable(value: object) -> object:
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


try:
    import _json

    _scan: Callable[[str, int], tuple[Any, int]] = _json.make_scanner(_Settings())  # type: ignore[arg-type]  # duck-typed: reads 6 attributes
    _encoder_args = (_not_serializable, _json.encode_basestring, None, ": ", ", ", False, False, True)
    _make_encoder: Callable[..., Callable[[Any, int], Any]] = _json.make_encoder
    _ACCELERATED = True
except (ImportError, AttributeError):  # pragma: no cover - not CPython
    _ACCELERATED = False


def loads(text: str) -> Any:
    """`json.loads(text)` for a str."""
    if not _ACCELERATED:  # pragma: no cover - not CPython
        import json

        return json.loads(text)
    start = len(text) - len(text.lstrip(_WHITESPACE))
    try:
        value, end = _scan(text, start)
    except StopIteration:
        end = -1
    if end == -1 or text[end:].strip(_WHITESPACE):
        import json

        return json.loads(text)  # not one JSON value: raises the standard error for it
    return value


def dumps(value: Any) -> str:
    """`json.dumps(value, ensure_ascii=False)`: the same text, circular references refused the same way."""
    if not _ACCELERATED:  # pragma: no cover - not CPython
        import json

        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, str):
        return str(_json.encode_basestring(value))
    return "".join(_make_encoder({}, *_encoder_args)(value, 0))
