"""Credentials said casually, in the supported languages, and secrets another tool already masked; and the
other side: ordinary sentences with numbers, codes, dates and talk about passwords, which must stay whole.

Written for issue 24, apart from tests/secret_corpus.py (keys in the formats tools print): these are
what people type to an assistant. Values are made up but shaped like the real thing (an IBAN and the
national ids pass their check digits). `needles` are what must never reach a file: the value, or for a
short code the value with the two characters before it (a four-digit number alone is too common in a
database file to grep for).

Used by tests/test_credentials.py (every write path, 0 bytes on disk; ordinary text unchanged) and
bench/bench_credentials.py (the counts on both sides).
"""

from __future__ import annotations

# (id, language, text, secret). `{s}` is the secret in the text.
CASUAL: list[tuple[str, str, str, str]] = [
    ("wifi-pass", "en", "btw the wifi pass is {s} if anyone asks", "Ferngully88"),
    ("wifi-password-plain-word", "en", "the wifi password is {s}.", "marmalade"),
    ("guest-network", "en", "Password for the guest network: {s}", "Blue-Otter-7"),
    ("pw", "en", "my pw is {s} lol", "tr0mbone!"),
    ("pw-colon", "en", "pw: {s}", "QwX9-plumb"),
    ("door-code", "en", "the door code is {s}, don't forget", "48213"),
    ("door-code-hash", "en", "Front door code {s}", "7391#"),
    ("alarm-code", "en", "alarm code: {s}", "99731"),
    ("gate-code-changed", "en", "The gate code changed to {s} last week", "1-9-7-3-5"),
    ("code-for-the-garage", "en", "the code for the garage is {s}", "26417"),
    ("lockbox", "en", "the key is in the lockbox, combination {s}", "0-4-6-8"),
    ("pin-card", "en", "PIN for my debit card is {s}", "60847"),
    ("pin-phone", "en", "my phone PIN: {s}", "731904"),
    ("netflix-login", "en", "my Netflix login: anna.berg@example.com / {s}", "Sommer2024!"),
    ("login-user-pass", "en", "login for the router is admin / {s}", "Xk7#mellow"),
    ("email-colon", "en", "use ops@example.org:{s} for the staging box", "Gr4nite-Owl"),
    ("creds-pw", "en", "creds for the NAS: user backup pw {s}", "Lum3n$42"),
    ("ssn", "en", "my social security number is {s}", "219-09-9999"),
    ("ssn-bare", "en", "SSN {s} for the tax form", "123-45-6789"),
    ("iban", "en", "my IBAN is {s}", "DE89 3704 0044 0532 0130 00"),
    ("iban-compact", "en", "please send it to {s} thanks", "GB82WEST12345698765432"),
    ("auth-token", "en", "the twilio auth token is {s}", "8f3a9c2b7d4e6f1a0b5c8d2e9f7a3b6c"),
    ("auth-token-bare", "en", "twilio auth token {s}", "c0ffee5e1f2a3b4c5d6e7f8091a2b3c4"),
    ("recovery-codes", "en", "my backup codes: {s}", "7Hq2-Lk9P"),
    ("de-wlan", "de", "Das WLAN-Passwort lautet {s}", "Sonnenblume22"),
    ("de-tuercode", "de", "der Türcode ist {s}", "58204"),
    ("de-pin", "de", "meine PIN ist {s}", "80517"),
    ("de-steuer-id", "de", "meine Steuer-ID ist {s}", "86 095 742 719"),
    ("de-iban", "de", "IBAN: {s}", "DE02120300000000202051"),
    ("fr-wifi", "fr", "le mot de passe du wifi est {s}", "Soleil-2023"),
    ("fr-digicode", "fr", "le digicode c'est {s}", "4827B"),
    ("fr-secu", "fr", "mon numéro de sécu est {s}", "1 85 05 78 006 084 36"),
    ("fr-iban", "fr", "mon IBAN : {s}", "FR14 2004 1010 0505 0001 3M02 606"),
    ("es-wifi", "es", "la clave del wifi es {s}", "Perro1234"),
    ("es-puerta", "es", "el código de la puerta es {s}", "90417"),
    ("es-dni", "es", "mi DNI es {s}", "12345678Z"),
    ("pt-senha", "pt", "a senha do wifi é {s}", "Praia#2025"),
    ("pt-alarme", "pt", "o código do alarme é {s}", "31415"),
    ("it-wifi", "it", "la password del wifi è {s}", "Gatto-Nero9"),
    ("it-cancello", "it", "il codice del cancello è {s}", "27182"),
    ("it-cf", "it", "il mio codice fiscale è {s}", "RSSMRA85T10A562S"),
    ("nl-wachtwoord", "nl", "het wifi-wachtwoord is {s}", "Tulp!Rood8"),
    ("ru-parol", "ru", "пароль от вайфая: {s}", "Medved2020"),
    ("ru-kod", "ru", "код от домофона {s}", "24680"),
    ("zh-wifi", "zh", "我家wifi密码是{s}", "abc12345xyz"),
    ("zh-menjin", "zh", "门禁码是{s}", "735190"),
    ("zh-id", "zh", "我的身份证号是{s}", "11010519491231002X"),
    ("ja-wifi", "ja", "WiFiのパスワードは{s}です", "sakura2024"),
    ("ja-pin", "ja", "暗証番号は{s}です", "94716"),
    ("ko-pw", "ko", "와이파이 비밀번호는 {s}", "Hana2024!"),
    ("tr-sifre", "tr", "wifi şifresi {s}", "Kedi1903x"),
    ("ar-pw", "ar", "كلمة المرور هي {s}", "Qamar2024"),
    ("he-pw", "he", "הסיסמה היא {s}", "Shemesh77"),
    ("hi-pw", "hi", "मेरा पासवर्ड {s} है", "Tara2024x"),
    ("uk-nino", "en", "my NI number is {s}", "QQ 12 34 56 C"),
    # secrets another tool masked (OpenClaw keeps 6 characters, "…" and the last 4)
    ("masked-aws", "en", "OpenClaw showed my key as {s}", "AKIAZ3…TQ2B"),
    ("masked-openai", "en", "the key {s} is the old one", "sk-pro…9xQa"),
    ("masked-github", "en", "{s}", "ghp_aB…Zz90"),
    ("masked-dots", "en", "token was {s} in the log", "xoxb-1...k3Jq"),
    ("masked-stars", "en", "API key sk-***{s} rotated", "W7kQ"),
    ("masked-stars-prefix", "en", "the secret is {s}", "AIzaSy****r8Tk"),
    ("masked-generic", "en", "the webhook secret shows as {s}", "a9F3kZ…Q7mL"),
]

