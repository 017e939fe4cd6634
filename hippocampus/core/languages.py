"""The supported languages' trigger phrases, one table per intent, so the same intent scores the same.

`core.scoring` has the English rules (whole words, negative lookaheads) and Chinese; this module
adds Spanish, Portuguese, German, French, Italian, Russian, Arabic, Hebrew, Hindi, Turkish,
Korean and Japanese for each intent the scoring table knows: remember (0.9), emotion (0.85),
preference (0.8), decision (0.75) and person (0.7). Patterns are matched on casefolded text,
anywhere in a sentence, so they work in scripts without spaces and in right-to-left scripts
(casefolded: German "heiße" is matched as "heisse").
`tests/test_languages.py` holds one table of equivalent phrases per language and checks each
scores what its English equivalent scores.

`THIRD_PERSON_USER` is how an agent writes about its user ("User keeps bees", "The user's sister",
"El usuario…"): such memories belong to the user's domain, as "I…" and "my…" do.
"""

from __future__ import annotations

TRIGGERS: dict[str, tuple[str, ...]] = {
    "remember": (
        r"recuerda|acuérdate|no olvides|ten en cuenta|toma nota|apunta que",  # es
        r"lembre-se|lembre que|lembra que|lembra-te|não esqueça|não se esqueça|não te esqueças|tome nota|anota que",
        r"merk dir|merke dir|vergiss nicht|denk daran|denke daran|notiere dir|behalte im kopf",  # de
        r"souviens-toi|rappelle-toi|n'oublie pas|retiens que|retiens bien|note que|garde en tête",  # fr
        r"ricorda che|ricordati|ricorda:|non dimenticare|tieni a mente|prendi nota",  # it
        r"запомни|не забудь|имей в виду|учти,? что",  # ru
        r"تذكر|تذكّر|تذكري|لا تنس|احفظ أن",  # ar
        r"תזכור|זכור ש|תזכרי|אל תשכח|אל תשכחי|תרשום",  # he
        r"याद रख|मत भूल|ध्यान रखना कि|नोट कर",  # hi
        r"unutma|hatırla|aklında tut|not al",  # tr
        r"기억해|잊지 ?마|메모해",  # ko
        r"覚えて|忘れないで|メモして",  # ja
    ),
    "emotion": (
        r"me siento|estoy (?:muy |tan )?(?:triste|estresad|ansios|feliz|agotad|preocupad|sol[oa]\b)",
        r"me sinto|sinto-me|estou (?:muito |tão )?(?:triste|estressad|ansios|feliz|esgotad|preocupad|sozinh)",
        r"ich fühle mich|ich bin (?:so |sehr )?(?:traurig|gestresst|glücklich|erschöpft|einsam|besorgt)",
        r"je me sens|je suis (?:très |si )?(?:triste|stressée?|heureu|épuisée?|anxieu|inquiète?|seule?\b)",
        r"mi sento|sono (?:molto |così )?(?:triste|stressat|felice|esaust|preoccupat|sol[oa]\b)",
        r"я чувствую|мне (?:очень )?(?:грустно|одиноко|тревожно|страшно)|я (?:так )?(?:устал|в стрессе|счастлив)",
        r"أشعر|اشعر|أنا حزين|انا حزين|أنا سعيد",
        r"אני מרגיש|אני מרגישה|אני עצוב|אני עצובה|אני לחוץ|אני לחוצה",
        r"महसूस कर|मैं उदास|मैं दुखी|मैं बहुत खुश|मुझे अकेलापन",
        r"hissediyorum|üzgünüm|stresliyim|mutluyum|çok yorgunum|yalnızım",
        r"기분이|슬퍼|우울해|외로워|스트레스를 받|행복해",
        r"悲しい|寂しい|嬉しい|不安です|ストレス|落ち込",
        r"(?:很|非常|特别|太|好)(?:难过|伤心|孤独|寂寞|焦虑|沮丧|失望|痛苦|开心|高兴)",  # zh, with words before
    ),
    "preference": (
        r"me gusta|me encanta|prefiero|odio |detesto|mi (?:\w+ )?favorit|no me gusta",
        r"eu gosto|gosto de|gosto muito|adoro|prefiro|odeio|(?:meu|minha) (?:\w+ )?favorit|não gosto",
        r"ich mag|ich liebe|ich bevorzuge|ich hasse|lieblings|ich (?:esse|trinke) gern|mag ich",
        r"j'aime|j'adore|je préfère|je déteste|préférée?\b|je n'aime pas",
        r"mi piace|mi piacciono|adoro|preferisco|odio |preferit|non mi piace",
        r"я люблю|мне нравится|мне нравятся|я предпочитаю|ненавижу|(?:мой|моя|моё) любим",
        r"أحب|احب|أفضل|أفضّل|أكره|المفضل|المفضّل|يعجبني",
        r"אני אוהב|אני אוהבת|אני מעדיף|אני מעדיפה|אני שונא|אני שונאת|האהוב עלי|האהובה עלי",
        r"पसंद|अच्छा लगता|अच्छी लगती|नफ़रत|नफरत",
        r"seviyorum|severim|tercih ederim|nefret ediyorum|en sevdiğim|favorim|hoşlanı",
        r"좋아해|좋아합니다|좋아요|좋아한다|싫어해|싫어합니다|선호|가장 좋아하는|제일 좋아하는",
        r"好きです|大好き|好きな|が好き|嫌いです|が嫌い|お気に入り",
    ),
    "decision": (
        r"decidí|decidimos|he decidido|hemos decidido|vamos con",
        r"decidi |decidimos|vamos com|optamos",
        r"ich habe (?:mich )?entschieden|wir haben (?:uns )?entschieden|beschlossen",
        r"j'ai décidé|nous avons décidé|on a décidé",
        r"ho deciso|abbiamo deciso",
        r"я решил|я решила|мы решили",
        r"قررت|قررنا",
        r"החלטתי|החלטנו",
        r"तय किया|फैसला किया|फ़ैसला किया",
        r"karar verdim|karar verdik",
        r"결정했|기로 했",
        r"決めました|決めた|決定しました",
    ),
    "person": (
        r"me llamo|mi nombre es|vivo en|mi (?:herman[oa]|espos[oa]|madre|padre|hij[oa]|novi[oa]|jefe)"
        r"|trabajo (?:como|en)",
        r"meu nome é|me chamo|moro em|vivo em|(?:minha|meu) (?:irmã|irmão|esposa|marido|mãe|pai|filh[oa]|chefe)"
        r"|trabalho (?:como|em|na|no)",
        r"ich heisse|mein name ist|ich wohne in|ich lebe in|(?:meine|mein) (?:schwester|bruder|frau|mann|mutter|vater|"
        r"sohn|tochter|chef)|ich arbeite (?:als|bei)",
        r"je m'appelle|mon nom est|j'habite|je vis à|(?:ma|mon) (?:sœur|soeur|frère|femme|mari|mère|père|fils|fille|"
        r"patron)|je travaille (?:comme|chez)",
        r"mi chiamo|il mio nome è|vivo a|abito a|(?:mia|mio) (?:sorella|fratello|moglie|marito|madre|padre|figli[oa]|"
        r"capo)|lavoro (?:come|presso)",
        r"меня зовут|я живу|(?:моя|мой) (?:сестра|брат|жена|муж|мама|папа|сын|дочь|начальник)|я работаю",
        r"اسمي|أعيش في|اعيش في|أختي|أخي|زوجتي|زوجي|أمي|أبي|ابني|ابنتي|أعمل",
        r"קוראים לי|השם שלי|אני גר|אני גרה|אחותי|אחי|אשתי|בעלי|אמא שלי|אבא שלי|הבן שלי|הבת שלי|אני עובד",
        r"मेरा नाम|में रहता|में रहती|मेरी बहन|मेरा भाई|मेरी पत्नी|मेरे पति|मेरी माँ|मेरे पिता|मेरा बेटा|मेरी बेटी|काम करत",
        r"benim adım|adım |yaşıyorum|kız kardeşim|erkek kardeşim|karım|kocam|annem|babam|oğlum|kızım|çalışıyorum",
        r"제 이름은|내 이름은|살아요|살고 있|언니|누나|오빠|여동생|남동생|아내|남편|엄마|아빠|아들|딸",
        r"私の名前は|と申します|に住んで|姉は|妹は|兄は|弟は|妻は|夫は|母は|父は|息子|娘は",
    ),
}
"""Intent → one alternation per language (es, pt, de, fr, it, ru, ar, he, hi, tr, ko, ja)."""

THIRD_PERSON_USER = (
    r"^\s*(?:the )?user(?:'s)?\b|^\s*(?:el|la) usuari[oa]\b|^\s*(?:o|a) usuári[oa]\b|^\s*(?:der|die) (?:be)?nutzer"
    r"|^\s*l'utilisat(?:eur|rice)\b|^\s*l'utente\b|^\s*пользовател|^\s*用户|^\s*用戶|^\s*ユーザー|^\s*사용자"
    r"|^\s*المستخدم|^\s*המשתמש|^\s*उपयोगकर्ता|^\s*kullanıcı"
)
"""The third-person forms an agent uses for its user, at the start of a statement."""
