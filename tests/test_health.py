"""Health you can see (issue 27): what `status` says of the plugin, the last capture, injection and
encoding, and OpenClaw sessions the hooks missed; `status --check` fails on each problem and passes
without one. The real-OpenClaw side (a hook not allowed) is in tests/e2e/test_memory_search_openclaw.py."""

from __future__ import annotations

import io
import json
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from hippocampus.core.model import format_time
from hippocampus.openclaw import health, hooks
from hippocampus.store import activity, database
from hippocampus.store.injections import waiting
from hippocampus.store.workspace import Workspace

ROOT = Path(__file__).resolve().parents[1]
GOOD = {
    "plugins": {
        "load": {"paths": [str(ROOT / "hooks")]},
        "entries": {"hippocampus": {"enabled": True, "hooks": {"allowConversationAccess": True}}},
    }
}


def with_entry(**changes: Any) -> dict[str, Any]:
    config = json.loads(json.dumps(GOOD))
    config["plugins"]["entries"]["hippocampus"].update(changes)
    return config


@pytest.mark.parametrize(
    ("config", "problem"),
    [
        (GOOD, None),
        (with_entry(hooks={}), "hooks are not allowed"),
        (with_entry(hooks={"allowConversationAccess": False}), "hooks are not allowed"),
        (with_entry(hooks={"allowConversationAccess": True, "allowPromptInjection": False}), "hooks are not allowed"),
        (with_entry(enabled=False), "not enabled"),
        ({"plugins": {**GOOD["plugins"], "allow": ["other"]}}, "not enabled"),
        ({"plugins": {**GOOD["plugins"], "deny": ["hippocampus"]}}, "not enabled"),
        ({"plugins": {**GOOD["plugins"], "enabled": False}}, "not enabled"),
        ({"plugins": {**GOOD["plugins"], "load": {"paths": ["/nonexistent"]}}}, "not installed"),
        ({}, "no OpenClaw config"),
    ],
)
def test_the_plugin_state_names_each_problem(tmp_path: Path, config: dict[str, Any], problem: str | None) -> None:
    state = health.plugin_state(config, tmp_path / "openclaw.json")
    if problem is None:
        assert state["problems"] == [] and state["installed"] and state["enabled"] and state["hooksAllowed"]
    else:
        assert len(state["problems"]) == 1 and problem in state["problems"][0], state["problems"]


def test_an_installed_copy_counts_as_installed(tmp_path: Path) -> None:
    (tmp_path / "extensions" / "hippocampus").mkdir(parents=True)
    config = {"plugins": {"entries": GOOD["plugins"]["entries"]}}
    assert health.plugin_state(config, tmp_path / "openclaw.json")["problems"] == []


def openclaw_db(state: Path, agent: str, sessions: list[tuple[str, int]]) -> None:
    """An agent database with OpenClaw 2026.9.6's `session_windows` columns this reads."""
    db = state / "agents" / agent / "agent" / "openclaw-agent.sqlite"
    db.parent.mkdir(parents=True)
    conn = sqlite3.connect(db)
    conn.execute(
        "CREATE TABLE session_windows (session_id TEXT PRIMARY KEY, session_key TEXT NOT NULL,"
        " updated_at INTEGER NOT NULL, transcript_updated_at INTEGER)"
    )
    conn.executemany(
        "INSERT INTO session_windows VALUES (?, ?, ?, ?)",
        [(f"s{i}", key, at, at) for i, (key, at) in enumerate(sessions)],
    )
    conn.commit()
    conn.close()


def test_sessions_after_the_last_capture_are_counted_but_not_cron_groups_or_the_slack(tmp_path: Path) -> None:
    captured = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)
    ms = lambda minutes: int((captured + timedelta(minutes=minutes)).timestamp() * 1000)  # noqa: E731
    openclaw_db(
        tmp_path,
        "main",
        [
            ("agent:main:main", ms(60)),  # missed
            ("agent:main:telegram:direct:7", ms(600)),  # missed
            ("agent:main:main:old", ms(-60)),  # before the capture
            ("agent:main:main:reply", ms(10)),  # the captured turn's own reply, within the slack
            ("agent:main:cron:nightly", ms(60)),  # not the user's conversation
            ("agent:main:telegram:group:1", ms(60)),  # a group chat, not captured by default
        ],
    )
    openclaw_db(tmp_path, "hippocampus", [("agent:hippocampus:main", ms(60))])  # our own agent
    assert health.sessions_since(tmp_path, format_time(captured)) == 2
    assert health.sessions_since(tmp_path, format_time(captured + timedelta(days=1))) == 0
    assert health.sessions_since(tmp_path / "nothing", format_time(captured)) == 0


