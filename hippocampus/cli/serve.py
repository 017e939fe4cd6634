"""`serve --stdio`: the warm hook worker the OpenClaw bridge starts (`openclaw/worker.py` has the contract)."""

from __future__ import annotations

import click


@click.command()
@click.option("--stdio", is_flag=True, required=True, help="Serve JSON lines on stdin/stdout (the only transport).")
@click.option(
    "--max-in-flight",
    type=click.IntRange(min=1),
    default=8,
    show_default=True,
    help="Calls run at once; more are answered busy.",
)
@click.option(
    "--idle-seconds",
    type=click.FloatRange(min=0),
    default=0.0,
    show_default=True,
    help="Exit after this long without a request; 0 never does (the worker lives as long as its parent).",
)
@click.option(
    "--preload",
    "preload",
    metavar="WORKSPACE",
    default=None,
    help="Start loading the embedding model this workspace's settings choose, right after the ready line.",
)
@click.option(
    "--json", "as_json", is_flag=True, help="Accepted for the CLI's convention: the output is always JSON lines."
)
def serve(stdio: bool, max_in_flight: int, idle_seconds: float, preload: str | None, as_json: bool) -> None:
    """Run the warm hook worker: one request per line in, one response per line out, until end of
    input or its parent's death. The plugin bridge (hooks/index.js) starts it; hooks/README.md has the
    protocol.

    Example: hippocampus serve --stdio
    """
    from hippocampus.openclaw.worker import main

    main(max_in_flight, idle_seconds, preload)


def register(group: click.Group) -> None:
    """Add this module's command to the `hippocampus` group."""
    group.add_command(serve)
