"""Secrets and the fence: how many corpus secrets reach disk per write path, the false-positive rate of
redaction on real user text, and what the detector costs a cold hook process.

- Corpus (tests/secret_corpus.py, every format in plain/prose/CJK/split form) through every write path
  (tests/secret_paths.py), one fresh workspace per path; a case counts as leaked when any of its
  secrets is in the raw bytes of any file under the workspace.
- False positives: every distinct user turn of the LongMemEval dev set (../shared/bench), cleaned as
  capture cleans it; a message counts when redaction changes it at all (none of them holds a real secret).
- Cost: a fresh interpreter importing `hippocampus.core.redact` and redacting one ordinary message,
  against a bare `python -c pass` (medians of interleaved rounds).

Run by hand: `.venv/bin/python bench/bench_secrets.py [--json]`. Prints counts, never the secrets.
"""

from __future__ import annotations

import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from secret_corpus import FORMATS, cases
from secret_paths import PATHS, run_path

LONGMEMEVAL = Path(os.environ.get("BENCH_LONGMEMEVAL", "/work/shared/bench/longmemeval_s_dev72.json.gz"))
RUNS = int(os.environ.get("BENCH_RUNS", "21"))


def corpus_counts() -> dict[str, object]:
    corpus = cases()
    per_path: dict[str, dict[str, object]] = {}
    for name in PATHS:
        with tempfile.TemporaryDirectory() as tmp:
            try:
                leaked = run_path(name, Path(tmp) / "workspace", corpus)
            except Exception as exc:  # noqa: BLE001 - a path that fails is reported, not hidden
                per_path[name] = {"error": f"{type(exc).__name__}: {str(exc)[:200]}"}
                continue
        forms = Counter(i.split("/")[1] for i in leaked)
        per_path[name] = {
            "leaked_cases": len(leaked),
            "leaked_formats": len({i.split("/")[0] for i in leaked}),
            "by_form": dict(sorted(forms.items())),
            "formats": sorted({i.split("/")[0] for i in leaked}),
        }
    return {"formats": len(FORMATS), "cases": len(corpus), "paths": per_path}


def user_turns(role: str = "user") -> list[str]:
    with gzip.open(LONGMEMEVAL, "rt", encoding="utf-8") as handle:
        items = json.load(handle)
    seen: dict[str, None] = {}
    for item in items:
        for session in item["haystack_sessions"]:
            for turn in session:
                if turn.get("role") == role and turn.get("content"):
                    seen.setdefault(turn["content"], None)
    return list(seen)


def false_positives(role: str = "user") -> dict[str, object]:
    """Messages redaction changes. The user turns were looked at while writing the context rules; the
    assistant turns were not, so they are the held-out check."""
    from hippocampus.core.clean import clean
    from hippocampus.core.redact import redact

    texts = user_turns(role)
    hits: Counter[str] = Counter()
    changed = 0
    start = time.perf_counter()
    for text in texts:
        flat = clean(text, limit=20_000)
        out = redact(flat)
        if out != flat:
            changed += 1
            for tag in out.split("[REDACTED")[1:]:
                hits[tag.split("]", 1)[0].lstrip(":") or "keyword"] += 1
    elapsed = time.perf_counter() - start
    return {
        "messages": len(texts),
        "changed": changed,
        "per_1000": round(1000 * changed / max(1, len(texts)), 3),
        "by_rule": dict(hits.most_common()),
        "redact_us_per_message": round(1e6 * elapsed / max(1, len(texts)), 1),
    }


def cold_cost() -> dict[str, float]:
    py = sys.executable
    message = "Remember that my sister's name is Alma and her flight lands at 10:40 on 2024-05-03"
    snippet = f"from hippocampus.core.redact import scrub; scrub({message!r})"
    cmds = {"bare": [py, "-c", "pass"], "redact": [py, "-c", snippet]}
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for cmd in cmds.values():
        subprocess.run(cmd, env=env, check=True)
    samples: dict[str, list[float]] = {k: [] for k in cmds}
    for _ in range(RUNS):
        for name, cmd in cmds.items():
            t = time.perf_counter()
            subprocess.run(cmd, env=env, check=True)
            samples[name].append(time.perf_counter() - t)
    bare, redact = statistics.median(samples["bare"]), statistics.median(samples["redact"])
    return {
        "bare_ms": round(bare * 1000, 1),
        "import_and_redact_ms": round(redact * 1000, 1),
        "added_ms": round((redact - bare) * 1000, 1),
    }


_DS_SCAN = """
import json, sys
sys.path.insert(0, sys.argv[1])
from secret_corpus import cases
from detect_secrets.core.scan import scan_line
from detect_secrets.settings import default_settings
found = {}
with default_settings():
    for c in cases():
        values = [h.secret_value for h in scan_line(" ".join(c["text"].split())) if h.secret_value]
        if values and all(any(n.strip() in v for v in values) for n in c["needles"]):
            found[c["form"]] = found.get(c["form"], 0) + 1
print(json.dumps(found))
"""


def detect_secrets(python: str) -> dict[str, object]:
    """detect-secrets (Yelp), installed in another interpreter: its import cost and what it finds of the
    corpus (a case counts when every needle is inside a value it reports)."""
    samples: dict[str, list[float]] = {"bare": [], "import": []}
    for _ in range(9):
        for name, code in (("bare", "pass"), ("import", "import detect_secrets.core.scan")):
            t = time.perf_counter()
            subprocess.run([python, "-c", code], check=True)
            samples[name].append(time.perf_counter() - t)
    found = json.loads(
        subprocess.run([python, "-c", _DS_SCAN, str(ROOT / "tests")], check=True, capture_output=True, text=True).stdout
    )
    bare, imp = statistics.median(samples["bare"]), statistics.median(samples["import"])
    return {"bare_ms": round(bare * 1000, 1), "import_ms": round(imp * 1000, 1), "found_by_form": found}


def main() -> None:
    result = {"corpus": corpus_counts(), "cost": cold_cost()}
    if LONGMEMEVAL.exists():
        result["false_positives"] = false_positives()
        result["false_positives_assistant_held_out"] = false_positives("assistant")
    if "--detect-secrets" in sys.argv:
        result["detect_secrets"] = detect_secrets(sys.argv[sys.argv.index("--detect-secrets") + 1])
    if "--json" in sys.argv:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return
    corpus = result["corpus"]
    print(f"corpus: {corpus['formats']} formats, {corpus['cases']} cases")  # type: ignore[index]
    for name, row in corpus["paths"].items():  # type: ignore[index]
        if "error" in row:
            print(f"  {name:36} ERROR {row['error']}")
        else:
            print(
                f"  {name:36} {row['leaked_cases']:4} cases, {row['leaked_formats']:3} formats reach disk {row['by_form']}"
            )
    print("cost:", result["cost"])
    for key in ("false_positives", "false_positives_assistant_held_out", "detect_secrets"):
        if key in result:
            print(f"{key}:", result[key])


if __name__ == "__main__":
    main()
