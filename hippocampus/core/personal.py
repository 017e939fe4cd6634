"""Whether a statement is a personal fact: what capture keeps whatever its length (issue 24).

The seed's keyword table (`core.scoring`) says how much a message matters; it is not the gate for
keeping one. A plain statement in the first person, about the user or the people, pets, places and
things in their life ("I have a peanut allergy.", "My birthday is on June 3rd.", "Tengo asma.",
"Kedim var.", "我有高血压。") is a fact, however short. Two tests, both grammar rather than examples:

- **First person** (`FIRST_PERSON`): the pronouns, possessives and the first-person forms of "have"
  and "be" of each supported language ("I", "my", "yo", "tengo", "faccio", "ich", "mein", "j'ai", "ho", "я", "у
  меня", 我, 私, 나는, أنا, عندي, אני, שלי, मैं, मेरा, and Turkish possessive suffixes before "var"), and the
  speaker's family as they call them ("Mum", "Dad", "Grandpa").
- **Something stated**: at least one content word that is not conversational filler ("I'm back", "I see",
  "I agree", "I'm done", "I think so" state nothing about anyone: `FILLER`).
Questions, requests, greetings and junk are decided before this (`core.scoring`).
Pure and stdlib-only.
"""

from __future__ import annotations

import re

from hippocampus.core.lazy_pattern import LazyPattern
from hippocampus.core.people import PEOPLE
from hippocampus.core.slots import NUMBER_WORDS
from hippocampus.core.tokens import MARK, STOPWORDS, is_cjk, stem

FIRST_PERSON = LazyPattern(
    r"(?<![\w'])(?:i|i'm|i've|i'd|me|my|mine|myself|we|we're|we've|our|ours|us)(?![\w])"  # en
    # the speaker's own family, named as they call them: "Mum's now on a statin", "Grandpa hit 90"
    r"|(?<![\w'])(?:mum|mom|mummy|mommy|dad|daddy|grandma|grandpa|granny|nana)(?![\w])"
    r"|(?<!\w)(?:yo|mi|mis|me|nuestr[oa]s?|tengo|soy|estoy|vivo|trabajo|tomo|hago|juego|voy|corro|estudio)(?!\w)"  # es
    r"|(?<!\w)(?:eu|meu|minha|meus|minhas|noss[oa]s?|tenho|sou|estou|moro|faço|jogo|trabalho|vou|estudo)(?!\w)"  # pt
    r"|(?<!\w)(?:ich|mein|meine|meinen|meinem|meiner|mir|mich|wir|unser|unsere)(?!\w)"  # de
    r"|(?<!\w)(?:j'|(?:je|mon|ma|mes|moi|nous|notre|nos)(?!\w))"  # fr (j'ai, j'habite; not "jeudi", "matin")
    r"|(?<!\w)(?:io|mio|mia|miei|mie|ho|sono|abito|noi|nostr[oaie]|faccio|lavoro|vado|corro|prendo)(?!\w)"  # it
    r"|(?<!\w)(?:я|мой|моя|моё|мои|меня|мне|мы|наш|наша)(?!\w)"  # ru
    r"|(?<!\w)(?:ben|benim|biz|bizim)(?!\w)"  # tr; a suffix below is looked for from a word's start (linear)
    r"|(?<!\w)\w+(?:ım|im|um|üm|m) (?:var|yok)\b|(?<!\w)\w+(?:yorum|iyorum|ıyorum)\b"
    r"|(?<!\w)(?:annem|babam|karım|kocam|oğlum|kızım|kardeşim)"  # tr: my mother, father, wife ...
    r"|我|咱|私|僕|俺|わたし|妻は|夫は|母は|父は|息子|娘は|나는|내가|저는|제가|내 |제 |우리"  # zh, ja, ko
    r"|(?<!\w)(?:أنا|انا|عندي|لدي|لي)(?!\w)"  # ar
    r"|(?<!\w)(?:אני|שלי|יש לי|לי)(?!\w)"  # he
    r"|(?<!\w)(?:मैं|मेरा|मेरी|मेरे|मुझे|हम|हमारा|हमारी)(?!\w)|हूँ|हूं"  # hi (हूँ: "I am", said after the verb)
)
"""First-person markers of the supported languages, matched on casefolded text."""

_FILLER_LIST = """back done here ready fine sure okay ok good great see know think guess mean agree understand
    try tried will would did do does can could should might maybe sorry bad wrong right correct true question
    wondering asking going gonna wanna need want hope wish get got thank thanks again also still just too so
    really yes yeah no not lol haha hmm well same way thing things something anything everything nothing
    now then later soon today tonight okay alright cool nice happy glad afraid totally exactly definitely
    like whatever kind sort um uh er oh ah eh huh mm hmm anyway basically literally actually honestly
    yo mi me eu ich je io я ben"""
