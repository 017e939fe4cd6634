"""Facts that are right (issue 10): corrections, distinct facts, paraphrases, junk and languages.

Fixture-driven (`tests/fixtures/facts.json`), through the real store: each message is queued and
encoded the way `session_end` does (`encoding.encode_pending`), and read back with `recall.recall`
and `recall.core_memories`. Prints one line per target and writes `bench/results/facts.json`.
`tests/test_facts.py` asserts the same targets pass/fail. Run: `.venv/bin/python bench/facts.py`.
"""

from __future__ import annotations

import json
import random
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from hippocampus import encoding
from hippocampus.core.config import Config
from hippocampus.core.lifecycle import CORE_FLOOR
from hippocampus.core.model import Signal
from hippocampus.recall import core_memories, recall
from hippocampus.store import index_file, queue
from hippocampus.store.workspace import Workspace

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "facts.json"
NOW = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)
CONFIG = Config()


def load() -> dict[str, Any]:
    """The fixtures."""
    return dict(json.loads(FIXTURES.read_text(encoding="utf-8")))


def session_end(ws: Workspace, texts: list[str], at: datetime, session: str = "s") -> Any:
    """Queue `texts` as one turn's user messages (unscored, as the hook does) and encode them."""
    signals = [
        Signal(session, f"{session}-{at.timestamp()}-{i}", t, at.isoformat(), 0.0, category="unscored")
        for i, t in enumerate(texts)
    ]
    queue.append_signals(ws, signals)
    return encoding.encode_pending(ws, at, CONFIG)


def corrections(data: dict[str, Any], root: Path) -> tuple[int, int, list[str]]:
    """(right, total, failures): the new fact first in recall, the old one never current."""
    right, failed = 0, []
    for n, pair in enumerate(data["corrections"]):
        ws = Workspace(root / f"c{n}")
        session_end(ws, [pair["old"]], NOW)
        later = NOW + timedelta(days=3)
        session_end(ws, [pair["new"]], later)
        hits = [h.memory.content for h in recall(ws, pair["query"], later, CONFIG)]
        core = [h.memory.content for h in core_memories(ws, later, CONFIG)]
        ok = bool(hits) and pair["current"] in hits[0] and pair["old"] not in hits + core
        right += ok
        if not ok:
            failed.append(f"{pair['old']} -> {pair['new']}: {hits}")
    return right, len(data["corrections"]), failed


def projects(root: Path, count: int = 1000, seed: int = 7) -> tuple[float, float]:
    """(share kept distinct, share recalled right) for `count` "project N is due in week W" facts."""
    rng = random.Random(seed)
    numbers = rng.sample(range(1, 10_000), count)
    facts = {n: rng.randint(1, 52) for n in numbers}
    ws = Workspace(root / "projects")
    texts = [f"Remember that project {n} is due in week {w}" for n, w in facts.items()]
    for start in range(0, count, 200):  # one session end per 200 messages, as a busy day would
        session_end(ws, texts[start : start + 200], NOW + timedelta(minutes=start))
    kept = len(index_file.load_index(ws).memories)
    later = NOW + timedelta(days=1)
    right = 0
    for n, w in facts.items():
        hits = recall(ws, f"when is project {n} due", later, CONFIG, k=1)
        right += bool(hits) and hits[0].memory.content == f"project {n} is due in week {w}"
    return kept / count, right / count


def distinct_pairs(data: dict[str, Any], root: Path) -> tuple[int, int, int]:
    """(kept distinct, updates among them, total) over 100 pairs that differ only by a number or a name."""
    rng = random.Random(11)
    kept = updates = total = 0
    for t, template in enumerate(data["distinct_pairs_templates"]):
        for i in range(10):
            if "{n}" in template:
                a, b = rng.sample(range(2, 999), 2)
                pair = [template.format(n=a), template.format(n=b)]
            else:
                x, y = rng.sample(data["names"], 2)
                pair = [template.format(name=x), template.format(name=y)]
            ws = Workspace(root / f"d{t}-{i}")
            session_end(ws, [f"Remember: {pair[0]}"], NOW)
            report = session_end(ws, [f"Remember: {pair[1]}"], NOW + timedelta(hours=1))
            total += 1
            kept += bool(report.created) and not report.reinforced
            updates += bool(report.superseded)
    return kept, updates, total


