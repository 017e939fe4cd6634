"""The installer: look (read-only), show the plan, ask, apply, record; or undo what the record says.

Run by `install.py` with the system `python3`, before any venv exists, so everything it
imports is standard library; the memory store is set up through the venv's `hippocampus` CLI and
read (the plan's memory count) only through `store/` functions that are standard library too.
Exit status: 0 done (also when there is no `openclaw`: the commands are printed), 1 failed,
2 bad arguments, 3 done except cron jobs because no Gateway was reachable, 4 declined.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from hippocampus import __version__
from hippocampus.errors import HippocampusError
from hippocampus.installer.apply import (
    Outcome,
    base_record,
    cli_link_path,
    link_cli,
    make_venv,
    offline_commands,
    setup_store,
    wire_openclaw,
)
from hippocampus.installer.inputs import Observed, Options
from hippocampus.installer.names import AGENT_ID, EXIT_DECLINED, EXIT_FAILED, EXIT_NO_GATEWAY, EXIT_OK, PLUGIN_ID
from hippocampus.installer.plan import build, render
from hippocampus.installer.record import load_record, record_path
from hippocampus.installer.uninstall import uninstall, uninstall_steps
from hippocampus.openclaw.cli import NOTHING, RESTART, SET, OpenClaw, extra_paths_key, find_openclaw
from hippocampus.store.legacy import count_legacy_memories
from hippocampus.store.readonly import count_memories as count_db_memories
from hippocampus.store.workspace import Workspace
from hippocampus.store.workspace import resolve_workspace as resolve_default


def parse_args(argv: list[str] | None) -> Options:
    """Command-line options (the same as `install.py`'s)."""
    p = argparse.ArgumentParser(prog="install.py", description="Install Hippocampus into OpenClaw (plan first).")
    p.add_argument("--with-cron", action="store_true", help="register encode/decay/consolidate jobs")
    p.add_argument("--with-agent", action="store_true", help="create the opt-in background agent")
    p.add_argument("--with-llm-summaries", action="store_true", help="a cron agent turn rewrites pending memories")
    p.add_argument("--with-reflection", action="store_true", help="a cron agent turn draws insights (reflect)")
    p.add_argument("--signals", type=int, default=100, help="backfill the last N messages (default 100; 0: none)")
    p.add_argument("--whole", action="store_true", help="backfill the whole history")
    p.add_argument(
        "--workspace",
        type=Path,
        help="OpenClaw workspace (default: $WORKSPACE, else the "
        "workspace this skill is in, else the agent's workspace in OpenClaw's config)",
    )
    p.add_argument("--agent", default="main", help="agent whose transcripts are backfilled (default main)")
    p.add_argument("--dry-run", action="store_true", help="print the plan, change nothing")
    p.add_argument("--yes", "-y", action="store_true", help="do not ask")
    p.add_argument("--uninstall", action="store_true", help="undo what the install record lists")
    p.add_argument("--purge", action="store_true", help="with --uninstall: also delete every memory")
    p.add_argument("--json", dest="as_json", action="store_true", help="print a JSON report on stdout")
    p.add_argument("--link", action="store_true", help="developers: link the plugin, editable pip install")
    p.add_argument(
        "--no-semantic",
        dest="semantic",
        action="store_false",
        help="lexical recall only: do not install the local embedding model",
    )
    p.add_argument("--skill-dir", type=Path, default=Path(__file__).resolve().parent.parent, help=argparse.SUPPRESS)
    p.add_argument("--python", default=os.environ.get("HIPPOCAMPUS_INSTALL_PYTHON") or None, help=argparse.SUPPRESS)
    ns = p.parse_args(argv)
    if ns.purge and not ns.uninstall:
        p.error("--purge only goes with --uninstall")
    if ns.with_llm_summaries and not ns.with_cron:
        p.error("--with-llm-summaries schedules a cron job: add --with-cron")
    if ns.with_reflection and not ns.with_cron:
        p.error("--with-reflection schedules a cron job: add --with-cron")
    if ns.signals < 0:
        p.error("--signals must be 0 or more")
    fields = vars(ns)
    fields["skill_dir"] = fields["skill_dir"].resolve()
    return Options(**fields)


def resolve_workspace(opts: Options, claw: OpenClaw | None) -> Path:
    """--workspace, $WORKSPACE, the workspace the skill sits in, the agent's OpenClaw workspace, else the
    CLI's own rule (`store.workspace.workspace_dir`: `$OPENCLAW_WORKSPACE_DIR`, `$OPENCLAW_STATE_DIR/workspace`,
    `~/.openclaw/workspace`). The installer passes the result explicitly to every job and command it sets up."""
    if opts.workspace:
        return opts.workspace.expanduser().absolute()
    if os.environ.get("WORKSPACE"):
        return Path(os.environ["WORKSPACE"]).expanduser().absolute()
    parent = opts.skill_dir.parent
    home = parent.parent
    if parent.name == "skills" and (
        (home / "AGENTS.md").exists() or (home.name != ".openclaw" and not (home / "openclaw.json").exists())
    ):
        return home  # <workspace>/skills/<slug>, where clawhub installs; not ~/.openclaw/skills
    if claw is not None:  # `config get` only: `agents list` would create OpenClaw's state database
        for key in (f"agents.entries.{opts.agent}.workspace", "agents.defaults.workspace"):
            state, value = claw.config_get(key)
            if state == SET and isinstance(value, str) and value:
                return Path(value).expanduser()
    return resolve_default()


def port_open(port: int) -> bool:
    """Does something listen on 127.0.0.1:port? (A dry run's Gateway probe: it writes nothing.)"""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1.0):
            return True
    except OSError:
        return False


