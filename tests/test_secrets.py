"""Nothing sensitive escapes: the secret corpus through every write path, grepped in every file's raw bytes.

The corpus (tests/secret_corpus.py) has every format in four forms; the drivers (tests/secret_paths.py)
push it through each path the way a user, OpenClaw or an LLM would, then regenerate every file made
from the store (HIPPOCAMPUS_CORE.md, archive.md, the dashboard, an export). The store's door to disk
(`store.redacted`) is also attacked directly, with callers that redact nothing.
"""

from __future__ import annotations

import ast
import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from secret_corpus import FORMATS, cases
from secret_paths import PATHS, all_bytes, leaked, run_path

from hippocampus.core.model import Memory, Signal
from hippocampus.store import database, inbox, logs, queue, rows, state
from hippocampus.store.workspace import Workspace

ROOT = Path(__file__).resolve().parent.parent
NOW = datetime(2026, 3, 1, 10, 0, tzinfo=timezone.utc)
CORPUS = cases()


def test_the_corpus_has_sixty_formats_in_every_form() -> None:
    assert len(FORMATS) >= 60
    assert {c["form"] for c in CORPUS} == {"plain", "prose", "cjk", "split"}
    assert len(CORPUS) == 4 * len(FORMATS)


def test_the_grep_finds_a_planted_secret(workspace: Path) -> None:
    """The check itself can fail: a secret written around the store is found in the database's bytes."""
    ws = Workspace(workspace)
    with database.writing(ws) as conn:
        conn.execute("INSERT INTO events(id, json) VALUES ('x', ?)", (str(CORPUS[0]["text"]),))
    assert CORPUS[0]["id"] in leaked(workspace, CORPUS[:1])


@pytest.mark.parametrize("path", list(PATHS))
def test_no_secret_reaches_disk_on_any_path(path: str, tmp_path: Path) -> None:
    root = tmp_path / "ws"
    found = run_path(path, root, CORPUS)
    assert found == set(), f"{len(found)} of {len(CORPUS)} cases reached disk via {path}: {sorted(found)[:10]}"
    assert (root / "memory" / "hippocampus.db").exists() or path == "hippocampus.log"


def _raw_memory(text: str) -> dict[str, object]:
    memory = Memory("mem_900", text, created=NOW, last_accessed=NOW, keywords=text.split()[:20])
    return memory.to_dict()


def test_the_store_redacts_what_its_callers_did_not(workspace: Path) -> None:
    """Each store write, called with raw text as a careless caller would: nothing secret lands."""
    ws = Workspace(workspace)
    texts = [str(c["text"]) for c in CORPUS]
    with database.writing(ws) as conn:
        for i, text in enumerate(texts):
            item = _raw_memory(text)
            item["id"] = f"mem_{i + 1:04d}"
            rows.write_memory(conn, item, None)
        logs.insert_events(conn, [{"time": "t", "type": "revise", "id": "m", "before": t, "after": t} for t in texts])
        rows.set_meta(conn, "legacyArchive", "\n".join(texts))
    queue.append_signals(ws, [Signal("s", f"m{i}", t, "t", 0.0) for i, t in enumerate(texts)])
    inbox.append_signals(str(ws.root), [Signal("s", f"x{i}", t, "t", 0.0, speaker=t) for i, t in enumerate(texts)])
    state.update(ws, "notes", {str(i): t for i, t in enumerate(texts)})
    memories = [Memory.from_dict(dict(_raw_memory(t), id=f"mem_a{i}")) for i, t in enumerate(texts)]
    logs.archive(ws, memories, NOW)
    for text in texts:
        logs.log_line(ws, f"request_after failed open: {text}", NOW)
    assert leaked(workspace, CORPUS) == set()


def test_keywords_that_were_part_of_a_secret_are_dropped(workspace: Path) -> None:
    ws = Workspace(workspace)
    with database.writing(ws) as conn:
        rows.write_memory(conn, _raw_memory("my password is Hunter2Blue and I like tea"), None)
    stored = json.loads(all_bytes(workspace).split(b'"keywords": ')[1].split(b"]")[0].decode() + "]")
    assert "Hunter2Blue" not in stored and "tea" in stored and "password" in stored


