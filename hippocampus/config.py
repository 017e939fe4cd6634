"""Settings: defaults, overridden by `memory/hippocampus.yaml` and `HIPPOCAMPUS_CURVE`."""

from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace
from typing import Any

from .errors import InputError
from .lifecycle import CURVES, EXPONENTIAL


@dataclass(frozen=True)
class Config:
    """Tunable behaviour; every field can be set in `memory/hippocampus.yaml`."""

    curve: str = EXPONENTIAL
    weight_relevance: float = 3.0
    weight_importance: float = 1.0
    weight_recency: float = 0.5
    recency_per_hour: float = 0.995
    candidates: int = 200
    inject_budget: int = 1500
    inject_relevant: int = 5
    core_limit: int = 30
    capture_threshold: float = 0.5
    consolidation_gate: bool = False


def config_from_mapping(data: dict[str, Any]) -> Config:
    """Build a Config from a mapping, rejecting unknown keys and bad types with a clear error."""
    known = {f.name: f for f in fields(Config)}
    base = Config()
    changes: dict[str, Any] = {}
    for key, value in data.items():
        name = str(key).replace("-", "_")
        if name not in known:
            raise InputError(f"unknown setting {key!r} (known: {', '.join(sorted(known))})")
        default = getattr(base, name)
        try:
            changes[name] = type(default)(value)
        except (TypeError, ValueError):
            raise InputError(f"setting {key!r} must be a {type(default).__name__}") from None
    config = replace(base, **changes)
    if config.curve not in CURVES:
        raise InputError(f"curve must be one of {', '.join(CURVES)}, not {config.curve!r}")
    return config


def load_config(ws: Any) -> Config:
    """Read `ws.config_path` if it exists (YAML is imported only then), then apply the env override."""
    data: dict[str, Any] = {}
    path = ws.config_path
    if path.exists():
        import yaml

        try:
            loaded = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            raise InputError(f"{path}: not valid YAML ({exc})") from None
        if not isinstance(loaded, dict):
            raise InputError(f"{path}: expected a mapping of settings")
        data.update(loaded)
    curve = os.environ.get("HIPPOCAMPUS_CURVE")
    if curve:
        data["curve"] = curve
    return config_from_mapping(data)
