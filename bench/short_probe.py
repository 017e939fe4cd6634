"""Short facts in the 14 supported languages, through the conversation path (issue 24: "≥ 97% kept").

`bench/fixtures/short36.json` and `short37.json` were written blind in stop 36 by helpers who read none of the
product: 168 short personal facts (12 a language, with and without the pronoun, family by role, names, number
words) and 56 messages that state nothing lasting (greetings, thanks, reactions, tasks, questions, general
knowledge). Each text is said alone, in a conversation of its own, through `ingest` and the hooks path
(`bench/facts24.write`); kept means a current memory holds it. Prints kept / total per path and kind, and per
language. Run: `nice -n 10 .venv/bin/python bench/short_probe.py [FIXTURE ...]` (default: both).
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]
import facts24

from hippocampus.store.workspace import Workspace

FIXTURES = [HERE / "fixtures" / "short36.json", HERE / "fixtures" / "short37.json"]


def kept_share(path: str, items: list[dict[str, str]]) -> dict[str, list[int]]:
    """Per language: [kept, said] for `items` said through `path`."""
    per: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    with tempfile.TemporaryDirectory() as tmp:
        for n, item in enumerate(items):
            ws = Workspace(Path(tmp) / str(n))
            facts24.write(path, ws, [item["text"]], facts24.NOW)
            current, _ = facts24.stored(ws)
            per[item["lang"]][0] += any(facts24.said(m, item["text"]) for m in current)
            per[item["lang"]][1] += 1
    return per


def main() -> None:
    fixtures = [Path(a) for a in sys.argv[1:]] or FIXTURES
    for fixture in fixtures:
        data = json.loads(fixture.read_text(encoding="utf-8"))
        for path in ("ingest", "hooks"):
            for kind in ("facts", "not_facts"):
                per = kept_share(path, data[kind])
                kept, said = sum(v[0] for v in per.values()), sum(v[1] for v in per.values())
                langs = " ".join(f"{k}:{v[0]}/{v[1]}" for k, v in sorted(per.items()))
                print(f"{fixture.stem} {path} {kind} {kept}/{said}  {langs}")


if __name__ == "__main__":
    main()