def call(name: str, workspace: Path, **event: Any) -> str:
    out, err = io.StringIO(), io.StringIO()
    body = {"workspace": str(workspace), "config": {}, "ctx": {"agentId": "main", "sessionId": "s1"}, "event": event}
    hooks.run(name, io.BytesIO(json.dumps(body).encode()), out, err)
    return out.getvalue()


def last(workspace: Path) -> dict[str, str | None]:
    ws = Workspace(workspace)
    with database.reading(ws) as conn:
        return activity.last(ws, conn, waiting(str(workspace)))


def test_capture_injection_and_encoding_times_follow_the_hooks(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    turn_at = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)
    monkeypatch.setenv("HIPPOCAMPUS_NOW", turn_at.isoformat())
    assert last(workspace) == {"lastCaptured": None, "lastInjected": None, "lastEncoded": None}
    message = {"role": "user", "content": "Remember that my sister's name is Alma", "timestamp": format_time(turn_at)}
    call("request_after", workspace, messages=[message, {"role": "assistant", "content": "Noted."}])
    assert last(workspace)["lastCaptured"] == format_time(turn_at), "seen in the inbox before any encode"
    monkeypatch.setenv("HIPPOCAMPUS_NOW", (turn_at + timedelta(minutes=5)).isoformat())
    call("session_end", workspace, reason="new")
    after = last(workspace)
    assert after["lastCaptured"] == format_time(turn_at) and after["lastEncoded"] == format_time(
        turn_at + timedelta(minutes=5)
    )
    assert after["lastInjected"] is None
    monkeypatch.setenv("HIPPOCAMPUS_NOW", (turn_at + timedelta(minutes=9)).isoformat())
    assert "Alma" in call("request_before", workspace, prompt="what is my sister called?")
    assert last(workspace)["lastInjected"] == format_time(turn_at + timedelta(minutes=9)), "waiting record"
    call("session_end", workspace, reason="new")
    assert last(workspace)["lastInjected"] == format_time(turn_at + timedelta(minutes=9)), "absorbed into meta"


def test_status_check_passes_on_a_working_setup_and_fails_on_each_problem(
    workspace: Path, tmp_path: Path, run_process: Any
) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / "openclaw.json").write_text(json.dumps(GOOD))
    env = {"OPENCLAW_STATE_DIR": str(state)}
    assert run_process("init", env=env).returncode == 0
    ok = run_process("status", "--check", env=env)
    assert ok.returncode == 0 and "Health:       ok" in ok.stdout, ok.stdout
    assert "{'" not in ok.stdout and "decayLastRun" not in ok.stdout, "a readable summary, no dict reprs"
    (state / "openclaw.json").write_text(json.dumps(with_entry(hooks={})))
    bad = run_process("status", "--check", env=env)
    assert bad.returncode == 1 and "allowConversationAccess" in bad.stdout
    assert run_process("status", env=env).returncode == 0, "without --check, status only reports"


def test_never_captured_counts_the_sessions_since_the_install(workspace: Path, tmp_path: Path) -> None:
    """The worst silent failure: installed, the hooks never ran, and the user chats on."""
    from hippocampus.core.config import Config
    from hippocampus.store.config_file import settings

    installed = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)
    ws = Workspace(workspace)
    ws.memory_dir.mkdir(parents=True, exist_ok=True)
    nothing = {"lastCaptured": None, "lastInjected": None, "lastEncoded": None}
    openclaw_db(tmp_path, "main", [("agent:main:main", int((installed + timedelta(days=1)).timestamp() * 1000))])
    env = {"OPENCLAW_STATE_DIR": str(tmp_path)}
    assert health.health(ws, settings(ws.config_path), nothing, env)["sessionsSinceCapture"] == 0, "no baseline"
    (ws.memory_dir / "install-record.json").write_text(
        json.dumps({"version": 1, "installedAt": format_time(installed)})
    )
    report = health.health(ws, settings(ws.config_path), nothing, env)
    assert report["sessionsSinceCapture"] == 1
    assert any("none was ever captured" in p for p in report["problems"])
    assert Config() == settings(ws.config_path).config
