"""A thin wrapper over the `openclaw` CLI, so that every OpenClaw change goes through OpenClaw's own writer.

Every call is an argument list run without a shell; values travel as JSON on stdin or as
single arguments, never spliced into code. Standard library only: the installer imports it
with the system `python3` before any virtual environment exists.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hippocampus.errors import OpenClawError

DEFAULT_TIMEOUT = 180.0
UNSET = "unset"
UNKNOWN = "unknown"
SET = "set"


@dataclass(frozen=True)
class Result:
    """What one `openclaw` run returned."""

    args: tuple[str, ...]
    code: int
    stdout: str
    stderr: str

    @property
    def ok(self) -> bool:
        return self.code == 0

    def message(self) -> str:
        """The error text OpenClaw printed (its JSON error message when there is one)."""
        for text in (self.stdout, self.stderr):
            data = _loads(text)
            if isinstance(data, dict) and isinstance(data.get("error"), dict):
                return str(data["error"].get("message", "")).strip()
        return (self.stderr.strip() or self.stdout.strip())[-2000:]


def _loads(text: str) -> Any:
    """Parse JSON output, tolerating log lines printed before it; None if there is none.

    `config get <path> --json` prints a bare value for a scalar (`19231`, `"/srv/ws"`, `true`), so the
    whole output and then its last line are tried as JSON too, not only text that starts with `{` or `[`.
    """
    stripped = text.strip()
    if not stripped:
        return None
    try:
        return json.loads(stripped)
    except json.JSONDecodeError:
        pass
    lines = stripped.splitlines()
    for at, line in enumerate(lines):
        if line.startswith(("{", "[")):
            try:
                return json.loads("\n".join(lines[at:]))
            except json.JSONDecodeError:
                continue
    try:
        return json.loads(lines[-1])
    except json.JSONDecodeError:
        return None


def find_openclaw(path: str | None = None) -> str | None:
    """The `openclaw` executable on PATH (or `path`), or None."""
    return shutil.which("openclaw", path=path)


def command_line(args: Sequence[str]) -> str:
    """Quote an argument list for printing as a copy-pasteable shell command."""
    import shlex

    return " ".join(shlex.quote(a) for a in ["openclaw", *args])


class OpenClaw:
    """Run `openclaw` subcommands; one method per subcommand the installer needs."""

    def __init__(self, binary: str, env: Mapping[str, str] | None = None, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.binary = binary
        self.env = dict(env if env is not None else os.environ)
        self.env.setdefault("NO_COLOR", "1")
        self.timeout = timeout

    def run(self, args: Sequence[str], stdin: str | None = None) -> Result:
        """Run `openclaw <args>` and capture its output; never raises on a non-zero exit."""
        started = time.monotonic()
        try:
            done = subprocess.run(
                [self.binary, *args],
                input=stdin if stdin is not None else "",
                capture_output=True,
                text=True,
                env=self.env,
                timeout=self.timeout,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return Result(tuple(args), 124, "", f"timed out after {self.timeout:.0f}s")
        except OSError as exc:
            return Result(tuple(args), 127, "", f"cannot run {self.binary}: {exc}")
        if self.env.get("HIPPOCAMPUS_INSTALL_DEBUG"):
            print(f"[{time.monotonic() - started:5.1f}s] {command_line(args)} -> {done.returncode}", file=sys.stderr)
        return Result(tuple(args), done.returncode, done.stdout, done.stderr)

    def check(self, args: Sequence[str], stdin: str | None = None) -> Result:
        """Run and raise `OpenClawError` (with OpenClaw's message) on failure."""
        result = self.run(args, stdin)
        if not result.ok:
            raise OpenClawError(f"{command_line(args)} failed: {result.message()}")
        return result

    # -- version and files --------------------------------------------------------------
    def version(self) -> str:
        """`openclaw --version`, e.g. "2026.9.6"."""
        text = self.check(["--version"]).stdout.strip()
        parts = text.split()
        return parts[1] if len(parts) > 1 and parts[0] == "OpenClaw" else text

    def config_file(self) -> Path:
        """The active openclaw.json."""
        return Path(self.check(["config", "file"]).stdout.strip().splitlines()[-1]).expanduser()

    # -- config -------------------------------------------------------------------------
    def config_get(self, path: str) -> tuple[str, Any]:
        """(SET, value), (UNSET, None) for a valid unset key, or (UNKNOWN, message) for a key this version rejects."""
        result = self.run(["config", "get", path, "--json"])
        if result.ok:
            return SET, _loads(result.stdout)
        message = result.message()
        if "valid but unset" in message:
            return UNSET, None
        if "Unknown config path" in message or "Unrecognized key" in message:
            return UNKNOWN, message
        raise OpenClawError(f"{command_line(result.args)} failed: {message}")

    def config_set(self, path: str, value: Any) -> None:
        """Set one key to a JSON value (validated by OpenClaw)."""
        self.check(["config", "set", path, json.dumps(value), "--strict-json"])

    def config_patch(self, patch: Mapping[str, Any]) -> str:
        """Merge `patch` in one validated write (objects merge, arrays replace, null deletes); returns what
        OpenClaw says the change needs (`restart_hint`)."""
        done = self.check(["config", "patch", "--stdin"], stdin=json.dumps(patch))
        return restart_hint(done.stdout + "\n" + done.stderr)

    def config_unset(self, path: str) -> None:
        """Remove a key."""
        self.check(["config", "unset", path])

    def config_validate(self) -> tuple[bool, str]:
        """(valid, what OpenClaw said)."""
        result = self.run(["config", "validate", "--json"])
        data = _loads(result.stdout)
        if isinstance(data, dict) and "valid" in data:
            return bool(data["valid"]), json.dumps(data.get("errors") or data.get("warnings") or "")
        return result.ok, result.message()

    # -- plugins ------------------------------------------------------------------------
    def plugin_install(self, folder: Path, link: bool = False) -> None:
        """Install a plugin folder without prompts (copy, or `--link`)."""
        args = ["plugins", "install", str(folder), "--force", "--accept-capabilities"]
        if link:
            args.insert(2, "--link")
        self.check(args)

    def plugin_inspect(self, plugin_id: str, runtime: bool = False) -> dict[str, Any] | None:
        """`plugins inspect --json` (loading its runtime if asked), or None when not installed."""
        args = ["plugins", "inspect", plugin_id, "--json"] + (["--runtime"] if runtime else [])
        result = self.run(args)
        data = _loads(result.stdout)
        if not result.ok or not isinstance(data, dict) or "plugin" not in data:
            if "not found" in result.message().lower():
                return None
            if not result.ok:
                raise OpenClawError(f"{command_line(args)} failed: {result.message()}")
            return None
        return data

    def plugin_uninstall(self, plugin_id: str) -> None:
        """Remove a plugin's files, install record and settings."""
        self.check(["plugins", "uninstall", plugin_id, "--force"])

    # -- cron (needs a running Gateway) ---------------------------------------------------
    def cron_list(self) -> list[dict[str, Any]] | None:
        """Every automation, or None when no Gateway answers."""
        result = self.run(["cron", "list", "--all", "--json"])
        data = _loads(result.stdout)
        if not result.ok or not isinstance(data, dict):
            return None
        jobs = data.get("jobs", [])
        return [j for j in jobs if isinstance(j, dict)]

    def cron_add(self, args: Sequence[str]) -> dict[str, Any]:
        """`cron add <args> --json`; returns the job."""
        data = _loads(self.check(["cron", "add", *args, "--json"]).stdout)
        if not isinstance(data, dict) or not isinstance(data.get("job"), dict):
            raise OpenClawError("openclaw cron add printed no job")
        job: dict[str, Any] = data["job"]
        return job

    def cron_rm(self, job_id: str) -> None:
        """Remove an automation by id."""
        self.check(["cron", "rm", job_id, "--json"])

    # -- agents -------------------------------------------------------------------------
    def agents_list(self) -> list[dict[str, Any]]:
        """Configured agents with their workspaces."""
        data = _loads(self.check(["agents", "list", "--json"]).stdout)
        return [a for a in data if isinstance(a, dict)] if isinstance(data, list) else []

    def agents_add(self, agent_id: str, workspace: Path, model: str | None) -> dict[str, Any]:
        """Create an isolated agent without prompts."""
        args = ["agents", "add", agent_id, "--non-interactive", "--workspace", str(workspace), "--json"]
        if model:
            args[-1:-1] = ["--model", model]
        data = _loads(self.check(args).stdout)
        return data if isinstance(data, dict) else {}

    def agents_delete(self, agent_id: str) -> dict[str, Any]:
        """Delete an agent (OpenClaw moves its workspace to the Trash)."""
        data = _loads(self.check(["agents", "delete", agent_id, "--force", "--json"]).stdout)
        return data if isinstance(data, dict) else {}


RESTART, RELOAD, NOTHING = "restart", "reload", "nothing"
"""What a config write needs, as OpenClaw's CLI prints it after `config set` / `patch` / `unset`
(docs/cli/config.md, "Applying changes"): a Gateway restart, nothing (a running Gateway reloads it by
itself), or nothing at all; "" when it printed none of its three hints."""


def restart_hint(output: str) -> str:
    """Which of OpenClaw's three hints `output` holds (`RESTART`, `RELOAD`, `NOTHING`), else ""."""
    text = output.lower()
    if "restart the gateway to apply" in text:
        return RESTART
    if "apply without restarting" in text:
        return RELOAD
    return NOTHING if "no gateway restart needed" in text else ""


def extra_paths_key(claw: OpenClaw) -> tuple[str, list[Any] | None]:
    """Ask OpenClaw which extraPaths key it accepts: the current one, else the legacy one; and its value.

    Raises `OpenClawError` when this version knows neither.
    """
    for key in ("memory.search.extraPaths", "agents.defaults.memorySearch.extraPaths"):
        state, value = claw.config_get(key)
        if state == SET:
            return key, list(value) if isinstance(value, list) else []
        if state == UNSET:
            return key, None
    raise OpenClawError(
        "this OpenClaw accepts neither memory.search.extraPaths nor the legacy agents.defaults.memorySearch.extraPaths"
    )