def count_memories(ws: Workspace) -> int:
    """How many memories an existing store holds (for the plan), read-only through `store/`: the database,
    else a pre-database `index.json` that the first use will migrate; -1 if unreadable."""
    count = count_db_memories(str(ws.root)) if ws.db_path.is_file() else count_legacy_memories(ws.index_path)
    return -1 if count is None else count


def observe(opts: Options, claw: OpenClaw | None) -> Observed:
    """Look at the machine without changing anything; independent OpenClaw reads run in parallel."""
    ws = resolve_workspace(opts, claw)
    python = Path(opts.python) if opts.python else opts.skill_dir / ".venv" / "bin" / "python"
    store = Workspace(ws)
    exists = store.db_path.is_file() or store.index_path.is_file()
    seen = Observed(
        workspace=ws,
        python=python,
        venv_exists=python.exists(),
        index_exists=exists,
        memory_count=count_memories(store) if exists else 0,
        record=load_record(ws),
    )
    seen.cli_link = cli_link_path()
    target = python.parent / "hippocampus"
    if seen.cli_link.is_symlink() and str(seen.cli_link.readlink()) == str(target):
        seen.cli_link_state = "ours"
    elif seen.cli_link.exists() or seen.cli_link.is_symlink():
        seen.cli_link_state = "taken"
    if claw is None:
        return seen
    seen.openclaw = claw.binary
    with ThreadPoolExecutor(max_workers=6) as pool:
        version = pool.submit(claw.version)
        config_file = pool.submit(claw.config_file)
        extra = pool.submit(extra_paths_key, claw)
        entry = pool.submit(claw.config_get, f"plugins.entries.{PLUGIN_ID}")
        # `cron list` creates OpenClaw's state files, so a dry run only knocks on the port.
        cron = pool.submit(claw.cron_list) if opts.with_cron and not opts.dry_run else None
        port = pool.submit(claw.config_get, "gateway.port") if opts.with_cron and opts.dry_run else None
        agent = pool.submit(claw.config_get, f"agents.entries.{AGENT_ID}") if opts.with_agent else None
        model = pool.submit(claw.config_get, "agents.defaults.model") if opts.with_agent else None
        seen.version = version.result()
        seen.config_file = config_file.result()
        seen.config_exists = seen.config_file.exists()
        seen.extra_key, seen.extra_before = extra.result()
        state, value = entry.result()
        seen.entry_before = value if state == SET else None
        seen.cron_jobs = cron.result() if cron else None
        if port:
            state, value = port.result()
            env_port = os.environ.get("OPENCLAW_GATEWAY_PORT", "")
            configured = value if state == SET and isinstance(value, int) else 18789
            number = int(env_port) if env_port.isdigit() else configured
            seen.gateway_open = port_open(number)
        seen.agent_exists = agent.result()[0] == SET if agent else False
        if model:
            state, value = model.result()
            seen.default_model = (value.get("primary") if isinstance(value, dict) else value) if state == SET else None
    seen.plugin_installed = seen.entry_before is not None
    seen.plugin_current = (
        seen.plugin_installed
        and not opts.link
        and plugin_is_current(opts.skill_dir / "hooks", seen.config_file.parent / "extensions" / PLUGIN_ID)
    )
    seen.plugin_fields = plugin_fields(opts.skill_dir)
    return seen


