"""bench/fixtures/paraphrase.json is what bench/paraphrase.py says it is: 20 questions, each sharing no
search token (the product's own tokenizer: stems, stop words) with the memory that answers it, and 300
distinct distractors, none of them an answer. A fixture that leaked a shared word would let lexical
recall pass the paraphrase bench."""

from __future__ import annotations

import json
from pathlib import Path

from hippocampus.core.tokens import tokenize

FIXTURE = Path(__file__).resolve().parent.parent / "bench" / "fixtures" / "paraphrase.json"


def test_questions_share_no_search_token_with_their_answers() -> None:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    pairs, distractors = data["pairs"], data["distractors"]
    assert len(pairs) == 20 and len(distractors) == 300 and len(set(distractors)) == 300
    answers = {p["answer"] for p in pairs}
    assert not answers & set(distractors)
    for pair in pairs:
        shared = set(tokenize(pair["question"])) & set(tokenize(pair["answer"]))
        assert not shared, (pair, shared)


HELD_OUT = FIXTURE.with_name("paraphrase_heldout.json")


def test_the_held_out_set_shares_no_search_token_either() -> None:
    """The held-out paraphrases (issue 25, third pass: written before its rule was measured on them)
    hold to the same promise, so its figure is one of meaning, not of words."""
    data = json.loads(HELD_OUT.read_text(encoding="utf-8"))
    pairs, distractors = data["pairs"], data["distractors"]
    assert len(pairs) == 20 and len(data["unrelated"]) == 20 and len(set(distractors)) == len(distractors)
    assert not {p["answer"] for p in pairs} & set(distractors)
    original = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert not {p["question"] for p in pairs} & {p["question"] for p in original["pairs"]}, "held out: new questions"
    for pair in pairs:
        shared = set(tokenize(pair["question"])) & set(tokenize(pair["answer"]))
        assert not shared, (pair, shared)
