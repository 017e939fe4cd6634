"""The `hippocampus` click group: the workspace, the clock and the settings, then one module per command group."""

from __future__ import annotations

from typing import Any

import click

from hippocampus import __version__
from hippocampus.cli.common import CONTEXT, Env
from hippocampus.errors import HippocampusError


class Group(click.Group):
    """Turns domain errors into one clear line on stderr and exit status 1 (the one place that does).

    An `OSError` or a text file that is not UTF-8 (a file given on the command line) is reported the
    same way, naming the file, rather than as a traceback.
    """

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except HippocampusError as exc:
            raise click.ClickException(str(exc)) from None
        except UnicodeDecodeError as exc:
            raise click.ClickException(f"an input file is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            raise click.ClickException(f"{where}{exc.strerror or exc}") from None


@click.group(cls=Group, context_settings=CONTEXT)
@click.version_option(__version__, "--version", prog_name="hippocampus")
@click.option(
    "--workspace",
    type=click.Path(file_okay=False),
    envvar=None,
    help="OpenClaw workspace (default: $WORKSPACE, else $OPENCLAW_WORKSPACE_DIR, else "
    "$OPENCLAW_STATE_DIR/workspace, else ~/.openclaw/workspace).",
)
@click.pass_context
def main(ctx: click.Context, workspace: str | None) -> None:
    """Persistent memory for OpenClaw agents: capture, decay, reinforce, recall.

    Example: hippocampus remember "User prefers tea over coffee"
    """
    from hippocampus.clock import now
    from hippocampus.store.config_file import load_config
    from hippocampus.store.workspace import Workspace, resolve_workspace

    ws = Workspace(resolve_workspace(workspace))
    try:
        ctx.obj = Env(ws, now(), load_config(ws))
    except HippocampusError as exc:
        raise click.ClickException(str(exc)) from None


def _register_commands() -> None:
    """Each command module adds its commands to `main` (one command group per module)."""
    from hippocampus.cli import history, maintenance, memories, setup, summaries

    for module in (memories, maintenance, setup, history, summaries):
        module.register(main)


_register_commands()
