"""The secret corpus: realistic (fake) credentials in the forms people really type them.

Every format comes in four forms: `plain` (as a tool prints it), `prose` (inside an English sentence),
`cjk` (inside Chinese text, no spaces around it) and `split` (broken over two lines, as a paste wraps
it). `needles` are the substrings that must never reach a file: the secret, or for a split secret each
half of it. All values are generated from a fixed seed, so they look real to a detector but are not.

Used by tests/test_secrets.py (every write path) and bench/bench_secrets.py (counts per path, before/after).
"""

from __future__ import annotations

import random
import string

_RNG = random.Random(20261212)
ALNUM = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"


def _r(n: int, alphabet: str = ALNUM) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


def _luhn_complete(prefix: str, length: int) -> str:
    """A card number of `length` digits starting with `prefix`, with a valid Luhn check digit."""
    body = prefix + "".join(_RNG.choice(string.digits) for _ in range(length - len(prefix) - 1))
    for check in string.digits:
        digits = body + check
        total = 0
        for i, ch in enumerate(reversed(digits)):
            d = int(ch)
            if i % 2:
                d = d * 2 - 9 if d > 4 else d * 2
            total += d
        if total % 10 == 0:
            return digits
    raise AssertionError("unreachable")


def _groups(number: str, sizes: tuple[int, ...], sep: str) -> str:
    out, i = [], 0
    for size in sizes:
        out.append(number[i : i + size])
        i += size
    return sep.join(out)


_VISA = _luhn_complete("4", 16)
_MC = _luhn_complete("53", 16)
_AMEX = _luhn_complete("37", 15)
_AWS_SECRET = _r(40, B64)

