"""The `hippocampus dashboard` command: write the brain dashboard page and say where it is."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from .config import load_config
from .store import Workspace, resolve_workspace


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--workspace", type=click.Path(file_okay=False),
              help="OpenClaw workspace (overrides the one given to `hippocampus`).")
@click.option("--output", "-o", type=click.Path(dir_okay=False),
              help="Write the page here instead of $WORKSPACE/brain-dashboard.html.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON summary (path, totals) instead of text.")
@click.pass_obj
def dashboard(env: Any, workspace: str | None, output: str | None, as_json: bool) -> None:
    """Write the brain dashboard: one offline HTML page of memories, decay and activity.

    Example: hippocampus dashboard && xdg-open ~/.openclaw/workspace/brain-dashboard.html
    """
    ws: Workspace = env.ws
    config = env.config
    if workspace:
        ws = Workspace(resolve_workspace(workspace))
        config = load_config(ws)
    from .dashboard import build_workspace_view, write_view

    view = build_workspace_view(ws, env.now, config)
    try:
        path = write_view(ws, view, Path(output).expanduser() if output else None)
    except OSError as exc:
        raise click.ClickException(f"cannot write the dashboard: {exc}") from None
    size = path.stat().st_size
    if as_json:
        click.echo(json.dumps({"path": str(path), "bytes": size, **view.summary()}, ensure_ascii=False, indent=2))
        return
    tiers = ", ".join(f"{count} {name}" for name, count in view.tiers if count)
    noun = "memory" if view.total == 1 else "memories"
    click.echo(f"Wrote {path} ({view.total} {noun}{': ' + tiers if tiers else ''}; {size / 1024:.0f} KB)")


def register(group: click.Group) -> None:
    """Add the command to the `hippocampus` group (called from cli.py)."""
    group.add_command(dashboard)
