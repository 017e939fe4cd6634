"""Every setting README lists takes effect in a real OpenClaw turn, under one precedence rule:
plugin config set explicitly > `memory/hippocampus.yaml` > defaults.

One OpenClaw of its own (so its memories do not mix with the other e2e tests'), its turns through one
Gateway (a dozen `--local` turns would each start all of OpenClaw), so a plugin setting changed with
`openclaw config patch` must reach the running Gateway; a fixed clock (`HIPPOCAMPUS_NOW`, inherited by
the hooks from the Gateway's environment), and the fenced block read from what the fake model was sent.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from hippocampus.store import queue
from hippocampus.store.workspace import Workspace
from hippocampus.views.context import FENCE_CLOSE, FENCE_OPEN, estimate_tokens

from .conftest import OpenClaw, make_openclaw, wait_for
from .fake_model import FakeModel
from .test_openclaw_hooks import last_request_with, user_texts

pytestmark = pytest.mark.e2e
NOW = datetime(2026, 6, 1, 12, 0, tzinfo=timezone.utc)
ALMA = "The user's sister is called Alma"  # core, 10 days old: core on 0.99^days, gone on Ebbinghaus
LUTHIER = "The user works as a luthier in Porto"  # core, new
FALCON_A = "Falcon launch: the Falcon review is Friday and the Falcon budget is approved"  # most relevant
FALCON_B = "The user's old bike was nicknamed Falcon"  # most important of the three
FALCON_C = "A Falcon mug sits on the desk"  # most recent
FALCONS = (FALCON_A, FALCON_B, FALCON_C)


@pytest.fixture(scope="module")
def claw(openclaw_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[OpenClaw]:
    model = FakeModel(tmp_path_factory.mktemp("settings-model") / "requests.jsonl", lifetime=1800)
    oc = make_openclaw(tmp_path_factory.mktemp("settings"), openclaw_path, model)
    for text, importance, age in (
        (ALMA, "0.95", timedelta(days=10)),
        (LUTHIER, "0.9", timedelta(0)),
        (FALCON_A, "0.4", timedelta(days=5)),
        (FALCON_B, "0.65", timedelta(days=1)),
        (FALCON_C, "0.3", timedelta(hours=1)),
    ):
        at = {"HIPPOCAMPUS_NOW": (NOW - age).isoformat()}
        oc.env.update(at)
        oc.hippocampus("remember", text, "--importance", importance)
    oc.env["HIPPOCAMPUS_NOW"] = NOW.isoformat()
    oc.start_gateway()
    yield oc
    oc.stop_gateway()
    model.stop()


GATE_OFF: dict[str, object] = {"inject_abstain": False, "semantic": "off"}
"""Five memories give the evidence rule nothing to judge a match against (issue 25: such a store
injects nothing relevant, `test_inject_abstain_...`); the tests of ranking and budgets turn it off.
They rank by words alone, as they did before `remember` embedded its memory (issue 25): the orders
they check are BM25's, min-max-normalised against importance and recency."""


def block(oc: OpenClaw, marker: str, settings: dict[str, object] | None = None, gate: bool = False) -> str:
    """Write the settings file (or remove it), run one real turn, return the fenced block the model got;
    `gate`: keep the evidence rule (the default setting) instead of turning it off (GATE_OFF)."""
    path = oc.workspace / "memory" / "hippocampus.yaml"
    settings = {**({} if gate else GATE_OFF), **(settings or {})}
    if not settings:
        path.unlink(missing_ok=True)
    else:
        path.write_text("".join(f"{k}: {json.dumps(v)}\n" for k, v in settings.items()))
    oc.agent(f"Tell me about falcon ({marker})")
    text = next(t for t in user_texts(last_request_with(oc, marker)) if marker in t)
    if FENCE_OPEN not in text:
        return ""
    return text[text.index(FENCE_OPEN) : text.index(FENCE_CLOSE) + len(FENCE_CLOSE)] + "\n"


def relevant(text: str) -> list[str]:
    """The relevant memories of a block, in the order injected."""
    section = text.split("Relevant to this message:")[1].split("Core memories:")[0]
    order = sorted((section.index(f), f) for f in FALCONS if f in section)
    return [f for _, f in order]


def test_defaults_inject_everything_relevance_first(claw: OpenClaw) -> None:
    text = block(claw, "defaults-1")
    assert relevant(text)[0] == FALCON_A and set(relevant(text)) == set(FALCONS)  # weight_relevance 3 dominates
    assert ALMA in text and LUTHIER in text and estimate_tokens(text) <= 400  # the default budget, in tokens


def test_inject_abstain_by_default_a_small_store_injects_core_but_nothing_relevant(claw: OpenClaw) -> None:
    text = block(claw, "gate-1", gate=True)  # no settings file: the defaults
    assert "Relevant to this message:" not in text and not any(f in text for f in FALCONS)
    assert ALMA in text and LUTHIER in text, "the core list is still shown"
    assert set(relevant(block(claw, "gate-2", {"inject_abstain": False}, gate=True))) == set(FALCONS)