def paraphrases(data: dict[str, Any], root: Path) -> tuple[int, int]:
    """(reinforced, total): a paraphrase of a stored fact reinforces it instead of duplicating it."""
    done = 0
    for n, (a, b) in enumerate(data["paraphrases"]):
        ws = Workspace(root / f"p{n}")
        session_end(ws, [a], NOW)
        report = session_end(ws, [b], NOW + timedelta(hours=1))
        done += bool(report.reinforced) and not report.created
    return done, len(data["paraphrases"])


def junk(data: dict[str, Any], root: Path) -> tuple[int, int, int]:
    """(noise messages stored, junk messages stored as core, junk messages)."""
    ws = Workspace(root / "junk")
    noise, not_core = data["junk"]["noise"], data["junk"]["not_core"]
    session_end(ws, noise, NOW)
    stored_noise = len(index_file.load_index(ws).memories)
    session_end(ws, not_core, NOW + timedelta(minutes=1))
    core = [h for h in core_memories(ws, NOW + timedelta(minutes=2), CONFIG) if h.effective >= CORE_FLOOR]
    return stored_noise, len(core), len(noise) + len(not_core)


def languages(data: dict[str, Any], root: Path) -> dict[str, dict[str, Any]]:
    """Per language: the score each message got, and whether same-language recall finds it first."""
    out: dict[str, dict[str, Any]] = {}
    for code, case in data["languages"].items():
        ws = Workspace(root / f"lang-{code}")
        session_end(ws, [case["remember"], case["preference"]], NOW)
        stored = index_file.load_index(ws).memories
        row: dict[str, Any] = {"stored": len(stored), "scores": sorted(m.anchor for m in stored)}
        for kind in ("remember", "preference"):
            hits = recall(ws, case[f"query_{kind}"], NOW, CONFIG, k=1)
            said = hits[0].memory.sources[0].text or hits[0].memory.content if hits else ""
            row[f"recall_{kind}"] = said == case[kind]
        out[code] = row
    return out


def main() -> None:
    data = load()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        right, total, failed = corrections(data, root)
        kept, recalled = projects(root)
        distinct, updated, pairs = distinct_pairs(data, root)
        same, para = paraphrases(data, root)
        noise_stored, core, junk_total = junk(data, root)
        langs = languages(data, root)
    print(f"corrections: new fact first, old never current: {right}/{total}")
    for line in failed:
        print(f"  failed: {line}")
    print(f"projects: kept distinct {kept:.1%}, recalled right {recalled:.1%}")
    print(f"pairs differing by one number/name: kept distinct {distinct}/{pairs} ({updated} as updates)")
    print(f"paraphrases reinforced: {same}/{para} ({same / para:.0%})")
    print(f"junk: {noise_stored} noise messages stored, {core} junk memories core, of {junk_total}")
    captured = sum(r["scores"] == [0.8, 0.9] for r in langs.values())
    found = sum(r["recall_remember"] and r["recall_preference"] for r in langs.values())
    print(f"languages: {captured}/{len(langs)} scored 0.9 and 0.8, {found}/{len(langs)} recalled in their language")
    for code, r in langs.items():
        if r["scores"] != [0.8, 0.9] or not (r["recall_remember"] and r["recall_preference"]):
            print(f"  {code}: {r}")
    results = {
        "corrections": [right, total],
        "projects": {"distinct": kept, "recall": recalled},
        "pairs": [distinct, updated, pairs],
        "paraphrases": [same, para],
        "junk": {"noise_stored": noise_stored, "core": core, "total": junk_total},
        "languages": langs,
    }
    out = Path(__file__).resolve().parent / "results"
    out.mkdir(exist_ok=True)
    (out / "facts.json").write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
