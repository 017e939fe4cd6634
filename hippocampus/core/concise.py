"""Concise content: the fact a message states, without the greeting or the instruction around it.

"Hi! Remember that my sister Alma lives in Porto" is stored as "my sister Alma lives in Porto"; the
message as said stays in the memory's provenance (`Source.text`), so nothing is lost. Only what
carries no fact is taken away, and only at the edges of the message: leading greetings and
interjections, a leading "remember that" / "note that" / "just so you know" (in the supported
languages), and trailing thanks. The rest is kept word for word: rewriting a statement is where a
rule-based system starts to say things the user never said. When nothing would be left, the
message is kept as it was. Pure and stdlib-only.
"""

from __future__ import annotations

import re

_GREETING = (
    r"(?:hi|hello|hey|hiya|ok|okay|so|well|oh|ah|btw|by the way|actually|good (?:morning|afternoon|evening)|"
    r"hola|oi|olá|hallo|servus|salut|bonjour|ciao|привет|здравствуйте|merhaba|selam|नमस्ते|שלום|مرحبا|"
    r"你好|您好|こんにちは|안녕하세요|안녕)"
)
_LEAD = (
    r"(?:(?:please |pls |can you |could you |would you )?(?:remember|note|keep in mind|don't forget|do not forget|"
    r"never forget|make a note|for the record|just so you know|fyi|for your information)(?: that| this)?"
    r"|recuerda que|recuerda|no olvides que|ten en cuenta que|lembre-se de que|lembre que|lembra que|"
    r"não esqueça que|merk dir,? dass|merk dir|denk daran,? dass|vergiss nicht,? dass|souviens-toi que|"
    r"rappelle-toi que|n'oublie pas que|note que|ricorda che|ricordati che|non dimenticare che|"
    r"запомни,? что|запомни|не забудь,? что|unutma ki|şunu hatırla|hatırla ki|याद रखो कि|याद रखना कि|"
    r"याद रखें कि|זכור ש|תזכור ש|תזכרי ש|تذكر أن|تذكّر أن|تذكر ان)"
)
_LEAD_RE = re.compile(rf"^\W*(?:{_GREETING}\b[\s,!.;:~-]*)*(?:{_LEAD}\b[\s,:;-]*)?", re.IGNORECASE)
_CJK_LEAD_RE = re.compile(r"^(?:请|請)?(?:记住|記住|记下|別忘了|别忘了|不要忘记)[，,：:\s]*|^覚えておいて[、,]?")
_CJK_TAIL_RE = re.compile(
    r"[，,、]?\s*(?:请)?(?:记住|記住)(?:吧|哦)?[。！!]*$|(?:を|って|と)?覚えておいて(?:ください|ね)?[。！!]*$"
)
_KO_TAIL_RE = re.compile(r"\s*(?:을|를)?\s*기억해\s*(?:줘|주세요|둬)[.!。]*$")
_THANKS_RE = re.compile(
    r"[\s,;.!-]*(?:(?<!\w)(?:thanks|thank you|thx|ty|gracias|obrigad[oa]|danke|merci|grazie|спасибо|teşekkürler|"
    r"धन्यवाद|תודה|شكرا)|谢谢|ありがとう|감사합니다|고마워)[\s!.~]*$",
    re.IGNORECASE,
)
"""Trailing thanks: a word of its own ("…, thanks", "… ty"), never the end of one ("city", "Patty"); CJK
thanks attach to the word before them."""


def fact_text(text: str) -> str:
    """`text` without its leading greeting or "remember that" and its trailing thanks; `text` itself when
    nothing would be left. A request to the assistant that names a person ("draft a note for my
    neighbour Ruth") becomes that fact ("my neighbour Ruth"): the task is not worth keeping."""
    from hippocampus.core.scoring import NAMED_PERSON, REQUEST

    if REQUEST.match(text.casefold()):
        named = re.compile(NAMED_PERSON.pattern, re.IGNORECASE).findall(text)
        if named:
            return "; ".join(dict.fromkeys(named))
    out = _LEAD_RE.sub("", text, count=1)
    out = _CJK_LEAD_RE.sub("", out, count=1)
    out = _CJK_TAIL_RE.sub("", out, count=1)
    out = _KO_TAIL_RE.sub("", out, count=1)
    out = _THANKS_RE.sub("", out, count=1).strip()
    return out if len(out) >= 3 else text
