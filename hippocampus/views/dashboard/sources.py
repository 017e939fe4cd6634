"""Read the workspace files the dashboard shows but Hippocampus does not own: identity, avatar, sister skills.

Everything here is best-effort: a missing, unreadable or malformed file becomes a status
the page explains, never an exception. Text goes through `store.read_text`; only the
avatar image (bytes) is opened here.
"""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hippocampus.store.files import read_text
from hippocampus.store.workspace import Workspace

AVATAR_MAX_BYTES = 2 * 1024 * 1024
"""OpenClaw's own limit for local avatar files."""
DATA_URI_MAX_CHARS = 3 * 1024 * 1024
AVATAR_FALLBACKS = ("avatar.png", "avatar.jpg", "avatar.jpeg")
SISTER_FILES = {
    "amygdala": "emotional-state.json",
    "vta": "reward-state.json",
}
"""Sister skill -> its state file under `memory/`."""

_FIELD = re.compile(r"^\s*(?:[-*+]\s+)?[*_`]*\s*(name|avatar|emoji)\s*[*_`]*\s*:\s*[*_`]*\s*(.*?)\s*$", re.IGNORECASE)
_PLACEHOLDER = re.compile(r"^[_*]*\(.*\)[_*]*$")
OPENCLAW_PLACEHOLDERS = frozenset(
    {
        "not set yet",
        "pick something you like",
        "your signature - pick one that feels right",
        "workspace-relative path, http(s) url, or data uri",
    }
)
"""The template's placeholder values OpenClaw's own parser ignores (`identity-file.ts`), compared as it does."""
_DATA_URI = re.compile(r"^data:(image/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/=\s]+)$")


@dataclass(frozen=True)
class Identity:
    """Who the agent is, as far as the dashboard header needs: name, avatar data URI, emoji, a note."""

    name: str = "Agent"
    avatar: str | None = None
    emoji: str = ""
    note: str = ""


@dataclass(frozen=True)
class SisterFile:
    """A sister skill's state file: `status` is "ok", "missing" or "malformed" (with `error`)."""

    skill: str
    path: str
    status: str
    data: dict[str, Any]
    error: str = ""


def _clean_value(raw: str) -> str:
    """Strip markdown decoration and placeholder text from an IDENTITY.md field value."""
    value = raw.strip().strip("*_`").strip()
    plain = " ".join(value.strip("()").replace("\u2013", "-").replace("\u2014", "-").split()).lower()
    if not value or _PLACEHOLDER.match(value) or plain in OPENCLAW_PLACEHOLDERS:
        return ""
    return value


def parse_identity_fields(text: str) -> dict[str, str]:
    """The `Name`/`Avatar`/`Emoji` fields of IDENTITY.md (`- **Name:** X`, `**Name:** X`, `Name: X`)."""
    fields: dict[str, str] = {}
    lines = text.splitlines()
    for number, line in enumerate(lines):
        match = _FIELD.match(line)
        if not match:
            continue
        label = match.group(1).lower()
        value = _clean_value(match.group(2))
        if not value and number + 1 < len(lines):
            follow = lines[number + 1]
            if follow[:1].isspace() and not _FIELD.match(follow):
                value = _clean_value(follow)
        if value and label not in fields:
            fields[label] = value
    return fields


def _image_mime(head: bytes) -> str | None:
    """MIME type of a PNG, JPEG, GIF or WebP image from its first bytes; None for anything else."""
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if head.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if head.startswith((b"GIF87a", b"GIF89a")):
        return "image/gif"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "image/webp"
    return None


def read_image_data_uri(path: Path) -> str | None:
    """A `data:` URI of a small image file, or None if missing, too big or not an image."""
    try:
        if not path.is_file() or path.stat().st_size > AVATAR_MAX_BYTES:
            return None
        raw = path.read_bytes()
    except OSError:
        return None
    mime = _image_mime(raw[:16])
    if mime is None:
        return None
    return f"data:{mime};base64,{base64.b64encode(raw).decode('ascii')}"


