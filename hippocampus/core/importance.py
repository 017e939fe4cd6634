"""Importance a careful person would give: what an assistant must never forget is core on arrival.

The seed's table (`core.scoring`) says what kind of statement a message is; this module turns the
kind and the statement into an importance and a category (issue 24):

- **Health and safety** (allergies, medication, conditions, pregnancy, disability), in the supported
  languages: `HEALTH`, core (0.9), category "health". An allergy is never an ordinary preference.
- **The people closest to the user**: partner, children, parents, siblings, and the pets that live with
  them (`CLOSE`, possessed: "my wife", "our dog", "mi hija", 我女儿): core (0.8), category "person".
- **Dated obligations**: a deadline, appointment, renewal or payment with a date or weekday
  (`OBLIGATION` and `core.date_words.hints`): core (0.8), category "event".
- **Ordinary preferences** ("my favourite band is…", "I like green tea") stay below the core floor
  (`ORDINARY`, 0.6), as do other people, projects, places and things.
- **Categories are checked**: a move or a home is a place ("I moved to Lisbon" is not a project).
An explicit "remember that…" keeps the seed's 0.9 (the user asked), emotion its 0.85, a decision its 0.75.
Pure and stdlib-only.
"""

from __future__ import annotations

from hippocampus.core.date_words import hints
from hippocampus.core.lazy_pattern import LazyPattern

HEALTH_VALUE = 0.9
CLOSE_VALUE = 0.8
OBLIGATION_VALUE = 0.8
ORDINARY = 0.6
"""Preferences, people beyond the closest, projects, places: stored and recalled, not core on arrival."""

HEALTH = LazyPattern(
    r"\b(?:allerg|anaphyla|epipen|asthma|diabet|insulin|epilep|seizure|medicat|\d+ ?mg\b|pills?\b"
    r"|prescri|warfarin|blood thinner|blood pressure|hypertension|cholesterol|cancer|chemo|heart (?:attack|"
    r"condition|disease|failure)|pacemaker|stroke|pregnan|coeliac|celiac|gluten|lactose|intoleran|migraine|"
    r"autis|adhd|bipolar|depression|anxiety disorder|ptsd|surgery|wheelchair|disabilit|deaf\b|blind\b|"
    r"inhaler|antidepress|sertraline|citalopram|metformin|chronic|kidney|liver\b|thyroid|hiv\b|hepatitis)"
    r"|alerg|asma\b|asthme|diabét|medicament|medikament|médicament|farmac|tabletten|pastillas|comprimid"
    r"|embarazada|grávida|schwanger|enceinte|incinta|presión arterial|blutdruck|pression artérielle|"
    r"celíac|zöliakie|intolérant|intollerant|heuschnupfen|аллерг|астм|диабет|лекарств|таблетк|беремен|"
    r"давлени|过敏|哮喘|糖尿病|高血压|药|怀孕|アレルギ|喘息|糖尿|高血圧|薬|妊娠|알레르기|천식|당뇨|약을|임신|"
    r"alerji|astım|diyabet|ilaç|hamile|tansiyon|एलर्जी|अस्थमा|मधुमेह|दवा|गर्भवती|حساسية|ربو|سكري|دواء|حامل|"
    r"אלרג|אסתמה|סוכרת|תרופ|בהריון"
)
"""Health and safety words of the supported languages (stems, matched anywhere in casefolded text)."""

