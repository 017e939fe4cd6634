"""Credentials said in plain speech, and secrets another tool masked, never reach disk (issue 24).

The casual corpus (tests/credential_corpus.py: wifi passwords, "pw", door and alarm codes, PINs, logins
written "user / password", national ids, IBANs, auth tokens after a label, masked keys, in the supported
languages) goes through every write path of tests/secret_paths.py (remember, ingest, the imports, revise,
summarize, reflect, the hook processes, the inbox, backfill, the log), then every file made from the
store is regenerated and every byte under the workspace is searched. The other side is measured too:
ordinary sentences with numbers, codes, dates and talk about passwords come out unchanged.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from credential_corpus import CASUAL, ORDINARY, cases
from secret_paths import PATHS, leaked, run_path

from hippocampus import encoding, memories
from hippocampus.core.config import Config
from hippocampus.core.redact import redact, scrub
from hippocampus.errors import InputError
from hippocampus.store import index_file
from hippocampus.store.workspace import Workspace

CORPUS = cases()
NOW = datetime(2026, 3, 1, 10, tzinfo=timezone.utc)


def test_the_corpus_is_casual_varied_and_holds_masked_keys() -> None:
    assert len(CASUAL) >= 30
    assert len({lang for _, lang, _, _ in CASUAL}) >= 10
    assert sum(ident.startswith("masked") for ident, _, _, _ in CASUAL) >= 5
    assert len(ORDINARY) >= 50


def test_the_grep_finds_a_credential_written_raw(tmp_path: Path) -> None:
    """The check can fail: with the redactor switched off, the corpus reaches the database."""
    ws = Workspace(tmp_path)
    with pytest.MonkeyPatch.context() as patch:
        from hippocampus.store import redacted

        patch.setattr(redacted, "redact", lambda text: text)
        from hippocampus.core import redact as rules

        patch.setattr(rules, "scrub", lambda text: text)
        for case in CORPUS[:5]:
            memories.remember(ws, NOW, Config(), f"Note for later about the flat: {case['text']} and more words here")
    assert leaked(tmp_path, CORPUS[:5])


@pytest.mark.parametrize("case", CORPUS, ids=[str(c["id"]) for c in CORPUS])
def test_each_credential_is_redacted(case: dict[str, object]) -> None:
    cleaned = scrub(str(case["text"]))
    assert not [n for n in case["needles"] if str(n) in cleaned], cleaned  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", list(PATHS))
def test_no_credential_reaches_disk_on_any_path(path: str, tmp_path: Path) -> None:
    root = tmp_path / "ws"
    found = run_path(path, root, CORPUS)
    assert found == set(), f"{len(found)} of {len(CORPUS)} cases reached disk via {path}: {sorted(found)}"


@pytest.mark.parametrize("ordinary", ORDINARY)
def test_ordinary_text_is_not_redacted(ordinary: str) -> None:
    assert redact(ordinary) == ordinary


@pytest.mark.parametrize(
    "text",
    [
        "the wifi pass is Ferngully88",
        "Remember that the door code is 48213",
        "my Netflix login: anna.berg@example.com / Sommer2024!",
        "alarm code: 99731",
        "我家wifi密码是abc12345xyz",
        "OpenClaw showed my key as AKIAZ3…TQ2B",
    ],
)
def test_a_message_that_is_only_a_credential_is_not_stored(text: str, tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    with pytest.raises(InputError, match="only a credential|mostly redacted"):
        memories.remember(ws, NOW, Config(), text)
    rows = [{"session": "s1", "id": "m1", "role": "user", "text": text, "timestamp": "2026-03-01T10:00:00Z"}]
    encoding.ingest(ws, NOW, Config(), {"s1": rows})
    assert index_file.count(ws) == 0


def test_a_message_with_more_than_the_credential_is_kept_redacted(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    text = "My bank PIN is 60847 and I have banked with ING in Rotterdam since 2019"
    rows = [{"session": "s1", "id": "m1", "role": "user", "text": text, "timestamp": "2026-03-01T10:00:00Z"}]
    encoding.ingest(ws, NOW, Config(), {"s1": rows})
    stored = [m.content for m in index_file.load_index(ws).memories]
    assert stored and "60847" not in stored[0] and "ING in Rotterdam" in stored[0]


@pytest.mark.parametrize(
    ("valid", "invalid"),
    [
        (
            "DE89 3704 0044 0532 0130 00",
            "DE89 3704 0044 0532 0130 02",
        ),  # IBAN: mod 97 (…01 holds a Luhn-valid card run)
        ("GB82WEST12345698765432", "GB82WEST12345698765433"),
        ("12345678Z", "12345678A"),  # DNI: check letter
        ("11010519491231002X", "11010519491231002Y"),  # Chinese resident id: ISO 7064
        ("RSSMRA85T10A562S", "RSSMRA85T10A562X"),  # codice fiscale: check letter
        ("219-09-9999", "666-09-9999"),  # SSN: ranges never assigned
    ],
)
def test_ids_without_a_label_are_found_by_their_check_digits_only(valid: str, invalid: str) -> None:
    assert valid not in redact(f"it is {valid} I think") and "[REDACTED:" in redact(f"it is {valid} I think")
    assert redact(f"it is {invalid} I think") == f"it is {invalid} I think"
