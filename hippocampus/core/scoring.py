"""Capture scoring: which user messages are worth remembering, how much, and the humanoid V-score gate.

Rules (first match wins, highest value first), always on whole words or phrases, never substrings:

- remember 0.9: "remember that/this", "don't forget", "note that", "keep in mind", 记住, 别忘了 …
  ("do you remember …" is a question about the past, not an instruction, and does not count).
- emotion 0.85: a feeling about the user's own state ("I feel lonely", "I'm so stressed", 我很难过,
  我感到 …, 我觉得 + a feeling word; not "I feel Procreate is better" or "I'm happy to help") or
  love/hate/miss aimed at a person ("I love my wife", "I miss you"). "I love this bug" is not
  emotional: love/hate of a thing is a preference, and of "this/that/it" (a reaction to the
  moment, usually ironic) is nothing at all.
- preference 0.8: "I prefer/like/love/hate <thing>", "I always/never", "my favourite", "I'd rather",
  "… is my preference", 我喜欢, 我更喜欢, 我讨厌 …
- decision 0.75: "we/I decided", "let's go with", "we should", 决定, 我们应该 …
- person/project 0.7: "my sister/wife/boss …", "my name is", "I live in", "I work as";
  "I'm working on", "my project", 我妹妹, 我叫, 项目 …
- general 0.5: any other substantive statement (≥ 40 characters, CJK counting double; ≥ 24 and
  four content words when it is about the user, "I …"/"my …"/我; ≥ 20 about the user and the
  assistant), not a question, not a greeting, thanks or acknowledgement.

Requests and tasks for the assistant ("draft a thank-you note for my neighbour", "give me a packing
list", "can you explain TCP vs UDP") are not statements either: the assistant's work is not a
fact about the user. A named person in one is ("… for my neighbour Ruth": the neighbour is Ruth),
and `core.concise.fact_text` stores just that. The rest of the turn survives as the context of
the next memory (`core.capture`).
Questions are not statements: a message is split into sentences and only its statements are
scored, plus the first-person lead-in of a question ("I just got a puppy named Max, what should I
feed him?" keeps "I just got a puppy named Max"). A "remember" instruction counts even inside a
question ("can you remember that …?").
Junk is never scored (`core.junk.noise`): keyboard mash, mostly redaction markers, code, stack
traces, blobs, binary, and messages taken back in the same breath.
Only the user's words become memories: for any role other than "user" the result is None, so the
assistant's own text is never stored as a fact about the user.

Other languages: `core.languages.TRIGGERS` adds each intent's phrases in Spanish, Portuguese,
German, French, Italian, Russian, Arabic, Hebrew, Hindi, Turkish, Korean and Japanese, so the
same intent scores the same in every supported language.

Domain: "relationship" for statements about the user and the assistant ("you and I", "our
conversations", "thank you for …", feelings aimed at "you"); "world" for general statements with
no first or second person in them; "user" otherwise, including an agent's third-person notes about
its user ("User keeps bees", "The user's sister…", and the same forms in the supported languages).
"""

from __future__ import annotations

from dataclasses import dataclass

from hippocampus.core import smalltalk
from hippocampus.core.clean import clean
from hippocampus.core.importance import assess
from hippocampus.core.junk import noise
from hippocampus.core.languages import THIRD_PERSON_USER, TRIGGERS
from hippocampus.core.lazy_pattern import LazyPattern
from hippocampus.core.personal import content_words, named_statement, other_language, personal_fact, stated_value
from hippocampus.core.tokens import count_cjk, tokenize

REMEMBER = 0.9
EMOTIONAL = 0.85
PREFERENCE = 0.8
DECISION = 0.75
PERSON_PROJECT = 0.7
GENERAL = 0.5
THRESHOLD = 0.5
GENERAL_MIN_CHARS = 40


@dataclass(frozen=True)
class Score:
    """How much a message matters (`value`), why (`kind`), and where it belongs."""

    value: float
    kind: str
    category: str
    domain: str


def _en(pattern: str) -> LazyPattern:
    """Compile an English trigger, matched on casefolded text; `_found` adds the leading word boundary.

    Alternatives start with a literal rather than `\\b` so the regex engine can skip ahead fast.
    """
    return LazyPattern(pattern)


