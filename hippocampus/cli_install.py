"""The `hippocampus init` command: the installer's one memory-store step, also useful by hand."""

from __future__ import annotations

import json
from typing import Any

import click

from . import actions, store


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--json", "as_json", is_flag=True, help="Print what was created as JSON.")
@click.pass_obj
def init(env: Any, as_json: bool) -> None:
    """Create memory/ and an empty index if missing (never touches existing memories), then write
    HIPPOCAMPUS_CORE.md and the dashboard.

    Example: hippocampus init
    """
    ws: store.Workspace = env.ws
    created = not ws.index_path.exists()
    store.ensure_layout(ws)
    if created:
        store.update_index(ws, lambda index: None, env.now, allow_empty=True)
    count = len(store.load_index(ws).memories)
    core = actions.sync_core(ws, env.now, env.config)
    from .dashboard import write_dashboard

    dashboard = str(write_dashboard(ws, env.now, env.config))
    data = {"workspace": str(ws.root), "indexCreated": created, "memories": count, "core": core,
            "dashboard": dashboard}
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    click.echo(f"{'Created' if created else 'Kept'} {ws.index_path} ({count} memories); wrote {core}"
               + f" and {dashboard}")


def register(group: click.Group) -> None:
    """Add `init` to the `hippocampus` group (called from cli.py)."""
    group.add_command(init)
