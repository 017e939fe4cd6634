"""How relevance, importance and recency are combined in recall's ranking (issue 25, sixth pass): variants.

Each variant is `core.ranking.rank_candidates` with one rule changed, installed by patching the two names
recall reads (`core.ranking.rank_candidates`, `recall.rank_candidates`), so every bench that ranks in
process measures it unchanged:

- `sum`: the product before this pass (Generative Agents' sum: relevance on its scale, importance and
  recency each min-max-normalised over the candidates and added with their weights);
- `times`: importance and recency act in proportion to relevance, `w_r·rel + rel·(w_i·imp + w_t·rec)`:
  a memory's prior only counts as far as it is about the question (a weak match gains little from it);
- `share`: the same, scaled by the relevance share `rel / best rel` instead of `rel` itself;
- `own`: the sum, with effective importance on its own [0, 1] scale instead of min-max (recency kept
  min-max: `0.995^hours` is ~0 for every memory months old, so its own scale would switch it off);
- `times+own`: `times` with importance on its own scale;
- `imptimes`: only importance in proportion to relevance, recency added whole (recency says which of two
  memories on one subject is current, which matters however weakly the older one matches).

Run any in-process bench under one: `python bench/rank_variants.py VARIANT bench/paraphrase.py [args]`
(the script runs as `__main__` with the patch in place). `find_evidence.py`'s `combine` piece measures
them all in one process. Never asserted in tests.
"""

from __future__ import annotations

import runpy
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]
from hippocampus import recall as R
from hippocampus.core import ranking
from hippocampus.core.config import Config
from hippocampus.core.lifecycle import SECONDS_PER_DAY, retention

Ranked = list[tuple[int, float, float, float, float, tuple[float, float, float]]]
PRODUCT = ranking.rank_candidates
NAMES = ("sum", "times", "share", "own", "times+own", "imptimes")


def variant(mode: str) -> Callable[..., Ranked]:
    """`rank_candidates` with importance and recency combined by `mode` (see the module docstring)."""
    proportional, own = mode.split("+")[0] in ("times", "share", "imptimes"), mode.endswith("own")

    def ranked(
        candidates: list[ranking.Candidate], now: datetime, config: Config, k: int, scaled: bool = False
    ) -> Ranked:
        if not candidates:
            return []
        now_ts = now.timestamp()
        effective, recent = [], []
        for _key, _id, anchor, last, stability, _rel in candidates:
            elapsed = max(0.0, now_ts - last)
            effective.append(anchor * retention(elapsed / SECONDS_PER_DAY, config.decay_curve, stability))
            recent.append(float(config.recency_per_hour ** (elapsed / 3600.0)))
        norm = ranking._normalise
        rel_n = [min(1.0, max(0.0, c[5])) for c in candidates] if scaled else norm([c[5] for c in candidates])
        imp_n = [min(1.0, max(0.0, e)) for e in effective] if own else norm(effective)
        rec_n = norm(recent)
        best = max(rel_n)
        scored = []
        for i, candidate in enumerate(candidates):
            scale = 1.0
            if proportional:
                scale = rel_n[i] if "times" in mode else (rel_n[i] / best if best > 0 else 0.0)
            parts = (
                config.weight_relevance * rel_n[i],
                scale * config.weight_importance * imp_n[i],
                (1.0 if mode == "imptimes" else scale) * config.weight_recency * rec_n[i],
            )
            scored.append((sum(parts), candidate[1], candidate[0], candidate[5], effective[i], recent[i], parts))
        scored.sort(key=lambda s: (-s[0], s[1]))
        return [(key, score, rel, eff, rec, parts) for score, _id, key, rel, eff, rec, parts in scored[:k]]

    return ranked


def install(mode: str) -> None:
    """Rank by `mode` from now on in this process ("product": main's code as it is)."""
    chosen = PRODUCT if mode == "product" else variant(mode)
    ranking.rank_candidates = chosen  # type: ignore[assignment]
    R.rank_candidates = chosen  # type: ignore[attr-defined]


def main() -> None:
    if len(sys.argv) < 3 or sys.argv[1] not in (*NAMES, "product"):
        raise SystemExit(f"usage: rank_variants.py {{product,{','.join(NAMES)}}} SCRIPT [ARGS...]")
    install(sys.argv[1])
    script = sys.argv[2]
    sys.argv = sys.argv[2:]
    runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main()
