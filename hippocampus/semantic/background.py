"""A reference outside the store for the block's gate: how near unrelated memories come to a question.

`core.evidence` judges a memory found by meaning against the tail of this store's own similarities to
the question. Where the store holds many memories on the question's topic (a session about bikes, a
store about one person), they are that tail, and none stands out. The reference here does not come
from the store: `background.txt`, a few hundred generic chat sentences on everyday topics (statements,
and requests to an assistant, the two registers memories come in), written for the project and shipped
with it. Their similarities to the question, in the store's own frame (from its centroid, as recall
measures every memory), are a sample of what memories unrelated to it reach; `core.evidence.Tail` is
fitted on them as on the store's (`semantic_chance` takes the smaller share of the two).

The background's vectors depend on the model: embedded once per model (~15 s of one core for the
local model) and cached in the user's cache folder (`store.user_cache`: `$XDG_CACHE_HOME/hippocampus`,
else `~/.cache/hippocampus`), named by the model's name and the text's digest. A process that waits for its model (the
CLI) embeds them at once; the warm worker at its start, on its semantic pool (`preload`), its turns
judged by the store alone until they are ready; a cold hook only reads the cache. Measured in
BENCHMARKS.md (issue 25, sixth pass).
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hippocampus.store import user_cache

if TYPE_CHECKING:
    from hippocampus.core.config import Config

SENTENCES = Path(__file__).with_name("background.txt")

_rows: dict[str, Any] = {}  # model name -> the background's unit vectors
_started: set[str] = set()  # model names being embedded on the semantic pool
_lock = threading.Lock()


def texts() -> list[str]:
    """The background's sentences, one a line."""
    return [line.strip() for line in SENTENCES.read_text(encoding="utf-8").splitlines() if line.strip()]


def cache_name(model: str) -> str:
    """The cache file of the background's vectors by `model`: named by the model and the text's digest, so
    a new model or a changed text is embedded anew."""
    digest = hashlib.sha256((model + "\n" + SENTENCES.read_text(encoding="utf-8")).encode()).hexdigest()[:16]
    return f"background-{digest}.npy"


def vectors(model: str, config: Config) -> Any | None:
    """The background's vectors by `model` (rows in `texts()` order), or None while they are not ready
    (embedding on the semantic pool in a process that does not wait, or no model may load here)."""
    with _lock:
        ready = _rows.get(model)
    if ready is not None:
        return ready
    loaded = _read(model)
    if loaded is not None:
        with _lock:
            _rows[model] = loaded
        return loaded
    from hippocampus.semantic import search

    if search.policy() == "wait":
        return _embed(model, config)
    if search.policy() == "background":
        preload(model, config)  # a worker started without --preload: embedded for its later turns
    return None


def preload(model: str, config: Config) -> None:
    """Embed the background by `model` on the semantic pool unless it is cached (the warm worker, at its
    start): its turns are judged by the store alone until then. A cold hook never embeds it."""
    from hippocampus.semantic import search

    with _lock:
        if model in _rows or model in _started:
            return
        _started.add(model)
    if _read(model) is None:
        search._executor().submit(_embed, model, config)


def _read(model: str) -> Any | None:
    rows = user_cache.read_array(cache_name(model))
    return rows if rows is not None and rows.ndim == 2 and rows.shape[0] == len(texts()) else None


def _embed(model: str, config: Config) -> Any | None:
    """Embed the background by the passage model (`model`: its own engine and lock, so a turn's query never
    waits on it; the worker drops it in its quiet time, as after a catch-up), keep it here and in the cache."""
    import numpy as np

    from hippocampus.semantic import embedder

    try:
        loaded = embedder.load(config, "passage")
        if loaded is None or loaded.name != model:
            return None
        rows = np.asarray(loaded.passages(texts()), dtype=np.float32)
    except Exception:  # noqa: BLE001 - no background: the gate judges by the store alone, as before
        with _lock:
            _started.discard(model)
        return None
    with _lock:
        _rows[model] = rows
    user_cache.write_array(cache_name(model), rows)  # unwritable: the next process embeds it again
    return rows


def similarities(rows: Any, vector: Any, centroid: Any) -> list[float]:
    """Each background row's cosine similarity to `vector`, both measured from the store's `centroid`
    (`VectorMatrix.centred`'s frame)."""
    import numpy as np

    query = np.asarray(vector, dtype=np.float32) - centroid
    shifted = rows - centroid
    norms = np.linalg.norm(shifted, axis=1) * max(float(np.linalg.norm(query)), 1e-6)
    return [float(s) for s in (shifted @ query) / np.maximum(norms, 1e-12)]