def _found(pattern: LazyPattern, low: str) -> bool:
    """True when an English trigger matches `low` at the start of a word (never inside one)."""
    for match in pattern.finditer(low):
        i = match.start()
        if i == 0 or not (low[i - 1].isalnum() or low[i - 1] in "_'"):
            return True
    return False


_PEOPLE = (
    r"sister|brother|wife|husband|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|mom|mum|mother|dad|"
    r"father|parents?|son|daughter|kids?|children|child|baby|cousin|aunt|uncle|grand(?:ma|pa|mother|"
    r"father)|boss|manager|friend|best friend|colleague|co-?worker|teacher|doctor|therapist|roommate|"
    r"neighbou?r|dog|cat|family|team"
)
_PEOPLE_ZH = r"妹妹|姐姐|哥哥|弟弟|妈妈|母亲|爸爸|父亲|老婆|老公|妻子|丈夫|女朋友|男朋友|儿子|女儿|孩子|老板|朋友|同事|室友|狗|猫|家人"  # noqa: E501 - one alternation
_FEELINGS = (
    r"happy|sad|anxious|worried|stressed|scared|afraid|excited|depressed|lonely|angry|upset|frustrated|"
    r"overwhelmed|nervous|grateful|proud|heartbroken|exhausted|tired|hurt|ashamed|embarrassed|thrilled|"
    r"miserable|devastated|terrified|furious|jealous|hopeless|relieved|burn(?:ed|t) out"
)
_FEELINGS_ZH = (
    r"难过|伤心|开心|高兴|快乐|孤独|寂寞|焦虑|害怕|紧张|沮丧|委屈|生气|累|压力|幸福|失望|绝望|担心|感动|痛苦|崩溃"
)
_STATES = r"good|bad|better|worse|down|low|alone|lost|stuck|awful|terrible|guilty|safe|loved|ignored|empty|numb|useless"
_INTENSIFIERS = (
    r"(?:so |really |very |quite |a bit |pretty |kind of |totally |completely |extremely |incredibly |"
    r"a little |so very )?"
)
_OBJECT_PERSON = rf"(?:you|my (?:{_PEOPLE}))\b"  # not him/her/them: "I love them" is usually about boots

