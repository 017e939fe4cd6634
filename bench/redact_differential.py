"""Differential check of the redactor: this checkout's `core.redact` against another commit's, same interpreter.

    git worktree add /tmp/old <commit>
    .venv/bin/python bench/redact_differential.py --old /tmp/old [--python /path/to/python3.12] [-n 4000] [--clean]

Each side runs in its own interpreter (the package found from its checkout, first on sys.path), fed
texts over a pipe: the secret corpus (tests/secret_corpus.py) in seven spellings each, then Hypothesis-generated
text mixing corpus secrets (whole, cut, or split by every Unicode line break, space and zero-width character),
the context rules' words ("password is", `?token=`, `sshpass -p`, 密码, …), URLs with userinfo, sha256- hashes,
Luhn-valid card numbers and pieces repeated up to 3000 times. Any text the two redact differently is printed
(shrunk) with both outputs and the exit status is 1. `--clean` redacts `clean(text)`, as capture does.
Used to review b1a7814 (the per-turn path without `re`): no difference on 3.10-3.13 (BENCHMARKS.md has no
figures: this measures equality, not time).
"""

from __future__ import annotations

import argparse
import json
import random
import string
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from secret_corpus import FORMATS, cases

SERVE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from hippocampus.core.clean import clean
from hippocampus.core.redact import redact
for line in sys.stdin:
    text = json.loads(line)
    try:
        out = ["ok", redact(clean(text) if sys.argv[2] == "clean" else text)]
    except Exception as exc:
        out = ["error", f"{type(exc).__name__}: {exc}"]
    print(json.dumps(out), flush=True)
"""
WORDS = [
    "password", "passwd", "pwd", "passcode", "passphrase", "token", "tokens", "secret", "secrets", "key", "keys",
    "credential", "credentials", "PIN", "cvv2",
    "Authorization: Bearer ", "authorization: ", "api_key=", "?token=", "&sig=", ";password=", "sshpass -p ",
    "mysql -u root -p", "密码", "口令是", "密钥：", "令牌为", "パスワードは", "비밀번호는", "пароль", "Passwort ist ",
    " is ", " was ", " for bob is ", ": ", " = ", "=", "sha256-", "sha512-", "https://user:", "http://a:b@",
    "@host.com", "://", "www.", "-----BEGIN RSA PRIVATE KEY-----", "-----END RSA PRIVATE KEY-----", "AKIA", "sk-",
    "ghp_", "eyJ", "xoxb-", "…", "[REDACTED]", "YOUR_", "<", "$", "Strong passwords: ", "-us1", ":AA",
]  # fmt: skip
BREAKS = [*"\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\u2028\u2029", "\r\n", "\\n", "\\r\\n", " \n "]
SPACES = list(" \t\u00a0\u1680\u2000\u2003\u2009\u200a\u202f\u205f\u3000\u180e")
JOINERS = list("\u200b\u200c\u200d\u2060\ufeff\u200e\u00ad")
TOKEN = string.ascii_letters + string.digits + "+/=-_.%~!@#$"


class Redactor:
    """One checkout's redactor in a child interpreter."""

    def __init__(self, root: str, python: str, mode: str) -> None:
        args = [python, "-c", SERVE, root, mode]
        self.child = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def __call__(self, text: str) -> list[str]:
        assert self.child.stdin and self.child.stdout
        self.child.stdin.write(json.dumps(text) + "\n")
        self.child.stdin.flush()
        return list(json.loads(self.child.stdout.readline()))


def _card(seed: int) -> str:
    """A Luhn-valid card number of 14 to 16 digits."""
    rng = random.Random(seed)
    body = [int(rng.choice("3456"))] + [rng.randrange(10) for _ in range(rng.choice((12, 13, 14)))]
    total = sum(d if i % 2 else (d * 2 - 9 if d > 4 else d * 2) for i, d in enumerate(reversed(body)))
    return "".join(map(str, body)) + str(-total % 10)


def texts() -> st.SearchStrategy[str]:
    secrets = [secret for _, secret, _ in FORMATS] + [str(case["text"]) for case in cases()]
    cut = st.sampled_from(secrets).flatmap(lambda s: st.integers(0, len(s)).map(lambda i: s[:i]))
    split = st.tuples(st.sampled_from(secrets), st.integers(0, 200), st.sampled_from(BREAKS + SPACES + JOINERS))
    cards = st.tuples(st.integers(0, 10**6), st.sampled_from([" ", "-", ".", "/", "_", "\n", "", "\\n"]))
    piece = st.one_of(
        st.sampled_from(secrets),
        cut,
        split.map(lambda t: t[0][: t[1]] + t[2] + t[0][t[1] :]),
        st.sampled_from(WORDS),
        st.sampled_from(BREAKS + SPACES + JOINERS),
        st.text(alphabet=TOKEN, min_size=1, max_size=60),
        st.text(max_size=10),
        cards.map(lambda t: t[1].join(_card(t[0])[i : i + 4] for i in range(0, 16, 4))),
    )
    repeated = st.tuples(piece, st.integers(1, 3000)).map(lambda t: t[0] * t[1])
    return st.lists(piece | repeated, max_size=25).map("".join)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True, help="a checkout of the commit to compare with")
    parser.add_argument("--python", default=sys.executable, help="the interpreter both sides run under")
    parser.add_argument("-n", type=int, default=2000, help="generated texts (after the corpus)")
    parser.add_argument("--clean", action="store_true", help="redact clean(text), as capture does")
    args = parser.parse_args()
    mode = "clean" if args.clean else "raw"
    old, new = Redactor(args.old, args.python, mode), Redactor(str(ROOT), args.python, mode)
    spellings = (str.upper, str.lower, lambda t: t * 3, lambda t: t.replace("\n", "\u2028"))
    corpus = [str(case["text"]) for case in cases()]
    differ = [t for t in corpus + [f(t) for t in corpus for f in spellings] if old(t) != new(t)]
    for text in differ:
        print(f"corpus: {text!r}\n  old {old(text)!r}\n  new {new(text)!r}")

    @settings(
        max_examples=args.n,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        phases=[Phase.generate, Phase.shrink],
    )
    @given(texts())
    def same(text: str) -> None:
        assert old(text) == new(text), f"{text!r}\n  old {old(text)!r}\n  new {new(text)!r}"

    try:
        same()
    except AssertionError as exc:
        print(exc)
        return 1
    print(f"{len(corpus) * 5} corpus texts and {args.n} generated: {'differences' if differ else 'no difference'}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
