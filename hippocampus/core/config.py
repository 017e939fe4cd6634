"""Settings: defaults, overridden by `memory/hippocampus.yaml` and `HIPPOCAMPUS_CURVE`."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from hippocampus.core.lifecycle import ARCHIVE_BELOW, CURVES, DAILY_RATE, EXPONENTIAL, Curve
from hippocampus.errors import InputError

SEMANTIC_MODES = ("auto", "off")
"""`semantic: auto` fuses meaning into recall where a model is at hand (README "Semantic recall");
`off` keeps recall lexical."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Config:
    """Tunable behaviour; every field can be set in `memory/hippocampus.yaml`, by its name."""

    curve: str = EXPONENTIAL
    decay_rate: float = DAILY_RATE  # humanoid-memory's forgetting rate: importance × (1 − rate)^days
    weight_relevance: float = 3.0
    weight_importance: float = 0.5
    weight_recency: float = 0.25
    recency_per_hour: float = 0.995
    candidates: int = 200
    inject_budget: int = 400  # tokens (views/context.py: chars / 4, one per CJK character)
    inject_relevant: int = 5
    inject_abstain: bool = True  # the relevant part holds a memory only with evidence (core/evidence.py)
    core_limit: int = 30
    capture_threshold: float = 0.5
    consolidation_gate: bool = False
    value_threshold: float = 0.5  # humanoid-memory's V threshold (core/vscore.py V_THRESHOLD)
    archive_below: float = ARCHIVE_BELOW
    reflect_threshold: float = 15.0
    llm_decisions: bool = False
    llm_url: str = ""
    llm_model: str = ""
    llm_timeout: float = 10.0
    semantic: str = "auto"
    semantic_weight: float = 0.5
    semantic_floor: float = 0.0
    recall_boost: float = 0.0  # added to a memory's importance when a block or `recall` uses it (humanoid: 0.05)
    embed_url: str = ""
    embed_model: str = ""

    @property
    def decay_curve(self) -> Curve:
        """The forgetting curve these settings choose (`curve:` and `decay_rate:`)."""
        return Curve(self.curve, self.decay_rate)


def config_from_mapping(data: dict[str, Any]) -> Config:
    """Build a Config from a mapping, rejecting unknown keys and bad types with a clear error."""
    known = {f.name for f in fields(Config)}
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
    config = replace(base, **changes)
    if not config.llm_timeout > 0:
        raise InputError("setting 'llm_timeout' must be more than 0 seconds")
    if not 0.0 <= config.capture_threshold <= 1.0:  # NaN too: a score is in 0..1, so anything else keeps all or none
        raise InputError(f"capture_threshold must be between 0 and 1, not {config.capture_threshold!r}")
    for name in ("value_threshold", "archive_below", "recall_boost"):  # NaN too: both compare with a value in 0..1
        if not 0.0 <= getattr(config, name) <= 1.0:
            raise InputError(f"{name} must be between 0 and 1, not {getattr(config, name)!r}")
    if not 0.0 < config.decay_rate < 1.0:  # NaN too: a daily share lost, so 0 never forgets and 1 forgets at once
        raise InputError(f"decay_rate must be between 0 and 1 (exclusive), not {config.decay_rate!r}")
    if not config.reflect_threshold > 0:
        raise InputError(f"reflect_threshold must be more than 0, not {config.reflect_threshold!r}")
    if config.semantic not in SEMANTIC_MODES:
        raise InputError(f"semantic must be one of {', '.join(SEMANTIC_MODES)}, not {config.semantic!r}")
    if not 0.0 <= config.semantic_weight <= 1.0:
        raise InputError(f"semantic_weight must be between 0 and 1, not {config.semantic_weight!r}")
    if config.curve not in CURVES:
        raise InputError(f"curve must be one of {', '.join(CURVES)}, not {config.curve!r}")
    return config
