"""Credentials said in plain speech: "the wifi pass is …", "my pw is …", "door code 4821", "alarm code:
99731", "PIN for the card is …", "Netflix login: anna@… / Sommer2024!", "auth token 8f3a…", in the
supported languages; and secrets another tool already masked (`AKIAZ3…TQ2B`, `sk-***wxyz`).

Part of the redactor (`core.redact` calls `redact` after its own rules). Each rule is a label (what the
value opens: a password, a code, a PIN, an id, a token), an optional short qualifier ("for the guest
network", "de la porte", "der Haustür"), a connector ("is", ":", "ist", "lautet", "c'est", "是", "は",
"changed to"…) and the value, which must look like one for that kind of label:

- a password or token: quoted, or holding a digit, a symbol or an inner capital, or (a plain word)
  closing its clause ("the wifi password is bananas." goes; "the password is written on the router"
  stays: "written" does not close the clause);
- a code or PIN: three digits or more, with `#`, `*`, dashes or spaces between them;
- an id number: five digits or more.

A masked secret is redacted whole: the visible part of a key (OpenClaw keeps 6 characters, "…" and the
last 4) is still most of what identifies it. Every rule is gated by words the text must hold and compiled
on first use (`LazyPattern`), so a turn without any of them pays for a few substring checks.
"""

from __future__ import annotations

import re

from hippocampus.core.lazy_pattern import LazyPattern

