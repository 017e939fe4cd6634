"""Both sides of "the newer first" (issue 24): what `core.newer.newer_first` marks "(updated DATE)" (and so
reorders: a pair it finds is always marked).

- Wrong side, through recall: on the 1,000 distinct person facts (`person_facts`, no fact updates another), how
  many recall results mark a distinct fact. Each fact is stored through one path, a few to a conversation, an
  hour apart (as `facts24.person`), then recalled by its own text (k=5).
- Both sides, the rules alone (`--rules`): on the fixtures' pairs, the look-alikes the ordering's test
  (`core.newer.two_values_of_one`, either way, sentence by sentence) would mark, and the corrections that the
  rules do not supersede (`facts_rules.found`) that it would order newer first; and, as a reading of its reach,
  how many of all the corrections it takes for one attribute.

Run: `PYTHONPATH=. nice -n 10 .venv/bin/python bench/newer_first.py [--paths ingest] [--rules [FIXTURE ...]] [-v]`.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from facts24 import CONFIG, NOW, stored, write
from facts_rules import HERE, found
from person_facts import facts as person_facts

from hippocampus.core import newer
from hippocampus.recall import recall
from hippocampus.store.workspace import Workspace

FIXTURES = ["corrections", *(f"heldout{i}" for i in range(2, 16)), "sixth_dev"]
"""The fixtures with correction and look-alike pairs (`--rules` without names)."""


def rules(names: list[str], verbose: bool) -> None:
    """The rules-level figures of both sides, per fixture and in all."""
    missed_n = ordered_n = distinct_n = marked_n = all_n = taken_n = 0
    for name in names:
        data = json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))
        corrections, distinct = data.get("corrections", []), data.get("distinct", [])
        missed = [p for p in corrections if not found(p["new"], p["old"])]
        ordered = [p for p in missed if newer._one_attribute(p["new"], p["old"])]
        marked = [p for p in distinct if newer._one_attribute(p["new"], p["old"])]
        taken = sum(newer._one_attribute(p["new"], p["old"]) for p in corrections)
        print(
            f"{name}: look-alikes marked {len(marked)}/{len(distinct)}, missed corrections ordered"
            f" {len(ordered)}/{len(missed)}, corrections taken for one attribute {taken}/{len(corrections)}"
        )
        for label, pairs in (("marked", marked), ("ordered", ordered)) if verbose else ():
            for p in pairs:
                print(f"  {label}: {p['old']} -> {p['new']}")
        missed_n, ordered_n, all_n, taken_n = (
            missed_n + len(missed),
            ordered_n + len(ordered),
            all_n + len(corrections),
            taken_n + taken,
        )
        distinct_n, marked_n = distinct_n + len(distinct), marked_n + len(marked)
    print(
        f"all {len(names)}: look-alikes marked {marked_n}/{distinct_n}, missed corrections ordered {ordered_n}/"
        f"{missed_n}, corrections taken for one attribute {taken_n}/{all_n}",
        flush=True,
    )


def people(paths: str, verbose: bool) -> None:
    """The person-fact queries with a mark, per path and half."""
    with tempfile.TemporaryDirectory() as tmp:
        for path in paths.split(","):
            for half in ("dev", "held"):
                texts = person_facts(1000, held=half == "held")
                ws = Workspace(Path(tmp) / f"{path}-{half}")
                for start in range(0, len(texts), 20):
                    write(path, ws, texts[start : start + 20], NOW + timedelta(hours=start))
                current, _ = stored(ws)
                asked = NOW + timedelta(days=60)
                queries = marks = 0
                examples: list[str] = []
                for text in texts:
                    hits = recall(ws, text, asked, CONFIG, k=5)
                    marked = [h for h in hits if h.updated]
                    queries += bool(marked)
                    marks += len(marked)
                    if marked and len(examples) < 12:
                        examples.append(f"{text!r}: {[h.memory.content for h in marked]}")
                n = len(texts)
                print(
                    f"{path:9} {half:5} memories {len(current)} queries with a mark {queries}/{n} ({queries / n:.1%}),"
                    f" marks {marks}",
                    flush=True,
                )
                for line in examples if verbose else ():
                    print(f"    {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paths", default="ingest")
    parser.add_argument(
        "--rules", nargs="*", metavar="FIXTURE", help="the rules alone, on these fixtures (default all)"
    )
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    if args.rules is not None:
        rules(args.rules or FIXTURES, args.verbose)
        return
    people(args.paths, args.verbose)


if __name__ == "__main__":
    main()
