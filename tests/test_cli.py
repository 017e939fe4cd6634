"""The CLI as a user runs it: exit codes, output and the files written.

Commands run in process through click's CliRunner (`run_cli`); the fast entry point, which answers
`recall` and `load-core` without click, runs as a real `python -m hippocampus` process (`run_process`).
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

T0 = datetime(2026, 1, 1, 9, 0, tzinfo=timezone.utc)


def at(days: float) -> dict[str, str]:
    return {"HIPPOCAMPUS_NOW": (T0 + timedelta(days=days)).isoformat()}


def ok(result: Any) -> Any:
    assert result.returncode == 0, result.stderr
    return result


def test_version_and_help(run_cli: Any, run_process: Any) -> None:
    assert "hippocampus" in ok(run_process("--version")).stdout
    assert "recall" in ok(run_cli("-h")).stdout
    assert "--reinforce" in ok(run_cli("recall", "-h")).stdout


def test_decay_every_day_for_30_days_equals_the_formula(run_cli: Any, workspace: Path) -> None:
    ok(run_cli("remember", "I prefer green tea in the morning", "--importance", "0.85", env=at(0)))
    for day in range(1, 31):
        ok(run_cli("decay", env=at(day)))
    stored = json.loads(ok(run_cli("export")).stdout)["memories"][0]
    assert stored["importance"] == pytest.approx(0.85 * 0.99**30, abs=0.005)
    assert stored["importance"] == pytest.approx(0.629, abs=0.005)
    ok(run_cli("decay", env=at(30)))
    again = json.loads(ok(run_cli("export")).stdout)["memories"][0]
    assert again["importance"] == pytest.approx(stored["importance"], abs=1e-9)


@pytest.mark.parametrize("days,percent", [(7, 0.93), (30, 0.74), (90, 0.40)])
def test_decay_percentages(run_cli: Any, days: int, percent: float) -> None:
    ok(run_cli("remember", "Remember that the launch code word is pineapple", "--importance", "1.0", env=at(0)))
    out = json.loads(ok(run_cli("list", "--json", env=at(days))).stdout)
    assert out[0]["importance"] == pytest.approx(percent, abs=0.005)


def test_remember_and_recall_json_with_provenance(run_cli: Any) -> None:
    made = json.loads(ok(run_cli("remember", "My sister's name is Alma", "--json", env=at(0))).stdout)
    assert made[0]["id"] == "mem_001" and made[0]["sources"][0]["session"] == "cli"
    ok(run_cli("remember", "The project deadline is Friday", env=at(0)))
    hits = json.loads(ok(run_cli("recall", "Alma", "--json", env=at(1))).stdout)
    assert [h["id"] for h in hits] == ["mem_001"]
    for key in ("id", "content", "domain", "category", "importance", "tier", "sources"):
        assert key in hits[0]


def test_recall_reinforce_and_reinforce_command(run_cli: Any, workspace: Path) -> None:
    ok(run_cli("remember", "I like hiking in the Alps", "--importance", "0.6", env=at(0)))
    hits = json.loads(ok(run_cli("recall", "hiking", "--reinforce", "--json", env=at(10))).stdout)
    e = 0.6 * 0.99**10
    assert hits[0]["importance"] == pytest.approx(e + (1 - e) * 0.15, abs=1e-3)
    assert hits[0]["timesReinforced"] == 1
    out = json.loads(ok(run_cli("reinforce", "mem_001", "--json", env=at(10))).stdout)
    assert out[0]["timesReinforced"] == 2
    assert run_cli("reinforce", "mem_999").returncode != 0


def test_review_grows_stability_on_ebbinghaus(run_cli: Any) -> None:
    env = {**at(0), "HIPPOCAMPUS_CURVE": "ebbinghaus"}
    ok(run_cli("remember", "Dentist appointment is on the 5th", env=env))
    out = json.loads(
        ok(run_cli("review", "mem_001", "--json", env={**at(1), "HIPPOCAMPUS_CURVE": "ebbinghaus"})).stdout
    )
    assert out[0]["stability"] == pytest.approx(1.5)
    e = 0.8 * math.exp(-1)  # a dated obligation is core on arrival at 0.8 (issue 24, `core.importance`)
    assert out[0]["importance"] == pytest.approx(e + (1 - e) * 0.15, abs=1e-3)
    assert out[0]["band"] == "decaying"


@pytest.mark.parametrize(
    "query",
    [
        '"; import os; os.system("touch PWNED"); "',
        "$(touch PWNED)",
        "`touch PWNED`",
        "__import__('os').system('touch PWNED')",
        "' OR 1=1 --",
        "NEAR(a b)",
        "*",
    ],
)
def test_queries_are_data(run_cli: Any, workspace: Path, query: str) -> None:
    ok(run_cli("remember", f"literal text {query} stays literal"))
    result = ok(run_cli("recall", query, "--json"))
    assert not (workspace / "PWNED").exists() and not Path("PWNED").exists()
    json.loads(result.stdout)


def test_chinese_and_emoji_survive_and_are_searchable(run_cli: Any) -> None:
    ok(run_cli("remember", "我喜欢喝绿茶 🍵，不喜欢咖啡"))
    hits = json.loads(ok(run_cli("recall", "绿茶", "--json")).stdout)
    assert hits and hits[0]["content"] == "我喜欢喝绿茶 🍵，不喜欢咖啡"


def test_secrets_never_reach_the_workspace(run_cli: Any, workspace: Path) -> None:
    secret = "sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"
    ok(run_cli("remember", f"Remember that my OpenAI key is {secret} and password: hunter2xyz"))
    chat = workspace.parent / "chat.jsonl"
    chat.write_text(
        json.dumps(
            {
                "session": "s1",
                "id": "m1",
                "role": "user",
                "timestamp": "2026-01-01T00:00:00Z",
                "text": "Remember that my github token is ghp_abcdefghijklmnopqrstuvwxyz0123456789",
            }
        )
        + "\n"
    )
    ok(run_cli("ingest", str(chat)))
    for path in workspace.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            for needle in (secret.encode(), b"hunter2xyz", b"ghp_abcdefghijklmnopqrstuvwxyz0123456789"):
                assert needle not in data, path


def test_archive_heartbeat_and_candidates(run_cli: Any, workspace: Path) -> None:
    ok(run_cli("remember", "A weak memory about a parking spot", "--importance", "0.25", env=at(0)))
    ok(run_cli("remember", "A strong memory about my wedding", "--importance", "0.95", env=at(0)))
    assert "HEARTBEAT_OK" in ok(run_cli("heartbeat", env=at(0))).stdout
    beat = ok(run_cli("heartbeat", env=at(30))).stdout
    assert "mem_001" in beat and "HEARTBEAT_OK" not in beat
    report = json.loads(ok(run_cli("decay", "--json", env=at(30))).stdout)
    assert report["candidates"] == ["mem_001"] and report["archived"] == []
    assert not (workspace / "brain-dashboard.html").exists(), "no dashboard is made unasked"
    ok(run_cli("dashboard", env=at(30)))
    assert "parking spot" in (workspace / "brain-dashboard.html").read_text()
    ok(run_cli("archive", env=at(30)))
    assert "parking spot" not in (workspace / "HIPPOCAMPUS_CORE.md").read_text()
    page = (workspace / "brain-dashboard.html").read_text()
    assert "wedding" in page and "parking spot" not in page
    archive = (workspace / "memory/archive.md").read_text()
    assert "parking spot" in archive
    left = json.loads(ok(run_cli("list", "--json", env=at(30))).stdout)
    assert [m["id"] for m in left] == ["mem_002"]


def test_load_core_and_sync_core_keep_every_domain(run_cli: Any, workspace: Path) -> None:
    for text, domain in (
        ("User loves jazz", "user"),
        ("I am a careful assistant", "self"),
        ("We have worked together since May", "relationship"),
        ("Water boils at 100C", "world"),
        ("The garden has three apple trees", "garden"),
    ):
        ok(run_cli("remember", text, "--domain", domain, "--importance", "0.9"))
    ok(run_cli("remember", "A minor note", "--importance", "0.3"))
    core = ok(run_cli("load-core")).stdout
    for title in ("## User", "## Self", "## Relationship", "## World", "## Garden"):
        assert title in core
    assert "A minor note" not in core
    ok(run_cli("sync-core"))
    md = (workspace / "HIPPOCAMPUS_CORE.md").read_text()
    assert md.index("## User") < md.index("## Self") < md.index("## Relationship") < md.index("## World")
    assert "## Garden" in md and "apple trees" in md and "A minor note" not in md


def test_ingest_jsonl_with_provenance_and_malformed_lines(run_cli: Any, workspace: Path) -> None:
    chat = workspace.parent / "chat.jsonl"
    rows = [
        {
            "session": "s1",
            "id": "m1",
            "role": "user",
            "text": "Remember that my sister's name is Alma",
            "timestamp": "2026-01-01T10:00:00Z",
        },
        {
            "session": "s1",
            "id": "m2",
            "role": "assistant",
            "text": "I love that you told me, I prefer cats",
            "timestamp": "2026-01-01T10:00:05Z",
        },
        {"session": "s2", "id": "m3", "role": "user", "text": "ok", "timestamp": "2026-01-02T10:00:00Z"},
    ]
    chat.write_text("\n".join(json.dumps(r) for r in rows) + "\nnot json at all\n\x00\x01binary\n")
    report = json.loads(ok(run_cli("ingest", str(chat), "--json", env=at(5))).stdout)
    assert len(report["created"]) == 1 and report["malformed"] == 2
    hits = json.loads(ok(run_cli("recall", "Alma", "--json", env=at(5))).stdout)
    assert hits[0]["sources"][0] == {
        "session": "s1",
        "message": "m1",
        "time": "2026-01-01T10:00:00Z",
        "speaker": "user",
        "text": "Remember that my sister's name is Alma",  # the message as said; the content is the fact
    }
    assert hits[0]["content"] == "my sister's name is Alma"
    assert not json.loads(ok(run_cli("recall", "cats", "--json", env=at(5))).stdout)
    again = json.loads(ok(run_cli("ingest", str(chat), "--json", env=at(5))).stdout)
    assert again["created"] == [] and again["reinforced"] == []


def test_import_memory_ebbinghaus_keeps_strength(run_cli: Any, workspace: Path) -> None:
    db = workspace.parent / "memory_db.json"
    db.write_text(
        json.dumps(
            {
                "items": [
                    {
                        "id": 1,
                        "content": "Project Falcon ships in June",
                        "category": "project",
                        "source": "chat",
                        "created": "2026-01-01T00:00:00",
                        "last_reviewed": "2026-01-01T09:00:00",
                        "stability": 2.25,
                        "strength": 1.0,
                        "review_count": 2,
                    }
                ],
                "next_id": 2,
            }
        )
    )
    ok(run_cli("import", str(db), env=at(0)))
    out = json.loads(ok(run_cli("list", "--json", env={**at(2.25), "HIPPOCAMPUS_CURVE": "ebbinghaus"})).stdout)
    assert out[0]["importance"] == pytest.approx(0.3679, abs=1e-3)
    assert out[0]["stability"] == 2.25 and out[0]["timesReinforced"] == 2 and out[0]["category"] == "project"


def test_corrupt_index_gives_clear_error_and_stays_untouched(run_cli: Any, workspace: Path) -> None:
    (workspace / "memory").mkdir()
    index = workspace / "memory/index.json"
    index.write_bytes(b'{"version": 2, "memories": [{"id": "mem_0')
    for args in (("remember", "hello there friend"), ("recall", "hello"), ("decay",), ("list",), ("status",)):
        result = run_cli(*args)
        assert result.returncode != 0 and str(index) in result.stderr, args
    assert index.read_bytes() == b'{"version": 2, "memories": [{"id": "mem_0'


def test_wipe_asks_and_export(run_cli: Any, workspace: Path) -> None:
    ok(run_cli("remember", "Something to keep"))
    exported = json.loads(ok(run_cli("export")).stdout)
    assert exported["memories"][0]["content"] == "Something to keep"
    assert run_cli("wipe", input="n\n").returncode != 0
    assert len(json.loads(ok(run_cli("list", "--json")).stdout)) == 1
    ok(run_cli("wipe", "--yes"))
    assert json.loads(ok(run_cli("list", "--json")).stdout) == []


def test_forget_and_queries_file(run_cli: Any, workspace: Path) -> None:
    ok(run_cli("remember", "I play the cello"))
    ok(run_cli("remember", "My dog is called Biscuit"))
    queries = workspace.parent / "q.txt"
    queries.write_text("cello\nBiscuit\n")
    lines = ok(run_cli("recall", "--queries", str(queries))).stdout.splitlines()
    assert [json.loads(x)["results"][0]["id"] for x in lines] == ["mem_001", "mem_002"]
    ok(run_cli("forget", "mem_001"))
    assert json.loads(ok(run_cli("recall", "cello", "--json")).stdout) == []
    assert run_cli("forget", "mem_001").returncode != 0


def test_bad_now_is_a_clear_error(run_cli: Any) -> None:
    result = run_cli("status", env={"HIPPOCAMPUS_NOW": "yesterday"})
    assert result.returncode != 0 and "HIPPOCAMPUS_NOW" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("recall", "Alma"),
        ("recall", "Alma", "--json"),
        ("recall", "-k", "1", "tea"),
        ("recall", "nothing-matches"),
        ("load-core",),
        ("load-core", "--json"),
        ("load-core", "--all"),
        ("recall", "Alma", "--reinforce", "--json"),
    ],
)
def test_fast_entry_point_prints_what_click_prints(run_cli: Any, workspace: Path, args: tuple[str, ...]) -> None:
    ok(run_cli("remember", "My sister's name is Alma", env=at(0)))
    ok(run_cli("remember", "I prefer tea over coffee", "--importance", "0.5", env=at(0)))
    env = {**at(3), "WORKSPACE": str(workspace), "PATH": ""}
    fast = subprocess.run(
        [sys.executable, "-m", "hippocampus", *args], capture_output=True, text=True, env={**os.environ, **env}
    )
    slow = run_cli(*args, env=env)
    assert fast.returncode == slow.returncode == 0, (fast.stderr, slow.stderr)
    if "--reinforce" not in args:
        assert fast.stdout == slow.stdout


def test_fast_entry_point_leaves_errors_and_help_to_click(run_process: Any, workspace: Path) -> None:
    (workspace / "memory").mkdir()
    (workspace / "memory/index.json").write_text("{broken")
    result = run_process("recall", "x")
    assert result.returncode == 1 and "Error:" in result.stderr and "index.json" in result.stderr
    assert "Usage:" in ok(run_process("recall", "-h")).stdout
    assert run_process("recall", "-k", "x", "y").returncode == 2


def test_fast_entry_point_hands_a_store_to_migrate_to_the_full_cli(run_process: Any, workspace: Path) -> None:
    """With only a pre-database index.json, the fast path steps aside; the full CLI migrates and answers."""
    (workspace / "memory").mkdir()
    legacy = {
        "version": 2,
        "nextId": 2,
        "memories": [
            {
                "id": "mem_001",
                "content": "My sister's name is Alma",
                "anchor": 0.9,
                "importance": 0.9,
                "created": "2026-01-01T09:00:00Z",
                "lastAccessed": "2026-01-01T09:00:00Z",
            }
        ],
    }
    (workspace / "memory/index.json").write_text(json.dumps(legacy))
    hits = json.loads(ok(run_process("recall", "Alma", "--json", env=at(1))).stdout)
    assert hits[0]["content"] == "My sister's name is Alma"
    assert (workspace / "memory/hippocampus.db").exists() and not (workspace / "memory/index.json").exists()
    again = json.loads(ok(run_process("recall", "Alma", "--json", env=at(1))).stdout)
    assert again == hits, "then the fast path answers the same"
