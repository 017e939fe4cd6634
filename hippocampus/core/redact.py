"""Secret redaction: API keys, tokens, passwords, private keys and card numbers never reach disk.

Two layers, both pure and stdlib-only:

1. The maintained catalogue: gitleaks' rules (`core.secret_rules`, MIT), each gated by its keywords
   and its entropy floor, exactly as gitleaks runs them.
2. Context rules for what people type in conversation rather than commit in code: "my password is …",
   "密码是 …" / "密码 xxx", "pin 4411", `DB_PASS=`, `curl -u`, `sshpass -p`, `mysql -p…`, Azure
   `AccountKey=`, `?key=` / `sig=` in URLs, a key split over two lines, long high-entropy tokens (an
   AWS secret key in prose) and card numbers with any separator (Luhn-checked).

Nothing compiles at import: a rule is compiled the first time a text holds one of its keywords, so the
per-turn hook pays for the few rules its message can match, never for the whole catalogue.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from hippocampus.core import cards, national_ids, spoken_secrets
from hippocampus.core.clean import clean
from hippocampus.core.lazy_pattern import LazyPattern

_SECRET_WORDS = (
    r"(?:password|passwd|passphrase|passcode|pwd|secret|token|api[_ -]?key|apikey|access[_ -]?key"  # noqa: S105 - the key words that announce a secret, not a secret
    r"|account[_-]?key|sharedaccesskey|auth[_-]?key|private[_-]?key|client[_-]?secret|secret[_ -]?key|credentials?)"
)
_VALUE = r"(?!\[REDACTED)(?:\"[^\"]*\"|'[^']*'|\S+)"
_TOKENISH = r"(?!\[REDACTED)(?=[^\s]*\d)(?=[^\s]*[A-Za-z])[A-Za-z0-9_\-./+=~!@#$%^&*]{8,}"
"""A value that looks generated: 8+ characters with a letter and a digit ("my key is under the mat" stays)."""


_PATTERNS: tuple[tuple[tuple[str, ...], LazyPattern, str], ...] = (
    # (keywords that gate the rule, the rule, its replacement): `\1` keeps what leads up to the secret;
    # an empty replacement means `_assigned` decides
    (
        ("private key",),
        LazyPattern(
            r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----.*?"
            r"(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|\Z)",
            re.DOTALL,
        ),
        "[REDACTED:private-key]",
    ),
    (("://",), LazyPattern(r"(?i)\b([a-z][a-z0-9+.-]*://[^\s:/@]+:)[^\s@/]+(@)"), r"\1[REDACTED]\2"),  # user:password@
    (  # the value goes, the scheme stays; without a scheme only a value that looks generated goes
        ("authorization",),  # ("Authorization: OGSA provides …" is prose)
        LazyPattern(
            r"(?i)\b((?:proxy-)?authorization\s*[\"']?\s*[:=]\s*[\"']?)(?:((?:bearer|basic|token|digest)\s+)"
            r"(?!\[REDACTED)[^\s\"',;]+|(?!\[REDACTED)(?=[^\s\"',;]*\d)[^\s\"',;]{8,})"
        ),
        r"\1\2[REDACTED:auth]",
    ),
    (  # a token has a digit or is long: "the bearer instrument" stays prose
        ("bearer",),
        LazyPattern(r"(?i)\b(bearer\s+)(?:(?=[A-Za-z\-._~+/]*\d)[A-Za-z0-9\-._~+/]{8,}|[A-Za-z0-9\-._~+/]{20,})=*"),
        r"\1[REDACTED:bearer]",
    ),
    (("sk-",), LazyPattern(r"(?<![\w-])sk-[A-Za-z0-9_\-]{16,}"), "[REDACTED:api-key]"),
    (("k_live_", "k_test_"), LazyPattern(r"(?<![\w-])[rsp]k_(?:live|test)_[A-Za-z0-9]{16,}"), "[REDACTED:api-key]"),
    (("xox",), LazyPattern(r"(?<![\w-])xox[abposr]-[A-Za-z0-9-]{10,}"), "[REDACTED:slack]"),
    (("key-",), LazyPattern(r"(?<![\w-])key-[0-9a-f]{32}(?![0-9a-f])"), "[REDACTED:mailgun]"),
    (("-us",), LazyPattern(r"(?<![0-9a-f])[0-9a-f]{32}-us\d{1,2}\b"), "[REDACTED:mailchimp]"),
    (
        (".",),
        LazyPattern(r"(?<![\w-])[MNO][A-Za-z\d_-]{23,27}\.[A-Za-z\d_-]{6}\.[A-Za-z\d_-]{27,40}(?![\w-])", re.ASCII),
        "[REDACTED:discord-bot-token]",
    ),
    (
        (":aa",),
        LazyPattern(r"(?<!\d)\d{8,10}:AA[A-Za-z0-9_-]{33}(?![\w-])", re.ASCII),
        "[REDACTED:telegram-bot-token]",
    ),
    (
        ("?", "&"),
        LazyPattern(
            r"(?i)([?&;](?:key|api[_-]?key|apikey|token|access[_-]?token|auth|sig|signature|secret"
            r"|password|pwd|client[_-]?secret|x-amz-signature|x-amz-credential)=)(?!\[REDACTED|[{$%<])[^&\s#\"'<>]+"
        ),
        r"\1[REDACTED]",
    ),
    (
        ("pass", "pwd", "secret", "token", "key", "credential"),
        LazyPattern(
            rf"(?i)({_SECRET_WORDS}s?(?:[_.-][\w.-]*)?[\"']?\s*(?:[:=]|=>|:=)(\s*))"
            rf"(?!{_SECRET_WORDS}s?[\"']?\s*(?:[:=]|=>|:=))({_VALUE})"  # "a-password: password: x": x goes
        ),
        "",  # `_assigned`
    ),
    (  # DB_PASS=…, SMTP_PASS: … — upper-case environment names
        ("pass", "pwd", "secret", "token", "key", "auth"),
        LazyPattern(
            r"\b((?:[A-Z][A-Z0-9]*_)*(?:PASS|PASSWD|PASSWORD|PWD|SECRET|TOKEN|KEY|APIKEY|AUTH)(?:_[A-Z0-9]+)*"
            rf"\s*[=:](\s*))({_VALUE})"
        ),
        "",  # `_assigned`
    ),
    (
        ("pass", "pwd"),
        LazyPattern(
            rf"(?i)\b((?:password|passwd|passcode|pwd|passphrase)\s+(?:is|was|of|for \S+ is|[:=])?\s*){_TOKENISH}"
        ),
        r"\1[REDACTED]",
    ),
    (
        ("token", "secret", "key", "credential"),
        LazyPattern(rf"(?i)\b((?:token|secret|key|credentials?)\s+(?:is|was|=|:)\s+){_TOKENISH}"),
        r"\1[REDACTED]",
    ),
    (
        ("pin", "cvv", "cvc", "csc", "security code"),
        LazyPattern(
            r"(?i)\b((?:pin(?:\s*(?:code|number))?|cvv2?|cvc2?|csc|security code)"
            r"\s*(?:is|was|[:=#]|码|碼)?\s*(?:是\s*)?)\d{3,8}\b"
        ),
        r"\1[REDACTED]",
    ),
    (("sshpass",), LazyPattern(r"\b(sshpass\s+(?:-\w\s+\S+\s+)*-p\s*)(?:'[^']*'|\"[^\"]*\"|\S+)"), r"\1[REDACTED]"),
    (
        ("mysql",),
        LazyPattern(r"\b(mysql(?:dump|admin)?\b[^\n]*?\s-p)(?:'[^']*'|\"[^\"]*\"|[^\s'\"]+)"),
        r"\1[REDACTED]",
    ),
    (
        ("密", "口令", "令牌", "码", "碼"),
        LazyPattern(
            r"((?:密码|口令|密钥|令牌|密碼|驗證碼|验证码)\s*(?:[:：=]|是|为|為)\s*)(?!\[REDACTED)[^\s，。；！？、,;]+"
        ),
        r"\1[REDACTED]",
    ),
    (  # 密码 xxx: no separator, so only a value in Latin letters, digits and symbols counts
        ("密", "口令", "码", "碼"),
        LazyPattern(r"((?:密码|口令|密钥|密碼)\s*)(?!\[REDACTED)[!-~]{4,}"),
        r"\1[REDACTED]",
    ),
    (
        ("パスワード", "비밀번호", "пароль", "passwort", "contraseña", "mot de passe", "senha", "wachtwoord"),
        LazyPattern(
            r"(?i)((?:パスワード|비밀번호|пароль|passwort|contraseña|mot de passe|senha|wachtwoord)\s*"
            r"(?:は|는|:|=|ist|lautet|war|es|est|c'est|é|è|is|是)?\s*)(?!\[REDACTED)(?=[!-~]*[0-9!-/:-@\[-`{-~])[!-~]{4,}"
        ),
        r"\1[REDACTED]",
    ),
)
_CUT_SECRET_RE = LazyPattern(
    r"(?:sk-|[rsp]k_|gh[pousr]_|github_pat_|glpat-|hf_|AKIA|ASIA|xox[abposr]-|AIza|eyJ|-----BEGIN|\d[\d -]{7,}+)"
    r"(?:[^\s…]|…(?!$))*+…$"
)
"""A secret cut short by `clean`'s truncation no longer matches its full pattern; its start still goes. The runs
are possessive (they never give back): with backtracking, a long run of digits not followed by the final "…" was
tried at every split of every start, cubic in its length (2.6 s for 2,000 characters, 21 s for 4,000)."""
_LONG_TOKEN = LazyPattern(r"(?<![\w+/=-])[\w+/=-]{32,}(?![\w+/=-])", re.ASCII)
_WRAP_RE = LazyPattern(
    r"(?<=[\w+/=.%-])[ \t]*(?:\r\n|[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]|\\r\\n|\\[nr])[ \t]*(?=[\w+/=.%-])"
)
_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\\"
"""A character every `_WRAP_RE` match holds (a line break, or the backslash of a written `\\n`)."""
_MARK_RE = LazyPattern(r"\[REDACTED[^\]]*\]|\s")
_JOINERS_RE = LazyPattern(r"(?<=[\x21-\x7e])[\u200b-\u200d\u2060\ufeff]+|[\u200b-\u200d\u2060\ufeff]+(?=[\x21-\x7e])")
_JOINERS = "\u200b\u200c\u200d\u2060\ufeff"
"""The characters `_JOINERS_RE` removes: most texts hold none, and then the pattern is never compiled."""
_INDEX: tuple[list[tuple[str, LazyPattern, float]], dict[str, list[int]]] | None = None
"""The catalogue's rules and, per keyword, the rules it gates: built on the first redaction and published by
one assignment, so each of the warm worker's threads sees it whole or not at all (a thread that used a
half-built catalogue would skip the rules not yet added, and let their secrets through)."""


def entropy(text: str) -> float:
    """Shannon entropy in bits per character (gitleaks' measure of how random a secret looks)."""
    if not text:
        return 0.0
    counts: dict[str, int] = {}
    for ch in text:
        counts[ch] = counts.get(ch, 0) + 1
    n = len(text)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def _rules_for(lowered: str) -> list[tuple[str, LazyPattern, float]]:
    """The catalogue rules one of whose keywords is in the text, in catalogue order (each keyword checked once)."""
    global _INDEX
    index = _INDEX
    if index is None:  # two threads may both build it: the same rules, and either copy is whole
        from hippocampus.core.secret_rules import catalogue

        built: list[tuple[str, LazyPattern, float]] = []
        by_word: dict[str, list[int]] = {}
        for rid, words, pattern, floor in catalogue():
            for word in words:
                by_word.setdefault(word, []).append(len(built))
            built.append((rid, LazyPattern(pattern, re.ASCII), floor))
        index = _INDEX = (built, by_word)
    built, by_word = index
    hits = sorted({i for word, rules in by_word.items() if word in lowered for i in rules})
    return [built[i] for i in hits]


_CODE_VALUE, _TEMPLATE_VALUE = ("<", "$", "%"), ("YOUR_", "YOUR-", "<YOUR")
_PASSWORD_WORDS = ("pass", "pwd")
_PLACEHOLDERS = frozenset(
    {"password", "passwd", "pass", "pwd", "secret", "token", "changeme", "changeit", "test", "example"}
    | {"none", "null", "true", "false", "undefined"}
)
"""Values that stand for a secret in examples and templates (gitleaks' allowlist says the same), or none."""

_KEY_WORDS = frozenset(  # words that name a secret: followed by `:` or `=`, they are the next key, not a value
    {"password", "passwd", "passphrase", "passcode", "pwd", "pass", "secret", "token", "apikey", "api_key", "api-key"}
    | {"key", "credential", "credentials", "client_secret", "secret_key", "access_key", "private_key", "auth_key"}
)

_PLURAL_HEADING = LazyPattern(r"(?i)(?:password|passwd|secret|token|credential|key)s\W*$")


def _sub_assigned(pattern: LazyPattern, text: str) -> str:
    """`pattern`'s `key = value`s through `_assigned`; a value that is the next key ("token: key: x") yields to x."""
    at, out = 0, [""]
    while (match := pattern.get().search(text, at)) is not None:
        start, value, end = match.start(), match.group(3), match.end()
        while value[-1:] in (":", "=") and value.rstrip(":=").lower() in _KEY_WORDS:
            begin = next((i for i in range(end, len(text)) if not text[i].isspace()), len(text))
            quoted = text.find(text[begin], begin + 1) + 1 if text[begin : begin + 1] in ("'", '"') else 0
            end = quoted or next((i for i in range(begin, len(text)) if text[i].isspace()), len(text))
            value = text[begin:end]  # the next word or quoted string (scanned, not sliced: "key: key: …" stays linear)
        out.append(text[at:start] + _assigned(text[start : end - len(value)], value))
        at = end
    return "".join(out) + text[at:]


def _assigned(head: str, value: str) -> str:
    """`key = value`: the value goes, unless it is code (an expression, a placeholder) or, after a
    prose colon ("goals of the token: create …"), a plain word for anything but a password."""
    bare = value.strip("\"'`,;")
    if not bare or bare.startswith(_CODE_VALUE) or any(c in bare for c in "()[]{}\\") or bare.startswith(("/", "~/")):
        return head + value  # an expression, a placeholder or a file path
    if bare.lower() in _PLACEHOLDERS or not any(c.isalnum() for c in bare) or bare.upper().startswith(_TEMPLATE_VALUE):
        return head + value  # a placeholder, markdown ("**Credentials:** …") or a template's "YOUR_…"
    prose, plural = head.rstrip().endswith(":") and head[-1:].isspace(), _PLURAL_HEADING.search(head)
    number = bare.rstrip("kKmM").replace(",", "").replace("-", "").replace(".", "")  # "128k", "1,000,000", "8-64"
    most = 8 if plural and plural.group().lower().startswith(("token", "key")) else 4  # a count, not a PIN
    if plural and ((number.isdigit() and len(number) < most) or (prose and bare.isalpha())):
        return head + value  # "max_tokens=4096", "Strong passwords: use …"; not "passwords=letmein"
    if prose and bare.isalpha() and not any(w in head.lower() for w in _PASSWORD_WORDS):
        return head + value
    return head + "[REDACTED]"


def _high_entropy(match: re.Match[str]) -> str:
    """A long token mixing upper case, lower case and digits, as random as a generated key, is one
    (not a URL's path: the catalogue knows the URLs that carry keys)."""
    token = match.group()
    if token.lower() == token or token.upper() == token or not any(c.isdigit() for c in token):
        return token
    if token.startswith(("sha256-", "sha384-", "sha512-")):
        return token  # a subresource-integrity hash, public by design
    before = (match.string[: match.start()].rsplit(None, 1) or [""])[-1]  # the word before it, if any
    if "://" in before or "www." in before or token.count("/") > 2:
        return token
    return "[REDACTED:high-entropy]" if entropy(token) >= 4.2 else token


def _rule_sub(rule_id: str, floor: float) -> Callable[[re.Match[str]], str]:
    def replace(match: re.Match[str]) -> str:
        group = 1 if match.re.groups and match.group(1) is not None else 0
        secret = match.group(group)
        if "[REDACTED" in secret or (floor and entropy(secret) < floor):
            return match.group(0)
        if secret[-1:] in (":", "=") and secret.rstrip(":=").lower() in _KEY_WORDS:
            return match.group(0)  # "pwd: password: x": the "secret" is the next key; the key rules take x
        start, end = match.start(group) - match.start(), match.end(group) - match.start()
        whole = match.group(0)
        return whole[:start] + f"[REDACTED:{rule_id}]" + whole[end:]

    return replace


def _redact_rules(text: str, generic: bool = True) -> str:
    for rule_id, pattern, floor in _rules_for(text.lower()):
        text = pattern.sub(_rule_sub(rule_id, floor), text)
    lowered = text.lower()
    for hints, pattern, replacement in _PATTERNS:
        for hint in hints:  # cheap gate: most texts hold no secret at all
            if hint in lowered:
                text = pattern.sub(replacement, text) if replacement else _sub_assigned(pattern, text)
                break
    text = national_ids.redact(spoken_secrets.redact(text))
    if generic and len(text) >= 32:
        text = _LONG_TOKEN.sub(_high_entropy, text)
    if text.endswith("…"):
        text = _CUT_SECRET_RE.sub("[REDACTED]…", text)
    return cards.redact(text)


def redact(text: str) -> str:
    """Replace API keys, tokens, passwords, private keys and card numbers with `[REDACTED…]`.

    A key wrapped over two lines is found too: a line break between two token characters is removed
    when the joined lines hold more secret than the two pieces apart (`_unwrap_secret`).
    """
    if any(joiner in text for joiner in _JOINERS):
        text = _JOINERS_RE.sub("", text)  # a zero-width character inside a key must not hide it
    if any(mark in text for mark in _BREAKS) and _WRAP_RE.get().search(text):
        text = _WRAP_RE.sub(_unwrap_secret, text)
    return _redact_rules(text)


def _unwrap_secret(match: re.Match[str]) -> str:
    """Join the two lines at this break when the line before it and the token after it hold more secret
    joined than apart (a pasted key wrapped by a terminal); any other break stays as it is."""
    whole = match.string
    start = max(whole.rfind("\n", 0, match.start()), match.start() - 200) + 1
    following = whole[match.end() : match.end() + 200]
    left, right = whole[start : match.start()], following.split(None, 1)[0] if following[:1].strip() else ""
    right_apart = _covered(right, _redact_rules(right))
    if right_apart >= len(right):  # the next line is a secret of its own: join only for a named rule
        joined = left + right  # (a generic long-token match would also swallow the line before)
        named = _covered(joined, _redact_rules(joined, generic=False))
        return "" if named > _covered(left, _redact_rules(left, generic=False)) + len(right) else match.group()
    apart = _covered(left, _redact_rules(left)) + right_apart
    joined = left + right
    return "" if _covered(joined, _redact_rules(joined)) > apart else match.group()


def _covered(before: str, after: str) -> int:
    """How many characters of `before` redaction replaced in `after`."""
    return len(_MARK_RE.sub("", before)) - len(_MARK_RE.sub("", after))


def scrub(text: str, limit: int = 2000) -> str:
    """Clean, then redact, then clean to `limit`: a secret is redacted before any cut can split it, and
    before line breaks are flattened (so a key wrapped over two lines is still seen whole)."""
    return clean(redact(clean(text, limit=20_000, lines=True)), limit=limit)
