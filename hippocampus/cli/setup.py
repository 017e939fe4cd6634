"""Commands that make files for people: `init` (the installer's memory-store step) and `dashboard`."""

from __future__ import annotations

from pathlib import Path

import click

from hippocampus.cli.common import Env, echo_json, json_option, pass_env, pass_env_creating


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print what was created as JSON.")
@pass_env_creating
def init(env: Env, as_json: bool) -> None:
    """Create memory/ and an empty index if missing (never touches existing memories), then write
    HIPPOCAMPUS_CORE.md and the dashboard.

    Example: hippocampus init
    """
    from hippocampus.maintenance import init_workspace

    data = init_workspace(env.ws, env.now, env.config)
    if as_json:
        echo_json(data)
        return
    click.echo(
        f"{'Created' if data['indexCreated'] else 'Kept'} {env.ws.db_path} ({data['memories']} memories);"
        f" wrote {data['core']} and {data['dashboard']}"
    )


@click.command()
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False),
    help="Write the page here instead of $WORKSPACE/brain-dashboard.html.",
)
@json_option
@pass_env
def dashboard(env: Env, output: str | None, as_json: bool) -> None:
    """Write the brain dashboard: one offline HTML page of memories, decay and activity.

    Example: hippocampus dashboard && xdg-open ~/.openclaw/workspace/brain-dashboard.html
    """
    from hippocampus.views.sync import dashboard_view, write_dashboard_view

    view = dashboard_view(env.ws, env.now, env.config)
    try:
        path = write_dashboard_view(env.ws, view, Path(output).expanduser() if output else None)
    except OSError as exc:
        raise click.ClickException(f"cannot write the dashboard: {exc}") from None
    size = path.stat().st_size
    if as_json:
        echo_json({"path": str(path), "bytes": size, **view.summary()})
        return
    tiers = ", ".join(f"{count} {name}" for name, count in view.tiers if count)
    noun = "memory" if view.total == 1 else "memories"
    click.echo(f"Wrote {path} ({view.total} {noun}{': ' + tiers if tiers else ''}; {size / 1024:.0f} KB)")


def register(group: click.Group) -> None:
    """Add `init` and `dashboard` to the `hippocampus` group."""
    group.add_command(init)
    group.add_command(dashboard)