def test_an_old_spill_file_is_redacted_when_absorbed(workspace: Path) -> None:
    """A spill file left by an older version (raw text) is redacted on its way into the queue."""
    from hippocampus import encoding
    from hippocampus.core.config import Config

    ws = Workspace(workspace)
    with database.writing(ws):
        pass
    lines = [
        json.dumps(Signal("s", f"m{i}", "Remember " + str(c["text"]), "t", 0.0).to_dict()) for i, c in enumerate(CORPUS)
    ]
    (ws.memory_dir / "queue-spill.jsonl").write_text("\n".join(lines) + "\n{not json " + str(CORPUS[3]["text"]) + "\n")
    encoding.encode_pending(ws, NOW, Config())
    assert leaked(workspace, CORPUS) == set()


def test_every_json_document_the_store_writes_goes_through_the_door() -> None:
    """In store/, JSON is serialised only by store.redacted (rows' similarity profile is derived from the
    redacted content and holds only features of it)."""
    allowed = {("rows.py", "write_memory"), ("rows.py", "profile_text")}  # profile_text: features only
    offenders = []
    for path in sorted((ROOT / "hippocampus" / "store").glob("*.py")):
        if path.name == "redacted.py":
            continue
        tree = ast.parse(path.read_text())
        for func in ast.walk(tree):
            if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(func):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "dumps"
                    and (path.name, func.name) not in allowed
                ):
                    offenders.append(f"{path.name}:{node.lineno} in {func.name}")
    assert offenders == []
    source = (ROOT / "hippocampus" / "store" / "rows.py").read_text()
    assert "item = redacted.memory(item)" in source.split("def write_memory", 1)[1].split("def ", 1)[0]


@pytest.mark.parametrize(
    "ordinary",
    [
        "I pinned the tab and my key is under the mat",
        "Purpose and goals of the token: create a sustainable economy",
        "Strong passwords: use a different one for each account",
        "Passwords: 12 characters at least, with a digit",
        "tokens: never share them",
        "max_tokens: 4096",  # a count of tokens, however long, is not a token
        "max_tokens=300, temperature=0.2",
        "n_keys = 10000",
        "tokens: 128k context, 1,000,000 on the big model",
        "Passwords: 8-64 characters",
        "**Check credentials:** ensure the appraiser is licensed",
        "tokens = [word_tokenize(t) for t in texts]",
        "token = PasswordResetTokenGenerator().make_token(user)",
        'url = f"{base}?uid={uid}&token={token}"',
        "Authorization: OGSA provides mechanisms for access control",
        "see https://cdn.example.com/assets/ProductPhoto2023WinterCollectionXL.jpg for the picture",
        '<link integrity="sha384-KyZXEAg3QhqLMpG8r+Knujsl5/J5f5jU1wFzgW6xZI6loz6ldkgnC6fH1W9W1qw" rel="x">',
        "coordinates 52.2636 21.0196 5411 and 50.0345 19.9685",
        "version 2.14.1057 released on 2024.05.30",
        "the meeting is on 2024/05/30 at 10:30, room 4111",
        "密码错误，请重试",
        "password reset link sent",
    ],
)
def test_ordinary_text_survives_the_new_rules(ordinary: str) -> None:
    from hippocampus.core.redact import redact

    assert redact(ordinary) == ordinary


@pytest.mark.parametrize("lead", [" ", "\n\t", "  \u3000"])
def test_a_random_token_after_nothing_but_space_is_redacted(lead: str) -> None:
    """The generic long-token rule looks at the word before the token (a URL's path is not a key); with only
    space before it there is none, and that must not raise (an LLM's answer or a stored field can start so)."""
    from hippocampus.core.redact import redact

    token = "k3Jx9QmZ2pLr8TvB5nWc7YdF4gHs6AeU"
    assert redact(lead + token) == lead + "[REDACTED:high-entropy]"


