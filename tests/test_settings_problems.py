"""A settings file with an unknown key or a bad value (issue 24): the CLI refuses it in one line naming
the key (never the value), the hooks go on with that key's default and log it, `status` shows it.

Before: `inject_budgets: 800` (a typo) made every hook fail open, so nothing was injected or encoded,
and only the log said why.
"""

from __future__ import annotations

import io
import json
import math
from pathlib import Path
from typing import Any

import pytest

from hippocampus import memories
from hippocampus.core.config import Config, config_and_problems, config_from_mapping
from hippocampus.errors import InputError
from hippocampus.openclaw import hooks
from hippocampus.store.config_file import settings
from hippocampus.store.workspace import Workspace
from hippocampus.views.context import FENCE_OPEN

SECRET = "sk-live-4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c"
BAD: list[tuple[str, Any]] = [
    ("inject_budgets", 800),  # unknown key
    ("inject_budget", "lots"),  # not a number
    ("inject_budget", True),  # a flag is not a number
    ("capture_threshold", 1.5),
    ("capture_threshold", math.nan),
    ("decay_rate", 0),
    ("llm_timeout", -1),
    ("reflect_threshold", 0),
    ("semantic", "maybe"),
    ("semantic_weight", 2),
    ("curve", "linear"),
    ("consolidation_gate", "no"),  # bool("no") is True: only YAML's own true/false
    ("llm_decisions", 1),
    ("candidates", [1, 2]),
    ("llm_url", {"a": 1}),
]


@pytest.mark.parametrize(("key", "value"), BAD)
def test_each_bad_key_keeps_its_default_and_is_named_in_one_line(key: str, value: Any) -> None:
    config, problems = config_and_problems({key: value, "inject_relevant": 7})
    assert len(problems) == 1 and repr(key) in problems[0] and "\n" not in problems[0]
    assert config.inject_relevant == 7, "the good keys are used"
    if key in {f for f in Config.__slots__}:  # type: ignore[attr-defined]
        assert getattr(config, key) == getattr(Config(), key)
    with pytest.raises(InputError, match=repr(key)):
        config_from_mapping({key: value})


@pytest.mark.parametrize(("key", "value"), [(k, v) for k, v in BAD if isinstance(v, str)])
def test_no_error_quotes_the_value(key: str, value: Any) -> None:
    _config, problems = config_and_problems({key: SECRET if key != "semantic" else SECRET})
    assert problems and SECRET not in problems[0] and SECRET[:12] not in problems[0]


GOOD: list[tuple[str, Any]] = [
    ("inject_budget", 800),
    ("inject_budget", "800"),
    ("capture_threshold", 0.0),
    ("capture_threshold", 1),
    ("decay_rate", 0.05),
    ("semantic", False),
    ("semantic", "off"),
    ("consolidation_gate", True),
    ("curve", "ebbinghaus"),
    ("weight_recency", 0),
    ("llm_url", "http://127.0.0.1:9/v1"),
]


@pytest.mark.parametrize(("key", "value"), GOOD)
def test_good_values_are_no_problem(key: str, value: Any) -> None:
    """The other side of the rule: what was accepted before is accepted still."""
    assert config_and_problems({key: value})[1] == []


def test_a_broken_yaml_file_never_quotes_its_line(tmp_path: Path) -> None:
    path = tmp_path / "hippocampus.yaml"
    path.write_text(f"llm_url: [{SECRET}\n")
    found = settings(path)
    assert found.config == Config() and found.problems == ("not valid YAML at line 2",) or "YAML" in found.problems[0]
    assert SECRET not in " ".join(found.problems)


def call(name: str, payload: dict[str, Any]) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    assert hooks.run(name, io.BytesIO(json.dumps(payload).encode()), out, err) == 0
    return out.getvalue(), err.getvalue()


def test_a_typo_in_one_key_no_longer_turns_off_injection(workspace: Path) -> None:
    ws = Workspace(workspace)
    # core (0.9): a store of one memory injects no relevant part (issue 25), so the core list shows it
    memories.remember(ws, memories_now(), Config(), "User's dentist is Dr Okafor on Rua Augusta", importance=0.9)
    ws.config_path.write_text("inject_budgets: 800\n")
    payload = {
        "workspace": str(workspace),
        "config": {},
        "ctx": {"agentId": "main", "trigger": "user"},
        "event": {"prompt": "who is my dentist?"},
    }
    out, err = call("request_before", payload)
    assert FENCE_OPEN in out and "Okafor" in out, "injected on the defaults"
    assert "'inject_budgets'" in err and "800" not in err
    again, err2 = call("request_before", payload)
    assert again == out and err2 == "", "logged once per file version, not every turn"


def memories_now():  # type: ignore[no-untyped-def]
    from hippocampus.clock import now

    return now()


def test_every_cli_command_fails_naming_the_key_but_status_shows_it(workspace: Path, run_process: Any) -> None:
    assert run_process("init").returncode == 0
    (workspace / "memory" / "hippocampus.yaml").write_text(
        f"inject_budgets: 800\nllm_url: {{x: 1}}\nllm_timeout: {SECRET}\n"
    )
    for args in (("list",), ("recall", "dentist"), ("export",), ("decay",), ("load-core",)):
        done = run_process(*args)
        assert done.returncode == 1, args
        assert "'inject_budgets'" in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert "800" not in done.stderr and SECRET not in done.stderr
        error = json.loads(run_process(*args, "--json").stderr)
        assert "'inject_budgets'" in error["error"] and error["file"].endswith("hippocampus.yaml")
    status = run_process("status", "--json")
    assert status.returncode == 0
    problems = json.loads(status.stdout)["health"]["settings"]["problems"]
    assert any("'inject_budgets'" in p for p in problems) and any("'llm_url'" in p for p in problems)
    assert any("'llm_timeout'" in p for p in problems)
    assert SECRET not in status.stdout and "800" not in json.dumps(problems)
    assert run_process("status", "--check").returncode == 1


def test_the_dashboard_shows_the_problem_and_when_the_hooks_last_worked(workspace: Path, run_process: Any) -> None:
    assert run_process("init").returncode == 0
    (workspace / "memory" / "hippocampus.yaml").write_text(f"inject_budgets: 800\nllm_timeout: {SECRET}\n")
    done = run_process("dashboard", "--json")
    assert done.returncode == 0, done.stderr
    problems = json.loads(done.stdout)["problems"]
    assert any("'inject_budgets'" in p for p in problems) and any("'llm_timeout'" in p for p in problems)
    page = (workspace / "brain-dashboard.html").read_text()
    assert 'id="health-problems"' in page and "&#39;inject_budgets&#39;" in page and SECRET not in page
    assert "Last turn captured never" in page
    (workspace / "memory" / "hippocampus.yaml").write_text("inject_budget: 800\n")
    assert run_process("dashboard").returncode == 0
    page = (workspace / "brain-dashboard.html").read_text()
    assert "inject_budgets" not in page, "a fixed file leaves the page at the next regeneration"
