"""`hippocampus preprocess`: read the OpenClaw history that predates the hooks into the signal queue."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from hippocampus.cli.common import Env, echo_json, json_option, pass_env


def _progress(total: int) -> Any:
    """A progress bar on stderr (shown on a terminal only)."""
    bar = click.progressbar(length=max(total, 1), label="Reading history", file=sys.stderr)
    return bar.__enter__()


@click.command()
@click.option(
    "--signals",
    "limit",
    type=click.IntRange(min=0),
    default=100,
    show_default=True,
    help="Queue at most the last N signals of the new history.",
)
@click.option("--whole", is_flag=True, help="Queue every signal of the new history.")
@click.option("--agent", "agent", default="main", show_default=True, help="OpenClaw agent id.")
@click.option(
    "--state-dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="OpenClaw state folder (default: $OPENCLAW_STATE_DIR, else ~/.openclaw).",
)
@click.option("--encode", "then_encode", is_flag=True, help="Encode the queue into memories afterwards.")
@json_option
@pass_env
def preprocess(
    env: Env, limit: int, whole: bool, agent: str, state_dir: Path | None, then_encode: bool, as_json: bool
) -> None:
    """Read existing OpenClaw history (SQLite store and legacy JSONL) into the signal queue.

    Example: hippocampus preprocess --signals 200 --agent main --encode
    """
    from hippocampus.encoding import backfill

    report = backfill(
        env.ws,
        env.now,
        env.config,
        state_dir,
        agent,
        None if whole else limit,
        then_encode,
        _progress if sys.stderr.isatty() else None,
    )
    if as_json:
        echo_json(report)
        return
    click.echo(
        f"Queued {report['queued']} signals from {report['messages']} user messages"
        f" in {len(report['sources'])} source(s) of agent {agent}."
    )
    if report["malformed"]:
        click.echo(f"Skipped {report['malformed']} malformed line(s).", err=True)
    if report["compressedSkipped"]:
        click.echo(
            f"Skipped {report['compressedSkipped']} compressed row(s): install `zstandard` "
            "(or use Python 3.14) to read them.",
            err=True,
        )
    if then_encode:
        enc = report["encoded"]
        click.echo(f"Encoded: created {len(enc['created'])}, reinforced {len(enc['reinforced'])}.")


def register(group: click.Group) -> None:
    """Add `preprocess` to the `hippocampus` group."""
    group.add_command(preprocess)
