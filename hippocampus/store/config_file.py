"""Settings from `memory/hippocampus.yaml` (YAML, imported only when the file exists) and the
`HIPPOCAMPUS_CURVE` environment override; the rules for each setting are in `core/config.py`.

Two readings of one file. The CLI is strict (`load_config`, `load_config_file`): a problem is an
`InputError` naming the key, never its value, so the user fixes it before anything runs. The hooks and
the worker are lenient (`settings`): each bad key keeps its default and the problem is returned, to be
logged and shown by `status` and the dashboard; a typo in one key never turns off capture or injection.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hippocampus.core.config import Config, config_and_problems
from hippocampus.errors import InputError

if TYPE_CHECKING:
    from hippocampus.store.workspace import Workspace


@dataclass(frozen=True, slots=True)
class Settings:
    """The settings a hook runs on, and what is wrong with the file (one line each; empty when nothing)."""

    config: Config
    problems: tuple[str, ...]
    file: str


_CACHE: dict[tuple[str, str], tuple[tuple[int, int, int] | None, Settings]] = {}
"""(path, HIPPOCAMPUS_CURVE) -> (the file's (mtime_ns, size, inode) when read, what it gave): the
worker reads the settings on every call, and parses them again only when the file changed."""


def load_config(ws: Workspace) -> Config:
    """Read `ws.config_path` strictly (the CLI): its first problem is an `InputError` naming the key."""
    return load_config_file(ws.config_path)


def load_config_file(path: str | os.PathLike[str]) -> Config:
    """Settings from a YAML file if it exists, then the `HIPPOCAMPUS_CURVE` override; strict."""
    found = settings(path)
    if found.problems:
        raise InputError(refusal(found), file=found.file)
    return found.config


def refusal(found: Settings) -> str:
    """The CLI's one line for a settings file with problems: the file, each key and what it expects."""
    return f"{found.file}: {'; '.join(found.problems)}; nothing was run (`hippocampus status` shows every problem)"


def settings(path: str | os.PathLike[str]) -> Settings:
    """The lenient reading: every key that can be used is, the others keep their defaults, and each
    problem is one line naming the key or the file's trouble (never a value). Cached per file version."""
    file = os.fspath(path)
    key = (file, os.environ.get("HIPPOCAMPUS_CURVE", ""))
    stamp = _stamp(file)
    cached = _CACHE.get(key)
    if cached is not None and stamp is not None and cached[0] == stamp:
        return cached[1]
    data, problems = _read(file) if stamp is not None else ({}, [])
    if key[1]:
        data["curve"] = key[1]
    config, more = config_and_problems(data)
    found = Settings(config, tuple(problems + more), file)
    _CACHE[key] = (stamp, found)
    return found


def _stamp(file: str) -> tuple[int, int, int] | None:
    try:
        st = os.stat(file)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def _read(file: str) -> tuple[dict[str, Any], list[str]]:
    """The file's mapping, or {} and why it cannot be used as a whole (never quoting its text: a YAML
    error's message quotes the line, which may hold a key's value)."""
    import yaml

    try:
        with open(file, encoding="utf-8") as handle:
            loaded = yaml.safe_load(handle.read()) or {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        return {}, [f"not valid YAML{where}"]
    except UnicodeDecodeError:
        return {}, ["not UTF-8 text"]
    except OSError as exc:
        return {}, [f"cannot be read ({exc.strerror})"]
    if not isinstance(loaded, dict):
        return {}, ["expected a mapping of settings"]
    return loaded, []
