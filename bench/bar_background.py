"""The noise bar against the background (issue 25, seventh pass): variants of recall's bar, measured in process.

`core.fusion.noise_bar` is the similarity the most similar of `count` unrelated memories of THIS store would
reach (normal: `mean + Φ⁻¹(1 - 1/count) · spread` of the question's similarities to the store). On a store
of short, similar sentences (the paraphrase fixture) the store's own spread puts the answers below it. The
extension of the sixth pass (serve6) tried here: the same level read off `semantic.background` (generic
chat sentences, unrelated to any store), their similarities to the question measured in the store's frame
(from its centroid, `background.similarities`), with no new constant:

- `bg`: the bar by the background's mean and spread, for this store's count (`noise_bar(bg mean, bg std,
  count)`: what the largest of `count` memories would reach were they as unrelated as the background);
- `bgtail`: the same level by the background's exponential tail (`core.evidence.fit_tail`, the gate's model
  of an upper tail): where the fit expects one memory of `count`, `threshold + scale · ln(count · n/total)`;
- each alone, or the lower (`min`) or the higher (`max`) of it and the store's bar;
- each with the semantic part measured from the bar (`+floor`, the third pass's `floor`: a similarity the
  bar says an unrelated memory reaches counts nothing) or from the store's average (the product).

Installed by patching `semantic.search.similar` (recording the question's vector and the store's centroid),
`core.fusion.noise_bar` and, for `+floor`, `core.fusion.fuse`, so every in-process bench measures it.
`find_evidence.py`'s `bgbar` piece runs them on dev72, the second set and the noise stores; run alone,
this script measures them on the paraphrase fixtures (hybrid top 3; meaning-alone memories in recall's top 5
for the questions about nothing stored; the block) and on `tests/test_fusion.py`'s 41-memory store (its
promise: at most one meaning-alone memory a question on average, 20 for its 20):
`PYTHONPATH=. python bench/bar_background.py [--fixture F]`. Never asserted in tests.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]
from hippocampus.core import evidence, fusion
from hippocampus.core.config import Config
from hippocampus.semantic import background, search

PRODUCT = {"similar": search.similar, "noise_bar": fusion.noise_bar, "fuse": fusion.fuse}
NAMES = tuple(
    f"{combo}{est}{floor}" for est in ("bg", "bgtail") for combo in ("", "min:", "max:") for floor in ("", "+floor")
) + ("store+floor",)
_seen: dict[str, Any] = {}  # the question's background similarities; the bar recall last computed


def _similar(conn: Any, model: str, vector: Any, also: list[int], k: int) -> Any:
    found = PRODUCT["similar"](conn, model, vector, also, k)
    rows = background.vectors(model, Config())
    centre = search.centroid(conn, model)
    _seen["bg"] = None if rows is None or centre is None else background.similarities(rows, vector, centre)
    return found


def _background_bar(estimate: str, count: int) -> float | None:
    sims = _seen.get("bg")
    if not sims or count < 2:
        return None
    if estimate == "bg":
        mean = sum(sims) / len(sims)
        spread = math.sqrt(sum((s - mean) ** 2 for s in sims) / len(sims))
        return PRODUCT["noise_bar"](mean, spread, count)  # type: ignore[no-any-return,operator]
    tail = evidence.fit_tail(sims, len(sims))
    if tail is None:
        return None
    return tail.threshold + tail.scale * math.log(count * tail.count / tail.total)


def bar(name: str) -> Callable[[float, float, int], float]:
    """`noise_bar` as variant `name` computes it (the store's own bar when the background is not ready)."""
    combo, _, rest = name.rpartition(":")
    estimate = rest.split("+")[0]

    def computed(mean: float, spread: float, count: int) -> float:
        own: float = PRODUCT["noise_bar"](mean, spread, count)  # type: ignore[operator]
        outside = None if estimate == "store" else _background_bar(estimate, count)
        if outside is not None:
            _seen.setdefault("pairs", []).append((own, outside))
        value = (
            own
            if outside is None
            else min(own, outside)
            if combo == "min"
            else max(own, outside)
            if combo == "max"
            else outside
        )
        _seen["bar"] = value
        return value

    return computed


def _from_bar(lex: dict[int, float], sem: dict[int, float], *rest: float) -> dict[int, tuple[float, float]]:
    """`fuse` with every similarity measured from the bar (at least 0) instead of the store's average."""
    floor = max(0.0, _seen.get("bar", 0.0))
    return PRODUCT["fuse"](lex, {k: s - floor for k, s in sem.items()}, *rest)  # type: ignore[no-any-return,operator]


def install(name: str) -> None:
    """Recall with the bar `name` from now on in this process ("product": main's code as it is)."""
    if name == "product":
        search.similar, fusion.noise_bar, fusion.fuse = PRODUCT["similar"], PRODUCT["noise_bar"], PRODUCT["fuse"]  # type: ignore[assignment]
        return
    search.similar = _similar  # type: ignore[assignment]
    fusion.noise_bar = bar(name)
    fusion.fuse = _from_bar if name.endswith("+floor") else PRODUCT["fuse"]  # type: ignore[assignment]


def pieces(
    asked: list[str], keep: Callable[[Config], Config]
) -> list[tuple[str, Callable[[], None], Callable[[Config], Config]]]:
    """`find_evidence.py`'s `bgbar` piece: every variant, then the product back."""
    if "bgbar" not in asked:
        return []
    out: list[tuple[str, Callable[[], None], Callable[[Config], Config]]] = []
    out.extend((f"bar {n}", lambda n=n: install(n), keep) for n in NAMES)  # type: ignore[misc]
    out.append(("bar of the store (product)", lambda: install("product"), keep))
    return out


def main() -> None:
    import argparse
    import json
    import tempfile

    import paraphrase as P

    from hippocampus import memories
    from hippocampus.recall import recall
    from hippocampus.semantic import embedding
    from hippocampus.store.workspace import Workspace

    parser = argparse.ArgumentParser()
    parser.add_argument("--fixture", type=Path, default=P.FIXTURE)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--sides", nargs=2, type=Path, metavar=("LME", "MIXED"), help="compare the bars only")
    args = parser.parse_args()
    if args.sides:
        return compare(*args.sides)
    names = args.only or ["product", *NAMES]
    pairs, distractors, unrelated = P.load(args.fixture)
    config = Config()
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as small:
        ws = Workspace(Path(tmp))
        for text in distractors + [p["answer"] for p in pairs]:
            memories.remember(ws, P.NOW, config, text)
        embedding.catch_up(ws, config)
        # tests/test_fusion.py's 41-memory store (one importance for all), with the dev fixture's 20 questions
        dev = json.loads(P.FIXTURE.read_text(encoding="utf-8"))
        ws41 = Workspace(Path(small))
        for text in ["I just adopted a beagle named Biscuit", *dev["distractors"][:40]]:
            memories.remember(ws41, P.NOW, config, text, importance=0.9)
        embedding.catch_up(ws41, config)
        search.allow(wait=True)
        for name in names:
            install(name)
            _seen["pairs"] = []
            top3 = sum(1 for r in P.run(ws, pairs, config) if r["found"])
            pairs_seen = list(_seen["pairs"])  # one recall a question: the bars of the fixture's 20 questions
            alone = sum(P.by_meaning_only(ws, unrelated, config))
            block_noise = sum(P.in_block(ws, unrelated, config))
            answers = sum(
                any(
                    h.memory.content == p["answer"]
                    for h in recall(ws, p["question"], P.NOW, config, 5, about_only=True)
                )
                for p in pairs
            )
            promise = P.by_meaning_only(ws41, dev["unrelated"], config)
            dog = recall(ws41, "what is my dog called?", P.NOW, config, 3)
            print(
                f"{name:18s} top3 {top3}/{len(pairs)} alone-in-top5 {alone} block-noise {block_noise} "
                f"answers-in-block {answers} | test_fusion 41: alone {sum(promise)} (max {max(promise)}) "
                f"dog first {bool(dog) and dog[0].memory.content.endswith('Biscuit')}{_below(pairs_seen)}",
                flush=True,
            )


def _below(pairs: list[tuple[float, float]]) -> str:
    """How many of recall's bars the background's came below the store's, and the median difference."""
    if not pairs:
        return ""
    diffs = sorted(outside - own for own, outside in pairs)
    return f" | background bar below the store's {sum(d < 0 for d in diffs)}/{len(diffs)}, median bg - store {diffs[len(diffs) // 2]:+.3f}"


def compare(lme: Path, mixed: Path) -> None:
    """Per side of `find_evidence.py` (dev72, second set, noise, small): how often the background's bar
    (`bg`) is below the store's, for the first recall of each question (`recall -k 20`)."""
    import find_evidence

    search.allow(wait=True)
    install("min:bg")
    _seen["pairs"] = []
    result = find_evidence.measure(lme, mixed, lambda c: c)
    pairs, start = _seen["pairs"], 0
    for side, rows in result.items():  # two recalls a question (-k 20, the block): the first one's bar
        print(side, _below(pairs[start : start + 2 * len(rows) : 2]))
        start += 2 * len(rows)


if __name__ == "__main__":
    main()