_DET = (
    r"(?:(?:the|my|our|your|his|her|their|a|an|this|that|le|la|les|l'|mon|ma|mes|notre|votre|el|los|las|mi|mis|tu"
    r"|nuestro|nuestra|o|os|as|meu|minha|nosso|nossa|il|lo|gli|i|mio|mia|nostro|nostra|der|die|das|den|dem|des"
    r"|mein|meine|meinen|meinem|unser|unsere|unseren|dein|deine|het|de|mijn|onze|je)\s+)"
)
_QUALIFIER = (
    r"(?:\s+(?:for|of|to|at|on|in|from|du|de|des|d'|de la|de l'|del|della|dell'|dello|dei|da|do|dos|das|no|na"
    r"|für|fürs|vom|von|zum|zur|der|des|van|voor|от|для|к)\s*"
    rf"{_DET}?(?!\d)[\w'’.&-]+(?:\s+(?!\d)[\w'’.&-]+)?)?"
)
"""A short phrase saying whose credential it is: "for the guest network", "de la porte", "der Haustür"."""
_CONNECT = (
    r"(?:\s*(?:[:=：]|=>|->|\bis\b|\bwas\b|\bare\b|\b(?:has\s+)?(?:been\s+)?changed\s+to\b|\bset\s+to\b|\bis\s+now\b"
    r"|\bist\b|\blautet\b|\bwar\b|\bheißt\b|\best\b|\bc'est\b|\bc’est\b|\bétait\b|\bes\b|\bera\b|\bé\b|\bè\b"
    r"|\bér\b|\bär\b|\ber\b|\bjest\b|\bje\b|\bэто\b|\bهي\b|\bهو\b|\bהיא\b|\bהוא\b|[—–-](?=\s)|是|为|為|は|는|은)\s*(?:now\s+|still\s+|jetzt\s+"
    r"|maintenant\s+|ahora\s+|agora\s+|ora\s+|nu\s+)?)"
)
"""What joins a label to its value; "now"/"still" and their equivalents may follow it."""
# the words that name a password or a token, not one:
_PASSWORD = (
    r"(?:pass(?:word|wort|wd|phrase|code)?|pw|pwd|kennwort|mot\s+de\s+passe|mdp|contraseña|contrasena|clave"  # noqa: S105
    r"|senha|wachtwoord|lösenord|losenord|passord|adgangskode|hasło|haslo|heslo|şifre|sifre|parola"
    r"|şifresi|şifrem|şifreniz|пароль|密码|密碼|口令|パスワード|비밀번호|암호|كلمة\s+(?:المرور|السر)|الرقم\s+السري"
    r"|ה?סיסמ[הא]|पासवर्ड)"
)
_NETWORK = (
    r"(?:wi-?fi|wlan|router|network|hotspot|guest|admin|netzwerk|réseau|red|rede|rete|netwerk|вайфая|wifi的?"
    r"|ワイファイ)"
)
_CODE_THINGS = (
    r"(?:front\s+door|back\s+door|door|gate|alarm|garage|entry|entrance|building|keypad|lock|locker|safe|key\s?box"
    r"|lockbox|padlock|bike\s+lock|access|security|intercom|buzzer|house|flat|apartment|office|storage|mailbox"
    r"|tür|haustür|tor|garagen|schließfach|tresor|zugangs|sicherheits|briefkasten|deur|voordeur|poort|toegangs|kluis)"
)
_CODE_LABEL = (
    rf"(?:{_CODE_THINGS}[\s-]?code|(?:verification|confirmation|one-time|otp|2fa|mfa|sms|login|auth|authentication"
    r"|security|bestätigungs|verifizierungs|vérification|verificación|verificação|verifica)[\s-]?c(?:ode|ódigo|odigo|odice)|(?:pass|access|entry|unlock|lock)code|combination|combo|digicode|türcode|alarmcode"
    r"|tor-?code|暗証番号|门禁(?:密?码)|門禁(?:密?碼)|密码锁|保险箱密码|код(?=\s+(?:от|для|двери|домофона|сигнализации|подъезда))"
    r"|code\s+(?:for|to|of)\s+(?:the\s+|my\s+|our\s+)?(?:front\s+|back\s+|side\s+)?" + _CODE_THINGS + r"(?:\s+door)?"
    r"|code\s+(?:de\s+la\s+porte|de\s+l'alarme|de\s+l’alarme|du\s+portail|d'accès|d’accès|d'entrée|d’entrée|du\s+cadenas"
    r"|de\s+l'immeuble|du\s+coffre|du\s+garage)"
    r"|c[óo]digo\s+(?:de\s+la\s+puerta|de\s+la\s+alarma|del\s+portal|de\s+acceso|de\s+entrada|del\s+garaje|de\s+seguridad"
    r"|da\s+porta|do\s+alarme|do\s+portão|do\s+portao|da\s+garagem)"
    r"|codice\s+(?:della\s+porta|dell'allarme|dell’allarme|del\s+cancello|d'accesso|di\s+accesso|del\s+portone|della\s+cassaforte))"
)
_PIN_LABEL = (
    r"(?:pin(?:[\s-]?(?:code|number|nummer|nr\.?|no\.?|#))?|geheimzahl|code\s+pin|c[óo]digo\s+pin|codice\s+pin"
    r"|pin码|pin碼|密码锁)"
)
_ID_LABEL = (
    r"(?:ssn|social\s+security(?:\s+(?:number|no\.?|#))?|national\s+(?:id|insurance)(?:\s+(?:number|no\.?))?"
    r"|ni\s+number|nino|passport\s+(?:number|no\.?|#)|tax\s+(?:id|number)|tin|id\s+(?:card\s+)?number"
    r"|steuer-?id|steuernummer|steueridentifikationsnummer|sozialversicherungsnummer|rentenversicherungsnummer"
    r"|personalausweis(?:nummer)?|reisepassnummer|numéro\s+de\s+sécurité\s+sociale|numéro\s+de\s+sécu|n°\s+de\s+sécu"
    r"|numéro\s+fiscal|numéro\s+de\s+passeport|dni|nie|nif|nss|número\s+de\s+la\s+seguridad\s+social|cpf|rg"
    r"|codice\s+fiscale|bsn|burgerservicenummer|personnummer|personummer|cpr-?nummer|pesel|henkilötunnus"
    r"|身份证号码?|身份證號碼?|マイナンバー|주민등록번호|снилс|инн|номер\s+паспорта)"
)
_TOKEN_LABEL = (
    r"(?:(?:auth|access|refresh|api|bearer|session|bot|app|personal\s+access|webhook|signing|client|account|master"  # noqa: S105
    r"|recovery|backup|2fa|totp|mfa|seed)[\s_-]?(?:token|key|secret|code|phrase)s?|secret|token|seed\s+phrase"
    r"|recovery\s+codes?|backup\s+codes?)"
)

