"""Commands that maintain the store: decay, archive, encode, consolidate, ingest, import, export, wipe."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from hippocampus import encoding, importing, maintenance
from hippocampus.cli.common import Env, echo_json, json_option, pass_env, refresh
from hippocampus.core import lifecycle
from hippocampus.core.import_formats import EBBINGHAUS
from hippocampus.core.model import format_time


def _decay(env: Env, archive: bool, as_json: bool) -> None:
    report = maintenance.decay(env.ws, env.now, env.config, archive=archive)
    refresh(env, archive=bool(report["archived"]) or "redactedAgain" in report)  # archive.md from redacted rows
    if as_json:
        echo_json(report)
        return
    click.echo(f"Decayed {report['memories']} memories to {format_time(env.now)}.")
    if report["archived"]:
        click.echo(f"Archived {len(report['archived'])} to {env.ws.archive_path}: {', '.join(report['archived'])}")
    elif report["candidates"]:
        click.echo(
            f"Archive candidates (< {env.config.archive_below}): {', '.join(report['candidates'])}"
            " (run `hippocampus archive` to move them)"
        )


@click.command()
@click.option("--archive", is_flag=True, help="Also move memories under `archive_below` (0.2) to memory/archive.md.")
@json_option
@pass_env
def decay(env: Env, archive: bool, as_json: bool) -> None:
    """Apply decay (idempotent: a function of time). Example: hippocampus decay --archive"""
    _decay(env, archive, as_json)


@click.command()
@json_option
@pass_env
def archive(env: Env, as_json: bool) -> None:
    """Move memories under `archive_below` (0.2) to memory/archive.md. Example: hippocampus archive"""
    _decay(env, True, as_json)


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@json_option
@pass_env
def ingest(env: Env, file: Path, as_json: bool) -> None:
    """Import a conversation (JSON Lines: session, id, role, text, timestamp). Example: hippocampus ingest chat.jsonl"""
    sessions, bad = importing.read_conversation(file)
    show = sys.stderr.isatty() and not as_json
    with click.progressbar(length=len(sessions), label="Encoding sessions", file=sys.stderr, hidden=not show) as bar:
        report = encoding.ingest(env.ws, env.now, env.config, sessions, bar.update)
    report.malformed = bad
    if as_json:
        echo_json(report.to_dict())
    else:
        click.echo(
            f"Sessions {len(sessions)}: created {len(report.created)}, reinforced "
            f"{len(report.reinforced)}, skipped {report.skipped}, malformed lines {bad}"
        )


@click.command(name="import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@json_option
@pass_env
def import_(env: Env, file: Path, as_json: bool) -> None:
    """Merge an index.json (v1/v2) or a memory-ebbinghaus memory_db.json. Example: hippocampus import memory_db.json"""
    kind, created = importing.import_file(env.ws, env.now, file)
    if as_json:
        echo_json({"format": kind, "created": created})
        return
    click.echo(f"Imported {len(created)} memories from {kind} file {file}")
    if kind == EBBINGHAUS and env.config.curve != lifecycle.EBBINGHAUS:
        click.echo("Hint: set `curve: ebbinghaus` in memory/hippocampus.yaml to keep their strengths exactly.")


@click.command()
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="File (default stdout).")
@click.option("--json", "as_json", is_flag=True, help="Accepted for symmetry: the export is always JSON.")
@pass_env
def export(env: Env, output: Path | None, as_json: bool) -> None:
    """Export every memory, and the superseded versions, as JSON. Example: hippocampus export -o memories.json"""
    from hippocampus.store import files, index_file

    text = json.dumps(index_file.export_document(env.ws), ensure_ascii=False, indent=2) + "\n"
    if output is None:
        click.echo(text, nl=False)
    else:
        files.write_text(output, text)
        click.echo(f"Exported to {output}", err=True)


@click.command()
@click.option("--yes", is_flag=True, help="Do not ask.")
@json_option
@pass_env
def wipe(env: Env, yes: bool, as_json: bool) -> None:
    """Delete every memory, the queue and the log of events. Example: hippocampus wipe --yes"""
    if not yes:
        click.confirm(f"Delete every memory in {env.ws.memory_dir}?", abort=True, err=as_json)
    count = maintenance.wipe(env.ws, env.now)
    if as_json:
        echo_json({"wiped": count})
    else:
        click.echo(f"Wiped {count} memories.")


@click.command()
@json_option
@pass_env
def encode(env: Env, as_json: bool) -> None:
    """Encode queued signals into memories. Example: hippocampus encode"""
    report = encoding.encode_pending(env.ws, env.now, env.config)
    refresh(env)
    if as_json:
        echo_json(report.to_dict())
    else:
        click.echo(
            f"Created {len(report.created)}, reinforced {len(report.reinforced)}, "
            f"skipped {report.skipped}, malformed {report.malformed}"
        )


SHOWN = 20
"""Fading memories listed by name in the text output; a big store has tens of thousands (--json has all)."""


@click.command()
@json_option
@pass_env
def consolidate(env: Env, as_json: bool) -> None:
    """Merge near-duplicate memories and list fading ones. Example: hippocampus consolidate"""
    report = maintenance.consolidate(env.ws, env.now, env.config)
    refresh(env)
    if as_json:
        echo_json(report)
    else:
        fading = report["fading"]
        click.echo(f"Merged {len(report['merged'])} near-duplicates; {len(fading)} fading.")
        shown = "".join(f"  fading: {memory_id}\n" for memory_id in fading[:SHOWN])
        more = f"  … and {len(fading) - SHOWN} more (all of them: --json)\n" if len(fading) > SHOWN else ""
        click.echo(shown + more, nl=False)


def register(group: click.Group) -> None:
    """Add this module's commands to the `hippocampus` group."""
    for command in (decay, archive, ingest, import_, export, wipe, encode, consolidate):
        group.add_command(command)
