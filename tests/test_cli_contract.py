"""The CLI's contract for scripts and agents: `--json` errors, validated ranges, a workspace that must
exist, and imports that can be run twice. Real `python -m hippocampus` processes where the entry point
matters (the fast path answers `recall` without click)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

COMMANDS_WITH_JSON = [
    ("remember", "x"),
    ("recall", "x"),
    ("reinforce", "mem_001"),
    ("review", "mem_001"),
    ("forget", "mem_001"),
    ("heartbeat",),
    ("list",),
    ("status",),
    ("load-core",),
    ("decay",),
    ("archive",),
    ("encode",),
    ("embed",),
    ("consolidate",),
    ("dashboard",),
    ("preprocess",),
    ("ingest", "chat.jsonl"),
    ("import", "memory_db.json"),
    ("revise", "mem_001", "new text"),
    ("pending",),
    ("export",),
    ("wipe", "--yes"),
    ("sync-core",),
    ("reflect", "--prepare"),
    ("init", "--bogus"),
]


def json_error(done: Any) -> dict[str, Any]:
    """The one JSON object a failing `--json` command prints on stderr (and nothing on stdout)."""
    assert done.returncode != 0, done.stdout
    assert done.stdout == "", done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    data = json.loads(lines[0])
    assert set(data) == {"error", "file"} and isinstance(data["error"], str) and data["error"]
    return dict(data)


@pytest.mark.parametrize("args", COMMANDS_WITH_JSON, ids=lambda a: a[0])
def test_every_command_reports_a_missing_workspace_as_json(run_process: Any, tmp_path: Path, args: Any) -> None:
    missing = tmp_path / "nonexistent"
    for name in ("chat.jsonl", "memory_db.json"):  # real input files: only the workspace is missing
        (tmp_path / name).write_text("{}\n")
    args = [str(tmp_path / a) if a in ("chat.jsonl", "memory_db.json") else a for a in args]
    done = run_process("--workspace", str(missing), *args, "--json")
    error = json_error(done)
    if args[0] == "init":  # init creates the workspace; here its usage error comes first
        assert "No such option" in error["error"]
    else:
        assert error["file"] == str(missing) and "does not exist" in error["error"]
    assert not missing.exists()


def test_a_missing_workspace_is_named_in_plain_text_too(run_process: Any, tmp_path: Path) -> None:
    done = run_process("--workspace", str(tmp_path / "nowhere"), "status")
    assert done.returncode == 1 and "nowhere does not exist" in done.stderr and done.stdout == ""
    assert "Traceback" not in done.stderr


def test_init_creates_the_workspace_it_is_given(run_process: Any, tmp_path: Path) -> None:
    fresh = tmp_path / "fresh" / "ws"
    assert run_process("--workspace", str(fresh), "init").returncode == 0
    assert (fresh / "memory" / "hippocampus.db").is_file()


def test_help_works_whatever_the_workspace(run_process: Any, tmp_path: Path) -> None:
    done = run_process("--workspace", str(tmp_path / "nowhere"), "status", "--help")
    assert done.returncode == 0 and "Usage:" in done.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("recall", "x", "-k", "-1"),
        ("recall", "x", "-k", "0"),
        ("list", "--limit", "0"),
        ("list", "--limit", "-3"),
        ("remember", "x", "--importance", "1.5"),
        ("remember", "x", "--importance", "-0.1"),
        ("pending", "--limit", "0"),
        ("preprocess", "--signals", "-1"),
    ],
)
def test_ranges_are_validated(run_process: Any, workspace: Path, args: tuple[str, ...]) -> None:
    assert run_process("init").returncode == 0
    before = run_process("export").stdout
    plain = run_process(*args)
    assert plain.returncode == 2 and "Invalid value" in plain.stderr, plain.stderr
    error = json_error(run_process(*args, "--json"))
    assert "Invalid value" in error["error"] and "range" in error["error"]
    assert run_process("export").stdout == before  # nothing was written


def test_file_errors_name_the_file(run_process: Any, workspace: Path) -> None:
    assert run_process("init").returncode == 0
    bad = workspace.parent / "bad.json"
    bad.write_text("{not json")
    error = json_error(run_process("import", str(bad), "--json"))
    assert error["file"] == str(bad) and "not valid JSON" in error["error"]
    (workspace / "memory" / "hippocampus.yaml").write_text("curve: [unclosed\n")
    error = json_error(run_process("list", "--json"))
    assert error["file"] == str(workspace / "memory" / "hippocampus.yaml") and "YAML" in error["error"]


def test_usage_errors_are_json_too(run_process: Any) -> None:
    assert "No such command" in json_error(run_process("nosuch", "--json"))["error"]
    assert "QUERY" in json_error(run_process("recall", "--json"))["error"]
    missing = json_error(run_process("import", "/nonexistent/file.json", "--json"))
    assert "does not exist" in missing["error"]


def test_json_after_a_double_dash_is_text_not_an_option(run_process: Any) -> None:
    assert run_process("init").returncode == 0
    done = run_process("remember", "--", "--json")
    assert done.returncode == 0 and "Remembered" in done.stdout


def _exported(run_process: Any) -> list[dict[str, Any]]:
    done = run_process("export")
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout)["memories"])


def test_importing_the_same_memory_ebbinghaus_file_twice_adds_nothing(run_process: Any, workspace: Path) -> None:
    assert run_process("init").returncode == 0
    db = workspace.parent / "memory_db.json"
    items = [
        {"id": 1, "content": "Project Falcon ships in June", "last_reviewed": "2026-01-01T09:00:00"},
        {"id": 2, "content": "The user's cat is called Miso", "last_reviewed": "2026-01-02T09:00:00"},
    ]
    db.write_text(json.dumps({"items": items, "next_id": 3}))
    first = json.loads(run_process("import", str(db), "--json").stdout)
    assert len(first["created"]) == 2
    again = json.loads(run_process("import", str(db), "--json").stdout)
    assert again["created"] == []
    items.append({"id": 3, "content": "Project Falcon ships in June", "last_reviewed": "2026-01-03T09:00:00"})
    db.write_text(json.dumps({"items": items, "next_id": 4}))
    third = json.loads(run_process("import", str(db), "--json").stdout)
    assert len(third["created"]) == 1  # a new id is a new item, even with the same text
    assert len(_exported(run_process)) == 3


def test_importing_a_hippocampus_index_twice_or_its_own_export_adds_nothing(run_process: Any, workspace: Path) -> None:
    other = workspace.parent / "other"
    other.mkdir()
    for text in ("My sister's name is Alma", "I play the cello on Sundays"):
        assert run_process("--workspace", str(other), "remember", text).returncode == 0
    exported = workspace.parent / "other-index.json"
    assert run_process("--workspace", str(other), "export", "-o", str(exported)).returncode == 0
    assert run_process("init").returncode == 0
    assert run_process("remember", "I live in Porto").returncode == 0
    first = json.loads(run_process("import", str(exported), "--json").stdout)
    assert len(first["created"]) == 2  # mem_001 and mem_002 of the other store, under fresh ids
    assert json.loads(run_process("import", str(exported), "--json").stdout)["created"] == []
    own = workspace.parent / "own.json"
    assert run_process("export", "-o", str(own)).returncode == 0
    assert json.loads(run_process("import", str(own), "--json").stdout)["created"] == []
    contents = sorted(m["content"] for m in _exported(run_process))
    assert contents == sorted(["My sister's name is Alma", "I play the cello on Sundays", "I live in Porto"])


def test_every_command_takes_json() -> None:
    from hippocampus.cli.app import main

    missing = [name for name, command in main.commands.items() if not any("--json" in p.opts for p in command.params)]
    assert missing == []


def test_the_help_names_every_step_of_the_workspace_rule(run_cli: Any) -> None:
    """`hippocampus --help` describes the rule `store.workspace.workspace_dir` applies, in its order,
    the OpenClaw config step included (the one that finds a custom workspace)."""
    import inspect

    from hippocampus.store import workspace

    text = " ".join(run_cli("--help", check=True).stdout.split())
    steps = [
        "$WORKSPACE",
        "OpenClaw's config",
        "$OPENCLAW_WORKSPACE_DIR",
        "$OPENCLAW_STATE_DIR/workspace",
        "~/.openclaw/workspace",
    ]
    at = [text.index(step) for step in steps]
    assert at == sorted(at), "in the rule's order"
    source = inspect.getsource(workspace.workspace_dir)
    order = [
        source.index(s)
        for s in (
            '"WORKSPACE"',
            "agent_workspace(",
            '"OPENCLAW_WORKSPACE_DIR"',
            '"OPENCLAW_STATE_DIR"',
            "DEFAULT_WORKSPACE",
        )
    ]
    assert order == sorted(order), "the code applies the steps in the order the help gives"


@pytest.mark.parametrize("kind", ["ebbinghaus", "index", "index history"])
def test_a_duplicate_id_in_an_import_is_an_error_naming_it_and_nothing_is_written(
    run_cli: Any, workspace: Path, kind: str
) -> None:
    """The second entry of an id was dropped in silence ("Imported 1"): now one line names the id, exit 1,
    and the store is as it was."""
    assert run_cli("remember", "My sister's name is Alma").returncode == 0
    if kind == "ebbinghaus":
        data: dict[str, Any] = {
            "items": [
                {"id": 7, "content": "Project Falcon ships in June", "last_reviewed": "2026-01-01T09:00:00"},
                {"id": 8, "content": "The boiler was serviced in May", "last_reviewed": "2026-01-01T09:00:00"},
                {"id": 7, "content": "The user's cat is called Miso", "last_reviewed": "2026-01-02T09:00:00"},
            ]
        }
        named = "duplicate id 7 (also entry 1)"
    else:
        one = {"id": "mem_003", "content": "I play the cello on Sundays", "domain": "user", "created": "2026-01-01"}
        two = one | {"content": "I swim on Tuesdays", "created": "2026-01-02"}
        data = {"version": 2, "memories": [one, two]}
        named = "duplicate id mem_003 (also entry 1 of memories)"
        if kind == "index history":
            old = one | {"content": "I played the viola", "supersededBy": "mem_003"}
            data = {"version": 2, "memories": [one], "superseded": [old]}
            named = "duplicate id mem_003 (also entry 1 of memories)"
    path = workspace.parent / "dup.json"
    path.write_text(json.dumps(data))
    before = run_cli("export").stdout
    done = run_cli("import", str(path), "--json")
    assert done.returncode == 1 and named in done.stderr + done.stdout, done.stderr + done.stdout
    assert "nothing was imported" in done.stderr + done.stdout
    assert run_cli("export").stdout == before
    plain = run_cli("import", str(path))
    assert plain.returncode == 1 and len(plain.stderr.strip().splitlines()) == 1 and named in plain.stderr
