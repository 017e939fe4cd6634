"""What every `hippocampus` command shares: the environment, the `--json` option and the JSON echo.

House style for a command: parse options, make one library call, echo its result. Domain
errors are turned into one line and exit status 1 once, by `app.Group`, never per command.
"""

from __future__ import annotations

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


pass_env = click.make_pass_decorator(Env)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")


def echo_json(data: Any) -> None:
    """Machine output on stdout."""
    click.echo(json_text(data), nl=False)


def refresh(env: Env, archive: bool = False) -> None:
    """After encode/decay/consolidate: re-sync HIPPOCAMPUS_CORE.md and archive.md, and the dashboard where
    the user has one (`hippocampus dashboard` or `init` makes it; regenerating a page nobody asked for
    would cost seconds at 100k memories)."""
    from hippocampus.views import refresh_views

    for warning in refresh_views(env.ws, env.now, env.config, dashboard=False, archive=archive):
        click.echo(f"warning: {warning}", err=True)
