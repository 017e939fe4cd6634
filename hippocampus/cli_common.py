"""What every `hippocampus` command shares: the environment object and the JSON and text forms."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import click

from . import actions, store
from .config import Config
from .output import json_text

CONTEXT = {"help_option_names": ["-h", "--help"]}


@dataclass
class Env:
    """What every command needs: the workspace, the time and the settings."""

    ws: store.Workspace
    now: datetime
    config: Config


def echo_json(data: Any) -> None:
    """Machine output on stdout."""
    click.echo(json_text(data), nl=False)


pass_env = click.make_pass_decorator(Env)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")


def refresh(env: Env) -> None:
    """After encode/decay/consolidate: re-sync HIPPOCAMPUS_CORE.md and the dashboard."""
    for warning in actions.refresh_views(env.ws, env.now, env.config):
        click.echo(f"warning: {warning}", err=True)

