"""SKILL.md stays complete and honest: every CLI command with an example, every hook declared, valid frontmatter."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import yaml

from hippocampus.cli.app import main

ROOT = Path(__file__).resolve().parent.parent
SKILL = (ROOT / "SKILL.md").read_text(encoding="utf-8")
FRONT, BODY = SKILL.split("---\n", 2)[1:]


def test_every_cli_command_has_an_example() -> None:
    missing = [
        name
        for name in sorted(main.commands)
        if not re.search(rf"`hippocampus (--workspace \S+ )?{re.escape(name)}\b[^`]*`", BODY)
    ]
    assert missing == [], f"commands without an example in SKILL.md: {missing}"


def test_every_command_is_in_the_table() -> None:
    rows = set(re.findall(r"^\| `([a-z-]+)` \|", BODY, flags=re.M))
    assert set(main.commands) <= rows, set(main.commands) - rows


def test_frontmatter_is_what_openclaw_reads() -> None:
    data = yaml.safe_load(FRONT)
    assert data["name"] == "hippocampus"
    assert isinstance(data["description"], str) and "\n" not in data["description"]
    assert 0 < len(data["description"]) < 200
    meta = data["metadata"]["openclaw"]
    assert meta["emoji"] and meta["requires"]["bins"] == ["python3"]
    assert isinstance(meta["install"], list) and meta["install"][0]["bins"] == ["python3"]


def test_every_hook_the_plugin_registers_is_declared() -> None:
    source = (ROOT / "hooks" / "index.js").read_text(encoding="utf-8")
    hooks = set(re.findall(r'"(before_[a-z_]+|agent_end|session_end)"', source))
    assert {"before_prompt_build", "agent_end", "session_end"} <= hooks
    declaration = BODY.split("## Manual for the agent")[0]
    assert [h for h in sorted(hooks) if f"`{h}`" not in declaration] == []


def test_declarations_come_first_and_cover_the_review() -> None:
    declaration = BODY.split("## Manual for the agent")[0]
    for words in (
        "allowConversationAccess",
        "What is written where",
        "only with `--with-cron`",
        "only with `--with-agent`",
        "multi-agent roster",
        "export",
        "--uninstall",
        "--purge",
        "JSON5 comments",
        "read-only",
    ):
        assert words in declaration, words
    assert "{baseDir}" in BODY and "systemPrompt" not in SKILL


def shipped_files() -> list[Path]:
    """Files a ClawHub bundle would hold: tracked by git, no dot-files."""
    try:
        listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        paths = [ROOT / line for line in listed.splitlines()]
    except (OSError, subprocess.CalledProcessError):
        paths = [p for p in ROOT.rglob("*") if ".venv" not in p.parts and ".cache" not in p.parts]
    return [p for p in paths if p.is_file() and not any(part.startswith(".") for part in p.relative_to(ROOT).parts)]


def test_no_hard_coded_skill_path() -> None:
    needle = "workspace/skills/" + "hippocampus"  # split so this file does not match itself
    offenders = [
        str(p.relative_to(ROOT)) for p in shipped_files() if needle in p.read_text(encoding="utf-8", errors="replace")
    ]
    assert offenders == []


def test_venv_is_never_bundled() -> None:
    ignore = (ROOT / ".clawhubignore").read_text() + (ROOT / ".gitignore").read_text()
    assert ".venv/" in ignore


def test_agent_folder_is_complete() -> None:
    agents = (ROOT / "agent" / "AGENTS.md").read_text(encoding="utf-8")
    assert "{hippocampus}" in agents and "never message the user" in agents.lower()
    assert "by hand" in agents and "pending" in agents and "consolidate" in agents
    assert (ROOT / "agent" / "IDENTITY.md").exists()
    readme = (ROOT / "agent" / "README.md").read_text(encoding="utf-8")
    assert "agents.ownership" in readme and "--uninstall" in readme
