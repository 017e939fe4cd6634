"""Settings: defaults, overridden by `memory/hippocampus.yaml` and `HIPPOCAMPUS_CURVE`."""

from __future__ import annotations

from typing import Any

from hippocampus.core.lifecycle import CURVES, EXPONENTIAL
from hippocampus.core.values import ValueClass
from hippocampus.errors import InputError

_DEFAULTS: dict[str, Any] = {
    "curve": EXPONENTIAL,
    "weight_relevance": 3.0,
    "weight_importance": 0.5,
    "weight_recency": 0.25,
    "recency_per_hour": 0.995,
    "candidates": 200,
    "inject_budget": 1500,
    "inject_relevant": 5,
    "core_limit": 30,
    "capture_threshold": 0.5,
    "consolidation_gate": False,
    "llm_decisions": False,
    "llm_url": "",
    "llm_model": "",
    "llm_timeout": 10.0,
    "semantic": "auto",
    "semantic_weight": 0.5,
    "semantic_floor": 0.0,
    "embed_url": "",
    "embed_model": "",
}
SEMANTIC_MODES = ("auto", "off")
"""`semantic: auto` fuses meaning into recall where a model is at hand (README "Semantic recall");
`off` keeps recall lexical."""


class Config(ValueClass):
    """Tunable behaviour; every field can be set in `memory/hippocampus.yaml` (defaults in `_DEFAULTS`)."""

    __slots__ = tuple(_DEFAULTS)
    curve: str
    weight_relevance: float
    weight_importance: float
    weight_recency: float
    recency_per_hour: float
    candidates: int
    inject_budget: int
    inject_relevant: int
    core_limit: int
    capture_threshold: float
    consolidation_gate: bool
    llm_decisions: bool
    llm_url: str
    llm_model: str
    llm_timeout: float
    semantic: str
    semantic_weight: float
    semantic_floor: float
    embed_url: str
    embed_model: str

    def __init__(self, **settings: Any) -> None:
        unknown = set(settings) - set(_DEFAULTS)
        if unknown:
            raise TypeError(f"unknown settings {', '.join(sorted(unknown))}")
        for name, default in _DEFAULTS.items():
            object.__setattr__(self, name, settings.get(name, default))


def config_from_mapping(data: dict[str, Any]) -> Config:
    """Build a Config from a mapping, rejecting unknown keys and bad types with a clear error."""
    known = _DEFAULTS
    base = Config()
    changes: dict[str, Any] = {}
    for key, value in data.items():
        name = str(key).replace("-", "_")
        if name not in known:
            raise InputError(f"unknown setting {key!r} (known: {', '.join(sorted(known))})")
        default = getattr(base, name)
        if name == "semantic" and isinstance(value, bool):  # YAML reads a bare `off` as false, `on` as true
            value = "auto" if value else "off"
        try:
            changes[name] = type(default)(value)
        except (TypeError, ValueError):
            raise InputError(f"setting {key!r} must be a {type(default).__name__}") from None
    config = base.replace(**changes)
    if not config.llm_timeout > 0:
        raise InputError("setting 'llm_timeout' must be more than 0 seconds")
    if not 0.0 <= config.capture_threshold <= 1.0:  # NaN too: a score is in 0..1, so anything else keeps all or none
        raise InputError(f"capture_threshold must be between 0 and 1, not {config.capture_threshold!r}")
    if config.semantic not in SEMANTIC_MODES:
        raise InputError(f"semantic must be one of {', '.join(SEMANTIC_MODES)}, not {config.semantic!r}")
    if not 0.0 <= config.semantic_weight <= 1.0:
        raise InputError(f"semantic_weight must be between 0 and 1, not {config.semantic_weight!r}")
    if config.curve not in CURVES:
        raise InputError(f"curve must be one of {', '.join(CURVES)}, not {config.curve!r}")
    return config