def plugin_is_current(hooks: Path, installed: Path) -> bool:
    """Is the copied plugin (OpenClaw keeps it in <state>/extensions/<id>) this hooks/ folder, file for file?

    Lets a re-run skip `plugins install`, which takes the better part of a minute with a Gateway up.
    """
    if not installed.is_dir():
        return False
    for path in hooks.rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            twin = installed / path.relative_to(hooks)
            if not twin.is_file() or twin.read_bytes() != path.read_bytes():
                return False
    return True


def plugin_fields(skill_dir: Path) -> tuple[str, ...]:
    """The config fields the plugin's manifest declares."""
    try:
        manifest = json.loads((skill_dir / "hooks" / "openclaw.plugin.json").read_text(encoding="utf-8"))
        return tuple(manifest["configSchema"]["properties"])
    except (OSError, ValueError, KeyError, TypeError):
        return ()


class Reporter:
    """Human text to stdout, or to stderr when --json keeps stdout for the report."""

    def __init__(self, as_json: bool) -> None:
        self.stream = sys.stderr if as_json else sys.stdout

    def __call__(self, text: str) -> None:
        print(text, file=self.stream, flush=True)


def confirm(opts: Options, say: Reporter) -> bool:
    """Ask unless --yes; without a terminal, refuse rather than guess."""
    if opts.yes:
        return True
    if not sys.stdin.isatty():
        say("Not a terminal and no --yes: nothing was changed. Re-run with --yes to proceed.")
        return False
    print("Proceed? [y/N] ", end="", file=say.stream, flush=True)  # never on stdout under --json
    return sys.stdin.readline().strip().lower() in ("y", "yes")


def main(argv: list[str] | None = None) -> int:
    """Entry point of `install.py` and `python -m hippocampus.installer`."""
    opts = parse_args(argv)
    say = Reporter(opts.as_json)
    binary = find_openclaw()
    claw = OpenClaw(binary) if binary else None
    out = Outcome()
    report: dict[str, Any] = {
        "version": __version__,
        "dryRun": opts.dry_run,
        "mode": "uninstall" if opts.uninstall else "install",
    }
    try:
        code = _run(opts, claw, out, say, report)
    except (HippocampusError, subprocess.SubprocessError, OSError) as exc:
        out.failed = True
        out.not_done.append(str(exc))
        say(f"FAILED: {exc}")
        code = EXIT_FAILED
    report.update({"ok": code == EXIT_OK, "exitCode": code, "done": out.done, "notDone": out.not_done})
    report.setdefault("commands", out.commands)
    if opts.as_json:
        print(json.dumps(report, ensure_ascii=False, indent=1, default=str))
    return code


