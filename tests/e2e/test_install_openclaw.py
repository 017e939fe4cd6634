"""`python3 install.py` against the real OpenClaw 2026.9.6, as a user runs it after `clawhub install`.

One isolated HOME/OPENCLAW_STATE_DIR for the module; the skill is copied to
`<workspace>/skills/hippocampus`, and the first install builds the real `.venv` (pip from PyPI).
One Gateway on 127.0.0.1 (random port and token) serves the tests that need cron, and is
stopped by its pid at the end. The tests run in file order: dry run, install, re-run, agent, undo.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from hippocampus.installer.apply import gateway_restarting
from hippocampus.store import index_file
from hippocampus.store.workspace import Workspace

from .conftest import ROOT, free_port, stop_process_group
from .conftest import start_gateway as gateway_run

pytestmark = [pytest.mark.e2e, pytest.mark.installer]
KEYS = {"hippocampus:encode", "hippocampus:decay", "hippocampus:consolidate"}
FACT = "The user keeps bees on a rooftop in Lisbon and calls the queen Marmalade"


@dataclass
class Box:
    """The isolated install."""

    env: dict[str, str]
    home: Path
    state: Path
    workspace: Path
    skill: Path
    gateway: subprocess.Popen[bytes] | None = None

    def openclaw(self, *args: str, check: bool = True, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            ["openclaw", *args],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=self.home,
            check=False,
        )
        if check and done.returncode != 0:
            raise AssertionError(f"openclaw {' '.join(args)}: {done.stdout[-1500:]}\n{done.stderr[-1500:]}")
        return done

    def install(self, *args: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
        """`python3 <skill>/install.py ARGS` with the system python, from the user's home."""
        return subprocess.run(
            ["python3", str(self.skill / "install.py"), *args],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=self.home,
            check=False,
        )

    def config(self) -> dict[str, Any]:
        return dict(json.loads((self.state / "openclaw.json").read_text()))

    def jobs(self) -> list[dict[str, Any]]:
        """Hippocampus's cron jobs. The installer's config writes make a running Gateway restart itself
        (CI asked inside that window twice: ECONNREFUSED, then HTTP 503 "websocket admission closed"),
        so a failure the installer itself treats as a restart (`gateway_restarting`) is asked again for
        up to 90 s; any other failure fails at once."""
        deadline = time.monotonic() + 90
        while True:
            done = self.openclaw("cron", "list", "--all", "--json", check=False)
            restarting = done.returncode != 0 and gateway_restarting(done.stdout + done.stderr)
            if not restarting or time.monotonic() > deadline:
                break
            time.sleep(2)
        if done.returncode != 0:
            raise AssertionError(f"openclaw cron list: {done.stdout[-1500:]}\n{done.stderr[-1500:]}")
        data = json.loads(done.stdout)
        return [j for j in data["jobs"] if str(j.get("declarationKey", "")).startswith("hippocampus:")]


def copy_skill(target: Path) -> None:
    """The folder as ClawHub would deliver it: no dot-folders, caches, builds or tests."""
    shutil.copytree(
        ROOT,
        target,
        ignore=shutil.ignore_patterns(".*", "__pycache__", "build", "*.egg-info", "tests", "bench", "node_modules"),
    )


@pytest.fixture(scope="module")
def box(openclaw_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Box]:
    root = tmp_path_factory.mktemp("install-e2e")
    home, state = root / "home", root / "state"
    home.mkdir()
    state.mkdir()
    workspace = state / "workspace"
    (workspace / "skills").mkdir(parents=True)
    (workspace / "AGENTS.md").write_text("# My agent\n")
    skill = workspace / "skills" / "hippocampus"
    copy_skill(skill)
    (state / "openclaw.json").write_text(
        '// my config\n{ gateway: { mode: "local", bind: "loopback" }, memory: { search: { extraPaths: ["/my/notes.md"] } } }\n'
    )
    yield from boxed(openclaw_path, home, state, workspace, skill)


