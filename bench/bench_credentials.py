"""Credentials said in plain speech (issue 24): both sides of the rules.

- Caught: the casual corpus (tests/credential_corpus.py: wifi passwords, "pw", door/alarm codes, PINs,
  logins "user / password", national ids, IBANs, labelled tokens, masked keys; 14 languages) through every
  write path of tests/secret_paths.py, one fresh workspace per path; a case counts when any of its needles
  is in the raw bytes of any file under the workspace (the database, its WAL, HIPPOCAMPUS_CORE.md,
  archive.md, the dashboard, an export). With `--paths` only: about a minute.
- Wrongly caught: the ordinary sentences of the same file (numbers, codes, dates, "password" discussed),
  and every distinct user turn of the LongMemEval dev set (../shared/bench: real chat, no real
  credential in it), each counted when redaction changes it at all; the changed ones are listed by their
  marker with a few characters around, so a reader can judge them.
- Cost: CPU seconds to redact all LongMemEval user turns with the whole redactor.

Run by hand: `.venv/bin/python bench/bench_credentials.py [--paths] [--json]`. `BENCH_BASE=<dir>` runs the
redactor-level counts with another checkout's package first on sys.path (the "before" column).
"""

from __future__ import annotations

import gzip
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT / "tests"), os.environ.get("BENCH_BASE") or str(ROOT)]

from credential_corpus import ORDINARY, cases

LONGMEMEVAL = Path(os.environ.get("BENCH_LONGMEMEVAL", "/work/shared/bench/longmemeval_s_dev72.json.gz"))


def redactor_counts() -> dict[str, object]:
    from hippocampus.core.redact import redact, scrub

    corpus = cases()
    missed = [str(c["id"]) for c in corpus if any(str(n) in scrub(str(c["text"])) for n in c["needles"])]  # type: ignore[attr-defined]
    wrong = [s for s in ORDINARY if redact(s) != s]
    turns: list[str] = []
    if LONGMEMEVAL.exists():
        seen: set[str] = set()
        with gzip.open(LONGMEMEVAL, "rt", encoding="utf-8") as handle:
            for item in json.load(handle):
                for session in item["haystack_sessions"]:
                    for message in session:
                        if message["role"] == "user" and message["content"] not in seen:
                            seen.add(message["content"])
                            turns.append(message["content"])
    start = time.process_time()
    changed = [(t, redact(t)) for t in turns]
    cpu = time.process_time() - start
    changed = [(t, r) for t, r in changed if r != t]
    shown = []
    for _, after in changed[:40]:
        for mark in re.finditer(r"\[REDACTED[^\]]*\]", after):
            shown.append(after[max(0, mark.start() - 30) : mark.end() + 10].replace("\n", " "))
    return {
        "casual_cases": len(corpus),
        "casual_missed": len(missed),
        "missed_ids": missed,
        "ordinary_sentences": len(ORDINARY),
        "ordinary_changed": len(wrong),
        "ordinary_changed_texts": wrong,
        "longmemeval_user_turns": len(turns),
        "longmemeval_changed": len(changed),
        "longmemeval_changed_around": shown[:40],
        "longmemeval_cpu_seconds": round(cpu, 2),
    }


def path_counts() -> dict[str, object]:
    from secret_paths import PATHS, run_path

    corpus = cases()
    out: dict[str, object] = {}
    for name in PATHS:
        with tempfile.TemporaryDirectory() as tmp:
            try:
                leaked = run_path(name, Path(tmp) / "workspace", corpus)
            except Exception as exc:  # noqa: BLE001 - a path that fails is reported, not hidden
                out[name] = f"error: {type(exc).__name__}: {str(exc)[:200]}"
                continue
        out[name] = sorted(leaked)
    return out


def main() -> None:
    report: dict[str, object] = {"redactor": redactor_counts()}
    if "--paths" in sys.argv:
        report["paths"] = path_counts()
    if "--json" in sys.argv:
        print(json.dumps(report, ensure_ascii=False, indent=2))
        return
    red = report["redactor"]
    assert isinstance(red, dict)
    print(f"casual corpus: {red['casual_missed']} of {red['casual_cases']} cases missed {red['missed_ids']}")
    print(f"ordinary sentences changed: {red['ordinary_changed']} of {red['ordinary_sentences']}")
    for text in red["ordinary_changed_texts"]:
        print(f"  {text}")
    print(
        f"LongMemEval user turns changed: {red['longmemeval_changed']} of {red['longmemeval_user_turns']}"
        f" ({red['longmemeval_cpu_seconds']} s CPU for all)"
    )
    for around in red["longmemeval_changed_around"]:
        print(f"  …{around}…")
    if "paths" in report:
        paths = report["paths"]
        assert isinstance(paths, dict)
        for name, leaked in paths.items():
            print(f"{name}: {len(leaked) if isinstance(leaked, list) else leaked} case(s) on disk")


if __name__ == "__main__":
    main()