@pytest.mark.parametrize("joiner", ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"])
def test_a_zero_width_character_inside_a_key_does_not_hide_it(workspace: Path, joiner: str) -> None:
    from hippocampus import memories
    from hippocampus.core.config import Config

    key = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5"
    memories.remember(
        Workspace(workspace),
        NOW,
        Config(),
        f"the build server uses my token {key[:10]}{joiner}{key[10:]} until the end of March",
    )
    blob = all_bytes(workspace)
    assert key[10:].encode() not in blob and key[:10].encode() not in blob


def test_a_store_from_older_rules_is_redacted_again_by_the_next_decay(
    workspace: Path, monkeypatch: pytest.MonkeyPatch, run_cli: object
) -> None:
    """What a version before these rules left on disk (here: written with the door open) is redacted
    in place by the daily decay, derived files included, and no old byte survives in the database files."""
    from hippocampus.core.config import Config
    from hippocampus.store import redacted
    from hippocampus.views import sync

    ws = Workspace(workspace)
    texts = [str(c["text"]) for c in CORPUS]
    with monkeypatch.context() as old:
        old.setattr(redacted, "redact", lambda text: text)
        with database.writing(ws) as conn:
            for i, text in enumerate(texts):
                item = _raw_memory("Remember that " + text)
                item["id"] = f"mem_{i + 1:04d}"
                item["importance"] = item["anchor"] = 0.9
                rows.write_memory(conn, item, None)
            logs.insert_events(
                conn, [{"time": "t", "type": "revise", "id": "m", "before": t, "after": t} for t in texts]
            )
            conn.execute("DELETE FROM meta WHERE key = 'redactionRules'")
        queue.append_signals(ws, [Signal("s", f"m{i}", t, "t", 0.0) for i, t in enumerate(texts)])
        state.update(ws, "notes", {str(i): t for i, t in enumerate(texts)})
        logs.archive(ws, [Memory.from_dict(dict(_raw_memory(t), id=f"mem_a{i}")) for i, t in enumerate(texts)], NOW)
        sync.sync_core(ws, NOW, Config())
    assert len(leaked(workspace, CORPUS)) > len(CORPUS) // 2, "the old store really holds the secrets"
    result = run_cli("decay", "--json", env={"HIPPOCAMPUS_NOW": "2026-03-02T00:00:00Z"})  # type: ignore[operator]
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["redactedAgain"] > 0
    assert leaked(workspace, CORPUS) == set()
    again = run_cli("decay", "--json", env={"HIPPOCAMPUS_NOW": "2026-03-03T00:00:00Z"})  # type: ignore[operator]
    assert "redactedAgain" not in json.loads(again.stdout), "once: the store now records today's rules"


def test_archiving_copies_stored_text_only_when_it_is_redacted_under_todays_rules(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`logs.archive_rows` skips the re-walk only for a store whose meta says its text is redacted under
    today's rules; a store behind them (here: written with the door open) is redacted as it is archived."""
    from hippocampus.core.lifecycle import DEFAULT_CURVE
    from hippocampus.core.redact import redact
    from hippocampus.store import redacted

    ws = Workspace(workspace)
    texts = [str(c["text"]) for c in CORPUS]
    with monkeypatch.context() as old:
        old.setattr(redacted, "redact", lambda text: text)
        with database.writing(ws) as conn:
            for i, text in enumerate(texts):
                rows.write_memory(conn, dict(_raw_memory(text), id=f"mem_{i + 1:04d}"), None)
    later = datetime(2026, 9, 1, tzinfo=timezone.utc)
    for rules, expected in (("older", [redact(t) for t in texts]), (redacted.RULES, texts)):
        with database.writing(ws) as conn:
            rows.set_meta(conn, "redactionRules", rules)
            rids = [int(r) for (r,) in conn.execute("SELECT rid FROM mem ORDER BY rid")]
            logs.archive_rows(conn, rids, later, DEFAULT_CURVE)
            docs = [json.loads(d) for (d,) in conn.execute("SELECT json FROM archived ORDER BY id")]
        assert [d["content"] for d in docs] == expected, rules
        assert all(d["importance"] < d["anchor"] for d in docs), "importance as of the archiving decay"
    assert sum(redact(t) != t for t in texts) > len(texts) // 2, "the behind store really held secrets"
    with pytest.raises(TypeError):
        redacted.renumbered({"content": "x"}, importance="sk_live_0123456789abcdef")  # type: ignore[arg-type]
