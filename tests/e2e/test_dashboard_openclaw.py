"""The dashboard of a store a real OpenClaw 2026.9.6 filled: the agent's name as `openclaw agents
set-identity` set it, and each memory's source named by the channel and agent of the real session.

Its own OpenClaw, so the identity it sets and the memories it encodes do not reach the other e2e tests.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator

import pytest

from .conftest import OpenClaw, make_openclaw
from .fake_model import FakeModel

pytestmark = [pytest.mark.e2e, pytest.mark.beside]  # scripts/test.sh: the second end-to-end group
FACT = "I really love sailing on the lake with my daughter Mia (probe-dashboard)"
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


@pytest.fixture(scope="module")
def claw(openclaw_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[OpenClaw]:
    model = FakeModel(tmp_path_factory.mktemp("dashboard-model") / "requests.jsonl", lifetime=1800)
    yield make_openclaw(tmp_path_factory.mktemp("dashboard"), openclaw_path, model)
    model.stop()


def test_the_dashboard_names_the_agent_and_the_real_session(claw: OpenClaw) -> None:
    claw.run("agents", "set-identity", "--agent", "main", "--name", "Nova", "--emoji", "🦉", timeout=120)
    config = json.loads((claw.state / "openclaw.json").read_text(encoding="utf-8"))
    assert "Nova" in json.dumps(config, ensure_ascii=False), "set-identity wrote the agent's identity to the config"
    claw.agent(FACT)
    report = json.loads(claw.hippocampus("encode", "--json").stdout)
    assert report["created"], report
    claw.hippocampus("dashboard")
    page = (claw.workspace / "brain-dashboard.html").read_text(encoding="utf-8")
    assert "<title>Nova · Brain dashboard</title>" in page and "🦉" in page

    db = claw.state / "agents" / "main" / "agent" / "openclaw-agent.sqlite"
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        sessions = dict(conn.execute("SELECT session_id, session_key FROM session_windows").fetchall())
    finally:
        conn.close()
    memories = json.loads(claw.hippocampus("list", "--json").stdout)
    mine = next(m for m in memories if "sailing" in m["content"])
    row = page.split(f'data-id="{mine["id"]}"', 1)[1].split("</tr>", 1)[0]
    session = re.search(r'<td class="p"><span title="session ([^"]+)">([^<]+)</span>', row)
    assert session is not None, row
    assert session.group(1) in sessions, "the tooltip holds the real session id"
    assert session.group(2) == "agent main" and sessions[session.group(1)] == "agent:main:main"
    text = re.sub(r"<[^>]*>", " ", row)  # what a reader sees: no raw session id
    assert not UUID.search(text), text
