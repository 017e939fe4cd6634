"""The few ONNX protobuf messages `graph` needs, written by hand.

Why not the `onnx` package: importing it costs the warm worker ~18 MB of resident memory and ~0.5 s,
against a 300 MB budget, for one model built once per process. tests/test_e5.py parses what this
writes with `onnx` itself (a dev dependency) and runs its checker.

Contract: each function returns one serialised message of `onnx.proto` (proto2; IR version 9), with
the field numbers named beside it: a repeated scalar is written unpacked, as proto2 does; a negative
integer as the ten-byte varint of its 64-bit two's complement.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence

FLOAT, UINT8, INT64 = 1, 2, 7  # TensorProto.DataType
_ATTR_FLOAT, _ATTR_INT, _ATTR_INTS = 1, 2, 7  # AttributeProto.AttributeType


def _varint(value: int) -> bytes:
    value &= (1 << 64) - 1
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _int(field: int, value: int) -> bytes:
    return _varint(field << 3) + _varint(value)


def _bytes(field: int, value: bytes) -> bytes:
    return _varint(field << 3 | 2) + _varint(len(value)) + value


def _text(field: int, value: str) -> bytes:
    return _bytes(field, value.encode("utf-8"))


Value = int | float | list[int]


def attribute(name: str, value: Value) -> bytes:
    """AttributeProto: name 1, f 2 (fixed32), i 3, ints 8, type 20."""
    if isinstance(value, list):
        return _text(1, name) + b"".join(_int(8, v) for v in value) + _int(20, _ATTR_INTS)
    if isinstance(value, float):
        return _text(1, name) + _varint(2 << 3 | 5) + struct.pack("<f", value) + _int(20, _ATTR_FLOAT)
    return _text(1, name) + _int(3, value) + _int(20, _ATTR_INT)


def node(op: str, inputs: Sequence[str], outputs: Sequence[str], domain: str = "", **attributes: Value) -> bytes:
    """NodeProto: input 1, output 2, op_type 4, attribute 5, domain 7."""
    out = b"".join(_text(1, name) for name in inputs) + b"".join(_text(2, name) for name in outputs)
    out += _text(4, op) + b"".join(_bytes(5, attribute(key, value)) for key, value in sorted(attributes.items()))
    return out + (_text(7, domain) if domain else b"")


def tensor(name: str, data_type: int, dims: Sequence[int], raw: bytes) -> bytes:
    """TensorProto: dims 1, data_type 2, name 8, raw_data 9 (little-endian values)."""
    return b"".join(_int(1, d) for d in dims) + _int(2, data_type) + _text(8, name) + _bytes(9, raw)


def value_info(name: str, elem_type: int, dims: Sequence[int | str]) -> bytes:
    """ValueInfoProto (name 1, type 2) of a tensor: TypeProto.tensor_type 1 (elem_type 1, shape 2),
    TensorShapeProto.dim 1 (dim_value 1 or dim_param 2)."""
    shape = b"".join(_bytes(1, _text(2, d) if isinstance(d, str) else _int(1, d)) for d in dims)
    return _text(1, name) + _bytes(2, _bytes(1, _int(1, elem_type) + _bytes(2, shape)))


def graph(
    name: str, nodes: Iterable[bytes], initializers: Iterable[bytes], inputs: Iterable[bytes], outputs: Iterable[bytes]
) -> bytes:
    """GraphProto: node 1, name 2, initializer 5, input 11, output 12."""
    out = b"".join(_bytes(1, n) for n in nodes) + _text(2, name)
    out += b"".join(_bytes(5, t) for t in initializers)
    return out + b"".join(_bytes(11, v) for v in inputs) + b"".join(_bytes(12, v) for v in outputs)


def model(graph_bytes: bytes, opsets: dict[str, int], ir_version: int = 9) -> bytes:
    """ModelProto: ir_version 1, producer_name 2, graph 7, opset_import 8 (domain 1, version 2)."""
    out = _int(1, ir_version) + _text(2, "hippocampus")
    out += b"".join(
        _bytes(8, (_text(1, domain) if domain else b"") + _int(2, version)) for domain, version in opsets.items()
    )
    return out + _bytes(7, graph_bytes)