@pytest.fixture(scope="module")
def gateway(box: Box) -> Box:
    """Start the one Gateway (loopback, random port and token) and wait until cron answers."""
    port, token = free_port(), secrets.token_hex(16)
    box.env.update({"OPENCLAW_GATEWAY_PORT": str(port), "OPENCLAW_GATEWAY_TOKEN": token})
    start_gateway(box, "--bind", "loopback", "--port", str(port), "--auth", "token", "--token", token)
    return box


def snapshot(root: Path) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(root.rglob("*")) if p.is_file()}


def test_dry_run_leaves_every_file_byte_identical(box: Box) -> None:
    before = snapshot(box.home.parent)
    done = box.install("--dry-run", "--with-cron", "--with-agent", "--json")
    assert done.returncode == 0, done.stderr
    plan = json.loads(done.stdout)["plan"]
    assert any(s["kind"] == "config" and s["target"] == "memory.search.extraPaths" for s in plan)
    assert "JSON5 comments" in done.stderr and "multi-agent roster" in done.stderr
    after = snapshot(box.home.parent)
    assert after == before, sorted(set(after.items()) ^ set(before.items()))[:10]


def test_install_wires_hippocampus_into_openclaw(gateway: Box) -> None:
    box = gateway
    done = box.install("--yes", "--with-cron", "--json")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert (box.skill / ".venv" / "bin" / "python").exists()
    assert "// my config" in (box.state / "openclaw.json.hippocampus-backup").read_text()
    validate = json.loads(box.openclaw("config", "validate", "--json").stdout)
    assert validate["valid"] is True
    inspect = json.loads(box.openclaw("plugins", "inspect", "hippocampus", "--runtime", "--json").stdout)
    hooks = {h["name"] for h in inspect["typedHooks"]}
    assert {"before_prompt_build", "agent_end", "session_end"} <= hooks
    assert inspect["policy"]["allowConversationAccess"] is True
    skill = json.loads(box.openclaw("skills", "info", "hippocampus", "--json").stdout)
    assert skill["eligible"] is True and Path(skill["baseDir"]) == box.skill
    core = str(box.workspace / "HIPPOCAMPUS_CORE.md")
    assert box.config()["memory"]["search"]["extraPaths"] == ["/my/notes.md", core]
    jobs = box.jobs()
    assert {j["declarationKey"] for j in jobs} == KEYS and len(jobs) == 3
    for job in jobs:
        assert job["payload"]["kind"] == "command" and job["delivery"]["mode"] == "none"
        assert job["payload"]["argv"][:3] == [str(box.skill / ".venv" / "bin" / "python"), "-m", "hippocampus"]
    from hippocampus.installer.recall_mode import semantic_wheel

    (recall_step,) = [s for s in json.loads(done.stdout)["plan"] if s["kind"] == "recall"]
    status = subprocess.run(
        [str(box.skill / ".venv" / "bin" / "hippocampus"), "--workspace", str(box.workspace), "status", "--json"],
        env=box.env,
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    mode = json.loads(status.stdout)["recall"]["mode"]
    assert mode == ("semantic" if semantic_wheel() else "lexical"), "the venv has the model where a wheel exists"
    assert recall_step["title"].startswith(mode), "and the plan said so"


def test_memory_search_finds_a_core_memory(gateway: Box) -> None:
    box = gateway
    cli = [str(box.skill / ".venv" / "bin" / "hippocampus"), "--workspace", str(box.workspace)]
    for args in (["remember", FACT, "--importance", "0.95"], ["sync-core"]):
        subprocess.run([*cli, *args], env=box.env, check=True, capture_output=True, timeout=120)
    assert "Marmalade" in (box.workspace / "HIPPOCAMPUS_CORE.md").read_text()
    box.openclaw("memory", "index", "--force", "--agent", "main")
    found = json.loads(
        box.openclaw("memory", "search", "bees rooftop Lisbon queen", "--agent", "main", "--json").stdout
    )
    assert any("Marmalade" in r["snippet"] for r in found["results"]), found


def test_second_run_changes_nothing(gateway: Box) -> None:
    box = gateway
    config, jobs = box.config(), sorted((j["declarationKey"], j["id"]) for j in box.jobs())
    done = box.install("--yes", "--with-cron")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert sorted((j["declarationKey"], j["id"]) for j in box.jobs()) == jobs
    after = box.config()
    after.pop("meta", None)
    config.pop("meta", None)
    assert after == config


def test_background_agent_is_created_with_its_instructions(gateway: Box) -> None:
    box = gateway
    done = box.install("--yes", "--with-cron", "--with-agent", "--with-llm-summaries")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    summaries = next(j for j in box.jobs() if j["declarationKey"] == "hippocampus:summaries")
    assert summaries["payload"]["kind"] == "agentTurn" and summaries["payload"]["toolsAllow"] == ["exec"]
    assert summaries["agentId"] == "hippocampus" and summaries["sessionTarget"] == "isolated"
    assert len({j["schedule"]["expr"].split()[0] for j in box.jobs()}) == 4  # four distinct minutes
    agents = json.loads(box.openclaw("agents", "list", "--json").stdout)
    ours = next(a for a in agents if a["id"] == "hippocampus")
    instructions = (Path(ours["workspace"]) / "AGENTS.md").read_text()
    assert "never message the user" in instructions.lower()
    assert str(box.skill / ".venv" / "bin" / "python") in instructions
    assert box.config()["agents"]["ownership"] == "explicit"


def test_uninstall_reverses_the_record_and_keeps_memories(gateway: Box) -> None:
    box = gateway
    done = box.install("--uninstall", "--yes")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert json.loads(box.openclaw("config", "validate", "--json").stdout)["valid"] is True
    assert box.openclaw("plugins", "inspect", "hippocampus", "--json", check=False).returncode != 0
    config = box.config()
    assert "hippocampus" not in config.get("plugins", {}).get("entries", {})
    assert config["memory"]["search"]["extraPaths"] == ["/my/notes.md"]
    assert box.jobs() == []
    agents = json.loads(box.openclaw("agents", "list", "--json").stdout)
    assert [a["id"] for a in agents] == ["main"]
    assert "ownership" not in config.get("agents", {}) and "talk" not in config
    assert config.get("agents", {}).get("defaults", {}) == {}
    index = index_file.load_index(Workspace(box.workspace)).to_dict()
    assert any("Marmalade" in m["content"] for m in index["memories"])
    assert not (box.workspace / "memory" / "install-record.json").exists()


def at_a_terminal(env: dict[str, str], cwd: Path, argv: list[str], answer: str) -> tuple[int, str]:
    """Run `argv` as a user at a terminal does: stdin is a pseudo-terminal (so the installer asks) and
    `answer` is typed at its prompt. Returns the exit status and everything it printed."""
    import pty

    master, slave = pty.openpty()
    try:
        proc = subprocess.Popen(
            argv, env=env, cwd=cwd, stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        os.close(slave)
        os.write(master, answer.encode())  # the terminal holds the line until the prompt reads it
        out, _ = proc.communicate(timeout=900)
    finally:
        os.close(master)
    return proc.returncode, out


def test_reinstall_after_uninstall_walks_the_readme_literally(gateway: Box) -> None:
    """README "Set up and run" for a workspace skill, word for word, after an uninstall: from the skill
    folder, `python3 install.py --with-cron`, which shows its plan, asks, and works like a first install."""
    box = gateway
    status, out = at_a_terminal(box.env, box.skill, ["python3", "install.py", "--with-cron"], "y\n")
    assert status == 0, out[-3000:]
    prompt = out.index("Proceed? [y/N]")
    assert "extraPaths" in out[:prompt] and "hippocampus:encode" in out[:prompt], "the whole plan comes first"
    cli = box.skill / ".venv" / "bin" / "hippocampus"
    assert str(cli) in out, "the installer prints the CLI's exact path"
    link = box.home / ".local" / "bin" / "hippocampus"
    assert link.is_symlink() and link.resolve() == cli.resolve()
    inspect = json.loads(box.openclaw("plugins", "inspect", "hippocampus", "--runtime", "--json").stdout)
    assert {"before_prompt_build", "agent_end", "session_end"} <= {h["name"] for h in inspect["typedHooks"]}
    assert box.config()["memory"]["search"]["extraPaths"] == [
        "/my/notes.md",
        str(box.workspace / "HIPPOCAMPUS_CORE.md"),
    ]
    assert {j["declarationKey"] for j in box.jobs()} == KEYS
    assert (box.workspace / "memory" / "install-record.json").exists()
    status_json = subprocess.run(
        [str(link), "status", "--json"], env=box.env, cwd=box.workspace, capture_output=True, text=True, timeout=120
    )
    assert status_json.returncode == 0 and json.loads(status_json.stdout)["memories"] >= 1, status_json.stderr
    assert "Marmalade" in (box.workspace / "HIPPOCAMPUS_CORE.md").read_text(), "the memories survived the round"


def test_purge_after_a_plain_uninstall_deletes_memories_and_venv(gateway: Box) -> None:
    box = gateway
    plain = box.install("--uninstall", "--yes")
    assert plain.returncode == 0, plain.stdout[-3000:] + plain.stderr[-3000:]
    assert (box.workspace / "memory" / "hippocampus.db").exists() and (box.skill / ".venv").exists()
    assert not (box.home / ".local" / "bin" / "hippocampus").exists()
    purge = box.install("--uninstall", "--purge", "--yes", "--json")
    assert purge.returncode == 0, purge.stdout[-3000:] + purge.stderr[-3000:]
    assert "nothing to undo" not in purge.stdout + purge.stderr
    assert not (box.workspace / "memory").exists() and not (box.workspace / "HIPPOCAMPUS_CORE.md").exists()
    assert not (box.skill / ".venv").exists(), "the venv the installer created is gone"
    assert (box.workspace / "AGENTS.md").read_text() == "# My agent\n", "nothing else in the workspace is touched"
    config = box.config()
    assert "hippocampus" not in config.get("plugins", {}).get("entries", {}) and box.jobs() == []
    assert config["memory"]["search"]["extraPaths"] == ["/my/notes.md"]
    assert json.loads(box.openclaw("config", "validate", "--json").stdout)["valid"] is True


# ---- a global skill, OpenClaw's settings given as plain values -----------------------------------


@pytest.fixture(scope="module")
def global_box(openclaw_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Box]:
    """`~/.openclaw/skills/hippocampus` (HOME and OPENCLAW_STATE_DIR in a temp folder), with the Gateway's
    port and the agent's workspace set in OpenClaw's config only: no environment variable names them."""
    root = tmp_path_factory.mktemp("install-global")
    home = root / "home"
    state = home / ".openclaw"
    workspace = root / "my agent workspace"
    (state / "skills").mkdir(parents=True)
    workspace.mkdir()
    skill = state / "skills" / "hippocampus"
    copy_skill(skill)
    port, token = free_port(), secrets.token_hex(16)
    gateway = {"mode": "local", "bind": "loopback", "port": port, "auth": {"mode": "token", "token": token}}
    config = {"gateway": gateway, "agents": {"defaults": {"workspace": str(workspace)}}}
    (state / "openclaw.json").write_text(json.dumps(config))
    yield from boxed(openclaw_path, home, state, workspace, skill)


def boxed(openclaw_path: str, home: Path, state: Path, workspace: Path, skill: Path) -> Iterator[Box]:
    """A Box whose environment is only this home and state (no outer HIPPOCAMPUS_ or OPENCLAW_ setting),
    yielded to the test; its Gateway, if one was started, is stopped after."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HIPPOCAMPUS_", "OPENCLAW_")) and k != "WORKSPACE"}
    env.update({"PATH": openclaw_path, "HOME": str(home), "OPENCLAW_STATE_DIR": str(state), "NO_COLOR": "1"})
    made = Box(env, home, state, workspace, skill)
    yield made
    if made.gateway is not None:
        stop_process_group(made.gateway)


def start_gateway(box: Box, *args: str) -> None:
    """`openclaw gateway run` with `args` (none: the port and token come from the config), until its log
    says it is ready; then cron must answer."""
    box.gateway = gateway_run(box.env, box.home, *args)
    box.openclaw("cron", "list", "--json", timeout=60)


def test_dry_run_probes_the_configured_port_and_uses_the_configured_workspace(global_box: Box) -> None:
    box = global_box
    core = str(box.workspace / "HIPPOCAMPUS_CORE.md")

    def plan() -> list[dict[str, Any]]:
        done = box.install("--dry-run", "--with-cron", "--json")
        assert done.returncode == 0, done.stderr
        return list(json.loads(done.stdout)["plan"])

    before = plan()
    extra = next(s for s in before if s["kind"] == "config" and s["target"] == "memory.search.extraPaths")
    assert extra["new"] == [core], "agents.defaults.workspace (a plain --json value) is the store"
    assert not any("/.openclaw/workspace" in json.dumps(s) for s in before)
    cron = [s for s in before if s["kind"] == "cron"]
    assert cron and all(s["skip"] and "no Gateway reachable" in s["note"] for s in cron), "nothing listens yet"
    start_gateway(box)
    cron = [s for s in plan() if s["kind"] == "cron"]
    assert cron and not any(s["skip"] for s in cron), "the Gateway on gateway.port (not 18789) is found"


def test_the_readme_works_literally_for_a_global_skill(global_box: Box) -> None:
    """`cd ~/.openclaw/skills/hippocampus && python3 install.py --with-cron`, answered y: the store, the
    cron jobs, the core file and the CLI all use the agent's configured workspace, as the hooks do."""
    box = global_box
    assert box.gateway is not None, "runs after the dry run started the Gateway"
    status, out = at_a_terminal(box.env, box.skill, ["python3", "install.py", "--with-cron"], "y\n")
    assert status == 0, out[-3000:]
    assert (box.workspace / "memory" / "hippocampus.db").exists()
    assert not (box.state / "workspace" / "memory").exists(), "no second store in the default workspace"
    core = str(box.workspace / "HIPPOCAMPUS_CORE.md")
    assert box.config()["memory"]["search"]["extraPaths"] == [core]
    entry = box.config()["plugins"]["entries"]["hippocampus"]
    assert "workspace" not in entry.get("config", {}), "the hooks use the agent's own ctx.workspaceDir"
    jobs = box.jobs()
    assert {j["declarationKey"] for j in jobs} == KEYS
    for job in jobs:
        argv = job["payload"]["argv"]
        assert argv[argv.index("--workspace") + 1] == str(box.workspace)
    link = box.home / ".local" / "bin" / "hippocampus"
    assert str(box.skill / ".venv" / "bin" / "hippocampus") in out and link.is_symlink()
    cli_env = {**box.env, "PATH": f"{link.parent}:{box.env['PATH']}"}
    remembered = subprocess.run(
        ["hippocampus", "remember", FACT, "--json"],
        env=cli_env,
        cwd=box.home,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert remembered.returncode == 0, remembered.stderr
    status_json = subprocess.run(
        ["hippocampus", "status", "--json"], env=cli_env, cwd=box.home, capture_output=True, text=True, timeout=120
    )
    assert json.loads(status_json.stdout)["memories"] == 1, "the CLI on PATH reads the configured workspace"
    listed = index_file.load_index(Workspace(box.workspace)).memories
    assert len(listed) == 1 and "Marmalade" in listed[0].content


def test_global_uninstall_then_purge(global_box: Box) -> None:
    box = global_box
    plain = box.install("--uninstall", "--yes")
    assert plain.returncode == 0, plain.stdout[-3000:] + plain.stderr[-3000:]
    assert box.jobs() == [] and (box.workspace / "memory" / "hippocampus.db").exists()
    purge = box.install("--uninstall", "--purge", "--yes")
    assert purge.returncode == 0, purge.stdout[-3000:] + purge.stderr[-3000:]
    assert not (box.workspace / "memory").exists() and not (box.skill / ".venv").exists()
    config = box.config()
    assert "plugins" not in config or "hippocampus" not in config["plugins"].get("entries", {})
    assert (
        config.get("memory", {}).get("search", {}) == {}
        and json.loads(box.openclaw("config", "validate", "--json").stdout)["valid"]
    )
