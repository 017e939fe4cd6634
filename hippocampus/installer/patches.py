"""JSON paths and merge patches over OpenClaw's config, the shape `openclaw config patch` takes.

Pure and standard library only (the installer runs under the system python3).
"""

from __future__ import annotations

from typing import Any

from hippocampus.installer.names import AGENT_ID

MISSING = object()
"""A path that is not in the config (as opposed to one set to null)."""


def merged(base: Any, patch: Any) -> Any:
    """What `openclaw config patch` makes of `base` (objects merge, everything else replaces)."""
    if not isinstance(base, dict) or not isinstance(patch, dict):
        return patch
    out = dict(base)
    for key, value in patch.items():
        out[key] = merged(base.get(key), value)
    return out


def config_changes(before: dict[str, Any], after: dict[str, Any], prefix: str = "") -> list[dict[str, Any]]:
    """Leaf paths whose value differs; a key missing on one side counts as an empty object there."""
    changes: list[dict[str, Any]] = []
    for key in sorted(set(before) | set(after)):
        path = f"{prefix}{key}"
        if path in ("meta", f"agents.entries.{AGENT_ID}"):
            continue
        old, new = before.get(key, MISSING), after.get(key, MISSING)
        old_map = {} if old is MISSING else old
        new_map = {} if new is MISSING else new
        if isinstance(old_map, dict) and isinstance(new_map, dict):
            changes += config_changes(old_map, new_map, path + ".")
            continue
        if old != new:
            changes.append(
                {
                    "path": path,
                    "before": None if old is MISSING else old,
                    "hadBefore": old is not MISSING,
                    "after": None if new is MISSING else new,
                    "hasAfter": new is not MISSING,
                }
            )
    return changes


def new_objects(before: dict[str, Any], after: dict[str, Any], prefix: str = "") -> list[str]:
    """Paths of objects that exist only in `after` (pruned again on undo once they are empty)."""
    paths: list[str] = []
    for key, value in after.items():
        if isinstance(value, dict):
            old = before.get(key, MISSING)
            if old is MISSING:
                paths.append(f"{prefix}{key}")
            paths += new_objects(old if isinstance(old, dict) else {}, value, f"{prefix}{key}.")
    return paths


def nest(path: str, value: Any) -> dict[str, Any]:
    """{"a": {"b": value}} for "a.b", the shape `config patch` takes."""
    out: dict[str, Any] = {}
    node = out
    *parents, last = path.split(".")
    for part in parents:
        node = node.setdefault(part, {})
    node[last] = value
    return out


def lookup(data: dict[str, Any] | None, path: str) -> Any:
    """The value at a dot path, or MISSING."""
    node: Any = data
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return MISSING
        node = node[part]
    return node


def merge_patch(current: Any, desired: Any) -> Any:
    """The `openclaw config patch` body (RFC 7386: objects merge, null deletes, the rest replaces) that
    turns `current` into `desired`; `MISSING` for no change. `desired` MISSING deletes (null)."""
    if desired is MISSING:
        return MISSING if current is MISSING else None
    if not isinstance(current, dict) or not isinstance(desired, dict):
        return MISSING if current == desired else desired
    patch: dict[str, Any] = {}
    for key in sorted(set(current) | set(desired)):
        part = merge_patch(current.get(key, MISSING), desired.get(key, MISSING))
        if part is not MISSING:
            patch[key] = part
    return patch or MISSING


def pruned(value: Any, before: Any) -> Any:
    """`value` without the empty objects that were not objects in `before` (what an undo leaves behind
    where the install created the parents, e.g. `plugins: {entries: {}}`); MISSING when nothing is left."""
    if not isinstance(value, dict):
        return value
    kept: dict[str, Any] = {}
    for key, item in value.items():
        old = before.get(key, MISSING) if isinstance(before, dict) else MISSING
        part = pruned(item, old)
        if part is not MISSING:
            kept[key] = part
    if not kept and not isinstance(before, dict):
        return MISSING
    return kept