def _avatar_from_field(ws: Workspace, value: str) -> tuple[str | None, str]:
    """Resolve an IDENTITY.md `Avatar` value to a data URI (never fetched from the network), plus a note."""
    if value.startswith("data:"):
        match = _DATA_URI.match(value)
        if match and len(value) <= DATA_URI_MAX_CHARS:
            payload = re.sub(r"\s+", "", match.group(2))
            return f"data:{match.group(1)};base64,{payload}", ""
        return None, "the Avatar data URI is not a base64 PNG, JPEG, GIF or WebP image"
    if re.match(r"^[a-z][a-z0-9+.-]*://", value, re.IGNORECASE):
        return None, "the Avatar is a URL; the dashboard never fetches anything, so it is not shown"
    path = Path(value).expanduser()
    if not path.is_absolute():
        path = ws.root / path
    uri = read_image_data_uri(path)
    if uri is None:
        return None, f"the Avatar file {value!r} is missing, over 2 MB or not an image"
    return uri, ""


def configured_identity(config: dict[str, Any], root: Path, state: Path) -> dict[str, str]:
    """`name`, `emoji`, `avatar` of the OpenClaw agent whose workspace is `root`, from its config entry's
    `identity` (what `openclaw agents set-identity` writes); the default agent's when `root` is the
    default workspace. {} when no agent matches."""
    agents = config.get("agents")
    if not isinstance(agents, dict):
        return {}
    raw = agents.get("entries")
    entries = (
        raw if isinstance(raw, dict) else {e.get("id"): e for e in agents.get("list") or [] if isinstance(e, dict)}
    )
    defaults = agents.get("defaults")
    defaults = defaults if isinstance(defaults, dict) else {}

    def where(value: Any) -> Path | None:
        return (
            (state / Path(value.strip()).expanduser()).resolve() if isinstance(value, str) and value.strip() else None
        )

    target = root.resolve()
    chosen = next((e for e in entries.values() if isinstance(e, dict) and where(e.get("workspace")) == target), None)
    if chosen is None and target in {where(defaults.get("workspace")), (state / "workspace").resolve()}:
        default = next((k for k, e in entries.items() if isinstance(e, dict) and e.get("default") is True), "main")
        chosen = entries.get(default) if isinstance(entries.get(default), dict) else None
    identity = chosen.get("identity") if isinstance(chosen, dict) else None
    if not isinstance(identity, dict):
        return {}
    return {k: str(identity[k]).strip() for k in ("name", "emoji", "avatar") if str(identity.get(k) or "").strip()}


def read_identity(ws: Workspace) -> Identity:
    """Name, avatar and emoji from `IDENTITY.md` (parsed as OpenClaw parses it), else from the agent's
    `identity` in OpenClaw's config, with `avatar.png/jpg` in the workspace as the last avatar fallback."""
    import os

    from hippocampus.store.workspace import openclaw_config

    try:
        text = read_text(ws.root / "IDENTITY.md")
    except OSError:
        text = None
    fields = parse_identity_fields(text) if text else {}
    if not all(fields.get(k) for k in ("name", "emoji", "avatar")):
        state = Path(os.environ.get("OPENCLAW_STATE_DIR", "").strip() or "~/.openclaw").expanduser()
        configured = configured_identity(openclaw_config(os.environ), ws.root, state)
        fields = {**configured, **fields}
    avatar: str | None = None
    note = ""
    if fields.get("avatar"):
        avatar, note = _avatar_from_field(ws, fields["avatar"])
    if avatar is None:
        for name in AVATAR_FALLBACKS:
            avatar = read_image_data_uri(ws.root / name)
            if avatar:
                break
    return Identity(
        name=fields.get("name", "Agent")[:120],
        avatar=avatar,
        emoji=fields.get("emoji", "")[:16],
        note=note,
    )


def read_sister_file(ws: Workspace, skill: str) -> SisterFile:
    """Load one sister skill's state file; malformed content is reported, never raised."""
    filename = SISTER_FILES[skill]
    label = f"memory/{filename}"
    try:
        text = read_text(ws.memory_dir / filename)
    except OSError as exc:
        return SisterFile(skill, label, "malformed", {}, f"cannot read it ({exc.strerror or exc})")
    if text is None:
        return SisterFile(skill, label, "missing", {})
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        return SisterFile(skill, label, "malformed", {}, f"not valid JSON (line {exc.lineno}: {exc.msg})")
    if not isinstance(data, dict):
        return SisterFile(skill, label, "malformed", {}, "not a JSON object")
    from hippocampus.store.redacted import tree

    return SisterFile(skill, label, "ok", tree(data))  # the page is a new copy: no secret goes into it


def read_sister_files(ws: Workspace) -> dict[str, SisterFile]:
    """Every known sister skill's state file, keyed by skill."""
    return {skill: read_sister_file(ws, skill) for skill in SISTER_FILES}
