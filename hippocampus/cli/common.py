"""What every `hippocampus` command shares: the environment, the `--json` option and the JSON echo.

House style for a command: parse options, make one library call, echo its result. Domain
errors are turned into one line and exit status 1 once, by `app.Group`, never per command.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import datetime
from typing import Any

import click

from hippocampus.cli.output import json_text
from hippocampus.core.config import Config
from hippocampus.store.workspace import Workspace

CONTEXT = {"help_option_names": ["-h", "--help"]}


class Env:
    """What every command needs: the workspace, the time and the settings."""

    __slots__ = ("ws", "now", "config")

    def __init__(self, ws: Workspace, now: datetime, config: Config) -> None:
        self.ws, self.now, self.config = ws, now, config


class FileError(click.ClickException):
    """A click error that names the file it is about (`--json` reports it as `file`)."""

    def __init__(self, message: str, file: str | None = None) -> None:
        super().__init__(message)
        self.file = file


pass_env_creating = click.make_pass_decorator(Env)
"""For `init`, the one command that may create the workspace folder."""


def pass_env(command: Callable[..., Any]) -> Callable[..., Any]:
    """Pass the `Env` to a command that needs an existing workspace: a mistyped `--workspace` is an error
    (exit 1, naming the folder), not an empty store that reports 0 memories."""

    @click.pass_context
    def checked(ctx: click.Context, *args: Any, **kwargs: Any) -> Any:
        env = ctx.find_object(Env)
        if env is None:
            raise click.ClickException("no environment (run through the `hippocampus` group)")
        if not env.ws.root.is_dir():
            hint = "`hippocampus init` creates it, or pick another with --workspace"
            raise FileError(f"workspace {env.ws.root} does not exist ({hint})", str(env.ws.root))
        return ctx.invoke(command, env, *args, **kwargs)

    return functools.update_wrapper(checked, command)


json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")


def echo_json(data: Any) -> None:
    """Machine output on stdout."""
    click.echo(json_text(data), nl=False)


def refresh(env: Env, archive: bool = False) -> None:
    """After encode/decay/consolidate: re-sync HIPPOCAMPUS_CORE.md and archive.md, and the dashboard where
    the user has one (`hippocampus dashboard` or `init` makes it; regenerating a page nobody asked for
    would cost seconds at 100k memories)."""
    from hippocampus.views.sync import refresh_views

    for warning in refresh_views(env.ws, env.now, env.config, dashboard=False, archive=archive):
        click.echo(f"warning: {warning}", err=True)
