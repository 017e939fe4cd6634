"""Secrets typed into a real OpenClaw 2026.9.6 agent turn reach no file of the workspace (issue 12).

The turns and the reset go through a Gateway, which answers before session_end has encoded: the
redacted memories are waited for before anything is read."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from .conftest import OpenClaw, wait_for

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from secret_corpus import cases  # the shared corpus lives beside the unit tests
from secret_paths import leaked

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("openclaw_gateway")]

PICK = [
    "github-pat/prose",
    "openai-project/cjk",
    "aws-secret-prose/split",
    "password-prose/plain",
    "chinese-password-space/cjk",
    "card-dots/prose",
    "azure-account-key/plain",
    "curl-user/split",
    "pin/prose",
    "discord-bot/split",
    "sshpass/plain",
    "url-key/cjk",
]


def test_secrets_in_real_turns_reach_no_file_of_the_workspace(openclaw: OpenClaw) -> None:
    chosen = [c for c in cases() if c["id"] in PICK]
    assert len(chosen) == len(PICK)
    for start in (0, 6):
        lines = "\n".join(str(c["text"]) for c in chosen[start : start + 6])
        openclaw.agent(f"Remember that these are mine (secret-probe-{start}):\n{lines}")
    openclaw.reset_session()  # session_end encodes the queue and re-syncs HIPPOCAMPUS_CORE.md

    def recalled() -> str:
        found = openclaw.hippocampus("recall", "secret-probe", "--json").stdout
        return found if "secret-probe" in found else ""

    recalled_text = wait_for(recalled, "session_end to encode the turns", every=1.0)
    openclaw.hippocampus("sync-core")
    assert "[REDACTED" in recalled_text, "the turns were captured, redacted"
    assert "secret-probe" in "\n".join(openclaw.transcript_rows()), "the turns did reach OpenClaw"
    assert leaked(openclaw.workspace, chosen) == set()
