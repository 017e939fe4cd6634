"""Corrections per language (issue 24): the English correction shapes the rules take, said in every supported
language (`core.languages`), each as a pair of the probe's own (older fact, newer correction) and a look-alike that
carries the same update words but states another fact (another person's, another thing's, a fact beside the
older). The rules alone (`bench/facts_rules.found`: the newer's probes find the older and it updates it), reported
as the catch rate per language and per shape, and every look-alike taken. A gap in one language beside a shape the
others take is a table (cue words, time words, copulas, the "not X" forms) that lacks that language.
Run: `nice -n 10 .venv/bin/python bench/facts_languages.py [-v]`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from facts_rules import found

LANGS = ("en", "es", "pt", "de", "fr", "it", "ru", "tr", "ar", "he", "hi", "ko", "ja", "zh")

# shape -> language -> [older, correction, look-alike]; the look-alike is judged against the same older
PAIRS: dict[str, dict[str, list[str]]] = json.loads(
    (Path(__file__).resolve().parent / "fixtures" / "facts_languages.json").read_text(encoding="utf-8")
)["pairs"]


def main() -> None:
    verbose = "-v" in sys.argv
    by_lang: dict[str, list[int]] = {lang: [0, 0, 0, 0] for lang in LANGS}
    lines = []
    for shape, cells in PAIRS.items():
        row = []
        for lang in LANGS:
            old, new, other = cells[lang]
            caught, wrong = found(new, old), found(other, old)
            by_lang[lang][0] += caught
            by_lang[lang][1] += 1
            by_lang[lang][2] += wrong
            by_lang[lang][3] += 1
            row.append(("+" if caught else ".") + ("!" if wrong else " "))
            if verbose and not caught:
                lines.append(f"  missed [{shape}/{lang}]: {old} -> {new}")
            if wrong:
                lines.append(f"  WRONG  [{shape}/{lang}]: {old} -> {other}")
        print(f"{shape:16} " + " ".join(f"{c:3}" for c in row) + f"  {sum(c[0] == '+' for c in row)}/{len(LANGS)}")
    print(f"{'':16} " + " ".join(f"{lang:3}" for lang in LANGS) + "   (+ caught, ! look-alike taken)")
    for lang, (c, n, w, m) in by_lang.items():
        print(f"{lang}: corrections {c}/{n}, look-alikes wrong {w}/{m}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
