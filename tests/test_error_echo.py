"""Errors name the field and what was expected, never the value: the secret corpus (tests/secret_corpus.py,
every format as a tool prints it) is put into each field of a malformed import file, each setting, each
command-line value that is checked, and the clock override, and no command's output (stdout, stderr,
with and without `--json`) may hold any of it. Each case must fail: an error path that is not reached
proves nothing."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.secret_corpus import FORMATS

SECRETS = [(fmt, template.format(s=secret), secret) for fmt, secret, template in FORMATS]
NEEDLES = {fmt: secret if len(secret) >= 8 else template for fmt, template, secret in SECRETS}

MEMORY = {
    "id": "mem_001",
    "domain": "user",
    "category": "preference",
    "content": "I prefer green tea in the morning",
    "importance": 0.9,
    "anchor": 0.9,
    "created": "2026-03-01T00:00:00Z",
    "lastAccessed": "2026-03-01T00:00:00Z",
    "timesReinforced": 0,
    "keywords": ["tea"],
    "stability": 1.0,
    "sources": [{"session": "cli", "message": "cli-1", "time": "2026-03-01T00:00:00Z"}],
    "summaryPending": False,
}
ITEM = {"id": "a1", "content": "I prefer green tea", "category": "preference", "created": "2026-03-01T00:00:00Z"}


def index_with(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "version": 2,
        "lastUpdated": "",
        "decayLastRun": "",
        "nextId": 2,
        "memories": [copy.deepcopy(MEMORY)],
    }
    target: Any = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


def index_at(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    return index_with(path, value)


def superseded_with(field: str, value: Any) -> dict[str, Any]:
    old = {**copy.deepcopy(MEMORY), "id": "mem_000", "supersededBy": "mem_001", field: value}
    return {**index_with(("version",), 2), "superseded": [old]}


def items_with(field: str, value: Any) -> dict[str, Any]:
    return {"items": [{**ITEM, field: value}]}


MEMORY_FIELDS = [f for f in MEMORY if f not in ("id", "content", "keywords", "summaryPending")]  # any text is an id
FILES: dict[str, Callable[[str], Any]] = {
    **{f"index memory {f}": partial(index_at, ("memories", 0, f)) for f in MEMORY_FIELDS},
    "index memories": lambda v: index_with(("memories",), v),
    "index memory": lambda v: index_with(("memories", 0), v),
    "index nextId": lambda v: index_with(("nextId",), v),
    "index superseded": lambda v: {**index_with(("version",), 2), "superseded": v},
    "superseded supersededBy": lambda v: superseded_with("supersededBy", v),
    "superseded id": lambda v: {
        **superseded_with("id", v),
        "superseded": [{**superseded_with("id", v)["superseded"][0], "supersededBy": "mem_404"}],
    },
    "superseded created": lambda v: superseded_with("created", v),
    **{f"ebbinghaus {f}": partial(items_with, f) for f in ("created", "last_reviewed", "category")},
    "ebbinghaus stability": lambda v: items_with("stability", v),
    "ebbinghaus review_count": lambda v: items_with("review_count", v),
    "ebbinghaus items": lambda v: {"items": v},
}


def echoed(outputs: list[str]) -> list[str]:
    return sorted({fmt for fmt, needle in NEEDLES.items() for out in outputs if needle in out})


@pytest.mark.parametrize("where", sorted(FILES))
def test_a_malformed_import_never_echoes_a_value(where: str, run_cli: Any, workspace: Path) -> None:
    leaked: dict[str, list[str]] = {}
    refused = 0
    for number, (fmt, text, _) in enumerate(SECRETS):
        own = workspace / f"w{number}"  # a store of its own: an entry imported before would be skipped
        own.mkdir()
        path = own / "import.json"
        path.write_text(json.dumps(FILES[where](text)))
        outs = []
        for extra in ((), ("--json",)):
            done = run_cli("--workspace", str(own), "import", str(path), *extra)
            assert "Traceback" not in done.stderr
            refused += done.returncode == 1  # else the value was a valid one (a card number is a number, a key a name)
            outs += [done.stdout, done.stderr]
        if echoed(outs):
            leaked[fmt] = outs
    assert refused > len(SECRETS), f"the error path of {where} is reached for too few values: {refused // 2}"
    assert not leaked, f"{len(leaked)} of {len(SECRETS)} echoed, e.g. {next(iter(leaked.values()))}"


SETTINGS = ["curve", "decay_rate", "semantic", "capture_threshold", "backups_keep", "llm_timeout", "embed_url"]


def test_a_malformed_setting_or_option_never_echoes_a_value(run_cli: Any, workspace: Path) -> None:
    settings = workspace / "memory" / "hippocampus.yaml"
    settings.parent.mkdir()
    leaked: dict[str, str] = {}
    refused: dict[str, int] = {}
    for fmt, text, _ in SECRETS:
        value = json.dumps(text)
        attempts: list[tuple[str, tuple[str, ...], dict[str, str]]] = [
            (f"{name}: {value}\n", ("list",), {}) for name in SETTINGS if name != "embed_url"
        ]
        attempts += [
            (f"{value}: 1\n", ("list",), {}),  # an unknown setting's name
            (f"curve: [{value}\n", ("list",), {}),  # not YAML: the parser's message quotes the line
            ("", ("remember", "I like tea", "--domain", text), {}),
            ("", ("remember", "I like tea", "--category", text), {}),
            ("", ("list",), {"HIPPOCAMPUS_NOW": text}),
            ("", ("forget", text), {}),
            ("", ("why", text), {}),
            ("", ("revise", text, "The user likes tea"), {}),
            ("", ("reflect", "--add", "The user likes tea and green things", "--evidence", text), {}),
        ]
        for number, (yaml_text, args, env) in enumerate(attempts):
            settings.write_text(yaml_text)
            kind = f"attempt {number}: {args[0]}"
            for extra in ((), ("--json",)):
                done = run_cli(*args, *extra, env=env)
                refused[kind] = refused.get(kind, 0) + (done.returncode != 0)  # a valid value is no error path
                assert "Traceback" not in done.stderr
                if echoed([done.stdout, done.stderr]):
                    leaked[f"{fmt} {args[0]} {yaml_text[:12]!r}"] = done.stderr
    assert min(refused.values()) > len(SECRETS), f"error paths reached for too few values: {refused}"
    assert not leaked, f"{len(leaked)} echoed, e.g. {sorted(leaked.items())[:3]}"
