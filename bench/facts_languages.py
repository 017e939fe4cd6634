"""Corrections per language (issue 24): the English correction shapes the rules take, said in every supported
language (`core.languages`), each as a pair of the probe's own (older fact, newer correction) and a look-alike that
carries the same update words but states another fact (another person's, another thing's, a fact beside the
older). The rules alone (`bench/facts_rules.found`: the newer's probes find the older and it updates it), reported
as the catch rate per language and per shape, and every look-alike taken. A gap in one language beside a shape the
others take is a table (cue words, time words, copulas, the "not X" forms) that lacks that language.
Run: `nice -n 10 .venv/bin/python bench/facts_languages.py [-v]`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from facts_rules import found

LANGS = ("en", "es", "pt", "de", "fr", "it", "ru", "tr", "ar", "he", "hi", "ko", "ja", "zh")

# shape -> language -> (older, correction, look-alike); the look-alike is judged against the same older
PAIRS: dict[str, dict[str, tuple[str, str, str]]] = {
    "typo": {
        "en": ("My locker number is 214", "Typo: my locker number is 241", "Typo: my bike lock code is 241"),
        "es": (
            "Mi número de taquilla es el 214",
            "Errata: mi número de taquilla es el 241",
            "Errata: el código de mi candado es 241",
        ),
        "pt": (
            "O número do meu cacifo é 214",
            "Erro de digitação: o número do meu cacifo é 241",
            "Erro de digitação: o código do meu cadeado é 241",
        ),
        "de": (
            "Meine Spindnummer ist 214",
            "Tippfehler: meine Spindnummer ist 241",
            "Tippfehler: der Code von meinem Fahrradschloss ist 241",
        ),
        "fr": (
            "Mon numéro de casier est le 214",
            "Faute de frappe : mon numéro de casier est le 241",
            "Faute de frappe : le code de mon cadenas est 241",
        ),
        "it": (
            "Il numero del mio armadietto è 214",
            "Errore di battitura: il numero del mio armadietto è 241",
            "Errore di battitura: il codice del mio lucchetto è 241",
        ),
        "ru": ("Номер моего шкафчика 214", "Опечатка: номер моего шкафчика 241", "Опечатка: код моего замка 241"),
        "tr": ("Dolap numaram 214", "Yazım hatası: dolap numaram 241", "Yazım hatası: bisiklet kilidimin şifresi 241"),
        "ar": ("رقم خزانتي 214", "خطأ مطبعي: رقم خزانتي 241", "خطأ مطبعي: رمز قفل دراجتي 241"),
        "he": ("מספר הלוקר שלי 214", "טעות הקלדה: מספר הלוקר שלי 241", "טעות הקלדה: הקוד של המנעול שלי 241"),
        "hi": ("मेरा लॉकर नंबर 214 है", "टाइपो: मेरा लॉकर नंबर 241 है", "टाइपो: मेरे ताले का कोड 241 है"),
        "ko": ("내 사물함 번호는 214번이야", "오타: 내 사물함 번호는 241번이야", "오타: 내 자물쇠 비밀번호는 241이야"),
        "ja": (
            "私のロッカー番号は214です",
            "打ち間違え：私のロッカー番号は241です",
            "打ち間違え：自転車の鍵の番号は241です",
        ),
        "zh": ("我的储物柜号码是214", "打错了：我的储物柜号码是241", "打错了：我的自行车锁密码是241"),
    },
    "mix-up": {
        "en": (
            "My son's swimming lesson is on Tuesday",
            "I mixed up the days: my son's swimming lesson is on Thursday",
            "I mixed up the days: my daughter's piano lesson is on Thursday",
        ),
        "es": (
            "La clase de natación de mi hijo es el martes",
            "Me confundí de día: la clase de natación de mi hijo es el jueves",
            "Me confundí de día: la clase de piano de mi hija es el jueves",
        ),
        "pt": (
            "A aula de natação do meu filho é na terça",
            "Confundi os dias: a aula de natação do meu filho é na quinta",
            "Confundi os dias: a aula de piano da minha filha é na quinta",
        ),
        "de": (
            "Der Schwimmkurs meines Sohnes ist am Dienstag",
            "Ich habe die Tage verwechselt: der Schwimmkurs meines Sohnes ist am Donnerstag",
            "Ich habe die Tage verwechselt: der Klavierunterricht meiner Tochter ist am Donnerstag",
        ),
        "fr": (
            "Le cours de natation de mon fils est le mardi",
            "J'ai confondu les jours : le cours de natation de mon fils est le jeudi",
            "J'ai confondu les jours : le cours de piano de ma fille est le jeudi",
        ),
        "it": (
            "La lezione di nuoto di mio figlio è il martedì",
            "Ho confuso i giorni: la lezione di nuoto di mio figlio è il giovedì",
            "Ho confuso i giorni: la lezione di piano di mia figlia è il giovedì",
        ),
        "ru": (
            "Плавание у моего сына во вторник",
            "Я перепутал дни: плавание у моего сына в четверг",
            "Я перепутал дни: фортепиано у моей дочери в четверг",
        ),
        "tr": (
            "Oğlumun yüzme dersi salı günü",
            "Günleri karıştırdım: oğlumun yüzme dersi perşembe günü",
            "Günleri karıştırdım: kızımın piyano dersi perşembe günü",
        ),
        "ar": (
            "درس السباحة لابني يوم الثلاثاء",
            "خلطت بين الأيام: درس السباحة لابني يوم الخميس",
            "خلطت بين الأيام: درس البيانو لابنتي يوم الخميس",
        ),
        "he": (
            "שיעור השחייה של הבן שלי ביום שלישי",
            "התבלבלתי בימים: שיעור השחייה של הבן שלי ביום חמישי",
            "התבלבלתי בימים: שיעור הפסנתר של הבת שלי ביום חמישי",
        ),
        "hi": (
            "मेरे बेटे की तैराकी की क्लास मंगलवार को है",
            "मुझसे दिन गड़बड़ हो गए: मेरे बेटे की तैराकी की क्लास गुरुवार को है",
            "मुझसे दिन गड़बड़ हो गए: मेरी बेटी की पियानो की क्लास गुरुवार को है",
        ),
        "ko": (
            "아들 수영 수업은 화요일이야",
            "요일을 헷갈렸어: 아들 수영 수업은 목요일이야",
            "요일을 헷갈렸어: 딸 피아노 수업은 목요일이야",
        ),
        "ja": (
            "息子の水泳教室は火曜日です",
            "曜日を間違えました：息子の水泳教室は木曜日です",
            "曜日を間違えました：娘のピアノ教室は木曜日です",
        ),
        "zh": ("我儿子的游泳课在星期二", "我搞混了：我儿子的游泳课在星期四", "我搞混了：我女儿的钢琴课在星期四"),
    },
    "moved date": {
        "en": (
            "The book fair is on 8 May",
            "They postponed the book fair to 22 May",
            "They postponed the concert to 22 May",
        ),
        "es": (
            "La feria del libro es el 8 de mayo",
            "Aplazaron la feria del libro al 22 de mayo",
            "Aplazaron el concierto al 22 de mayo",
        ),
        "pt": (
            "A feira do livro é a 8 de maio",
            "Adiaram a feira do livro para 22 de maio",
            "Adiaram o concerto para 22 de maio",
        ),
        "de": (
            "Die Buchmesse ist am 8. Mai",
            "Die Buchmesse wurde auf den 22. Mai verschoben",
            "Das Konzert wurde auf den 22. Mai verschoben",
        ),
        "fr": (
            "Le salon du livre est le 8 mai",
            "Ils ont reporté le salon du livre au 22 mai",
            "Ils ont reporté le concert au 22 mai",
        ),
        "it": (
            "La fiera del libro è l'8 maggio",
            "Hanno rinviato la fiera del libro al 22 maggio",
            "Hanno rinviato il concerto al 22 maggio",
        ),
        "ru": ("Книжная ярмарка 8 мая", "Книжную ярмарку перенесли на 22 мая", "Концерт перенесли на 22 мая"),
        "tr": ("Kitap fuarı 8 Mayıs'ta", "Kitap fuarı 22 Mayıs'a ertelendi", "Konser 22 Mayıs'a ertelendi"),
        "ar": ("معرض الكتاب في 8 مايو", "تم تأجيل معرض الكتاب إلى 22 مايو", "تم تأجيل الحفل إلى 22 مايو"),
        "he": ("יריד הספרים ב-8 במאי", "יריד הספרים נדחה ל-22 במאי", "הקונצרט נדחה ל-22 במאי"),
        "hi": ("पुस्तक मेला 8 मई को है", "पुस्तक मेला 22 मई तक स्थगित हो गया", "संगीत कार्यक्रम 22 मई तक स्थगित हो गया"),
        "ko": ("도서전은 5월 8일이야", "도서전이 5월 22일로 연기됐어", "콘서트가 5월 22일로 연기됐어"),
        "ja": (
            "ブックフェアは5月8日です",
            "ブックフェアは5月22日に延期になりました",
            "コンサートは5月22日に延期になりました",
        ),
        "zh": ("书展在5月8日", "书展推迟到5月22日了", "音乐会推迟到5月22日了"),
    },
    "age turned": {
        "en": ("Nora is 36", "Nora turned 37 yesterday", "Nora's husband turned 37 yesterday"),
        "es": ("Nora tiene 36 años", "Nora cumplió 37 ayer", "El marido de Nora cumplió 37 ayer"),
        "pt": ("A Nora tem 36 anos", "A Nora fez 37 anos ontem", "O marido da Nora fez 37 anos ontem"),
        "de": ("Nora ist 36", "Nora ist seit gestern 37", "Noras Mann ist seit gestern 37"),
        "fr": ("Nora a 36 ans", "Nora a eu 37 ans hier", "Le mari de Nora a eu 37 ans hier"),
        "it": ("Nora ha 36 anni", "Nora ha compiuto 37 anni ieri", "Il marito di Nora ha compiuto 37 anni ieri"),
        "ru": ("Норе 36 лет", "Норе вчера исполнилось 37", "Мужу Норы вчера исполнилось 37"),
        "tr": ("Nora 36 yaşında", "Nora dün 37 yaşına girdi", "Nora'nın kocası dün 37 yaşına girdi"),
        "ar": ("نورا عمرها 36 سنة", "نورا أتمت 37 سنة أمس", "زوج نورا أتم 37 سنة أمس"),
        "he": ("נורה בת 36", "לנורה מלאו 37 אתמול", "לבעלה של נורה מלאו 37 אתמול"),
        "hi": ("नोरा 36 साल की है", "नोरा कल 37 साल की हो गई", "नोरा के पति कल 37 साल के हो गए"),
        "ko": ("노라는 36살이야", "노라는 어제 37살이 됐어", "노라 남편은 어제 37살이 됐어"),
        "ja": ("ノラは36歳です", "ノラは昨日37歳になりました", "ノラの夫は昨日37歳になりました"),
        "zh": ("诺拉36岁", "诺拉昨天满37岁了", "诺拉的丈夫昨天满37岁了"),
    },
    "renamed": {
        "en": (
            "Our sailing boat is called Sirius",
            "We renamed the sailing boat Vega",
            "Our neighbours renamed their sailing boat Vega",
        ),
        "es": (
            "Nuestro velero se llama Sirius",
            "Rebautizamos el velero como Vega",
            "Los vecinos rebautizaron su velero como Vega",
        ),
        "pt": (
            "O nosso veleiro chama-se Sirius",
            "Renomeámos o veleiro para Vega",
            "Os vizinhos renomearam o veleiro deles para Vega",
        ),
        "de": (
            "Unser Segelboot heißt Sirius",
            "Wir haben das Segelboot in Vega umbenannt",
            "Die Nachbarn haben ihr Segelboot in Vega umbenannt",
        ),
        "fr": (
            "Notre voilier s'appelle Sirius",
            "On a renommé le voilier Vega",
            "Les voisins ont renommé leur voilier Vega",
        ),
        "it": (
            "La nostra barca a vela si chiama Sirius",
            "Abbiamo rinominato la barca a vela Vega",
            "I vicini hanno rinominato la loro barca a vela Vega",
        ),
        "ru": ("Наша яхта называется Сириус", "Мы переименовали яхту в Вегу", "Соседи переименовали свою яхту в Вегу"),
        "tr": (
            "Teknemizin adı Sirius",
            "Teknemizin adını Vega olarak değiştirdik",
            "Komşular teknelerinin adını Vega olarak değiştirdi",
        ),
        "ar": ("قاربنا اسمه Sirius", "غيرنا اسم قاربنا إلى Vega", "الجيران غيروا اسم قاربهم إلى Vega"),
        "he": ("הסירה שלנו נקראת Sirius", "שינינו את שם הסירה שלנו ל-Vega", "השכנים שינו את שם הסירה שלהם ל-Vega"),
        "hi": (
            "हमारी नाव का नाम Sirius है",
            "हमने अपनी नाव का नाम बदलकर Vega रख दिया",
            "पड़ोसियों ने अपनी नाव का नाम बदलकर Vega रख दिया",
        ),
        "ko": (
            "우리 보트 이름은 Sirius야",
            "우리 보트 이름을 Vega로 바꿨어",
            "이웃들이 자기 보트 이름을 Vega로 바꿨어",
        ),
        "ja": (
            "うちのボートの名前はSiriusです",
            "うちのボートの名前をVegaに変更しました",
            "隣の人たちはボートの名前をVegaに変更しました",
        ),
        "zh": ("我们的船叫Sirius", "我们把船的名字改成了Vega", "邻居把他们的船的名字改成了Vega"),
    },
    "switched X to Y": {
        "en": (
            "I use Firefox at work",
            "I switched from Firefox to Brave at work",
            "My boss switched from Firefox to Brave",
        ),
        "es": (
            "Uso Firefox en el trabajo",
            "En el trabajo me cambié de Firefox a Brave",
            "Mi jefe se cambió de Firefox a Brave",
        ),
        "pt": (
            "Uso o Firefox no trabalho",
            "Mudei do Firefox para o Brave no trabalho",
            "O meu chefe mudou do Firefox para o Brave",
        ),
        "de": (
            "Ich nutze Firefox bei der Arbeit",
            "Ich bin bei der Arbeit von Firefox auf Brave umgestiegen",
            "Mein Chef ist von Firefox auf Brave umgestiegen",
        ),
        "fr": (
            "J'utilise Firefox au travail",
            "Au travail, je suis passé de Firefox à Brave",
            "Mon patron est passé de Firefox à Brave",
        ),
        "it": (
            "Uso Firefox al lavoro",
            "Al lavoro sono passato da Firefox a Brave",
            "Il mio capo è passato da Firefox a Brave",
        ),
        "ru": (
            "Я пользуюсь Firefox на работе",
            "На работе я перешёл с Firefox на Brave",
            "Мой начальник перешёл с Firefox на Brave",
        ),
        "tr": ("İşte Firefox kullanıyorum", "İşte Firefox'tan Brave'e geçtim", "Patronum Firefox'tan Brave'e geçti"),
        "ar": ("أستخدم Firefox في العمل", "انتقلت من Firefox إلى Brave في العمل", "مديري انتقل من Firefox إلى Brave"),
        "he": ("אני משתמש ב-Firefox בעבודה", "עברתי מ-Firefox ל-Brave בעבודה", "הבוס שלי עבר מ-Firefox ל-Brave"),
        "hi": (
            "मैं काम पर Firefox इस्तेमाल करता हूँ",
            "मैंने काम पर Firefox से Brave पर बदल लिया",
            "मेरे बॉस ने Firefox से Brave पर बदल लिया",
        ),
        "ko": (
            "나는 회사에서 Firefox를 써",
            "회사에서 Firefox에서 Brave로 바꿨어",
            "팀장님이 Firefox에서 Brave로 바꿨어",
        ),
        "ja": (
            "仕事ではFirefoxを使っています",
            "仕事ではFirefoxからBraveに変更しました",
            "上司はFirefoxからBraveに変更しました",
        ),
        "zh": ("我工作时用Firefox", "我工作时从Firefox换成了Brave", "我老板从Firefox换成了Brave"),
    },
    "no longer": {
        "en": ("I drink coffee every morning", "I no longer drink coffee", "My wife no longer drinks coffee"),
        "es": ("Tomo café todas las mañanas", "Ya no tomo café", "Mi mujer ya no toma café"),
        "pt": ("Bebo café todas as manhãs", "Já não bebo café", "A minha mulher já não bebe café"),
        "de": (
            "Ich trinke jeden Morgen Kaffee",
            "Ich trinke keinen Kaffee mehr",
            "Meine Frau trinkt keinen Kaffee mehr",
        ),
        "fr": ("Je bois du café tous les matins", "Je ne bois plus de café", "Ma femme ne boit plus de café"),
        "it": ("Bevo il caffè ogni mattina", "Non bevo più caffè", "Mia moglie non beve più caffè"),
        "ru": ("Я пью кофе каждое утро", "Я больше не пью кофе", "Моя жена больше не пьёт кофе"),
        "tr": ("Her sabah kahve içerim", "Artık kahve içmiyorum", "Karım artık kahve içmiyor"),
        "ar": ("أشرب القهوة كل صباح", "لم أعد أشرب القهوة", "زوجتي لم تعد تشرب القهوة"),
        "he": ("אני שותה קפה כל בוקר", "אני כבר לא שותה קפה", "אשתי כבר לא שותה קפה"),
        "hi": ("मैं हर सुबह कॉफ़ी पीता हूँ", "मैं अब कॉफ़ी नहीं पीता", "मेरी पत्नी अब कॉफ़ी नहीं पीती"),
        "ko": ("나는 매일 아침 커피를 마셔", "나는 더 이상 커피를 안 마셔", "아내는 더 이상 커피를 안 마셔"),
        "ja": ("私は毎朝コーヒーを飲みます", "私はもうコーヒーを飲みません", "妻はもうコーヒーを飲みません"),
        "zh": ("我每天早上喝咖啡", "我不再喝咖啡了", "我妻子不再喝咖啡了"),
    },
    "now": {
        "en": (
            "My brother Jonas lives in Leipzig",
            "My brother Jonas lives in Dresden now",
            "My brother Jonas works in Dresden now",
        ),
        "es": (
            "Mi hermano Jonás vive en Sevilla",
            "Mi hermano Jonás ahora vive en Cádiz",
            "Mi hermano Jonás ahora trabaja en Cádiz",
        ),
        "pt": (
            "O meu irmão Jonas vive em Évora",
            "O meu irmão Jonas agora vive em Faro",
            "O meu irmão Jonas agora trabalha em Faro",
        ),
        "de": (
            "Mein Bruder Jonas wohnt in Leipzig",
            "Mein Bruder Jonas wohnt jetzt in Dresden",
            "Mein Bruder Jonas arbeitet jetzt in Dresden",
        ),
        "fr": (
            "Mon frère Jonas habite à Lyon",
            "Mon frère Jonas habite maintenant à Grenoble",
            "Mon frère Jonas travaille maintenant à Grenoble",
        ),
        "it": (
            "Mio fratello Jonas abita a Torino",
            "Mio fratello Jonas adesso abita a Genova",
            "Mio fratello Jonas adesso lavora a Genova",
        ),
        "ru": (
            "Мой брат Йонас живёт в Казани",
            "Мой брат Йонас теперь живёт в Самаре",
            "Мой брат Йонас теперь работает в Самаре",
        ),
        "tr": (
            "Kardeşim Jonas İzmir'de yaşıyor",
            "Kardeşim Jonas şimdi Bursa'da yaşıyor",
            "Kardeşim Jonas şimdi Bursa'da çalışıyor",
        ),
        "ar": ("أخي يونس يعيش في عمّان", "أخي يونس يعيش الآن في إربد", "أخي يونس يعمل الآن في إربد"),
        "he": ("אחי יונתן גר בחיפה", "אחי יונתן גר עכשיו באילת", "אחי יונתן עובד עכשיו באילת"),
        "hi": (
            "मेरा भाई जोनस पुणे में रहता है",
            "मेरा भाई जोनस अब नागपुर में रहता है",
            "मेरा भाई जोनस अब नागपुर में काम करता है",
        ),
        "ko": (
            "내 동생 요나스는 부산에 살아",
            "내 동생 요나스는 이제 대구에 살아",
            "내 동생 요나스는 이제 대구에서 일해",
        ),
        "ja": (
            "弟のヨナスは大阪に住んでいます",
            "弟のヨナスは今は京都に住んでいます",
            "弟のヨナスは今は京都で働いています",
        ),
        "zh": ("我弟弟约拿住在成都", "我弟弟约拿现在住在重庆", "我弟弟约拿现在在重庆工作"),
    },
    "actually": {
        "en": ("Our dentist is in Camden", "Actually our dentist is in Islington", "Actually our vet is in Islington"),
        "es": (
            "Nuestro dentista está en Chamberí",
            "En realidad nuestro dentista está en Tetuán",
            "En realidad nuestro veterinario está en Tetuán",
        ),
        "pt": (
            "O nosso dentista é em Alvalade",
            "Na verdade o nosso dentista é em Benfica",
            "Na verdade o nosso veterinário é em Benfica",
        ),
        "de": (
            "Unser Zahnarzt ist in Pankow",
            "Eigentlich ist unser Zahnarzt in Weißensee",
            "Eigentlich ist unser Tierarzt in Weißensee",
        ),
        "fr": (
            "Notre dentiste est à Vincennes",
            "En fait notre dentiste est à Montreuil",
            "En fait notre vétérinaire est à Montreuil",
        ),
        "it": (
            "Il nostro dentista è a Monza",
            "In realtà il nostro dentista è a Lecco",
            "In realtà il nostro veterinario è a Lecco",
        ),
        "ru": (
            "Наш стоматолог в Химках",
            "На самом деле наш стоматолог в Мытищах",
            "На самом деле наш ветеринар в Мытищах",
        ),
        "tr": ("Dişçimiz Kadıköy'de", "Aslında dişçimiz Üsküdar'da", "Aslında veterinerimiz Üsküdar'da"),
        "ar": (
            "طبيب أسناننا في الزرقاء",
            "في الحقيقة طبيب أسناننا في مادبا",
            "في الحقيقة طبيبنا البيطري في مادبا",
        ),
        "he": ("רופא השיניים שלנו בחולון", "בעצם רופא השיניים שלנו בבת ים", "בעצם הווטרינר שלנו בבת ים"),
        "hi": (
            "हमारा दंत चिकित्सक करोल बाग में है",
            "असल में हमारा दंत चिकित्सक साकेत में है",
            "असल में हमारा पशु चिकित्सक साकेत में है",
        ),
        "ko": ("우리 치과는 마포에 있어", "사실 우리 치과는 용산에 있어", "사실 우리 동물병원은 용산에 있어"),
        "ja": (
            "うちの歯医者は渋谷にあります",
            "実はうちの歯医者は目黒にあります",
            "実はうちの動物病院は目黒にあります",
        ),
        "zh": ("我们的牙医在海淀", "其实我们的牙医在朝阳", "其实我们的兽医在朝阳"),
    },
    "not X": {
        "en": ("Our hotel room is 512", "Our hotel room is 521, not 512", "My parents' hotel room is 521, not 512"),
        "es": (
            "Nuestra habitación de hotel es la 512",
            "Nuestra habitación de hotel es la 521, no la 512",
            "La habitación de hotel de mis padres es la 521, no la 512",
        ),
        "pt": (
            "O nosso quarto de hotel é o 512",
            "O nosso quarto de hotel é o 521, não o 512",
            "O quarto de hotel dos meus pais é o 521, não o 512",
        ),
        "de": (
            "Unser Hotelzimmer ist 512",
            "Unser Hotelzimmer ist 521, nicht 512",
            "Das Hotelzimmer meiner Eltern ist 521, nicht 512",
        ),
        "fr": (
            "Notre chambre d'hôtel est la 512",
            "Notre chambre d'hôtel est la 521, pas la 512",
            "La chambre d'hôtel de mes parents est la 521, pas la 512",
        ),
        "it": (
            "La nostra camera d'albergo è la 512",
            "La nostra camera d'albergo è la 521, non la 512",
            "La camera d'albergo dei miei genitori è la 521, non la 512",
        ),
        "ru": (
            "Наш номер в отеле 512",
            "Наш номер в отеле 521, а не 512",
            "Номер моих родителей в отеле 521, а не 512",
        ),
        "tr": ("Otel odamız 512", "Otel odamız 512 değil, 521", "Annemlerin otel odası 512 değil, 521"),
        "ar": (
            "غرفتنا في الفندق رقم 512",
            "غرفتنا في الفندق رقم 521، وليس 512",
            "غرفة والديّ في الفندق رقم 521، وليس 512",
        ),
        "he": (
            "החדר שלנו במלון הוא 512",
            "החדר שלנו במלון הוא 521, לא 512",
            "החדר של ההורים שלי במלון הוא 521, לא 512",
        ),
        "hi": (
            "हमारा होटल का कमरा 512 है",
            "हमारा होटल का कमरा 521 है, 512 नहीं",
            "मेरे माता-पिता का होटल का कमरा 521 है, 512 नहीं",
        ),
        "ko": (
            "우리 호텔 방은 512호야",
            "우리 호텔 방은 512호가 아니라 521호야",
            "부모님 호텔 방은 512호가 아니라 521호야",
        ),
        "ja": (
            "私たちのホテルの部屋は512号室です",
            "私たちのホテルの部屋は512号室ではなく521号室です",
            "両親のホテルの部屋は512号室ではなく521号室です",
        ),
        "zh": ("我们的酒店房间是512", "我们的酒店房间是521，不是512", "我父母的酒店房间是521，不是512"),
    },
    "instead": {
        "en": (
            "We're serving lamb at the party",
            "We're serving salmon instead of lamb at the party",
            "At the barbecue we're serving salmon instead of lamb",
        ),
        "es": (
            "En la fiesta servimos cordero",
            "En la fiesta servimos salmón en vez de cordero",
            "En la barbacoa servimos salmón en vez de cordero",
        ),
        "pt": (
            "Na festa vamos servir borrego",
            "Na festa vamos servir salmão em vez de borrego",
            "No churrasco vamos servir salmão em vez de borrego",
        ),
        "de": (
            "Auf der Feier gibt es Lamm",
            "Auf der Feier gibt es Lachs statt Lamm",
            "Beim Grillfest gibt es Lachs statt Lamm",
        ),
        "fr": (
            "À la fête on sert de l'agneau",
            "À la fête on sert du saumon au lieu de l'agneau",
            "Au barbecue on sert du saumon au lieu de l'agneau",
        ),
        "it": (
            "Alla festa serviamo agnello",
            "Alla festa serviamo salmone invece dell'agnello",
            "Al barbecue serviamo salmone invece dell'agnello",
        ),
        "ru": (
            "На празднике мы подаём баранину",
            "На празднике мы подаём лосося вместо баранины",
            "На барбекю мы подаём лосося вместо баранины",
        ),
        "tr": (
            "Partide kuzu eti servis ediyoruz",
            "Partide kuzu eti yerine somon servis ediyoruz",
            "Mangalda kuzu eti yerine somon servis ediyoruz",
        ),
        "ar": (
            "في الحفلة نقدم لحم الضأن",
            "في الحفلة نقدم السلمون بدلاً من لحم الضأن",
            "في الشواء نقدم السلمون بدلاً من لحم الضأن",
        ),
        "he": ("במסיבה אנחנו מגישים טלה", "במסיבה אנחנו מגישים סלמון במקום טלה", "במנגל אנחנו מגישים סלמון במקום טלה"),
        "hi": (
            "पार्टी में हम मटन परोस रहे हैं",
            "पार्टी में हम मटन की जगह मछली परोस रहे हैं",
            "बारबेक्यू में हम मटन की जगह मछली परोस रहे हैं",
        ),
        "ko": (
            "파티에서 양고기를 대접할 거야",
            "파티에서 양고기 대신 연어를 대접할 거야",
            "바비큐에서 양고기 대신 연어를 대접할 거야",
        ),
        "ja": (
            "パーティーではラム肉を出します",
            "パーティーではラム肉の代わりにサーモンを出します",
            "バーベキューではラム肉の代わりにサーモンを出します",
        ),
        "zh": ("聚会上我们上羊肉", "聚会上我们用三文鱼代替羊肉", "烧烤时我们用三文鱼代替羊肉"),
    },
}


def main() -> None:
    verbose = "-v" in sys.argv
    by_lang: dict[str, list[int]] = {lang: [0, 0, 0, 0] for lang in LANGS}
    lines = []
    for shape, cells in PAIRS.items():
        row = []
        for lang in LANGS:
            old, new, other = cells[lang]
            caught, wrong = found(new, old), found(other, old)
            by_lang[lang][0] += caught
            by_lang[lang][1] += 1
            by_lang[lang][2] += wrong
            by_lang[lang][3] += 1
            row.append(("+" if caught else ".") + ("!" if wrong else " "))
            if verbose and not caught:
                lines.append(f"  missed [{shape}/{lang}]: {old} -> {new}")
            if wrong:
                lines.append(f"  WRONG  [{shape}/{lang}]: {old} -> {other}")
        print(f"{shape:16} " + " ".join(f"{c:3}" for c in row) + f"  {sum(c[0] == '+' for c in row)}/{len(LANGS)}")
    print(f"{'':16} " + " ".join(f"{lang:3}" for lang in LANGS) + "   (+ caught, ! look-alike taken)")
    for lang, (c, n, w, m) in by_lang.items():
        print(f"{lang}: corrections {c}/{n}, look-alikes wrong {w}/{m}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
