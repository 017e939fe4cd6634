"""Forgetting lasts in a real OpenClaw 2026.9.6 (issue 24): `forget`, then the README's update step
(`install.py --yes`, whose history backfill re-reads the transcript) and the same words said again in a
real turn; the forgotten memory never comes back.

Reported: the installer's backfill re-read the transcript and encoded the message again ("Queued 1
signals … created 1"). A real turn through the plugin's hooks says it; a Gateway's session reset
(session_end) encodes it; the CLI forgets it; `install.py --yes` runs against this OpenClaw with this
interpreter (HIPPOCAMPUS_INSTALL_PYTHON: no venv is built; `--link`, as the plugin here is linked from
the checkout) and backfills the agent's SQLite transcript,
which still holds the message. Then a second real turn says the same words again.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .conftest import ROOT, OpenClaw, make_openclaw
from .fake_model import FakeModel

pytestmark = [pytest.mark.e2e, pytest.mark.installer]
MARK = "Quarrington"
SAID = f"Remember that my grandmother Wilhelmina {MARK} keeps nine goats near Tromsø"


@pytest.fixture(scope="module")
def claw(openclaw_path: str, fake_model: FakeModel, tmp_path_factory: pytest.TempPathFactory) -> OpenClaw:
    return make_openclaw(tmp_path_factory.mktemp("forget-reinstall"), openclaw_path, fake_model)


def _marked(claw: OpenClaw) -> list[dict[str, object]]:
    out = json.loads(claw.hippocampus("export").stdout)
    return [m for m in [*out["memories"], *out.get("superseded", [])] if MARK in str(m.get("content"))]


def test_a_forgotten_message_stays_forgotten_through_the_installer_and_real_turns(claw: OpenClaw) -> None:
    claw.agent(SAID)
    claw.reset_session()  # session_end encodes the turn
    found = _marked(claw)
    assert found, "the real turn stored the message (else the test proves nothing)"
    assert any(MARK in row for row in claw.transcript_rows()), "OpenClaw's transcript holds the message"

    claw.hippocampus("forget", *[str(m["id"]) for m in found])
    assert _marked(claw) == []

    env = {**claw.env, "HIPPOCAMPUS_INSTALL_PYTHON": sys.executable}
    done = subprocess.run(
        [sys.executable, str(ROOT / "install.py"), "--yes", "--link", "--json", "--workspace", str(claw.workspace)],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        cwd=claw.home,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    backfill = [line for line in json.loads(done.stdout)["done"] if line.startswith("history backfill")]
    assert backfill and "Queued 0 " not in backfill[0], f"the backfill re-read the transcript: {backfill}"
    assert _marked(claw) == [], f"the installer's backfill stored the forgotten message again: {backfill}"

    claw.agent(SAID)  # the same words, said again in a new turn of the same transcript
    claw.reset_session()
    assert _marked(claw) == [], "the hooks stored the forgotten message again"
    memory = claw.workspace / "memory"
    assert not [p.name for p in memory.rglob("*") if p.is_file() and MARK.encode() in p.read_bytes()]