_OTHER_SCRIPTS = "\u0590-\u06ff\u0900-\u097f\u3000-\u9fff\uac00-\ud7af\uff00-\uffef"
"""Hebrew, Arabic, Devanagari, CJK and Hangul: a typed password is in Latin letters, digits and symbols, so
in "パスワードはsakura2024です" the value ends where the sentence's own script resumes."""
_SECRET_VALUE = (
    r"(?P<v>\"[^\"\n]{1,80}\"|'[^'\n]{1,80}'|“[^”\n]{1,80}”|«[^»\n]{1,80}»"
    rf"|(?<![A-Za-z0-9_#*-])[^\s\"'“”«»,;{_OTHER_SCRIPTS}]{{3,200}})"
)
_CODE_VALUE = r"(?<![A-Za-z0-9_#*-])(?P<v>[#*]?(?:[A-Za-z]?\d[\d#*]*)(?:[ .-]?\d[\d#*]*)*[A-Za-z#*]?)(?![A-Za-z0-9_-])"
_ID_VALUE = r"(?<![\w-])(?P<v>[A-Za-z]{0,3}[ -]?\d[\dA-Za-z]*(?:[ ./-]\d[\dA-Za-z]*){0,5})(?![A-Za-z0-9_-])"

_START = r"(?<![\w-])"
_PASSWORD_HINTS = tuple(
    [
        "pass",
        "pw",
        "wort",
        "mdp",
        "contras",
        "clave",
        "senha",
        "wachtwoord",
        "lösenord",
        "losenord",
        "passord",
        "adgangskode",
        "hasło",
        "haslo",
        "heslo",
        "şifre",
        "sifre",
        "parola",
        "парол",
        "密",
        "口令",
        "パスワード",
        "비밀번호",
        "암호",
        "كلمة",
        "السري",
        "סיסמ",
        "पासवर्ड",
    ]
)
_CODE_HINTS = tuple(
    ["code", "combination", "combo", "暗証", "门禁", "門禁", "密码锁", "保险箱", "код", "código", "codigo", "codice"]
)
_ID_HINTS = tuple(
    [
        "ssn",
        "social secur",
        "national",
        "ni number",
        "nino",
        "passport",
        "tax id",
        "tax number",
        "tin ",
        "id number",
        "id card",
        "steuer",
        "versicherungsn",
        "ausweis",
        "sécu",
        "fiscal",
        "dni",
        "nie ",
        "nif",
        "nss",
        "seguridad social",
        "cpf",
        "rg ",
        "rg:",
        "bsn",
        "burgerservice",
        "personnummer",
        "personummer",
        "cpr",
        "pesel",
        "henkilötunnus",
        "身份",
        "マイナンバー",
        "주민",
        "снилс",
        "инн",
        "паспорт",
        "reisepass",
    ]
)
_LOGIN_HINTS = tuple(
    [
        "log",
        "sign",
        "account",
        "credential",
        "creds",
        "user",
        "benutzer",
        "zugang",
        "anmeldung",
        "identifiant",
        "compte",
        "cuenta",
        "usuario",
        "acceso",
        "conta",
        "utente",
        "accesso",
        "inlog",
        "账",
        "帐",
        "賬",
        "ログイン",
        "アカウント",
        "логин",
    ]
)
_RULES: tuple[tuple[tuple[str, ...], str, LazyPattern], ...] = (
    # (hints, kind, pattern with the kept head in `h` and the value in `v`)
    (
        _PASSWORD_HINTS,
        "secret",
        LazyPattern(
            rf"(?i)(?P<h>{_START}(?:{_NETWORK}[\s-]?)?{_PASSWORD}(?:\s+{_NETWORK})?{_QUALIFIER}{_CONNECT})"
            + _SECRET_VALUE
        ),
    ),
    (  # no connector: "user backup pw Lum3n$42", "wifi şifresi Kedi1903x", "पासवर्ड Tara2024x है"
        _PASSWORD_HINTS,
        "strict",
        LazyPattern(rf"(?i)(?P<h>{_START}(?:{_NETWORK}[\s-]?)?{_PASSWORD}(?:\s+{_NETWORK})?\s+)" + _SECRET_VALUE),
    ),
    (
        _CODE_HINTS,
        "code",
        LazyPattern(rf"(?i)(?P<h>{_START}{_CODE_LABEL}{_QUALIFIER}{_CONNECT}?\s*)" + _CODE_VALUE),
    ),
    (
        ("pin", "geheimzahl"),
        "code",
        LazyPattern(rf"(?i)(?P<h>{_START}{_PIN_LABEL}{_QUALIFIER}{_CONNECT}?\s*)" + _CODE_VALUE),
    ),
    (
        _ID_HINTS,
        "id",
        LazyPattern(rf"(?i)(?P<h>{_START}{_ID_LABEL}{_QUALIFIER}{_CONNECT}?\s*)" + _ID_VALUE),
    ),
    (
        ("token", "key", "secret", "code", "phrase"),
        "secret",
        LazyPattern(rf"(?i)(?P<h>{_START}{_TOKEN_LABEL}{_QUALIFIER}{_CONNECT})" + _SECRET_VALUE),
    ),
    (  # no connector: "twilio auth token 8f3a…" (only a value that looks generated)
        ("token", "key", "secret", "code", "phrase"),
        "strict",
        LazyPattern(rf"(?i)(?P<h>{_START}{_TOKEN_LABEL}\s+)" + _SECRET_VALUE),
    ),
)