# (format id, the secret itself, how it is usually written: {s} is the secret)
FORMATS: list[tuple[str, str, str]] = [
    ("openai-legacy", "sk-" + _r(48), "OPENAI_API_KEY={s}"),
    ("openai-project", "sk-proj-" + _r(74, ALNUM + "_-") + "T3BlbkFJ" + _r(74, ALNUM + "_-"), "{s}"),
    ("anthropic", "sk-ant-api03-" + _r(93, ALNUM + "_-") + "AA", "ANTHROPIC_API_KEY={s}"),
    ("github-pat", "ghp_" + _r(36), "{s}"),
    ("github-oauth", "gho_" + _r(36), "{s}"),
    ("github-fine-grained", "github_pat_" + _r(82, ALNUM + "_"), "{s}"),
    ("gitlab-pat", "glpat-" + _r(20, ALNUM + "_-"), "{s}"),
    ("huggingface", "hf_" + _r(34, string.ascii_letters), "{s}"),
    ("npm", "npm_" + _r(36), "//registry.npmjs.org/:_authToken={s}"),
    ("sendgrid", "SG." + _r(22, ALNUM + "_-") + "." + _r(43, ALNUM + "_-"), "{s}"),
    ("slack-bot", "xoxb-" + _r(12, string.digits) + "-" + _r(12, string.digits) + "-" + _r(24), "{s}"),
    ("slack-user", "xoxp-" + "-".join(_r(12, string.digits) for _ in range(3)) + "-" + _r(32, HEX), "{s}"),
    ("slack-webhook", "https://hooks.slack.com/services/T" + _r(8) + "/B" + _r(8) + "/" + _r(24), "{s}"),
    ("discord-bot", "MT" + _r(24) + "." + _r(6, ALNUM + "_-") + "." + _r(38, ALNUM + "_-"), "{s}"),
    ("telegram-bot", _r(10, string.digits) + ":AA" + _r(33, ALNUM + "_-"), "{s}"),
    ("twilio-api-key", "SK" + _r(32, HEX), "{s}"),
    ("twilio-auth-token", _r(32, HEX), "twilio auth token: {s}"),
    ("mailgun", "key-" + _r(32, HEX), "{s}"),
    ("mailchimp", _r(32, HEX) + "-us14", "{s}"),
    ("shopify", "shpat_" + _r(32, HEX), "{s}"),
    ("digitalocean", "dop_v1_" + _r(64, HEX), "{s}"),
    ("stripe-secret", "sk_live_" + _r(24), "{s}"),
    ("stripe-restricted", "rk_live_" + _r(24), "{s}"),
    ("aws-access-key", "AKIA" + _r(16, string.ascii_uppercase + "234567"), "{s}"),
    ("aws-secret-prose", _AWS_SECRET, "aws_secret_access_key = {s}"),
    ("google-api", "AIza" + _r(35, ALNUM + "_-"), "{s}"),
    ("jwt", "eyJ" + _r(30) + ".eyJ" + _r(40) + "." + _r(43, ALNUM + "_-"), "{s}"),
    ("private-key", "MIIEow" + _r(60, B64), "-----BEGIN RSA PRIVATE KEY-----\n{s}\n-----END RSA PRIVATE KEY-----"),
    ("azure-account-key", _r(86, B64) + "==", "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={s};"),
    (
        "azure-sas",
        _r(43, B64).replace("/", "%2F") + "%3D",
        "https://acme.blob.core.windows.net/c?sv=2022-11-02&sig={s}",
    ),
    ("url-key", _r(39, ALNUM + "_-"), "https://maps.example.com/api/geocode?address=x&key={s}"),
    ("curl-user", "bob:" + _r(14), "curl -u {s} https://api.example.com/v1"),
    ("curl-bearer", _r(40), 'curl -H "Authorization: Bearer {s}" https://api.example.com'),
    ("basic-auth", _r(28, B64) + "=", "Authorization: Basic {s}"),
    ("sshpass", _r(14) + "!", "sshpass -p '{s}' ssh root@10.0.0.5"),
    ("db-pass-env", _r(16), "DB_PASS={s}"),
    ("postgres-url", _r(18), "postgres://app:{s}@db.internal:5432/prod"),
    ("mysql-cli", _r(12), "mysql -u root -p{s} shop"),
    ("password-prose", "Tr0ub4dor&" + _r(6), "my password is {s}"),
    ("password-colon", _r(12) + "#9", "password: {s}"),
    ("passphrase", "correct-horse-" + _r(8), "the passphrase was {s}"),
    ("chinese-password-is", "Mima" + _r(8), "我的密码是{s}"),
    ("chinese-password-space", "Zh" + _r(9) + "7", "密码 {s}"),
    ("japanese-password", "Pw" + _r(10), "パスワードは{s}です"),
    ("german-password", "Geheim" + _r(6), "mein Passwort ist {s}"),
    ("spanish-password", "Clave" + _r(7), "mi contraseña es {s}"),
    ("pin", "7391", "my bank pin 7391"),
    ("pin-is", "6084", "the PIN is 6084"),
    ("cvv", "917", "card cvv 917"),
    ("card-spaces", _groups(_VISA, (4, 4, 4, 4), " "), "{s}"),
    ("card-dashes", _groups(_MC, (4, 4, 4, 4), "-"), "{s}"),
    ("card-dots", _groups(_VISA, (4, 4, 4, 4), "."), "{s}"),
    ("card-plain", _MC, "{s}"),
    ("card-amex", _groups(_AMEX, (4, 6, 5), " "), "{s}"),
    ("atlassian", "ATATT3" + _r(186, ALNUM + "_-="), "{s}"),
    ("pypi", "pypi-AgEIcHlwaS5vcmc" + _r(60, ALNUM + "_-"), "{s}"),
    ("databricks", "dapi" + _r(32, HEX), "{s}"),
    ("doppler", "dp.pt." + _r(43), "{s}"),
    ("linear", "lin_api_" + _r(40), "{s}"),
    ("postman", "PMAK-" + _r(24, HEX) + "-" + _r(34, HEX), "{s}"),
    ("vault", "hvs." + _r(95, ALNUM + "_-"), "{s}"),
    ("grafana-sa", "glsa_" + _r(32) + "_" + _r(8, HEX), "{s}"),
    ("age", "AGE-SECRET-KEY-1" + _r(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"), "{s}"),
    ("square", "sq0atp-" + _r(22, ALNUM + "_-"), "{s}"),
    ("sentry", "sntryu_" + _r(64, HEX), "{s}"),
    ("newrelic", "NRAK-" + _r(27, string.ascii_uppercase + string.digits), "newrelic_api_key: {s}"),
    ("pulumi", "pul-" + _r(40, HEX), "{s}"),
    ("perplexity", "pplx-" + _r(48), "{s}"),
    ("heroku", "-".join((_r(8, HEX), _r(4, HEX), _r(4, HEX), _r(4, HEX), _r(12, HEX))), "HEROKU_API_KEY={s}"),
    ("generic-api-key", _r(32), "api key: {s}"),
    ("generic-token-prose", _r(24) + "9", "the access token is {s}"),
]

_PROSE = "FYI for later, {p} - please keep that safe and don't share it."
_CJK = "记一下：{p}，别告诉别人。"


def _split(plain: str, secret: str) -> tuple[str, list[str]]:
    """The plain form with the secret broken over two lines at its middle; each half is a needle."""
    if len(secret) < 12:
        return plain.replace(secret, "\n" + secret), [secret]  # a short value goes to the next line whole
    mid = len(secret) // 2
    return plain.replace(secret, secret[:mid] + "\n" + secret[mid:]), [secret[:mid], secret[mid:]]


def _needles(fmt: str, secret: str) -> list[str]:
    if len(secret) >= 8:
        return [secret]
    word = {"pin": "pin ", "pin-is": "is ", "cvv": "cvv "}[fmt]
    return [word + secret]  # a four-digit value alone is too common in a database file to grep for


def cases() -> list[dict[str, object]]:
    """Every (format, form) case: {"id", "format", "form", "text", "needles"}."""
    out: list[dict[str, object]] = []
    for fmt, secret, plain_tpl in FORMATS:
        plain = plain_tpl.format(s=secret)
        needles = _needles(fmt, secret)
        split_text, split_needles = _split(plain, secret)
        if len(secret) < 8:
            split_needles = [secret]
        for form, text, found in (
            ("plain", plain, needles),
            ("prose", _PROSE.format(p=plain), needles),
            ("cjk", _CJK.format(p=plain), needles),
            ("split", split_text, split_needles if len(secret) >= 12 else needles),
        ):
            out.append({"id": f"{fmt}/{form}", "format": fmt, "form": form, "text": text, "needles": found})
    return out


def leaks(blob: bytes, case_list: list[dict[str, object]]) -> set[str]:
    """The case ids any of whose needles occur in `blob` (raw bytes: UTF-8, and for SQLite's sake also
    as it would sit in a JSON string with escapes)."""
    found = set()
    for case in case_list:
        for needle in case["needles"]:  # type: ignore[attr-defined]
            raw = str(needle).encode("utf-8")
            if raw in blob or str(needle).replace("/", "\\/").encode() in blob:
                found.add(str(case["id"]))
    return found