FILLER = frozenset(_FILLER_LIST.split())
"""Words that state nothing about anyone in a short first-person aside ("I'm back", "I see", "me too")."""
_WORD = re.compile(rf"(?:[^\W\d_]|{MARK})+|\d+")
"""A run of letters (with their combining marks: "सुबह" is one word, not "स" and "बह"), or of digits."""


_VERB_FIRST = re.compile(
    r"(?:^|[.!;]\s+)(?:(?:no|não|non|ya|já|ainda|todavía|también|também|anche|ancora|siempre|sempre|nunca|ahora|agora"
    r"|adesso|ora)\s+)?([^\W\d_]{4,})(?=\s)"
)
_FIRST_SINGULAR = ("o", "ei", "é", "í")
"""How a verb of the first person singular ends in the languages that drop "I": es/pt/it present "toco", "suono",
pt past "deixei", es past "dejé", "viví". Only where the clause opens on it, in a sentence of theirs (a function word
of es/pt/it, none of English: "Also the docs are outdated" is English), and not a word of their closed classes."""
_NOT_VERBS_LIST = """todo esto eso aquello mucho poco tanto cuanto cuánto algo solo sólo tampoco pero como
    cuando donde claro luego
    mismo medio nuevo primero segundo tercero cierto perfecto bueno domingo centro dentro bravo obrigado isso isto
    aquilo tudo muito pouco quanto quando onde certo perfeito questo quello tutto molto dopo ovvio nuovo primo
    secondo perfetto buono café bebé porqué comité aquí allí ahí así rubí esquí"""
_NOT_VERBS = frozenset(_NOT_VERBS_LIST.split())


_TURKISH = frozenset("ğış")


def other_language(low: str) -> bool:
    """A casefolded text in a supported language other than English: a letter of another script (Cyrillic, Arabic,
    Hebrew, Devanagari, CJK, Hangul, Kana), a letter only Turkish writes, or a function word of es/pt/de/fr/it and
    none of English ("Also the docs are outdated" is English)."""
    if any(ch.isalpha() and not ("a" <= ch <= "z" or "à" <= ch <= "ÿ" or ch in "œ") for ch in low):
        return True
    words = set(_WORD.findall(re.sub(r"\S+\.\w\S*", " ", low)))  # "hartvision.com" is no pt "com"
    return not words.isdisjoint(_OTHER_FUNCTION) and words.isdisjoint(_ENGLISH)


def first_person(low: str) -> bool:
    """True when a casefolded statement speaks in the first person in a supported language: a marker of
    `FIRST_PERSON`, or a clause of es/pt/it that opens on a verb of the first person (`_FIRST_SINGULAR`)."""
    if FIRST_PERSON.search(low):
        return True
    if not other_language(low) or not any(ch.isascii() for ch in low):
        return False
    return any(m.group(1).endswith(_FIRST_SINGULAR) and m.group(1) not in _NOT_VERBS for m in _VERB_FIRST.finditer(low))


def content_words(low: str) -> set[str]:
    """The distinct words of a casefolded text beyond the first person, stopwords and filler (a CJK run
    counts when more than a pronoun is left of it: 我有高血压)."""
    out: set[str] = set()
    for word in _WORD.findall(low):
        if is_cjk(word[0]):
            rest = FIRST_PERSON.sub("", word)
            out.update(rest[i : i + 2] for i in range(0, len(rest) - 1, 2))  # about a word per two characters
        elif word not in FILLER and word not in STOPWORDS and not FIRST_PERSON.get().fullmatch(word) and len(word) > 1:
            out.add(word)
    return out


def states_something(low: str) -> bool:
    """True when a casefolded statement holds a content word beyond the first person and filler."""
    return bool(content_words(low))


_MOMENT = re.compile(
    r"\bi(?:'m| am) (?:just )?(?:going|off|heading|about|popping out) to (\w+)(?: \w+)?[\s.!]*$"
    r"|\bi(?:'m| am) (?:heading|going) (?:out|off|home|now)\b|\bi(?:'ll| will) be (?:right )?back\b"
    r"|^i (?:\w+ )?(?:love|hate|like|dislike|need|want|got|see|mean|did|do) (?:this|that|it|these|those)\b"
)
"""What the user is about to do this minute ("I'm going to bed now", "I'm off to lunch"), or a reaction to
it ("I love this", "I hate it"): no lasting fact. A plan with a name, a date or more words ("I'm going to
Japan in May") is one."""