_RULES: tuple[tuple[str, float, LazyPattern, LazyPattern], ...] = (
    (
        "remember",
        REMEMBER,
        _en(
            r"remember (?:that|this)\b|please remember\b|(?:don't|dont|do not|never) forget\b|note that\b"
            r"|make a note\b|keep in mind\b|for the record\b|can you remember\b"
        ),
        LazyPattern(r"记住|记下|別忘|别忘|不要忘|請記住|请记住|覚えて"),
    ),
    (
        "emotion",
        EMOTIONAL,
        _en(
            rf"i(?: feel| felt|'m feeling| am feeling|'ve been feeling) {_INTENSIFIERS}(?:{_FEELINGS}|{_STATES})\b"
            rf"|i(?:'m| am| was| have been|'ve been) {_INTENSIFIERS}(?:{_FEELINGS})\b(?! to\b)"
            rf"|i (?:really |truly |deeply )?(?:love|hate|miss|adore) {_OBJECT_PERSON}"
            rf"|i(?:'m| am) (?:grieving|crying|scared)\b|i cried\b|makes me (?:{_FEELINGS})\b"
        ),
        LazyPattern(
            rf"我(?:很|好|真|非常|特别|有点|太)?(?:{_FEELINGS_ZH})|我感到|我觉得.{{0,6}}(?:{_FEELINGS_ZH})"
            r"|我(?:爱|恨)(?:你|他|她|我的)|我(?:好|很|真)?想(?:你|他|她)了"
        ),
    ),
    (
        "preference",
        PREFERENCE,
        _en(
            r"i (?:really |strongly |much |generally |usually |definitely |absolutely |kind of |just |also )?"
            r"(?:prefer|like|love|enjoy|adore|hate|dislike|detest|can't stand|cannot stand)"
            r" (?!(?:this|that|it|these|those|to know|to ask)\b)"
            r"|i (?:always|never|usually)\b|my (?:favou?rite|fave)\b|i(?:'d| would) rather\b"
            r"|is my (?:preference|favou?rite)\b|my preference\b|i(?:'m| am) (?:a )?(?:vegetarian|vegan)\b"
            r"|i(?:'m| am) allergic\b|i (?:don't|dont|do not) (?:like|eat|drink)\b"
        ),
        LazyPattern(
            r"我(?:更|最|很|真|特别|非常|比较|不)?(?:喜欢|喜歡|讨厌|討厭|偏好|爱吃|爱喝)"
            r"|我(?:总是|從不|从不|从来不|宁愿|寧願)|我(?:是)?(?:素食|过敏)"
        ),
    ),
    (
        "decision",
        DECISION,
        _en(
            r"(?:we|i|we've|i've|we have|i have)(?: just| finally| already)? decided\b|let'?s go with\b"
            r"|let us go with\b|we should\b|we(?:'ll| will) go with\b|we agreed\b|the decision is\b"
            r"|i(?:'ve| have)? (?:chosen|chose)\b|we(?:'re| are) going with\b|we(?:'ll| will) use\b"
        ),
        LazyPattern(r"决定|決定|我们应该|我們應該|就这么定|就這麼定|我们选|选定了"),
    ),
    (
        "person",
        PERSON_PROJECT,
        _en(
            rf"my (?:new |old |current |former |ex-?)?(?:{_PEOPLE})(?:'s)?\b|my name is\b|call me\b|i live in\b"
            r"|i(?:'m| am) from\b"
            r"|i was born\b|i work (?:as|at|for)\b|i(?:'m| am) (?:\d+|a|an) (?:\w+ )?(?:years? old|\w+er|\w+ist|"
            r"\w+ian|student|nurse|doctor|engineer|teacher|parent|mom|dad)\b"
            rf"|i have (?:a|two|three|\d+) (?:{_PEOPLE})"
        ),
        LazyPattern(rf"我(?:的)?(?:{_PEOPLE_ZH})|我叫|我的名字|我住在|我来自|我在.{{0,8}}工作|我是(?:一名|一个|个)"),
    ),
    (
        "project",
        PERSON_PROJECT,
        _en(
            r"i(?:'m| am)(?: currently| now)? (?:working on|building|writing|developing)\b"
            r"|(?:my|our|the) (?:project|startup|thesis|repo|app|deadline|sprint)\b|working on\b"
            r"|i (?:now |still |mostly )?use\b|(?:i|we)(?:'m| am|'re| are) (?:now )?using\b"
            r"|(?:i|we)(?:'ve| have)? (?:switched|upgraded|migrated|moved) (?:to|from)\b"
        ),
        LazyPattern(r"项目|項目|我在做|我正在(?:开发|做|写)|我的工作|截止"),
    ),
)

_RULES = tuple(
    (kind, value, english, LazyPattern(f"{other.pattern}|{'|'.join(TRIGGERS[kind])}") if kind in TRIGGERS else other)
    for kind, value, english, other in _RULES
)  # the other supported languages, one table per intent (core/languages.py)
_THIRD_PERSON_USER = LazyPattern(THIRD_PERSON_USER)

_NOT_REMEMBER = _en(r"(?:do|did|don't|dont|can't|cannot) (?:you |i )?remember\b|remember when\b")
_REMEMBER_START = LazyPattern(r"\s*(?:please )?remember\b")
_RELATIONSHIP = _en(
    r"you and (?:i|me)\b|between (?:you and me|us)\b|our (?:conversations?|chats?|talks?|relationship)\b"
    r"|thank(?:s| you) for\b|i (?:trust|appreciate) you\b|you(?:'ve| have) (?:been|helped)\b"
    r"|you help(?:ed)? me\b|i (?:really |truly )?(?:love|hate|miss|adore) you\b"
)
_RELATIONSHIP_ZH = LazyPattern(r"我们之间|我們之間|谢谢你|謝謝你|你帮了我|我信任你|我(?:爱|想|恨)你")
_PERSONAL = _en(r"(?:i|i'm|i've|i'd|i'll|me|my|mine|we|we're|our|us|you|your)\b")
_QUESTION_START = LazyPattern(
    r"\s*(?:(?:what|who|whom|whose|when|where|why|how|which)\b"
    r"|(?:is|are|am|do|does|did|can|could|would|will|should|have|has)\s+"
    r"(?:i|you|we|they|he|she|it|there|this|that|my|your)\b)[^.!]*$"
)


