"""The fact-identity rules alone (issue 24), on the correction and look-alike pairs of a fixture: whether the
newer statement's probes find the older (`core.facts.probes`, one of the older's features) and it updates it
(`core.facts.updates`). No store, no capture, no redaction: a quick check of the rules while writing them
(`bench/facts24.py` is the measure, through the real paths; a credential said as a fact is redacted there, so
it never supersedes). Run: `nice -n 10 .venv/bin/python bench/facts_rules.py [FIXTURE ...] [-v]`, FIXTURE a
name in `bench/fixtures/facts24/` (default: sixth_dev).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from hippocampus.core import facts
from hippocampus.core.similarity import features

HERE = Path(__file__).resolve().parent / "fixtures" / "facts24"


def found(new: str, old: str) -> bool:
    """`new` finds `old` by its probes and updates it."""
    olds = {f.lstrip("!") for f in features(old)}
    return bool(set(facts.probes(new)) & olds) and facts.updates(new, old)


def main() -> None:
    names = [a for a in sys.argv[1:] if not a.startswith("-")] or ["sixth_dev"]
    verbose = "-v" in sys.argv
    for name in names:
        data = json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))
        corrections, distinct = data.get("corrections", []), data.get("distinct", [])
        missed = [p for p in corrections if not found(p["new"], p["old"])]
        wrong = [p for p in distinct if found(p["new"], p["old"])]
        caught = len(corrections) - len(missed)
        print(f"{name}: corrections {caught}/{len(corrections)}, look-alikes wrong {len(wrong)}/{len(distinct)}")
        for label, pairs in (("missed", missed), ("wrong", wrong)) if verbose else ():
            for p in pairs:
                print(f"  {label}: {p['old']} -> {p['new']}")


if __name__ == "__main__":
    main()