def personal_fact(low: str) -> bool:
    """A plain first-person statement that states something: kept whatever its length (module docstring)."""
    return first_person(low) and states_something(low) and not _MOMENT.search(low)


_COPULA_START = frozenset(["is", "are", "was", "were", "turned", "turns", "has", "have"])
_CALENDAR = frozenset(
    [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "week",
    ]
)


_OPENERS = frozenset(["the", "my", "our"])
_ADVERBS = frozenset(["now", "still", "also", "just", "finally", "already"])
_COPULA = frozenset(["is", "are", "es", "son", "est", "sont", "ist", "sind", "è", "sono", "é", "são"])
_PRICE = frozenset(["free", "gratis", "gratuit", "gratuite", "gratuits", "kostenlos", "gratuito", "gratuita"])
"""A price said as a word: a value as much as "£3 an hour" is, so the statement it ends is kept on every path
(on `ingest` and the hooks "Parking at the hospital is free." was scored below the threshold, so "actually
it's £3 an hour" had nothing to supersede; `remember` keeps what it is told)."""


def stated_value(body: str) -> bool:
    """A short declarative statement about something in the user's life that gives a value: a number, a date
    or weekday, or a name ("Theo is 7.", "The plumber comes on Monday.", "The wedding is at Villa Rosa.")."""
    words = _WORD.findall(body)
    # a one-digit value of a named subject is a value ("Theo is 7."; not "ok 2 go")
    content = content_words(body.casefold())
    named = bool(words) and words[0][0].isupper() and words[0].casefold() in content
    # a person by role said as the subject is someone in the user's life, as a name is ("The twins are 6.")
    by_role = len(words) > 2 and words[0].casefold() in _OPENERS | _ARTICLES and stem(words[1].casefold()) in PEOPLE
    named = named or by_role
    # said of them, a number word is the value as a digit is ("The twins are nine.", "Los gemelos tienen nueve años.")
    numbers = {w for w in words if w.isdigit() or by_role and w.casefold() in NUMBER_WORDS} if named else set()
    if len(words) < 3 or len(content | numbers) < 2:
        return False
    low = [w.casefold() for w in words]
    # a weekday said as a habit is a date too ("recycling gets collected on thursdays"): its stem is the day
    if numbers or any(w.isdigit() for w in words) or not _CALENDAR.isdisjoint({*low, *map(stem, low)}):
        return True
    if any(low[i] in _COPULA and low[i + 1] in _PRICE for i in range(len(low) - 1)):  # "Parking … is free."
        return True
    verb = low[2] if low[1] in _ADVERBS else low[1]  # "Ella now has the big bedroom.": one value, said as news
    return any(w[0].isupper() for w in words[1:]) or (words[0][0].isupper() and verb in _COPULA_START)


_EN_FUNCTION_LIST = """a an the this that these those it he she they you we there here what who which when where why
    how let lets let's please pls thanks thank ok okay yes no hi hello hey so and but or if then also just more
    another next same some any all both each every other only even once again still now"""
_FUNCTION_LIST = """der die das den dem des ein eine einen einem einer es er sie wir ihr du man dies diese dieser und
    oder aber
    le la les l' un une des du de au aux ce cet cette ces il elle ils elles on et ou mais en à pour avec sur dans
    el los las uno unos unas lo ella ellos ellas esto este esta ese esa y o pero con para por al del
    il lo gli uno una questo questa quello quella lui lei loro e ma con per su di da nel senza
    o os as um uma uns umas ele ela eles elas isto este esta esse essa e mas com para por no na do da em num numa nos
    nas dos das pelo pela sem sin"""
_OTHER_FUNCTION = frozenset(_FUNCTION_LIST.split())
_EN_FUNCTION = frozenset(_EN_FUNCTION_LIST.split())
FUNCTION = _OTHER_FUNCTION | _EN_FUNCTION
"""Articles, pronouns, conjunctions and discourse words of en, de, fr, es, it and pt: never a name, never a
verb ("Let's visit the library", "Take a look at it", "Expand the code" open on no subject)."""
_ENGLISH_LIST = "as of to is are was were be been for with by from at your his its"
_ENGLISH = (_EN_FUNCTION | frozenset(_ENGLISH_LIST.split())) - {"a", "no", "o"}
"""English words no other supported language writes ("young man as a wizard" is English; pt "as" is "the")."""
_ARTICLE_LIST = "the der die das le la l' les el los las il lo gli o os as"
_ARTICLES = frozenset(_ARTICLE_LIST.split())
"""Definite articles: "the cottage" is the user's own, "a pixel art tile" anyone's (and pt "a" is en "a")."""
_POLITE_LIST = "please pls plz bitte svp porfa"
POLITE = frozenset(_POLITE_LIST.split())
"""The words that make a message a request ("Bullet points please"): never a subject, never a fact."""
_HABITUAL_LIST = """always usually often never sometimes still also now immer oft nie manchmal noch auch toujours
    souvent
    jamais parfois siempre nunca todavía también sempre spesso mai ancora anche nunca também"""
