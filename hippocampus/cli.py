"""The `hippocampus` command: a thin click layer over `actions`, `recall` and `store`."""

from __future__ import annotations

from typing import Any

import click

from . import __version__, store
from .cli_common import CONTEXT, Env
from .clock import now as clock_now
from .config import load_config
from .errors import HippocampusError


class Group(click.Group):
    """Turns domain errors into one clear line on stderr and exit status 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except HippocampusError as exc:
            raise click.ClickException(str(exc)) from None


@click.group(cls=Group, context_settings=CONTEXT)
@click.version_option(__version__, "--version", prog_name="hippocampus")
@click.option("--workspace", type=click.Path(file_okay=False), envvar=None,
              help="OpenClaw workspace (default: $WORKSPACE, else ~/.openclaw/workspace).")
@click.pass_context
def main(ctx: click.Context, workspace: str | None) -> None:
    """Persistent memory for OpenClaw agents: capture, decay, reinforce, recall.

    Example: hippocampus remember "User prefers tea over coffee"
    """
    ws = store.Workspace(store.resolve_workspace(workspace))
    try:
        ctx.obj = Env(ws, clock_now(), load_config(ws))
    except HippocampusError as exc:
        raise click.ClickException(str(exc)) from None


def _register_commands() -> None:
    """Each command module adds its commands to `main` (one noun per module)."""
    from . import cli_dashboard, cli_hooks, cli_install, cli_maintenance, cli_memories

    for module in (cli_memories, cli_maintenance, cli_dashboard, cli_install, cli_hooks):
        module.register(main)


# extra command modules register here
_register_commands()


if __name__ == "__main__":
    main()
