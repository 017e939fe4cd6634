"""What the dashboard explains (issue 13), without a browser: the agent's identity as OpenClaw knows it,
where each memory came from, its history, the sister-skill line and the preview's settings.

The same items in real Chromium are in tests/test_dashboard_browser.py.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
from dashboard_fixtures import NOW, memory, seed, write_sisters
from markupsafe import escape

from hippocampus.core import lifecycle
from hippocampus.core.model import Index, Memory, Source
from hippocampus.openclaw.sessions import session_keys
from hippocampus.store.workspace import Workspace
from hippocampus.views.dashboard.history import channel_label, origin_of
from hippocampus.views.dashboard.page import render_html
from hippocampus.views.dashboard.sources import Identity, configured_identity, parse_identity_fields, read_identity
from hippocampus.views.dashboard.view import build_view
from hippocampus.views.sync import write_dashboard

UUID = "3f2b8c1e-5d4a-4a2b-9c3d-0123456789ab"
UUID_RE = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def visible_text(page: str) -> str:
    """The page's text as a reader sees it: tags and attribute values (tooltips) removed."""
    body = page.split("<body>", 1)[1].split("<script>", 1)[0]
    return re.sub(r"<[^>]*>", " ", body)


# ---- the title: the agent's name and avatar -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("- __Name:__ Nova\n- _Emoji:_ 🦉", {"name": "Nova", "emoji": "🦉"}),  # OpenClaw strips * _ ` alike
        ("- Name: not set yet", {}),  # OpenClaw's own placeholder values are not names
        ("- **Emoji:** _(your signature — pick one that feels right)_", {}),
        ("- `Name`: Kiki", {"name": "Kiki"}),
    ],
)
def test_identity_is_parsed_as_openclaw_parses_it(text: str, expected: dict[str, str]) -> None:
    assert parse_identity_fields(text) == expected