_LOGIN = LazyPattern(
    r"(?i)(?P<h>(?<![\w-])(?:log-?ins?|sign-?ins?|accounts?|credentials?|creds|user(?:name)?|benutzer(?:name)?"
    r"|zugang(?:sdaten)?|anmeldung|identifiants?|compte|cuenta|usuario|acceso|conta|utente|accesso|inloggegevens"
    r"|账号|帐号|账户|賬號|ログイン|アカウント|логин)(?!\w)"
    rf"{_QUALIFIER}\s*(?:[:=：]|\bis\b|\bist\b|\best\b|\bes\b|\bé\b|\bè\b|是|は)?\s*"
    r"[^\s/|,;:]{2,80}\s*(?:/|\||:|\s+(?:and\s+|und\s+|et\s+|y\s+)?(?:pw|pwd|pass(?:word|wort)?|mdp|mot\s+de\s+passe"
    r"|contraseña|senha|wachtwoord|kennwort|密码|パスワード)\s*[:=]?)\s*)" + _SECRET_VALUE
)
"""A login written "user / password" (or "user: …, pw …"): the part after the user goes."""
_EMAIL_PAIR = LazyPattern(r"(?P<h>[\w.+-]+@[\w-]+(?:\.[\w-]+)+\s*(?:/|\||:)\s*)(?P<v>[^\s\"'/|,;]{4,200})")
"""`anna@example.com / Sommer2024!` or `anna@example.com:Sommer2024!` with no label: an address, then a secret."""

_MASKED = LazyPattern(
    r"(?<![\w+/=.-])(?P<v>[\w+/=.-]{2,12}(?:…|\.{3}|\*{3,}|•{3,})[\w+/=-]{2,8}|\*{3,}[\w+/=-]{3,8}|[\w+/=.-]{3,12}\*{3,})"
    r"(?![\w+/=-])"
)
_KEY_PREFIXES = (
    "sk-", "sk_", "rk_", "pk_", "akia", "asia", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat", "glpat-", "xox",
    "aiza", "hf_", "eyj", "sg.", "npm_", "dop_", "shpat", "shpss", "pypi-", "dapi", "lin_api", "pmak-", "hvs.",
    "glsa_", "sq0", "sntry", "nrak-", "pul-", "pplx-", "key-", "ya29", "gsk_", "xai-", "r8_", "pat",
)  # fmt: skip
"""The starts of well-known keys: a masked form that begins with one is a key whatever its length."""
_CLAUSE_END = re.compile(
    r"\s*(?:$|[.,;!?。，；！？)\]}\"'”»]|\s(?:and|und|et|y|e|en|och|og|but|aber|mais|pero|ma)\b)", re.I
)
_HINTS = ("…", "...", "***", "•••")


