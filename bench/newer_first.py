"""The wrong side of "the newer first" (issue 24): on the 1,000 distinct person facts (`person_facts`, no fact
updates another), how many recall results mark a distinct fact "(updated DATE)", and so reorder two distinct
facts (`core.newer.newer_first`: a pair it finds is always marked). Each fact is stored through one path, a few
to a conversation, an hour apart (as `facts24.person`), then recalled by its own text (k=5). Run:
`PYTHONPATH=. nice -n 10 .venv/bin/python bench/newer_first.py [--paths ingest] [-v]`.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from facts24 import CONFIG, NOW, stored, write
from person_facts import facts as person_facts

from hippocampus.recall import recall
from hippocampus.store.workspace import Workspace


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paths", default="ingest")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for path in args.paths.split(","):
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
                for line in examples if args.verbose else ():
                    print(f"    {line}")


if __name__ == "__main__":
    main()
