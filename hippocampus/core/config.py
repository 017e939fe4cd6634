"""Settings: defaults, overridden by `memory/hippocampus.yaml` and `HIPPOCAMPUS_CURVE`."""

from __future__ import annotations

import re
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
    backups_keep: int = 7  # copies in memory/backups/ (store/backups.py); 0: the daily job takes none

    @property
    def decay_curve(self) -> Curve:
        """The forgetting curve these settings choose (`curve:` and `decay_rate:`)."""
        return Curve(self.curve, self.decay_rate)


def config_from_mapping(data: dict[str, Any]) -> Config:
    """Build a Config from a mapping; the first problem (an unknown key, a bad value) is an `InputError`
    naming the key and what it expects, never the value (a setting may hold a secret by mistake)."""
    config, problems = config_and_problems(data)
    if problems:
        raise InputError(problems[0])
    return config


def config_and_problems(data: dict[str, Any]) -> tuple[Config, list[str]]:
    """The settings with each bad key left at its default, and one line per problem (key, never value).

    The hooks run on this: a typo in one key must not turn off injection and encoding, only that key."""
    known = {f.name for f in fields(Config)}
    base = Config()
    problems: list[str] = []
    changes: dict[str, Any] = {}
    for key, value in data.items():
        name = str(key).replace("-", "_")
        if name not in known:
            # named only when it is a plain name: a stray line may hold a secret
            shown = repr(key) if re.fullmatch(r"[a-z][a-z_-]{0,29}", str(key)) else "(a line that is no setting name)"
            problems.append(f"unknown setting {shown} (known: {', '.join(sorted(known))})")
            continue
        why = _problem(name, value, getattr(base, name))
        if why:
            problems.append(why)
            continue
        changes[name] = _converted(name, value, getattr(base, name))
    return replace(base, **changes), problems


def _converted(name: str, value: Any, default: Any) -> Any:
    if name == "semantic" and isinstance(value, bool):  # YAML reads a bare `off` as false, `on` as true
        return "auto" if value else "off"
    return type(default)(value)


EXPECTED: dict[str, str] = {
    "llm_timeout": "more than 0 seconds",
    "capture_threshold": "between 0 and 1",
    "value_threshold": "between 0 and 1",
    "archive_below": "between 0 and 1",
    "recall_boost": "between 0 and 1",
    "decay_rate": "between 0 and 1 (exclusive)",
    "reflect_threshold": "more than 0",
    "backups_keep": "0 or more",
    "semantic": f"one of {', '.join(SEMANTIC_MODES)}",
    "semantic_weight": "between 0 and 1",
    "curve": f"one of {', '.join(CURVES)}",
}
"""What each constrained setting must be, in the words of its error."""


def _problem(name: str, value: Any, default: Any) -> str:
    """Why `value` cannot be setting `name`, naming the key and what it expects; '' when it can."""
    kind = type(default).__name__
    if isinstance(default, bool):  # bool("no") is True: only YAML's own true/false are a flag
        return "" if isinstance(value, bool) else f"setting {name!r} must be true or false"
    if isinstance(value, bool) and name != "semantic":  # True is 1 to int(): a flag is not a number
        return f"setting {name!r} must be a {kind}"
    if not isinstance(value, (int, float, str)):  # a list or a mapping is no single value
        return f"setting {name!r} must be a {kind}"
    try:
        converted = _converted(name, value, default)
    except (TypeError, ValueError):
        return f"setting {name!r} must be a {kind}"
    if not _valid(name, converted):
        return f"setting {name!r} must be {EXPECTED[name]}"
    return ""


def _valid(name: str, value: Any) -> bool:
    """The range or choice rules (NaN fails every comparison, so it is refused wherever a range is)."""
    if name == "llm_timeout":
        return bool(value > 0)
    if name in ("capture_threshold", "value_threshold", "archive_below", "recall_boost", "semantic_weight"):
        return bool(0.0 <= value <= 1.0)  # a score in 0..1: anything else keeps all or none
    if name == "decay_rate":  # a daily share lost: 0 never forgets and 1 forgets at once
        return bool(0.0 < value < 1.0)
    if name == "reflect_threshold":
        return bool(value > 0)
    if name == "backups_keep":
        return bool(value >= 0)
    if name == "semantic":
        return value in SEMANTIC_MODES
    if name == "curve":
        return value in CURVES
    return True