def _is_question(low: str) -> bool:
    """A question: ends with a question mark (or 吗), or opens like one and never ends a sentence."""
    return low.rstrip()[-1:] in ("?", "？", "吗", "嗎") or bool(_QUESTION_START.match(low))


_SENTENCE_RE = LazyPattern(r"[^.!?。！？]+[.!?。！？]*")
_QUESTION_TAIL = LazyPattern(
    r",\s*(?:and |but |so )?(?=(?:what|who|where|when|why|how|which|can|could|would|should|do|does|did|is|are|"
    r"any|will)\b)"
)
_FIRST_PERSON = _en(r"(?:i|i'm|i've|i'd|i'll|me|my|mine|we|we're|we've|our|us)\b")
_FIRST_PERSON_ZH = LazyPattern("[我咱]")


def _first_person(low: str) -> bool:
    """True when the text speaks about the user ("I", "my", "we", 我 …, or "User …", "The user's …")."""
    return _found(_FIRST_PERSON, low) or bool(_FIRST_PERSON_ZH.search(low) or _THIRD_PERSON_USER.search(low))


_REQUEST_VERBS = (
    r"give|draft|write|explain|tell|show|list|suggest|recommend|help|make|create|find|generate|summari[sz]e|"
    r"translate|compare|describe|provide|plan|calculate|fix|convert|design|outline|send|book|check|look up|"
    r"brainstorm|rewrite|edit|proofread|come up with|put together|prepare|compose|share|teach|walk me through"
)
REQUEST = LazyPattern(
    # "Book club is on Mondays", "book club got moved": a verb-like word, a noun and a verb are a subject and
    # its verb, no request
    rf"\s*(?:ok,? |so,? |hey,? |hi,? )?(?:please |pls |kindly )?(?:{_REQUEST_VERBS})\b"
    r"(?! \w+ (?:is|are|was|were|got|gets|has|had|have|will|meets|starts|moved|moves|changed|happens|ended)\b)"
    rf"|\s*(?:i need|i want|i'd like|i would like) you to\b"
    rf"|\s*(?:can|could|would|will) you (?:please )?(?:{_REQUEST_VERBS})\b"
)
"""A request or task for the assistant ("draft a note…", "give me a packing list…", "can you explain…"):
not a statement about anyone, so not a memory; only a named person in it is kept (`NAMED_PERSON`)."""
NAMED_PERSON = LazyPattern(rf"\bmy (?:{_PEOPLE}) (?!(?:and|or|for|to|with|who|about|in|on|at|the|a)\b)[^\W\d_]{{2,}}\b")


def _sentences(low: str) -> tuple[list[str], list[str]]:
    """All sentences, and the statements among them.

    A question adds only its first-person lead-in as a statement: "I just got a puppy named Max,
    what should I feed him?" states a fact about the user; "What time is it?" states nothing.
    """
    sentences = [s.strip() for s in _SENTENCE_RE.findall(low) if s.strip()]
    statements = []
    for sentence in sentences:
        if REQUEST.match(sentence) or smalltalk.is_task(sentence):
            named = NAMED_PERSON.search(sentence)
            if named:  # "draft a note for my neighbour ruth": the neighbour's name is a fact, the task is not
                statements.append(named.group(0))
            continue
        if not _is_question(sentence):
            statements.append(sentence)
            continue
        head = _QUESTION_TAIL.split(sentence, maxsplit=1)[0]
        if head != sentence and not _is_question(head) and _first_person(head):
            statements.append(head)
    return sentences, statements


def _about_us(sentence: str) -> bool:
    """True when a sentence is about the user and the assistant together."""
    return _found(_RELATIONSHIP, sentence) or bool(_RELATIONSHIP_ZH.search(sentence))


def _weighted_length(text: str) -> int:
    """Length with CJK characters counted twice (one CJK character carries about a word's worth)."""
    return len(text) + count_cjk(text)


def _rule_hit(kind: str, english: LazyPattern, other: LazyPattern, sentence: str) -> bool:
    """Whether one rule fires on one sentence."""
    if kind == "remember":
        if _found(_NOT_REMEMBER, sentence):
            return False  # "do you remember …", "remember when …", "I can't remember …" are not instructions
        if _REMEMBER_START.match(sentence):
            return True
    return _found(english, sentence) or bool(other.search(sentence))