_CLOSE_EN = (
    r"wife|husband|partner|spouse|fianc[eé]e?|son|daughter|sons|daughters|kids?|children|child|baby|twins|"
    r"mom|mum|mother|dad|father|parents|sister|brother|siblings?|dog|cat|puppy|kitten"
)
CLOSE = LazyPattern(
    rf"\b(?:my|our) (?:(?:little|older|younger|big|baby|twin|eldest|youngest|new|two|three) )?(?:{_CLOSE_EN})\b"
    r"|\bi have (?:a |an |two |three |\d+ )?(?:(?:little|older|younger|twin|baby) )?"
    r"(?:son|daughter|sons|daughters|kids|children|sister|brother|twins)\b"
    r"|\bmis? (?:hij[oa]s?|espos[oa]|marido|mujer|madre|padre|herman[oa]s?|mamá|papá)\b"
    r"|\b(?:minha|meu|meus|minhas) (?:filh[oa]s?|esposa|marido|mulher|mãe|pai|irmã|irmão)\b"
    r"|\b(?:meine?|unsere?) (?:sohn|tochter|frau|mann|mutter|vater|schwester|bruder|kinder|kind)\b"
    r"|\b(?:ma|mon|mes) (?:fils|fille|femme|mari|mère|père|sœur|soeur|frère|enfants?)\b"
    r"|\b(?:mia|mio|miei) (?:figli[oa]?|moglie|marito|madre|padre|sorella|fratello)\b"
    r"|\b(?:моя|мой|мои) (?:сын|дочь|жена|муж|мама|папа|мать|отец|сестра|брат|дети)"
    r"|我(?:的)?(?:儿子|女儿|老婆|老公|妻子|丈夫|妈妈|爸爸|母亲|父亲|孩子|妹妹|姐姐|哥哥|弟弟)"
    r"|息子|娘は|妻は|夫は|母は|父は|姉は|妹は|兄は|弟は|아들|딸|아내|남편|엄마|아빠|여동생|남동생"
    r"|ابني|ابنتي|زوجتي|زوجي|أمي|أبي|أختي|أخي|אשתי|בעלי|אמא שלי|אבא שלי|הבן שלי|הבת שלי|אחותי"
    r"|बेटा|बेटी|पत्नी|पति|मेरी माँ|मेरे पिता|मेरी बहन|मेरा भाई|oğlum|kızım|karım|kocam|annem|babam"
)
"""The people (and animals) closest to the user, possessed, in the supported languages."""

OBLIGATION = LazyPattern(
    r"\b(?:due|deadline|appointment|expires?|renew(?:s|al)?|hearing|exam|interview|submit|must|have to|"
    r"pay|payment|bill|vaccination|jab|surgery|operation|court|visa|tax|rent|insurance|booked|check-?up)\b"
    r"|vence|plazo|cita\b|pago|alquiler|prazo|consulta|termin|frist|fällig|miete|rendez-vous|échéance|loyer|"
    r"scadenza|appuntamento|affitto|срок|приём|оплат|截止|预约|到期|締め切り|予約|期限|마감|예약|"
    r"son gün|randevu|ödeme|अंतिम तिथि|अपॉइंटमेंट|موعد|استحقاق|תאריך יעד|תור"
)
"""Words of an obligation with a date: a deadline, an appointment, a renewal, a payment."""

_PLACE = LazyPattern(
    r"\b(?:i|we)(?:'ve| have)? (?:just |recently |finally )?(?:moved|relocated) (?:to|from|in|into|out)\b"
    r"|\b(?:i|we) (?:now )?(?:live|lived|grew up)\b|\bi(?:'m| am) (?:from|based in)\b"
    r"|me mudé|me mude|mudei|moro|vivo en|umgezogen|ich wohne|déménagé|j'habite|trasferit|abito|переех|живу|搬到|"
    r"住在|引っ越|に住ん|이사|taşındım|yaşıyorum"
)
"""A move or a home: the category is "place" whatever else matched."""

_KEEP = {"remember", "emotion", "decision", "exchange"}


def assess(kind: str, value: float, category: str, statement: str) -> tuple[float, str]:
    """(importance, category) of a statement (casefolded) the seed's table scored `value` as `kind`."""
    if kind == "exchange":
        return value, category
    if HEALTH.search(statement):
        return max(value, HEALTH_VALUE), "health"
    if _PLACE.search(statement):
        category = "place"
    if CLOSE.search(statement):
        return max(value if kind in _KEEP else 0.0, CLOSE_VALUE), "person" if category != "place" else category
    dated, _ = hints(statement)
    if dated and OBLIGATION.search(statement):
        return max(value if kind in _KEEP else 0.0, OBLIGATION_VALUE), "event"
    if kind in _KEEP:
        return value, category
    return min(value, ORDINARY), category