_HABITUAL = frozenset(_HABITUAL_LIST.split())
_NAME_VERBS = frozenset("is has does a est ist hat es tiene è ha é tem".split())  # noqa: SIM905 - a word list
"""The verbs a statement about a named person opens on that read as filler elsewhere ("is", "has", "does"), in
the supported languages: after a name they say something of that person ("Meera does yoga at home")."""
_OTHER_ENDINGS = ("t", "e", "a", "d")
"""How a present-tense verb after a third-person subject ends: en "plays" ("s"), de "spielt", fr "joue"/"prend",
es "juega", it "gioca"/"prende", pt "joga"/"bebe". A test of form, not a lexicon, so the other languages' endings
need the sentence to be in one of them: a function word of theirs ("aux", "al", "a"), or for German a noun said
capitalised after the verb ("Tante Rosa spielt Bridge"); "Extra tree classifier documentation" has neither.
What it lets through is measured (BENCHMARKS.md, issue 24, capture of people's habits)."""


def _verb_form(words: list[str], at: int) -> bool:
    """Whether `words[at]` reads as a present-tense verb of the third person (`_OTHER_ENDINGS`)."""
    verb = words[at]
    if not verb.islower() or verb in FUNCTION or verb in STOPWORDS or verb in FILLER or len(verb) < 2:
        return False
    if verb.endswith("s") and not verb.endswith("ss"):
        return True
    after = words[at + 1 :]
    low = [w.casefold() for w in words]
    # it/es/pt "a" ("Giulia gioca a tennis") where no other English word is said ("Noah has a cat")
    other = any(w in _OTHER_FUNCTION for w in low) or "a" in low and not any(w in STOPWORDS for w in low if w != "a")
    return verb.endswith(_OTHER_ENDINGS) and (other or verb.endswith("t") and any(w[0].isupper() for w in after))


def named_statement(body: str, things: bool = True) -> bool:
    """A short declarative statement about someone or something in the user's life, said in the third person:
    a name as its subject, then a present-tense verb and what they do ("Noah plays hockey", "Doug takes
    metoprolol in the morning", "Doug joue aux quilles le mercredi.", "Tante Rosa spielt Bridge."), or, with
    `things`, "the <thing>" as the subject ("The cottage heats with propane."). Requests and fragments open on
    a verb or a noun phrase with nothing after the subject that reads as a verb ("Take a look at it", "Expand the
    code above"), and pronouns have no one to refer to (`FUNCTION`): neither is such a statement."""
    words = re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", body)
    if len(words) < 3 or len(words) > 14 or any(ch in body for ch in "?？:;\n"):
        return False
    low = [w.casefold() for w in words]
    if not POLITE.isdisjoint(low):  # "Bullet points please": asked of the assistant
        return False
    # "O Pedro joga …", "A Beatriz corre …", "la Maria …": a name after an article
    named = (low[0] in _ARTICLES or low[0] == "a") and words[1][0].isupper()
    if low[0] in FUNCTION and not named and not (things and low[0] in _ARTICLES):
        return False
    if low[0] in _ARTICLES and not named:  # "the cottage …": a thing of the user's, named by its noun
        if low[1] in FUNCTION:
            return False
        at = 2
    else:  # a name: one to three capitalised words ("Noah", "Tante Rosa", "Dr Patel")
        first, head = words[named], low[named].split("'")[0]  # "That's …", "It'll …": a pronoun and its clitic
        if not first[0].isupper() or FIRST_PERSON.get().fullmatch(low[named]) or head in FILLER or head in FUNCTION:
            return False
        at = 1 + named
        while at < min(len(words) - 1, 3 + named) and words[at][0].isupper():
            at += 1
        # a person's name owns what follows or is its subject with "is" ("Meera's allergic to horses", "Billy's
        # favourite colour is green", "Meera does yoga …", "Saoirse a piano le lundi"): said of that person
        verb = low[at] in _NAME_VERBS and (low[at] != "a" or not _OTHER_FUNCTION.isdisjoint(low))  # fr "a", not en
        if (low[at - 1].endswith("'s") or verb) and len(content_words(" ".join(low[at:]))) >= 2:
            return True
    if at < len(words) - 1 and low[at] in _HABITUAL:  # "Noah always plays …"
        at += 1
    if at >= len(words) - 1:
        return False
    return _verb_form(words, at) and states_something(" ".join(low[at + 1 :]))
