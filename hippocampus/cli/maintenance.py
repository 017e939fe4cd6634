"""Commands that maintain the store: decay, archive, encode, embed, consolidate, ingest, import, export, wipe."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import click

from hippocampus import encoding, importing, maintenance
from hippocampus.cli.common import Env, echo_json, json_option, pass_env, refresh
from hippocampus.core import lifecycle
from hippocampus.core.import_formats import EBBINGHAUS
from hippocampus.core.model import format_time
from hippocampus.semantic import embedder, embedding


def _decay(env: Env, archive: bool, as_json: bool, backup: bool = False) -> None:
    from hippocampus.cli.backups import take_backup

    copy = take_backup(env) if backup and env.config.backups_keep > 0 else None  # the store before the job
    report = maintenance.decay(env.ws, env.now, env.config, archive=archive)
    refresh(env, archive=bool(report["archived"]) or "redactedAgain" in report)  # archive.md from redacted rows
    if copy is not None:
        report["backup"] = copy
    if as_json:
        echo_json(report)
        return
    if copy is not None:
        click.echo(f"Backed up {copy['memories']} memories to {copy['file']} ({copy['bytes']} bytes).")
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
@click.option("--backup", is_flag=True, help="First copy the store into memory/backups/ (unless backups_keep is 0).")
@json_option
@pass_env
def decay(env: Env, archive: bool, backup: bool, as_json: bool) -> None:
    """Apply decay (idempotent: a function of time). Example: hippocampus decay --archive --backup"""
    _decay(env, archive, as_json, backup)


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
            f"{len(report.reinforced)}, skipped {report.skipped}, malformed lines {bad}{report.not_kept_line()}"
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
    if created and embedder.choice(env.config)[0] is not None:
        click.echo("Their vectors: `hippocampus embed` now, or the warm worker in its idle time.")
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
            f"skipped {report.skipped}, malformed {report.malformed}{report.not_kept_line()}"
        )


class _Progress:
    """`hippocampus embed`'s progress on stderr: a bar on a terminal, else a line after the first batch,
    at most one every `PROGRESS_SECONDS` after it, and one at the end (a log reads it as it comes)."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.said = 0.0
        self.bar: Any = None  # click's progress bar, once shown

    def __call__(self, done: int, owed: int) -> None:
        if sys.stderr.isatty():
            if self.bar is None:
                self.bar = click.progressbar(length=max(owed, 1), label="Embedding memories", file=sys.stderr)
                self.bar.__enter__()
            self.bar.update(done - self.bar.pos)
            return
        now = time.monotonic()
        if self.said and done < owed and now - self.said < PROGRESS_SECONDS:
            return
        self.said = now
        rate = done / max(now - self.started, 1e-9)
        click.echo(f"embedded {done} of {owed} ({rate:.1f}/s)", err=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


PROGRESS_SECONDS = 5.0


@click.command()
@click.option("--budget", type=click.FloatRange(min=0), help="Stop after about this many seconds (default: when done).")
@click.option(
    "--threads",
    type=click.IntRange(min=1),
    help="Model threads (default: every core; the worker's own catch-up uses one).",
)
@json_option
@pass_env
def embed(env: Env, budget: float | None, threads: int | None, as_json: bool) -> None:
    """Embed every memory that has no vector yet (after an import, an upgrade, a model change), in batches
    that survive a kill; progress on stderr. Example: hippocampus embed"""
    from hippocampus.store import database, vectors

    name, why = embedder.choice(env.config)
    if name is None:
        report: dict[str, object] = {"mode": "lexical", "why": why, "embedded": 0}
        if as_json:
            echo_json(report)
        else:
            click.echo(f"Nothing to embed: recall is lexical here ({why}).")
        return
    progress, started = _Progress(), time.monotonic()
    try:
        done = embedding.catch_up(
            env.ws,
            env.config,
            budget,
            batch=embedding.EMBED_BATCH,
            threads=threads or os.cpu_count() or 1,
            progress=progress,
        )
    finally:
        progress.close()
    seconds = time.monotonic() - started
    with database.reading(env.ws) as conn:
        have, total = vectors.counts(conn, name)
    report = {"model": name, "embedded": done, "seconds": round(seconds, 1), "waiting": total - have}
    if as_json:
        echo_json(report)
        return
    rate = f" ({done / seconds:.1f}/s)" if done and seconds > 0 else ""
    left = f"; {total - have} still without one (run it again)" if total > have else ""
    click.echo(f"Embedded {done} memories in {seconds:.1f} s{rate} with {name}{left}.")


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
    for command in (decay, archive, ingest, import_, export, wipe, encode, embed, consolidate):
        group.add_command(command)
