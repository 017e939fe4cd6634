"""Settings from `memory/hippocampus.yaml` (YAML, imported only when the file exists) and the
`HIPPOCAMPUS_CURVE` environment override; the rules for each setting are in `core/config.py`."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from hippocampus.core.config import Config, config_from_mapping
from hippocampus.errors import InputError

if TYPE_CHECKING:
    from hippocampus.store.workspace import Workspace


def load_config(ws: Workspace) -> Config:
    """Read `ws.config_path` if it exists (YAML is imported only then), then apply the env override."""
    return load_config_file(ws.config_path)


def load_config_file(path: str | os.PathLike[str]) -> Config:
    """Settings from a YAML file if it exists, then the `HIPPOCAMPUS_CURVE` override."""
    data: dict[str, Any] = {}
    if os.path.exists(path):
        import yaml

        try:
            with open(path, encoding="utf-8") as handle:
                loaded = yaml.safe_load(handle.read()) or {}
        except yaml.YAMLError as exc:  # where and what, never the snippet of the line (it may hold a secret)
            mark = getattr(exc, "problem_mark", None)
            where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
            raise InputError(f"{path}: not valid YAML{where}; left as it is", file=path) from None
        except UnicodeDecodeError:
            raise InputError(f"{path}: not UTF-8 text; left as it is", file=path) from None
        except OSError as exc:
            raise InputError(f"{path}: cannot be read ({exc.strerror}); left as it is", file=path) from None
        if not isinstance(loaded, dict):
            raise InputError(f"{path}: expected a mapping of settings; left as it is", file=path)
        data.update(loaded)
    curve = os.environ.get("HIPPOCAMPUS_CURVE")
    if curve:
        data["curve"] = curve
    try:
        return config_from_mapping(data)
    except InputError as exc:
        if not data or (curve and list(data) == ["curve"]):
            raise
        raise InputError(f"{path}: {exc}", file=path) from None