def _run(opts: Options, claw: OpenClaw | None, out: Outcome, say: Reporter, report: dict[str, Any]) -> int:
    """Plan, show, ask, then do (install or uninstall)."""
    if opts.uninstall:
        ws = resolve_workspace(opts, claw)
        record = load_record(ws)
        steps = uninstall_steps(record, opts.purge, ws, opts.skill_dir)
        report.update({"workspace": str(ws), "plan": [s.to_dict() for s in steps]})
        say(render(steps, f"Hippocampus uninstall plan (workspace {ws}):"))
        if opts.dry_run or all(s.skip for s in steps):
            say("Dry run: nothing was changed." if opts.dry_run else "Nothing to do.")
            return EXIT_OK
        if not confirm(opts, say):
            return EXIT_DECLINED
        uninstall(claw, record or {}, ws, opts.skill_dir, opts.purge, out, say)
        config_file = (record or {}).get("configFile")
        return _finish(out, say, claw_config=Path(config_file) if config_file else None)
    seen = observe(opts, claw)
    steps = build(opts, seen)
    report.update(
        {
            "workspace": str(seen.workspace),
            "python": str(seen.python),
            "openclaw": seen.version or None,
            "record": str(record_path(seen.workspace)),
            "plan": [s.to_dict() for s in steps],
        }
    )
    say(render(steps, f"Hippocampus {__version__} install plan (workspace {seen.workspace}):"))
    if opts.dry_run:
        say("Dry run: nothing was changed.")
        return EXIT_OK
    if not confirm(opts, say):
        return EXIT_DECLINED
    if not opts.python:
        make_venv(opts, seen, say)
    setup_store(opts, seen, out, say)
    link_cli(opts, seen, out, say)
    if claw is None:
        base_record(opts, seen)
        for line in out.done:
            say(f"  done: {line}")
        report["commands"] = offline_commands(opts, seen)
        say("No `openclaw` on PATH: the memory store and the CLI are set up; OpenClaw was not touched.")
        say("Once OpenClaw is installed, wire Hippocampus in with:\n  " + "\n  ".join(report["commands"]))
        return EXIT_OK
    wire_openclaw(claw, opts, seen, out, say)
    return _finish(out, say, restart_hint=True, claw_config=seen.config_file or Path("openclaw.json"))


def _finish(out: Outcome, say: Reporter, restart_hint: bool = False, claw_config: Path | None = None) -> int:
    """Say plainly what was and was not done; pick the exit status."""
    for line in out.done:
        say(f"  done: {line}")
    for line in out.not_done:
        say(f"  NOT done: {line}")
    if out.commands:
        say(
            "Run these once a Gateway is up (`openclaw gateway start` or `openclaw gateway run`), "
            "or re-run the installer:"
        )
        for command in out.commands:
            say(f"  {command}")
    if out.failed:
        return EXIT_FAILED
    if out.commands:
        what = "registered" if restart_hint else "removed (they stay in the install record)"
        say(f"Cron jobs were NOT {what}: no Gateway reachable (exit status 3).")
        return EXIT_NO_GATEWAY
    if claw_config is not None and (restart_hint or out.hint is not None):
        say(closing_line(out.hint, *gateway_state(claw_config)))
    else:
        say("Done.")
    return EXIT_OK


def gateway_state(config_file: Path | None) -> tuple[bool, str]:
    """(is a Gateway listening, its reload mode), from OpenClaw's config file (no `openclaw` call) and a
    knock on its port: `$OPENCLAW_GATEWAY_PORT`, else `gateway.port`, else 18789."""
    from hippocampus.installer.apply import read_config

    data = read_config(config_file) if config_file is not None else {}
    found = data.get("gateway") if isinstance(data, dict) else None
    gateway: dict[str, Any] = found if isinstance(found, dict) else {}
    reload = gateway.get("reload")
    mode = str((reload.get("mode") if isinstance(reload, dict) else None) or "hybrid")
    env_port = os.environ.get("OPENCLAW_GATEWAY_PORT", "")
    port = int(env_port) if env_port.isdigit() else gateway.get("port", 18789)
    return port_open(port if isinstance(port, int) else 18789), mode


def closing_line(hint: str | None, running: bool, mode: str) -> str:
    """The last line: what OpenClaw did or will do with the settings just written, not a blanket
    `openclaw gateway restart` (in its default reload mode a running Gateway restarts itself when a change
    needs it, and applies the rest in place; the suggested command then hung on a real install)."""
    if hint is None:
        return "Done. OpenClaw's settings needed no change."
    if not running:
        return "Done. No Gateway is running: it picks these settings up when it starts."
    if mode != "off":
        if hint == RESTART:
            return "Done. The running Gateway restarts itself to apply this (reload mode hybrid): nothing to run."
        return "Done. The running Gateway applies this by itself: nothing to run."
    if hint == NOTHING:
        return "Done. OpenClaw says no Gateway restart is needed."
    return "Done. Config reload is off (gateway.reload.mode): run `openclaw gateway restart` to apply this."


if __name__ == "__main__":
    sys.exit(main())