def score_message(text: str, role: str = "user") -> Score | None:
    """Score one message by the seeds' table; None when it is not worth remembering (or not the user's)."""
    return score_clean(clean(text), role) if role == "user" else None


def score_clean(body: str, role: str = "user") -> Score | None:
    """`score_message` for text already through `clean` (capture cleans each message once)."""
    if role != "user":
        return None
    low = body.casefold().replace("’", "'")
    if not body or smalltalk.is_smalltalk(low) or noise(body):
        return None
    found = _seed(low, body)
    if found is None:
        return None
    stated = " ".join(_sentences(low)[1])
    value, category = assess(found.kind, found.value, found.category, stated or low)
    return Score(value, found.kind, category, found.domain)


def seed_score(text: str) -> Score | None:
    """The seed's table alone, before `core.importance` weighs the statement: what kind of statement a
    user message is and the seed's value for that kind (None: nothing worth keeping)."""
    body = clean(text)
    low = body.casefold().replace("’", "'")
    if not body or smalltalk.is_smalltalk(low) or noise(body):
        return None
    return _seed(low, body)


def _seed(low: str, body: str) -> Score | None:
    """The seed's table: the first rule that fires, else a personal fact or a substantive statement."""
    sentences, statements = _sentences(low)
    for kind, value, english, other in _RULES:
        # a "remember" instruction counts even inside a question ("can you remember that …?")
        for sentence in sentences if kind == "remember" else statements:
            if _rule_hit(kind, english, other, sentence):
                return Score(value, kind, kind, "relationship" if _about_us(sentence) else "user")
    stated = " ".join(statements)
    personal = _first_person(stated)
    relationship = any(_about_us(s) for s in statements)
    length, words = _weighted_length(stated), len(tokenize(stated))
    substantive = (
        words >= 3
        and len(content_words(stated)) >= 2
        and (
            length >= GENERAL_MIN_CHARS
            or (relationship and length >= GENERAL_MIN_CHARS // 2)
            or (personal and length >= 24 and words >= 4)  # "I just got a puppy named Max", not "I'm off to bed"
        )
    )
    if not substantive:
        if statements and personal_fact(stated):  # "I have a peanut allergy.": kept whatever its length
            return Score(GENERAL, "fact", "fact", "relationship" if relationship else "user")
        if len(statements) == len(sentences) and (stated_value(body) or named_statement(body)):  # "Theo is 7."
            return Score(GENERAL, "fact", "fact", "user")
        if (
            len(statements) == len(sentences)
            and len(content_words(stated)) >= 2
            and other_language(low)
            and not smalltalk.is_remark(stated)
        ):
            return Score(GENERAL, "fact", "fact", "user")  # "Работаю в банке", "住在成都": the subject dropped
        return None
    if relationship:
        return Score(GENERAL, "general", "general", "relationship")
    if not personal and not _found(_PERSONAL, stated) and "你" not in stated:
        return Score(GENERAL, "general", "general", "world")
    return Score(GENERAL, "general", "general", "user")


NOT_KEPT = ("greeting", "question", "request", "junk", "secret", "below_threshold")
"""Why the conversation path keeps no memory of a user message (`not_kept`)."""


def not_kept(body: str) -> str:
    """Why `score_clean` keeps nothing of a cleaned, redacted user message: one of `NOT_KEPT`."""
    low = body.casefold().replace("’", "'")
    if not body.strip() or smalltalk.is_smalltalk(low):
        return "greeting"
    why = noise(body)
    if why:
        return "secret" if why == "mostly redacted" else "junk"
    sentences, statements = _sentences(low)
    if len(statements) < len(sentences):
        return "request" if any(REQUEST.match(s) or smalltalk.is_task(s) for s in sentences) else "question"
    return "below_threshold"


def asks(body: str) -> bool:
    """True for a substantive request or question to the assistant (`score_clean` keeps no fact of it):
    such a turn is kept only with the reply, as context (`core.capture`). Greetings, noise and short
    asides ("and then?") are not."""
    low = body.casefold().replace("’", "'")
    if not body or smalltalk.is_smalltalk(low) or noise(body):
        return False
    sentences, statements = _sentences(low)
    return len(sentences) > len(statements) and len(tokenize(low)) >= 3 and _weighted_length(low) >= GENERAL_MIN_CHARS


# --- the humanoid V-score ---------------------------------------------------------------------
