"""Small talk and tasks in the supported languages: what a short user message can be besides a fact (issue 24).

Capture keeps a short statement with content whatever its grammar (`core.scoring`): in chat the subject is often
dropped ("Работаю в банке", "住在成都", "גר בחיפה", "Work night shifts at the hospital"), so a first-person
marker cannot be the gate. What it must still leave out is what states nothing about anyone: a greeting, thanks,
an acknowledgement or a laugh, in English as in the others (`is_smalltalk`: every word one of `WORDS`, or the
whole message one of `PHRASES` in the scripts without spaces), and a task for the assistant (`is_task`: a message
that opens on the imperative of a task verb, "Resume esse texto pra mim", "Traduci questa frase", "帮我总结一下").
Both are closed classes of each language, not sentences: what they let through is measured both sides
(BENCHMARKS.md, stop 36, the short-facts probes). Pure and stdlib-only.
"""

from __future__ import annotations

import re

from hippocampus.core.tokens import WORD_RE

_WORD_LIST = """
    hi hello hey yo thanks thank you thx ty ok okay k sure yes yeah yep no nope cool great
    nice lol haha good morning night bye goodbye see later cheers alright fine awesome perfect got it sounds
    right welcome please np much so very a lot
    hola gracias muchas vale claro sí si bueno buena genial perfecto adiós jaja jajaja jeje qué que guay vaya
    olá ola oi obrigado obrigada muito valeu beleza tchau sim legal ótimo otimo kkk kkkk rs haha
    hallo danke schön schon ja nein tschüss okay super klar genau gut cool prima alles
    salut bonjour bonsoir merci beaucoup oui non d'accord accord génial parfait top mdr
    ciao grazie mille sì no va bene perfetto ottimo certo benissimo
    привет спасибо большое да нет ок хорошо пока ладно понятно отлично супер класс ага
    مرحبا أهلا اهلا شكرا جزيلا نعم لا حسنا تمام ممتاز
    שלום היי תודה רבה כן לא אוקיי סבבה מעולה יופי
    नमस्ते धन्यवाद शुक्रिया हाँ हां नहीं ठीक है अच्छा बढ़िया
    merhaba selam teşekkürler teşekkür ederim sağol sağ ol evet hayır tamam peki süper harika
    안녕하세요 안녕 고마워요 고마워 감사합니다 네 응 좋아요 좋네요 ㅋㅋ ㅋㅋㅋ ㅎㅎ 알겠어요
"""
WORDS = frozenset(_WORD_LIST.split())
"""Greetings, thanks, yes and no, acknowledgements and laughter of the supported languages: a message of these
words only states nothing."""
_PHRASE_LIST = """谢谢 谢谢你 多谢 好的 好 嗯 哈哈 哈哈哈 你好 再见 收到 明白 了解 可以 没问题 太好了
    ありがとう ありがとうございます こんにちは こんばんは おはよう はい うん 了解です わかりました いいね"""
PHRASES = frozenset(_PHRASE_LIST.split())
"""The same in the scripts written without spaces, said as the whole message."""
_TASK = re.compile(
    r"\s*(?:por favor,? |per favore,? |bitte,? |s'il te plaît,? |пожалуйста,? )?"
    r"(?:resume|resuma|resumí|resumir|traduce|traduza|traduci|traduis|traduiz|escribe|escreve|escreva|scrivi|écris"
    r"|ecris|schreib|schreibe|übersetze|fasse|erkläre|erklär|explica|explique|spiega|dame|dá-me|me dá|dammi|donne"
    r"|gib|ayúdame|ajuda-me|me ajuda|aiutami|aide-moi|hilf|muéstrame|zeig|riassumi"
    r"|résume|corrige|corrija|correggi|korrigiere|переведи|напиши|объясни|перескажи|помоги|сделай|покажи|дай"
    r"|لخص|لخّص|ترجم|اكتب|اشرح|ساعدني|תסכם|תתרגם|תכתוב|תסביר|תעזור|סכם|תרגם|כתוב|הסבר|özetle|çevir|açıkla"
    r"|yardım et|göster)\b"
    r"|.*(?:के लिए लिखो|का अनुवाद करो|समझाओ|लिखो|बताओ)\s*$"
    r"|\s*(?:帮我|請幫我|请帮我|给我|幫我|翻译|翻譯|总结|總結|解释|解釋)"
    r"|.*(?:してください|して下さい|教えて|まとめて|訳して|書いて)\s*$"
    r"|.*(?:해\s?줘|해\s?주세요|알려\s?줘|요약해|번역해|번역하기|써\s?줘|추천)\s*$"
)
"""A task for the assistant in the supported languages beside English: the imperative of a task verb opening
the message (summarise, translate, write, explain, give, help, make, show, correct), or, in the languages that
end on the verb, the request form closing it (Hindi "लिखो", Japanese "してください", Korean "해줘")."""


_POINTS = re.compile(r"[\u0591-\u05c7\u064b-\u065f\u0670]")
"""Hebrew points and Arabic harakat: optional marks ("شكراً" is "شكرا"), unlike an Indic vowel sign ("ठीक")."""


def _words(low: str) -> list[str]:
    """The words of a casefolded text with their vowel signs ("ठीक है"), less the optional points."""
    return [_POINTS.sub("", w) for w in WORD_RE.findall(low)]


def is_smalltalk(low: str) -> bool:
    """A casefolded message of greetings, thanks, acknowledgements and laughter only."""
    words = _words(low)
    if words and all(w in WORDS for w in words):
        return True
    whole = low.strip(" !.。！~?？")
    return whole in PHRASES or whole in WORDS  # "धन्यवाद": a vowel sign is no word character


_THANKS_LIST = """thanks thank gracias obrigado obrigada danke merci grazie спасибо شكرا תודה धन्यवाद शुक्रिया
    teşekkürler teşekkür sağol 감사합니다 고마워요 고마워"""
_THANKS = frozenset(_THANKS_LIST.split())
"""Thanks in the supported languages: a message that thanks ("Obrigado pela ajuda") is said to the assistant."""
_DEICTIC_LIST = """this that it everything esto eso esta este todo isto isso tudo questo quello tutto ça cela das
    alles это всё все هذا ذلك זה הכל यह वह bu şu hepsi"""
_DEICTIC = frozenset(_DEICTIC_LIST.split())
"""The words that open a remark on the conversation itself ("Esto es muy interesante", "Tudo bem por aqui",
"Questo è molto utile"): its subject is what was just said, no one's fact."""


def is_remark(low: str) -> bool:
    """A casefolded message said to the assistant about the conversation: thanks, or a clause whose subject is
    "this" or "everything" (`_DEICTIC`). The first-person statements are decided before (`core.personal`)."""
    words = _words(low)
    return bool(words) and (words[0] in _DEICTIC or not _THANKS.isdisjoint(words) or low.startswith(("这", "那")))


def is_task(low: str) -> bool:
    """A casefolded message that asks the assistant to do something (module docstring)."""
    return bool(_TASK.match(low))
