"""Commands that copy the store and bring a copy back: backup, restore (store/backups.py does the work)."""

from __future__ import annotations

from pathlib import Path

import click

from hippocampus.cli.common import Env, echo_json, json_option, pass_env, refresh
from hippocampus.store import backups


def take_backup(env: Env) -> dict[str, object]:
    """Take one backup; what `backup` and `decay --backup` report."""
    taken = backups.take(env.ws, env.now, env.config.backups_keep)
    return {"file": str(taken.path), "bytes": taken.size, "memories": taken.memories}


@click.command()
@json_option
@pass_env
def backup(env: Env, as_json: bool) -> None:
    """Copy the store into memory/backups/ (the newest `backups_keep`, 7, are kept). Example: hippocampus backup"""
    report = take_backup(env)
    if as_json:
        echo_json(report)
    else:
        click.echo(f"Backed up {report['memories']} memories to {report['file']} ({report['bytes']} bytes).")


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--yes", is_flag=True, help="Do not ask.")
@json_option
@pass_env
def restore(env: Env, file: Path, yes: bool, as_json: bool) -> None:
    """Replace the store with a backup, checked first; the database it replaces is kept in memory/backups/.
    Example: hippocampus restore memory/backups/hippocampus-20261201T030000Z.db"""

    def confirm(question: str) -> bool:
        return yes or click.confirm(question, abort=True, err=as_json)

    aside = backups.restore(env.ws, file.absolute(), env.now, confirm)
    refresh(env, archive=True)  # HIPPOCAMPUS_CORE.md and archive.md from the restored memories
    report = {"restored": str(file), "setAside": None if aside is None else str(aside)}
    if as_json:
        echo_json(report)
        return
    kept = f"; the database it replaced is at {aside}" if aside else ""
    click.echo(f"Restored {env.ws.db_path} from {file}{kept}.")


def register(group: click.Group) -> None:
    """Add this module's commands to the `hippocampus` group."""
    for command in (backup, restore):
        group.add_command(command)
