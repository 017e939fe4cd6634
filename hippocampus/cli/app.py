"""The `hippocampus` click group: the workspace, the clock and the settings, then one module per command group."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Sequence
from typing import Any

import click

from hippocampus import __version__
from hippocampus.cli.common import CONTEXT, Env, FileError
from hippocampus.errors import HippocampusError


class Group(click.Group):
    """Turns domain errors into one clear line on stderr and exit status 1 (the one place that does).

    An `OSError` or a text file that is not UTF-8 (a file given on the command line) is reported the
    same way, naming the file, rather than as a traceback. With `--json` anywhere on the command line,
    every error, usage errors included, is one JSON object on stderr, `{"error": ..., "file": ...}`,
    with the same non-zero exit status.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as exc:
            raise _unechoed(exc) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.NoSuchOption as exc:
            raise _unechoed(exc) from None
        except HippocampusError as exc:
            raise FileError(str(exc), exc.file) from None
        except UnicodeDecodeError as exc:
            raise click.ClickException(f"an input file is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            file = os.fsdecode(exc.filename) if isinstance(exc.filename, (str, bytes)) else None
            raise FileError(f"{where}{exc.strerror or exc}", file) from None

    def main(  # type: ignore[override]  # click types `main` as two overloads; this is their union
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        if not _wants_json(argv):
            return super().main(argv, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = super().main(argv, prog_name, complete_var, False, **extra)
        except click.ClickException as exc:
            _json_error(exc.format_message(), getattr(exc, "file", None))
            sys.exit(exc.exit_code)
        except click.Abort:
            _json_error("aborted", None)
            sys.exit(1)
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)


def _unechoed(exc: click.NoSuchOption) -> click.NoSuchOption:
    """click's "No such option" names what was typed; a value that starts with "-" (a pasted PEM key, a
    token) is named only when it looks like an option, so no secret is echoed to a terminal or a log."""
    if re.fullmatch(r"--?[A-Za-z][A-Za-z0-9-]{0,30}", exc.option_name):
        return exc
    return click.NoSuchOption("(an argument that starts with '-'; put `--` before it)", ctx=exc.ctx)


def _wants_json(argv: list[str]) -> bool:
    """Is `--json` among the options (before a `--` that ends them)?"""
    return "--json" in (argv[: argv.index("--")] if "--" in argv else argv)


def _json_error(message: str, file: str | None) -> None:
    """One JSON object on stderr: the machine form of click's `Error: ...` line."""
    click.echo(json.dumps({"error": message, "file": file}, ensure_ascii=False), err=True)


@click.group(cls=Group, context_settings=CONTEXT)
@click.version_option(__version__, "--version", prog_name="hippocampus")
@click.option(
    "--workspace",
    type=click.Path(file_okay=False),
    envvar=None,
    help="OpenClaw workspace (default: $WORKSPACE, else the agent's workspace in OpenClaw's config "
    "(openclaw.json: the configured workspace the current folder is in, else the default agent's, else "
    "agents.defaults.workspace), else $OPENCLAW_WORKSPACE_DIR, else $OPENCLAW_STATE_DIR/workspace, "
    "else ~/.openclaw/workspace).",
)
@click.pass_context
def main(ctx: click.Context, workspace: str | None) -> None:
    """Persistent memory for OpenClaw agents: capture, decay, reinforce, recall.

    Example: hippocampus remember "User prefers tea over coffee"
    """
    from hippocampus.clock import now
    from hippocampus.store.config_file import refusal, settings
    from hippocampus.store.workspace import Workspace, resolve_workspace

    ws = Workspace(resolve_workspace(workspace))
    found = settings(ws.config_path)
    if found.problems and ctx.invoked_subcommand not in SHOW_SETTINGS_PROBLEMS:
        raise FileError(refusal(found), found.file)
    ctx.obj = Env(ws, now(), found.config)


SHOW_SETTINGS_PROBLEMS = ("status", "dashboard")
"""The commands that run on a settings file with problems (each bad key at its default, as the hooks do)
and show them; every other command refuses it in one line naming the key."""


def _register_commands() -> None:
    """Each command module adds its commands to `main` (one command group per module)."""
    from hippocampus.cli import backups, history, maintenance, memories, reflect, serve, setup, summaries

    for module in (memories, maintenance, backups, setup, history, summaries, reflect, serve):
        module.register(main)


_register_commands()