def test_inject_budget_from_the_file_is_obeyed_and_plugin_config_wins(claw: OpenClaw) -> None:
    full = block(claw, "budget-0")
    text = block(claw, "budget-1", {"inject_budget": 110})  # tokens (views/context.py's estimate)
    assert text and estimate_tokens(text) <= 110 < estimate_tokens(full)
    claw.set_plugin_config(budgetTokens=80)
    try:
        text = block(claw, "budget-2", {"inject_budget": 110})
        assert text and estimate_tokens(text) <= 80
    finally:
        claw.patch({"plugins": {"entries": {"hippocampus": {"config": {"budgetTokens": None}}}}})
        claw.plugin_config.pop("budgetTokens")
    assert estimate_tokens(block(claw, "budget-3", {"inject_budget": 110})) > 80  # unset again: the file rules


def test_inject_relevant_and_core_limit(claw: OpenClaw) -> None:
    text = block(claw, "counts-1", {"inject_relevant": 1, "core_limit": 1})
    assert relevant(text) == [FALCON_A]
    assert LUTHIER in text and ALMA not in text  # only the strongest core memory


def test_curve_ebbinghaus_lets_a_ten_day_old_memory_fade(claw: OpenClaw) -> None:
    assert ALMA in block(claw, "curve-1", {"curve": "exponential"})
    assert ALMA not in block(claw, "curve-2", {"curve": "ebbinghaus"})


def test_recall_weights_reorder_what_is_injected(claw: OpenClaw) -> None:
    weights = {"weight_relevance": 0.0, "weight_importance": 1.0, "weight_recency": 0.0}
    assert relevant(block(claw, "weights-1", weights))[0] == FALCON_B
    weights = {"weight_relevance": 0.0, "weight_importance": 0.0, "weight_recency": 1.0}
    assert relevant(block(claw, "weights-2", weights))[0] == FALCON_C


@pytest.mark.parametrize(
    ("settings", "fact", "kept"),
    [  # both scored 0.8: kept at the default 0.5, not at 0.95
        ({}, "I really love hiking in the mountains on weekends", True),
        ({"capture_threshold": 0.95}, "I really love sailing on the lake in summer", False),
    ],
)
def test_capture_threshold_decides_what_a_turn_leaves(
    claw: OpenClaw, settings: dict[str, object], fact: str, kept: bool, tmp_path: Path
) -> None:
    """The turn queues the user's message; encoding (the session end, here the CLI's `encode`) applies
    capture_threshold from the file. (consolidation_gate acts at the same step; no ordinary message is
    turned away by its heuristic V-score, so its effect is tested on the library in tests/test_encode.py.)"""
    path = claw.workspace / "memory" / "hippocampus.yaml"
    path.write_text("".join(f"{k}: {json.dumps(v)}\n" for k, v in settings.items()))
    before = {m["content"] for m in json.loads(claw.hippocampus("list", "--json").stdout)}
    claw.agent(fact)
    ws = Workspace(claw.workspace)  # the Gateway answers before agent_end has queued the message
    wait_for(lambda: any(fact in row["text"] for row in queue.rows(ws)), "the turn's message in the queue")
    report = json.loads(claw.hippocampus("encode", "--json").stdout)
    after = {m["content"] for m in json.loads(claw.hippocampus("list", "--json").stdout)}
    assert (len(report["created"]) > 0) is kept, report
    assert (len(after) > len(before)) is kept
    path.unlink()
    # the module's store is the other tests' fixture: a captured memory whose context holds the previous
    # turn's "Tell me about falcon" would compete in their blocks (it won the typo test's one slot)
    created = [m["id"] for m in json.loads(claw.hippocampus("list", "--json").stdout) if m["content"] not in before]
    if created:
        claw.hippocampus("forget", *created)


def test_a_typo_in_the_settings_file_no_longer_turns_injection_off(claw: OpenClaw) -> None:
    """Issue 24/27: `inject_budgets` (a typo) used to fail every hook open, so nothing was injected. Now
    the bad key keeps its default, the turn gets its block, and the log names the key, not the value."""
    try:
        text = block(claw, "typo-1", {"inject_budgets": 812, "inject_relevant": 1})
        assert relevant(text) == [FALCON_A] and LUTHIER in text, "the good key applies, the block is there"
        logged = [line for line in claw.log_text().splitlines() if "inject_budgets" in line]
        assert logged and "812" not in logged[-1], logged
        assert claw.hippocampus("list", check=False).returncode == 1, "the CLI refuses the file"
    finally:
        (claw.workspace / "memory" / "hippocampus.yaml").unlink(missing_ok=True)