def test_the_name_set_with_openclaw_agents_set_identity_is_the_title(
    workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`openclaw agents set-identity` writes `agents.entries.<id>.identity` in openclaw.json; an IDENTITY.md
    still holding the template's placeholders must not turn that back into "Agent"."""
    state = tmp_path / "state"
    state.mkdir()
    config = {
        "agents": {
            "defaults": {"workspace": str(workspace)},
            "entries": {
                "main": {"identity": {"name": "Nova", "emoji": "🦉"}},
                "other": {"workspace": str(tmp_path / "elsewhere"), "identity": {"name": "Wrong"}},
            },
        }
    }
    (state / "openclaw.json").write_text(json.dumps(config))
    (workspace / "IDENTITY.md").write_text("- **Name:**\n  _(pick something you like)_\n- **Avatar:** me.png\n")
    assert configured_identity(config, workspace, state) == {"name": "Nova", "emoji": "🦉"}
    assert configured_identity(config, tmp_path / "elsewhere", state) == {"name": "Wrong"}
    assert configured_identity(config, tmp_path / "nobody", state) == {}
    monkeypatch.setenv("OPENCLAW_STATE_DIR", str(state))
    identity = read_identity(Workspace(workspace))
    page = write_dashboard(seed(workspace, [memory(1, "x")]), NOW).read_text(encoding="utf-8")
    assert identity.name == "Nova" and identity.emoji == "🦉"
    assert "<title>Nova · Brain dashboard</title>" in page and '<h1 id="agent-name">Nova</h1>' in page
    (workspace / "IDENTITY.md").write_text("- **Name:** Molty\n")  # the file, when filled in, wins
    assert read_identity(Workspace(workspace)).name == "Molty"


def test_a_broken_or_hostile_openclaw_config_never_breaks_the_title(workspace: Path, tmp_path: Path) -> None:
    for config in ({"agents": []}, {"agents": {"entries": {"main": {"identity": "x"}}}}, {"agents": {"list": [3]}}):
        assert configured_identity(config, workspace, tmp_path) == {}
    hostile = {"agents": {"entries": {"main": {"workspace": str(workspace), "identity": {"name": "<b>x</b>"}}}}}
    name = configured_identity(hostile, workspace, tmp_path)["name"]
    page = render_html(build_view(Index(), [], NOW, lifecycle.DEFAULT_CURVE, Identity(name=name), {}))
    assert "&lt;b&gt;x&lt;/b&gt;" in page and "<b>x</b>" not in page


# ---- the source column: channel or agent and a date, the id in a tooltip ---------------------------


@pytest.mark.parametrize(
    ("key", "label"),
    [
        ("agent:main:main", "agent main"),
        ("agent:main:telegram:direct:42", "telegram · agent main"),
        ("agent:ops:discord:channel:9", "discord · agent ops"),
        ("weird", "weird"),
    ],
)
def test_channel_labels(key: str, label: str) -> None:
    assert channel_label(key) == label


def test_origins_name_sessions_without_showing_ids() -> None:
    keys = {UUID: "agent:main:telegram:direct:42"}
    assert origin_of(UUID, keys) == "telegram · agent main"
    assert origin_of("cli", keys) == "CLI (remember)"
    assert origin_of("memory-ebbinghaus", keys) == "import (memory-ebbinghaus)"
    assert origin_of("agent:main:main", {}) == "agent main"
    assert origin_of("0b7c-unknown-session", {}) == "OpenClaw session"


def test_session_keys_come_from_openclaws_store(tmp_path: Path) -> None:
    """The 2026.9.6 SQLite store's `session_windows`, and a legacy `sessions.json`; junk is skipped."""
    db = tmp_path / "agents" / "main" / "agent" / "openclaw-agent.sqlite"
    db.parent.mkdir(parents=True)
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE session_windows (session_id TEXT, session_key TEXT)")
    conn.executemany("INSERT INTO session_windows VALUES (?, ?)", [(UUID, "agent:main:main"), (None, "x")])
    conn.commit()
    conn.close()
    legacy = tmp_path / "agents" / "ops" / "sessions"
    legacy.mkdir(parents=True)
    (legacy / "sessions.json").write_text(json.dumps({"agent:ops:discord:x": {"sessionId": "s-2"}, "bad": 3}))
    broken = tmp_path / "agents" / "broken" / "agent"
    broken.mkdir(parents=True)
    (broken / "openclaw-agent.sqlite").write_bytes(b"not a database at all" * 10)
    assert session_keys(tmp_path) == {UUID: "agent:main:main", "s-2": "agent:ops:discord:x"}
    assert session_keys(tmp_path / "missing") == {}


def remembered(sources: list[Source], **kw: object) -> Memory:
    m = memory(1, "I drink green tea every morning")
    m.sources = sources
    for key, value in kw.items():
        setattr(m, key, value)
    return m


def test_the_source_column_shows_channel_and_date_with_the_id_as_tooltip() -> None:
    m = remembered([Source(UUID, "m1", "2026-06-10T08:00:00Z", "user")])
    view = build_view(
        Index(memories=[m]), [], NOW, lifecycle.DEFAULT_CURVE, Identity(), {}, (), {UUID: "agent:main:main"}
    )
    page = render_html(view)
    assert f'<span title="session {UUID}">agent main</span>' in page
    assert "2026-06-10 08:00" in page
    assert not UUID_RE.search(visible_text(page)), "a raw session id is shown as text"


# ---- history: sources as said, reinforcements, superseded ----------------------------------------


def test_history_shows_sources_as_said_reinforcements_and_what_was_superseded() -> None:
    old = memory(7, "I live in Porto")
    old.superseded_by, old.superseded_at = "mem_001", "2026-06-12T10:00:00Z"
    m = remembered(
        [
            Source(UUID, "m1", "2026-06-10T08:00:00Z", "user", "honestly I drink green tea every morning, no coffee"),
            Source("cli", "c1", "2026-06-12T09:00:00Z", "Alice"),
        ],
        times_reinforced=1,
        supersedes=["mem_007", "mem_gone"],
    )
    view = build_view(
        Index(memories=[m]), [], NOW, lifecycle.DEFAULT_CURVE, Identity(), {}, [old], {UUID: "agent:main:main"}
    )
    history = view.rows[0].history
    assert history is not None and history.reinforced == 1
    assert [s.origin for s in history.sources] == ["agent main", "CLI (remember)"]
    assert [(link.id, link.content) for link in history.supersedes] == [("mem_007", "I live in Porto")]
    page = render_html(view)
    cell = page.split('data-id="mem_001"', 1)[1].split("</td>", 1)[0]
    assert "created · agent main · 2026-06-10 08:00 UTC · user" in cell
    assert "honestly I drink green tea every morning, no coffee" in cell
    assert "reinforced · CLI (remember) · 2026-06-12 09:00 UTC · Alice" in cell
    assert "superseded <code>mem_007</code>" in cell and "I live in Porto" in cell
    card = page.split('id="history"', 1)[1].split('id="preview"', 1)[0]
    assert "I live in Porto" in card and "<code>mem_001</code>: I drink green tea every morning" in card
    assert 'title="session session-0">from OpenClaw session · 2026-06-15 12:00' in card


def test_a_memory_with_nothing_more_to_say_has_no_history_box() -> None:
    view = build_view(Index(memories=[memory(1, "x")]), [], NOW, lifecycle.DEFAULT_CURVE, Identity(), {})
    assert view.rows[0].history is None and 'class="hist"' not in render_html(view)


def test_hostile_source_text_and_speaker_stay_text() -> None:
    evil = "<img src=x onerror=\"window.__pwned='src'\">"
    m = remembered([Source(evil, "m", "<b>when</b>", evil, evil + " said")], times_reinforced=2)
    page = render_html(
        build_view(Index(memories=[m]), [], NOW, lifecycle.DEFAULT_CURVE, Identity(), {}, (), {evil: evil})
    )
    assert "<img" not in page.split("<body>", 1)[1] and str(escape(evil)) in page


# ---- sister skills and the preview -------------------------------------------------------------


def test_sister_skills_not_installed_are_one_line_not_tabs(workspace: Path) -> None:
    ws = seed(workspace, [memory(1, "x")])
    page = write_dashboard(ws, NOW).read_text(encoding="utf-8")
    assert 'id="tabs"' not in page and 'id="panel-emotions"' not in page and 'id="panel-drive"' not in page
    line = page.split('id="sisters-absent"', 1)[1].split("</p>", 1)[0]
    assert "clawhub install amygdala-memory" in line and "clawhub install vta-memory" in line
    write_sisters(workspace, emotional={"dimensions": {}}, reward="{broken")  # a broken file is installed
    page = write_dashboard(ws, NOW).read_text(encoding="utf-8")
    assert 'data-tab="emotions"' in page and 'data-tab="drive"' in page and 'id="sisters-absent"' not in page
    (workspace / "memory" / "reward-state.json").unlink()
    page = write_dashboard(ws, NOW).read_text(encoding="utf-8")
    assert 'data-tab="emotions"' in page and 'data-tab="drive"' not in page
    assert "clawhub install vta-memory" in page.split('id="sisters-absent"', 1)[1].split("</p>", 1)[0]


def test_the_preview_carries_the_workspaces_recall_settings(workspace: Path) -> None:
    ws = seed(workspace, [memory(1, "x")])
    (workspace / "memory" / "hippocampus.yaml").write_text("inject_budget: 400\nweight_recency: 2.5\n")
    page = write_dashboard(ws, NOW).read_text(encoding="utf-8")
    box = re.search(r'<div class="card" id="preview"[^>]*>', page)
    assert box is not None
    attrs = dict(re.findall(r'data-([a-z-]+)="([^"]*)"', box.group(0)))
    assert float(attrs["inject-budget"]) == 400 and float(attrs["weight-recency"]) == 2.5
    assert int(attrs["now"]) == int(NOW.timestamp()) and float(attrs["core-limit"]) == 30
    assert "approximation of the real ranking" in page
