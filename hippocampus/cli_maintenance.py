"""Commands that maintain the store: decay, archive, encode, consolidate, ingest, import, export, wipe."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from . import actions, lifecycle, store
from .cli_common import (
    Env,
    echo_json,
    json_option,
    pass_env,
    refresh,
)
from .errors import InputError
from .model import format_time


def _decay(env: Env, archive: bool, as_json: bool) -> None:
    report = actions.decay(env.ws, env.now, env.config, archive=archive)
    refresh(env)
    if as_json:
        echo_json(report)
        return
    click.echo(f"Decayed {report['memories']} memories to {format_time(env.now)}.")
    if report["archived"]:
        click.echo(f"Archived {len(report['archived'])} to {env.ws.archive_path}: {', '.join(report['archived'])}")
    elif report["candidates"]:
        click.echo(f"Archive candidates (< {lifecycle.ARCHIVE_BELOW}): {', '.join(report['candidates'])}"
                   " (run `hippocampus archive` to move them)")


@click.command()
@click.option("--archive", is_flag=True, help="Also move memories under 0.2 to memory/archive.md.")
@json_option
@pass_env
def decay(env: Env, archive: bool, as_json: bool) -> None:
    """Apply decay (idempotent: a function of time). Example: hippocampus decay --archive"""
    _decay(env, archive, as_json)


@click.command()
@json_option
@pass_env
def archive(env: Env, as_json: bool) -> None:
    """Move memories under 0.2 to memory/archive.md. Example: hippocampus archive"""
    _decay(env, True, as_json)


def _read_jsonl(path: Path) -> tuple[dict[str, list[dict[str, Any]]], int]:
    """Messages grouped by session, and how many lines were malformed (skipped, reported)."""
    sessions: dict[str, list[dict[str, Any]]] = {}
    bad = 0
    with open(path, encoding="utf-8", errors="replace") as handle:
        for raw in handle:
            if not raw.strip():
                continue
            try:
                row = json.loads(raw)
            except json.JSONDecodeError:
                bad += 1
                continue
            if not isinstance(row, dict) or not isinstance(row.get("text"), str) or "session" not in row:
                bad += 1
                continue
            sessions.setdefault(str(row["session"]), []).append(row)
    return sessions, bad


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@json_option
@pass_env
def ingest(env: Env, file: Path, as_json: bool) -> None:
    """Import a conversation (JSON Lines: session, id, role, text, timestamp). Example: hippocampus ingest chat.jsonl"""
    sessions, bad = _read_jsonl(file)
    show = sys.stderr.isatty() and not as_json
    with click.progressbar(length=len(sessions), label="Encoding sessions", file=sys.stderr,
                           hidden=not show) as bar:
        report = actions.ingest(env.ws, env.now, env.config, sessions, bar.update)
    report.malformed = bad
    if as_json:
        echo_json(report.to_dict())
    else:
        click.echo(f"Sessions {len(sessions)}: created {len(report.created)}, reinforced "
                   f"{len(report.reinforced)}, skipped {report.skipped}, malformed lines {bad}")


@click.command(name="import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@json_option
@pass_env
def import_(env: Env, file: Path, as_json: bool) -> None:
    """Merge an index.json (v1/v2) or a memory-ebbinghaus memory_db.json. Example: hippocampus import memory_db.json"""
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"{file}: not valid JSON ({exc})") from None
    if not isinstance(data, dict) or not ("items" in data or "memories" in data):
        raise InputError(f"{file}: neither a Hippocampus index nor a memory-ebbinghaus memory_db.json")
    kind = "memory-ebbinghaus" if "items" in data else "hippocampus"

    def change(index: Any) -> list[str]:
        if kind == "hippocampus":
            return actions.import_index(index, data)
        return actions.import_ebbinghaus(index, data, env.now)

    try:
        created = store.update_index(env.ws, change, env.now)
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"{file}: malformed entry ({exc!r}); nothing was imported") from None
    if as_json:
        echo_json({"format": kind, "created": created})
        return
    click.echo(f"Imported {len(created)} memories from {kind} file {file}")
    if kind == "memory-ebbinghaus" and env.config.curve != lifecycle.EBBINGHAUS:
        click.echo("Hint: set `curve: ebbinghaus` in memory/hippocampus.yaml to keep their strengths exactly.")


@click.command()
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="File (default stdout).")
@pass_env
def export(env: Env, output: Path | None) -> None:
    """Export every memory as JSON. Example: hippocampus export -o memories.json"""
    text = json.dumps(store.load_index(env.ws).to_dict(), ensure_ascii=False, indent=2) + "\n"
    if output is None:
        click.echo(text, nl=False)
    else:
        store.write_text(output, text)
        click.echo(f"Exported to {output}", err=True)


@click.command()
@click.option("--yes", is_flag=True, help="Do not ask.")
@pass_env
def wipe(env: Env, yes: bool) -> None:
    """Delete every memory, the queue and the log of events. Example: hippocampus wipe --yes"""
    if not yes:
        click.confirm(f"Delete every memory in {env.ws.memory_dir}?", abort=True)
    removed = store.wipe(env.ws, env.now)
    click.echo(f"Wiped {removed} memories.")


@click.command()
@json_option
@pass_env
def encode(env: Env, as_json: bool) -> None:
    """Encode queued signals into memories. Example: hippocampus encode"""
    report = actions.encode_pending(env.ws, env.now, env.config)
    refresh(env)
    if as_json:
        echo_json(report.to_dict())
    else:
        click.echo(f"Created {len(report.created)}, reinforced {len(report.reinforced)}, "
                   f"skipped {report.skipped}, malformed {report.malformed}")


@click.command()
@json_option
@pass_env
def consolidate(env: Env, as_json: bool) -> None:
    """Merge near-duplicate memories and list fading ones. Example: hippocampus consolidate"""
    report = actions.consolidate(env.ws, env.now, env.config)
    refresh(env)
    if as_json:
        echo_json(report)
    else:
        click.echo(f"Merged {len(report['merged'])} near-duplicates; {len(report['fading'])} fading.")
        for memory_id in report["fading"]:
            click.echo(f"  fading: {memory_id}")


def register(group: click.Group) -> None:
    """Add this module's commands to the `hippocampus` group."""
    for command in (decay, archive, ingest, import_, export, wipe, encode, consolidate,):
        group.add_command(command)
