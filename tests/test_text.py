"""Cleaning, redaction, tokenising and similarity (hippocampus.text): pure tables."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from hippocampus.core import similarity as sim
from hippocampus.core.clean import clean
from hippocampus.core.redact import redact
from hippocampus.core.similarity import SAME_THRESHOLD, similarity
from hippocampus.core.tokens import keywords, tokenize

# --- clean -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("我喜欢喝茶", "我喜欢喝茶"),
        ("私はコーヒーが好きです", "私はコーヒーが好きです"),
        ("나는 차를 좋아해요", "나는 차를 좋아해요"),
        ("Café crème, naïve façade", "Café crème, naïve façade"),
        ("I love 🍵 and 👩‍👩‍👧 family emoji", "I love 🍵 and 👩‍👩‍👧 family emoji"),
        ("flag 🇯🇵 and heart ❤️", "flag 🇯🇵 and heart ❤️"),
        ("e\u0301 composed", "é composed"),
        ("  lots   of\n\n whitespace\t\there  ", "lots of whitespace here"),
        ("nul\x00 and bell\x07 and esc\x1b[31m", "nul and bell and esc[31m"),
        ("lone \ud800 surrogate", "lone surrogate"),
        ("replacement \ufffd\ufffd\ufffd run", "replacement run"),
        ("zero\u200bwidth and bom\ufeff", "zerowidth and bom"),
        ("bidi \u202eevil\u202c override", "bidi evil override"),
        ("tag \U000e0041\U000e0042 smuggling", "tag smuggling"),
        ("line\u2028separator", "line separator"),
        ("", ""),
        ("\x00\x01\x02", ""),
    ],
)
def test_clean_keeps_unicode_and_drops_junk(raw: str, expected: str) -> None:
    assert clean(raw) == expected


@pytest.mark.parametrize("limit", [1, 5, 10, 50])
def test_clean_truncates_on_a_character_boundary(limit: int) -> None:
    body = "word " * 100
    out = clean(body, limit=limit)
    assert len(out) <= limit
    assert out.endswith("…")


def test_clean_does_not_split_combining_marks_or_zwj_sequences() -> None:
    decomposed = "aaaa" + "q\u0307\u0323" + "z" * 10  # q with two marks has no precomposed form
    assert clean(decomposed, limit=6) == "aaaa…"
    family = "ab👩\u200d👩\u200d👧" + "tail" * 5
    assert clean(family, limit=5) == "ab…"


def test_clean_limit_zero_and_short_text_untouched() -> None:
    assert clean("hello", limit=0) == ""
    assert clean("hello", limit=5) == "hello"


def test_clean_never_raises_on_binary_junk_or_huge_strings() -> None:
    blobs = [
        bytes(range(256)).decode("latin-1"),
        bytes(range(256)).decode("utf-8", errors="surrogateescape"),
        bytes(range(256)).decode("utf-8", errors="replace"),
        "".join(chr(c) for c in range(0, 0x3000, 7)),
        "\ud83d" * 1000,
        "x" * 5_000_000,
        "\n" * 1_000_000 + "tail",
        "a" + " " * 50_000 + "b",
        "ab" + "\u0301" * 50_000,
    ]
    rng = random.Random(7)
    blobs += ["".join(chr(rng.randrange(0, 0x110000)) for _ in range(500)) for _ in range(20)]
    for blob in blobs:
        out = clean(blob)
        assert isinstance(out, str)
        assert len(out) <= 2000
        assert "\x00" not in out and "\ufffd" not in out
        assert all(not ("\ud800" <= ch <= "\udfff") for ch in out)
        out.encode("utf-8")  # always encodable: no lone surrogates left


# --- redact ----------------------------------------------------------------------------------

SECRETS = [
    ("my key is sk-abcdefghijklmnopqrstuvwxyz0123456789", "sk-abcdefghijklmnopqrstuvwxyz0123456789"),
    ("OPENAI_API_KEY=sk-proj-Ab3dEf6hIj9kLmN0pQrStUvWxYz_12-34", "sk-proj-Ab3dEf6hIj9kLmN0pQrStUvWxYz_12-34"),
    (
        "anthropic sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AA",
        "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
    ),
    ("token ghp_1234567890abcdefghijABCDEFGHIJ123456", "ghp_1234567890abcdefghijABCDEFGHIJ123456"),
    ("gho_16C7e42F292c6912E7710c838347Ae178B4a and more", "gho_16C7e42F292c6912E7710c838347Ae178B4a"),
    ("ghs_abcdefghijklmnopqrstuvwxyz0123456789", "ghs_abcdefghijklmnopqrstuvwxyz0123456789"),
    ("github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz", "github_pat_11ABCDEFG0123456789_abcdefghij"),
    ("aws AKIAIOSFODNN7EXAMPLE is the id", "AKIAIOSFODNN7EXAMPLE"),
    ("temp creds ASIAY34FZKBOKMUTVV7A now", "ASIAY34FZKBOKMUTVV7A"),
    ("slack xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "xoxb-123456789012-1234567890123"),
    ("xoxp-1234-5678-abcdefghij", "xoxp-1234-5678-abcdefghij"),
    ("google AIzaSyA-1234567890abcdefghijklmnopqrstuv", "AIzaSyA-1234567890abcdefghijklmnopqrstuv"),
    (
        "jwt eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    ),
    ("curl -H 'Authorization: Bearer abc123def456ghi789'", "abc123def456ghi789"),
    ("Authorization: Basic dXNlcjpodW50ZXIy", "dXNlcjpodW50ZXIy"),
    ("use bearer zzTOKENzz12345678 for that", "zzTOKENzz12345678"),
    ("password: hunter2", "hunter2"),
    ("Password = 'correct horse battery staple'", "correct horse battery staple"),
    ("login with pwd=Sup3rS3cret!", "Sup3rS3cret!"),
    ("passwd: tr0ub4dor", "tr0ub4dor"),
    ("my password is swordfish42", "swordfish42"),
    ('{"password": "p@ss w0rd"}', "p@ss w0rd"),
    ("DB_PASSWORD=s3cr3tvalue", "s3cr3tvalue"),
    ("client_secret=abcdef0123456789", "abcdef0123456789"),
    ("secret=opensesame", "opensesame"),
    ("token=tok_live_998877", "tok_live_998877"),
    ("api_key=AKxyz123456", "AKxyz123456"),
    ("x-api-key: 0123456789abcdef", "0123456789abcdef"),
    ("accessToken: eyAbc.def.ghi", "eyAbc.def.ghi"),
    ("我的密码是hunter2，别告诉别人", "hunter2"),
    ("密码：abc123456", "abc123456"),
    ("postgres://admin:pa55word@db.example.com/app", "pa55word"),
    (
        "key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bq\nZm9vYmFy\n-----END RSA PRIVATE KEY-----\nthanks",
        "MIIEowIBAAKCAQEA7bq",
    ),
    ("-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjEA truncated", "b3BlbnNzaC1rZXktdjEA"),
    ("card 4111 1111 1111 1111 exp 12/29", "4111 1111 1111 1111"),
    ("card 4111-1111-1111-1111", "4111-1111-1111-1111"),
    ("pay with 5500005555555559 please", "5500005555555559"),
    ("amex 3782 822463 10005", "3782 822463 10005"),
    ("visa 4111 1111 1111 1111 then 99", "4111 1111 1111 1111"),
    ("router-password: password: DZZ0WKnUPh5w#9", "DZZ0WKnUPh5w#9"),  # a key repeated: the last one's value goes
    ("password: password: hunter2x9", "hunter2x9"),
    ("pwd: password: x7Kp2qWm", "x7Kp2qWm"),  # the catalogue's pwd rule took "password:" for the value
    ("pwd=secret= abc123defg", "abc123defg"),
    ("passwords: hunter2xyz", "hunter2xyz"),  # a plural key before a value that is not a word
    ("My passwords: Xy7!pq9zQ for gmail", "Xy7!pq9zQ"),
    ("secrets: 8fG2kQ9xLm", "8fG2kQ9xLm"),
    ("API keys: sk_abc123XYZ789", "sk_abc123XYZ789"),
    ("token: key: Xk9pQ2mZ7w", "Xk9pQ2mZ7w"),  # the next key is a word the key rule's lookahead does not name
    ("secret= pass= Xy7pq9zQ", "Xy7pq9zQ"),
    ("apikey: KEY:\n  Xy7pq9zQ11", "Xy7pq9zQ11"),
    ('token: key: "quoted secret 99x"', "quoted secret 99x"),
    ("passwords=letmein", "letmein"),  # a plural key assigned a word: not a heading
    ("API keys: 84629175302846195730", "84629175302846195730"),  # a number too long to count tokens or keys
]


@pytest.mark.parametrize(("raw", "secret"), SECRETS)
def test_redact_removes_every_secret(raw: str, secret: str) -> None:
    out = redact(raw)
    assert secret not in out
    assert "[REDACTED" in out
    # no long piece of the secret survives either
    piece = secret.replace(" ", "").replace("-", "")
    flat = out.replace(" ", "").replace("-", "")
    for i in range(len(piece) - 8):
        assert piece[i : i + 9] not in flat


@pytest.mark.parametrize(("raw", "secret"), SECRETS)
def test_redact_after_clean_still_removes_the_secret(raw: str, secret: str) -> None:
    assert secret not in redact(clean(raw))


@pytest.mark.parametrize(
    "secret",
    [
        "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789",
        "ghp_1234567890abcdefghijABCDEFGHIJ123456",
        "AKIAIOSFODNN7EXAMPLE",
        "4111 1111 1111 1111",
    ],
)
def test_a_secret_cut_by_truncation_is_still_redacted(secret: str) -> None:
    for cut in range(8, len(secret) + 1):
        out = redact(clean("word " * 20 + secret, limit=101 + cut))
        assert secret[:cut].rstrip() not in out


@pytest.mark.parametrize(
    "ordinary",
    [
        "Call me at +1 415 555 0100 tomorrow",
        "my phone is 138 0013 8000",
        "电话 +86 13800138000",
        "order number 1234567890123 shipped",
        "the population is 1,400,000,000 people",
        "ISBN 978-3-16-148410-0",
        "timestamp 1700000000000 ms",
        "4111 1111 1111 1112 is not a valid card",
        "meeting on 2024-05-12 at 10:30",
        "The token count was 512 and the secretary was Jane",
        "I love my sister, she is 34",
        "the sk- prefix marks OpenAI keys",
        "tokenize: splits words",
        "passwordless login is enabled",
        "the bearer instrument was signed",
        "token: token",
    ],
)
def test_redact_keeps_ordinary_text(ordinary: str) -> None:
    assert redact(ordinary) == ordinary


def test_redact_labels_the_kind() -> None:
    assert redact("sk-abcdefghijklmnopqrstuvwxyz") == "[REDACTED:api-key]"
    assert "[REDACTED:card]" in redact("4111111111111111")
    assert redact("password: x1") == "password: [REDACTED]"


# --- tokenize --------------------------------------------------------------------------------


def test_tokenize_chinese_bigrams_match_a_query() -> None:
    doc = tokenize("我喜欢喝茶")
    assert "喝茶" in doc and "茶" in doc and "喜欢" in doc
    assert set(tokenize("喝茶")) <= set(doc)


@pytest.mark.parametrize(
    ("words", "same"),
    [
        (["preference", "prefers", "preferred", "prefer", "preferring", "preferences"], True),
        (["coffee", "coffees"], True),
        (["like", "likes", "liked", "liking"], True),
        (["name", "named", "names"], True),
        (["drink", "drinks", "drinking"], True),
        (["decide", "decided", "decides"], True),
        (["happy", "happiness"], True),
        (["story", "stories"], True),
        (["box", "boxes"], True),
        (["tea", "coffee"], False),
        (["sister", "brother"], False),
    ],
)
def test_tokenize_stems_word_families(words: list[str], same: bool) -> None:
    stems = {tuple(tokenize(w)) for w in words}
    assert (len(stems) == 1) is same


def test_tokenize_drops_stopwords_keeps_negations_and_splits_clitics() -> None:
    assert tokenize("I don't like the coffee") == ["not", "lik", "coff"]
    assert tokenize("My sister's name is Alma") == ["sister", "nam", "alma"]
    assert tokenize("I never drink it") == ["never", "drink"]


def test_tokenize_mixed_scripts_and_case() -> None:
    assert tokenize("Tea 茶 TEA") == ["tea", "茶", "tea"]
    assert "café" in tokenize("Café")
    assert tokenize("ひらがな") == ["ひ", "ひら", "ら", "らが", "が", "がな", "な"]


def test_tokens_never_hold_quotes_or_whitespace() -> None:
    rng = random.Random(3)
    alphabet = "ab \"'’`$()*:-\t\n我喜欢🍵é0123"
    for _ in range(300):
        sample = "".join(rng.choice(alphabet) for _ in range(40))
        for token in tokenize(sample):
            assert token
            assert '"' not in token and "'" not in token
            assert not any(ch.isspace() for ch in token)


def test_keywords_are_distinct_distinctive_and_bounded() -> None:
    words = keywords("I prefer green tea over coffee. Tea every day, tea with lemon.", n=3)
    assert words[0] == "tea"
    assert len(words) == 3 and len(set(words)) == 3
    assert keywords("", n=6) == []
    assert keywords("the and of", n=6) == []
    assert "喝茶" in keywords("我喜欢喝茶")


# --- similarity ------------------------------------------------------------------------------

SAME = [
    ("I prefer tea over coffee", "Tea is my preference, not coffee"),
    ("I prefer tea over coffee", "I'd rather have tea than coffee"),
    ("Remember that my sister's name is Alma", "My sister is called Alma"),
    ("Don't forget my sister is Alma", "My sister is Alma"),
    ("I like green tea", "I love green tea"),
    ("We decided to use Postgres for the backend", "Decision: use Postgres for the backend"),
    ("User prefers tea over coffee", "Honestly I prefer tea over coffee most days, especially in the afternoon"),
    ("我喜欢喝茶", "我喜欢喝茶。"),
    ("我妹妹叫阿尔玛", "记住：我妹妹叫阿尔玛"),
    ("My sister Alma lives in Berlin", "my sister alma lives in berlin now"),
    ("We moved to Berlin in May", "In May we moved to Berlin"),
]
DIFFERENT = [
    ("I prefer tea over coffee", "My sister drinks coffee every morning"),
    ("My sister's name is Alma", "My brother's name is Tom"),
    ("My sister's name is Alma", "My sister Alma lives in Berlin"),
    ("I prefer coffee over tea", "I prefer tea over coffee"),
    ("I like coffee", "I don't like coffee"),
    ("I prefer tea", "I prefer coffee"),
    ("We decided to use Postgres", "We decided to use MySQL instead of Postgres"),
    ("I'm working on a compiler in Rust", "My cat sleeps all day"),
    ("我喜欢茶", "我不喜欢茶"),
    ("我妹妹叫阿尔玛", "我弟弟叫汤姆"),
    ("", ""),
    ("🍵🍵", "coffee"),
    (
        "Come up with 30 picture book title ideas inspired by Keiko Sena",
        "Come up with 30 picture book title ideas inspired by Miwa Nakaya",
    ),
]


@pytest.mark.parametrize(("a", "b"), SAME)
def test_similarity_fires_on_paraphrases(a: str, b: str) -> None:
    assert similarity(a, b) >= SAME_THRESHOLD
    assert similarity(b, a) >= SAME_THRESHOLD


@pytest.mark.parametrize(("a", "b"), DIFFERENT)
def test_similarity_does_not_fire_on_different_statements(a: str, b: str) -> None:
    assert similarity(a, b) < SAME_THRESHOLD
    assert similarity(b, a) < SAME_THRESHOLD


def test_similarity_is_bounded_and_symmetric() -> None:
    texts = [a for pair in SAME + DIFFERENT for a in pair]
    for a, b in combinations(texts, 2):
        value = similarity(a, b)
        assert 0.0 <= value <= 1.0
        assert value == pytest.approx(similarity(b, a))
    assert similarity("I prefer tea over coffee", "I prefer tea over coffee") == 1.0


def test_names_are_capitalised_words_inside_a_sentence() -> None:
    assert sim.names("Yesterday I met Alma and Tom in Berlin. Then we left.") == {"alma", "tom", "berlin"}
    assert sim.names("alma is lowercase here") == frozenset()
    assert sim.conflict(sim.profile("ideas by Keiko Sena"), sim.profile("ideas by Miwa Nakaya"))
    assert not sim.conflict(sim.profile("my sister Alma"), sim.profile("Alma lives in Berlin"))


def test_required_shared_is_a_sound_bound() -> None:
    """Below `required_shared` common features no pair of sets can reach the threshold (encode relies on it)."""
    for a in range(1, 14):
        for b in range(1, 14):
            need = sim.required_shared(a, b)
            for shared in range(1, min(a, b) + 1):
                left = frozenset(f"s{i}" for i in range(shared)) | {f"a{i}" for i in range(a - shared)}
                right = frozenset(f"s{i}" for i in range(shared)) | {f"b{i}" for i in range(b - shared)}
                value = sim.feature_similarity(frozenset(left), frozenset(right))
                assert (value >= SAME_THRESHOLD) == (shared >= need)