MASKED_VISIBLE = {"masked-stars": "sk-***W7kQ"}
"""Cases whose needle is more than the `{s}` part (the visible start of a masked key too)."""


def cases() -> list[dict[str, object]]:
    """{"id", "lang", "text", "needles"} per case."""
    out: list[dict[str, object]] = []
    for ident, lang, template, secret in CASUAL:
        text = template.format(s=secret)
        at = text.index(secret)
        if ident in MASKED_VISIBLE:
            needles = [MASKED_VISIBLE[ident]]
        elif len(secret.replace(" ", "")) >= 8:
            needles = [secret]
        else:
            needles = [text[max(0, at - 2) : at] + secret]
        visible = [part for part in secret.replace("…", " ").replace("...", " ").replace("*", " ").split() if part]
        if "…" in secret or "..." in secret or "*" in secret:
            needles += [p for p in visible if len(p) >= 4]
        out.append({"id": ident, "lang": lang, "text": text, "needles": needles})
    return out


ORDINARY: list[str] = [
    # numbers, codes and dates that are no credential
    "My flight is LH 2041 on 12 March, gate B22",
    "The meeting moved to 2026-04-17 at 14:30 in room 4.12",
    "I ran 10 km in 52 minutes this morning",
    "Our zip code is 10115 and the street is Invalidenstraße",
    "The area code for Lisbon is 21",
    "my order number is 40-2231-77, it should arrive Friday",
    "Version 3.11.4 fixed the bug in the parser",
    "I was born in 1987 and moved to Porto in 2015",
    "call me at +49 30 1234567 after six",
    "the invoice total was 1,284.50 EUR",
    "Table 12 at Quinta do Lago, booking ref 7H2K",
    "The dress code is smart casual",
    "I wrote the code for the new login page today",
    "My PhD thesis was about protein folding",
    "the postcode is SW1A 1AA",
    "ISBN 978-3-16-148410-0 is the edition I want",
    "She scored 98 out of 100 on the exam",
    "Bus 42 leaves at 7:15 from stop 3",
    "the kids' shoe sizes are 31 and 34",
    "I opened a savings account at ING last year",
    "Our IBAN question is for the accountant, not for you",
    "I need to renew my passport before June",
    "My tax return is due on 31 July",
    "The Wi-Fi in the office is really slow",
    "the garage door is broken again",
    "we changed the alarm system to a new provider",
    "my social security office appointment is on Tuesday",
    "the pin on my jacket fell off",
    "I keep my pins in a tin by the door",
    "She pinned the map to the wall",
    "my login page redesign shipped today",
    "the user / admin split in the app is confusing",
    "Use 1/2 cup of sugar / 200 g of flour",
    "I'd rate it 4/5, the ending was weak",
    "the wait…what moment in the film was great",
    "Hmm… okay, let's go with the blue one",
    "The range was 1990…2000 for that survey",
    "I'm reading ***Dune*** again",
    # "password" and its kin discussed abstractly
    "I should change my passwords more often",
    "the password is written on the back of the router",
    "my password manager is Bitwarden",
    "the password reset email never arrived",
    "I forgot my password again, so annoying",
    "the wifi password is on the fridge",
    "Das Passwort steht auf dem Zettel am Kühlschrank",
    "j'ai oublié mon mot de passe hier",
    "la contraseña es muy larga",
    "我忘记密码了",
    "パスワードを忘れました",
    "the door code is taped inside the cupboard",
    "ask Maria for the door code when you arrive",
    "my PIN is the same as my old one",
    "tokens for the arcade cost 2 euros",
    "the API key is stored in the vault, not in the repo",
    "my secret is that I never learned to swim",
    "a token of appreciation for 25 years of service",
    "my social security number is on the card in my wallet",
    "the access code is printed on your ticket",
    "I use two-factor auth with an app",
    "the login screen shows my account name, Anna",
]
