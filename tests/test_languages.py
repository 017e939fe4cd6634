"""Scores in every supported language (issue 14): the same intent scores the same as in English.

One table of equivalent phrases per language: remember, a feeling, a preference, a decision, a person.
"""

from __future__ import annotations

import pytest

from hippocampus.core.scoring import score_message
from hippocampus.core.tokens import tokenize

ENGLISH = {
    "remember": "Remember that my sister lives in Porto",
    "emotion": "I feel very sad today",
    "preference": "I love green tea",
    "decision": "We decided to sell the car",
    "person": "My name is Alma",
}

EQUIVALENTS: dict[str, dict[str, str]] = {
    "zh": {
        "remember": "记住我妹妹住在波尔图",
        "emotion": "我今天很难过",
        "preference": "我喜欢绿茶",
        "decision": "我们决定卖掉车",
        "person": "我叫阿尔玛",
    },
    "ja": {
        "remember": "覚えておいて、妹はポルトに住んでいます",
        "emotion": "今日はとても悲しいです",
        "preference": "緑茶が大好きです",
        "decision": "車を売ることに決めました",
        "person": "私の名前はアルマです",
    },
    "ko": {
        "remember": "내 여동생이 포르투에 산다는 걸 기억해 줘",
        "emotion": "오늘 너무 슬퍼요",
        "preference": "나는 녹차를 좋아해요",
        "decision": "우리는 차를 팔기로 했어요",
        "person": "제 이름은 알마예요",
    },
    "es": {
        "remember": "Recuerda que mi hermana vive en Oporto",
        "emotion": "Me siento muy triste hoy",
        "preference": "Me encanta el té verde",
        "decision": "Decidimos vender el coche",
        "person": "Me llamo Alma",
    },
    "pt": {
        "remember": "Lembre-se de que minha irmã mora no Porto",
        "emotion": "Me sinto muito triste hoje",
        "preference": "Eu adoro chá verde",
        "decision": "Decidimos vender o carro",
        "person": "Meu nome é Alma",
    },
    "de": {
        "remember": "Merk dir, dass meine Schwester in Porto wohnt",
        "emotion": "Ich fühle mich heute sehr traurig",
        "preference": "Ich liebe grünen Tee",
        "decision": "Wir haben entschieden, das Auto zu verkaufen",
        "person": "Ich heiße Alma",
    },
    "fr": {
        "remember": "Souviens-toi que ma sœur habite à Porto",
        "emotion": "Je me sens très triste aujourd'hui",
        "preference": "J'adore le thé vert",
        "decision": "Nous avons décidé de vendre la voiture",
        "person": "Je m'appelle Alma",
    },
    "it": {
        "remember": "Ricorda che mia sorella vive a Porto",
        "emotion": "Mi sento molto triste oggi",
        "preference": "Mi piace molto il tè verde",
        "decision": "Abbiamo deciso di vendere la macchina",
        "person": "Mi chiamo Alma",
    },
    "ru": {
        "remember": "Запомни, что моя сестра живёт в Порту",
        "emotion": "Я чувствую себя очень грустно",
        "preference": "Я люблю зелёный чай",
        "decision": "Мы решили продать машину",
        "person": "Меня зовут Альма",
    },
    "ar": {
        "remember": "تذكر أن أختي تعيش في بورتو",
        "emotion": "أشعر بالحزن الشديد اليوم",
        "preference": "أحب الشاي الأخضر",
        "decision": "قررنا بيع السيارة",
        "person": "اسمي ألما",
    },
    "he": {
        "remember": "זכור שאחותי גרה בפורטו",
        "emotion": "אני מרגיש עצוב מאוד היום",
        "preference": "אני אוהב תה ירוק",
        "decision": "החלטנו למכור את המכונית",
        "person": "קוראים לי עלמה",
    },
    "hi": {
        "remember": "याद रखना कि मेरी बहन पोर्टो में रहती है",
        "emotion": "मैं आज बहुत उदास महसूस कर रहा हूँ",
        "preference": "मुझे हरी चाय पसंद है",
        "decision": "हमने कार बेचने का फैसला किया",
        "person": "मेरा नाम अल्मा है",
    },
    "tr": {
        "remember": "Unutma, kız kardeşim Porto'da yaşıyor",
        "emotion": "Bugün kendimi çok üzgün hissediyorum",
        "preference": "Yeşil çayı çok seviyorum",
        "decision": "Arabayı satmaya karar verdik",
        "person": "Benim adım Alma",
    },
}


@pytest.mark.parametrize("language", sorted(EQUIVALENTS))
@pytest.mark.parametrize("intent", sorted(ENGLISH))
def test_the_same_intent_scores_the_same_as_in_english(language: str, intent: str) -> None:
    english = score_message(ENGLISH[intent])
    other = score_message(EQUIVALENTS[language][intent])
    assert english is not None and english.kind == intent
    assert other is not None, EQUIVALENTS[language][intent]
    assert (other.value, other.domain) == (english.value, english.domain), EQUIVALENTS[language][intent]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("मुझे हरी चाय पसंद है", "पसंद"),
        ("אני אוהב תה ירוק", "ירוק"),
        ("أحب الشاي الأخضر", "الأخضر"),
        ("녹차를 좋아해요", "녹차"),
    ],
)
def test_tokens_keep_whole_words_in_indic_rtl_and_hangul_scripts(text: str, word: str) -> None:
    assert word in tokenize(text)


@pytest.mark.parametrize(
    "text",
    [
        "User keeps bees on the roof",
        "The user's sister Alma lives in Porto",
        "El usuario vive en Madrid con su perro",
        "Der Nutzer trinkt jeden Morgen grünen Tee",
    ],
)
def test_an_agents_third_person_notes_belong_to_the_user(text: str) -> None:
    score = score_message(text)
    assert score is not None and score.domain == "user"