def redact(text: str) -> str:
    """`text` with every spoken credential and masked secret replaced by a `[REDACTED:…]` marker."""
    lowered = text.lower()
    if any(hint in text for hint in _HINTS):
        text = _MASKED.sub(_masked, text)
    for hints, kind, pattern in _RULES:
        if any(hint in lowered for hint in hints):
            text = pattern.sub(lambda m, k=kind: _value(m, k), text)  # type: ignore[misc]
    separated = "/" in text or "|" in text or ":" in text
    if "@" in text and separated:
        text = _EMAIL_PAIR.sub(lambda m: _value(m, "secret"), text)
    if (separated or "pw" in lowered or "pass" in lowered) and any(hint in lowered for hint in _LOGIN_HINTS):
        text = _LOGIN.sub(lambda m: _value(m, "secret"), text)
    return text


_MARKS = {"secret": "password", "strict": "password", "code": "code", "id": "national-id"}


def _value(match: re.Match[str], kind: str) -> str:
    value = match.group("v")
    if not _looks_like(value, kind, match):
        return match.group(0)
    return match.group("h") + f"[REDACTED:{_MARKS[kind]}]"


def _looks_like(value: str, kind: str, match: re.Match[str]) -> bool:
    """Whether `value` after this kind of label is the credential itself, not prose."""
    if value.startswith("[REDACTED") or "[REDACTED" in value:
        return False
    digits = sum(ch.isdigit() for ch in value)
    if kind == "code":
        return digits >= 3
    if kind == "id":
        return digits >= 5
    if kind == "strict":  # no connector: only a value that looks generated
        return digits > 0 and any(ch.isalpha() for ch in value) and len(value) >= 6 and "[" not in value
    bare = value.strip("\"'“”«».,!?")
    if bare.startswith(("$", "<", "%", "{")) or any(ch in bare for ch in "(){}[]\\"):
        return False  # code: an expression, a template's placeholder
    if len(bare) < 3 or bare.lower() in _PLACEHOLDERS:
        return False
    if value[:1] in "\"'“«" or digits:
        return True
    if any(not ch.isalnum() for ch in bare) or any(ch.isupper() for ch in bare[1:]):
        return not bare.startswith(("http", "www.", "/", "~"))
    if len(bare) >= 14 and bare.isascii():  # "correcthorsebatterystaple": few words are that long
        return True
    if not bare.isascii() and not any(ch.isalpha() and ch.isascii() for ch in bare):
        return False  # a word of the sentence's own script ("是什么"), not a typed password
    return bool(_CLAUSE_END.match(match.string, match.end()))


_PLACEHOLDERS = frozenset(
    {"password", "passwort", "secret", "token", "changeme", "example", "none", "null", "empty", "blank", "same"}
    | {"xxx", "xxxx", "****", "...", "…", "redacted", "hidden", "unknown", "set", "correct", "wrong", "expired"}
)
"""Words that stand for a value, or say something about it, rather than being it."""


def _masked(match: re.Match[str]) -> str:
    """A secret shown as prefix…suffix or with stars: redacted whole when it is a key's shape (a known key
    start, or a digit or symbol among letters), not an ellipsis between two words ("wait…what")."""
    token = match.group("v")
    visible = re.sub(r"…|\.{3}|\*+|•+", "", token)
    low = token.lower()
    if low.startswith(_KEY_PREFIXES):
        return "[REDACTED:masked]"
    if len(visible) < 4:
        return token
    if visible.isdigit():  # "****4821" (a card's end) goes; "1990…2000" (a range) stays
        return "[REDACTED:masked]" if "*" in token or "•" in token else token
    if not (token[:1].isalnum() and token[-1:].isalnum()):
        return token  # "https://.../posts": an elided path, not a key
    if any(ch.isdigit() for ch in visible) or any(ch in "_+=" for ch in visible):
        return "[REDACTED:masked]"
    return "[REDACTED:masked]" if len(visible) >= 6 and visible.isupper() else token
