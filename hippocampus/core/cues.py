"""Cue words of fact identity (`core.claims`), per supported language: what says a statement is newer news,
a correction, an addition, or names the value it leaves behind.

- **Weak cues** (`WEAK`) say the statement may be newer news ("actually", "now", "these days", "new",
  "as of"): they count only for the same attribute. Of them, the novelty words (`NOVELTY`: "new",
  "recently", "lately", "currently") say only that something is recent, not that an earlier statement
  stopped being true ("There's a new cafe on Main St", "I got a new Brompton bike"): the cue-led route
  (`core.anchors`), which asks for no shared frame, needs one of the others, which set the newer
  against the past.
- **Correction cues** (`CORRECTION`) say an earlier statement was wrong or has changed ("typo", "by
  mistake", "mixed up", "changed … to", "switched", "renamed", "rescheduled", "moved to", "pushed to",
  "brought … forward", "turned 8", "no longer", "stopped", "sold", "broke up", "raised prices", "can't make
  Thursday", "kein … mehr", "ho fatto confusione", "got my wires crossed"): with a shared topic word
  beyond people and names they make an update. Grouped by what they say, not by the sentences they were
  found in: a date that moved, a thing said wrong, a thing no longer had, a relation that ended.
- `ADDS`: a value said beside another ("… too"): both hold.
- `LEFT`: the value a correction leaves behind ("…, not X", "switched from X to Y", "sold the X", "ne … pas
  chez X mais …", "non … X ma …", "no … X sino …", "nicht X, sondern …").
- `PREFIX` / `PREFIX_WORDS`: a discourse opening ("sorry, typo earlier:", "change of plans:").
Pure and stdlib-only.
"""

from __future__ import annotations

import re

WEAK = re.compile(
    r"\b(?:actually|in fact|now|these days|nowadays|currently|from now on|new|update|as of|lately|recently|"
    r"instead|ended up|in the end|after all|turns out|turned out|afinal|"
    r"starting (?:today|tomorrow|next|this|on|in|from)|from (?:next|this) \w+|"
    r"from (?:january|february|march|april|may|june|july|august|september|october|november|december)|"
    # a change for a while: "book club meets at the Red Lion till spring", "for now", "until further notice"
    r"for now|for the time being|until further notice|(?:till|until) (?:the )?(?:spring|summer|autumn|fall|winter|"
    r"next \w+|the end of|january|february|march|april|may|june|july|august|september|october|november|december))\b"
    r"|ab (?:jetzt|sofort)|desde hoy|a partir de|à partir d|da oggi"
    r"|en realidad|ahora|na verdade|agora|eigentlich|jetzt|\bnun\b|inzwischen|mittlerweile|en fait|maintenant|"
    r"désormais|in realtà|adesso|\bora\b|на самом деле|теперь|сейчас|其实|實際|现在|現在|実は|今は|사실|이제|"
    r"في الحقيقة|الآن|בעצם|עכשיו|असल में|\bअब\b|aslında|şimdi"
    # since a day just past, in the supported languages: news of a value that holds from then ("ist seit gestern 42")
    r"|\b(?:since (?:yesterday|today)|seit (?:gestern|heute|vorgestern)|desde (?:ayer|anteayer|ontem|anteontem|hoje)"
    r"|depuis (?:hier|avant-hier|aujourd'hui)|da ieri|со вчерашнего дня|с сегодняшнего дня|dünden beri|bugünden beri)\b"
    r"|منذ أمس|מאתמול|昨日から|어제부터|从昨天"
    # "instead (of)", in the supported languages ("statt", not the separable verb's "findet am Montag statt")
    r"|\ben (?:vez|lugar) de|\bem (?:vez|lugar) d[eoa]|\b(?:an)?statt(?= (?!(?:und|oder|aber|weil|wie|zu)\b)\w)"
    r"|\bstattdessen\b|\bau lieu d|\binvece\b|\bal posto d(?:i|el|ell|ei|egli|elle)|вместо|\byerine\b|بدلا|بدلاً|במקום"
    r"|की जगह|대신|代わりに|代替|而不是"
)
NOVELTY = frozenset({"new", "recently", "lately", "currently"})
"""The weak cues that say a thing is recent, not that it replaced another (matched as `WEAK` finds them)."""
_VALUE_WORDS = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|half|"
    "january|february|march|april|may|june|july|august|september|october|november|december|"
    "monday|tuesday|wednesday|thursday|friday|saturday|sunday|noon|midnight"
)
"""A value said in words after "to" (`CORRECTION`'s "<verb> … to <value>"): a number, a month, a day."""
_NO_CHANGE = (
    "used|supposed|married|related|compared|listened|talked|spoke|replied|responded|subscribed|dedicated|committed|"
    "limited|restricted|walked|travell?ed|commuted|cycled|biked|hiked|jogged|drove|flew|rushed|headed|invited|"
    "needed|wanted|planned|hoped|tried|expected|asked|decided|started|liked|loved|managed|attached|added|belonged"
)
"""Verbs in the past that say no change of a value when "to" follows ("I walked to 5th Avenue", "wanted to"):
states, ways of going, intentions. Said by kind, not for one sentence."""
CORRECTION = re.compile(
    r"\b(?:typo|mistyped|mixed (?:that |them |those |it |the \w+ )?up|mix-?up|got (?:that |it )?mixed up|confused|"
    r"correction|change of plans?|plans (?:have )?changed|"
    # "oops, meant the 17th": a typo said as "meant", its "I" dropped (not "that meant a lot", "meant to")
    r"i meant|i misspoke|(?<![\w'] )meant(?! (?:to|that|a lot|so much|nothing|well)\b)|"
    r"changed|switched|renamed|rescheduled|postponed|pushed back|brought forward|"
    # the same verbs in any form: "we've had to postpone the party", "changing the kitten's name to Juniper"
    r"(?:postpon|reschedul|rebook|renam|rebrand|cancel|delay|relocat|transferr?)(?:e|es|ed|ing|s)?|"
    r"chang(?:e|es|ing)(?= (?:[\w']+ ){0,4}?to\b)|"
    r"went (?:up|down)(?= to\b)|went back(?= to\b)|switched back|became|"
    r"(?:increased|decreased|raised|lowered|dropped|rose|fell|cut|hiked|upped|reduced|doubled|halved)"
    r"(?= (?:\w+ ){0,4}?to [$£€]?\d)|"
    r"(?:put|bumped) (?:\w+ ){0,3}?(?:up|down)(?= to\b|\s*[,.;!]|$)|"
    # a price changed, however the value follows: "Spotify raised prices again, it's $11.99 now"
    r"(?:raised|increased|hiked|put up|upped|lowered|cut|dropped|reduced) (?:the |their |its |our |my )?"
    r"(?:price|prices|rent|fee|fees|rate|rates)\b|"
    r"(?:went|gone|goes|go) (?:up|down)(?=\s*[,.;!]|$)|down(?= to \d)|(?<=is |'s )up(?= to \d)|"
    # "had to shift my haircut to saturday": the verb, not the noun ("the night shift to cover")
    r"(?:moved|bumped|shifted|(?:(?<=to )|(?<=we )|(?<=i )|(?<=they )|(?<='ll ))(?:bump|shift|move))"
    r"(?= (?:[\w'-]+ ){0,4}?(?:to|from|in|into|back)\b)|"  # "moved my dentist check-up to 21 November"
    r"relocated|turned \d+|turns \d+|turn(?:ed|s) (?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)|"
    r"no longer|stopped|quit|upgraded|"
    # said wrong, or a thing dropped for another: "scratch that", "older than I thought", "ditched Duolingo",
    # "swapped swimming for judo"
    r"scratch that|strike that|ignore that|disregard|than (?:i|we) thought|ditched|dumped|swapped|"
    r"any ?more(?=\s*(?:[.,;!]|$))|"  # "I don't smoke any more.", not "any more questions"
    r"downgraded|replac(?:e|ed|ing)|"
    # said wrong: "I wrote hallway by mistake", "I had that backwards"
    r"by mistake|mistakenly|wrongly|my mistake|my bad|(?:got|had) (?:\w+ ){0,2}(?:backwards|the wrong way round)|"
    r"fat[- ]finger(?:ed|s)?|muddled|mixed up|(?:got|had) (?:my|our|the) wires crossed|"
    r"(?:got|had|typed|wrote|written|spelt|spelled|put) (?:[\w']+ ){0,3}wrong|"
    r"i was wrong|wrong about|autocorrect(?:ed)?|(?:small|little|slight) (?:mistake|error)|"
    # a date that moved, however the verb is split: "pushed to", "brought my surgery forward", "called off"
    r"pushed(?= (?:[\w']+ ){0,3}?(?:back|to|out|forward|up)\b)|brought (?:[\w']+ ){0,4}?forward|"
    r"moved (?:\w+ ){0,4}?(?:up|forward)(?= to\b)|delayed|put off|cancell?ed|called off|"
    # a thing no longer had: "I sold the Golf", "we got rid of the sofa"
    r"sold|got rid of|gave away|traded in|traded (?:\w+ ){1,3}in|promoted to|"
    # a new choice or a value that went up, in other words: "we've gone with a local firm", "got a bump"
    r"(?:'ve|have|has|had) (?:now )?gone with|opted for|settled on|got a (?:bump|raise|pay rise|pay raise)|"
    # a day one cannot keep: "he can't make Thursday" (`core.facts` asks a topic word beside the day)
    r"(?:can't|cannot|can no longer|couldn't) make(?= (?:it )?(?:on |at )?\w)|"
    # a relation that ended: "I broke up with Tom", "she retired from the bank"
    r"broke up|split up|divorced|separated from|resigned|retired)\b"
    r"|(?:pas|mov|movi)(?:aron|ó|amos|aram|sou|samos|eron|imos)(?= (?:\w+ ){0,3}?(?:al|a la|para el|para la|para o|"
    r"para a|pro|pra)\b)"
    # a mix-up in the other languages: "je me suis emmêlé les pinceaux", "me hice un lío", "durcheinandergebracht"
    r"|emmêlée?s?|je me suis trompée?|me hice un l[ií]o|me l[ií]é|durcheinander|baralhei"
    r"|vertippt|verschrieben|"
    # "not X, it's Y", in the supported languages: "No es el 2, es el 12 de abril", "it's not Tuesday, it's Wednesday"
    r"(?:^|(?<=[,;:] ))(?:no es|it's not|it is not|that's not|não é|non è|ce n'est pas|c'est pas|nicht|das ist nicht)"
    r" [^,.;:!?]{1,30}, (?:es|it's|it is|that's|é|è|c'est|sondern|sondern es ist)\b"
    r"|por error|por engano|aus versehen|par erreur|petite erreur|mon erreur|pequeño error|mi error|"
    r"piccolo errore|mio errore|pequeno erro|meu erro|kleiner fehler|mein fehler|"
    r"per errore|per sbaglio|adelantad|aplazad|cancelad|vorverlegt|"
    r"verlegt|abgesagt|avancé|annulé|anticipat|annullat|antecipad|verkauft|vendu|vendí|venduto|vendi\b|troquei|"
    r"cambiaron|cambiado|cambiamos|umbenannt|renommée?|rinominat|renomead|rebautizad|aument(?:ou|aram|ado|ó)|"
    r"subió|erhöht|augmentée?|aumentat|smess|dejé de|deje de|arrêté|parei de|aufgehört|"
    r"trocou|trocamos|installée?\b|instalad[oa]|instalei"
    r"|me equivoqué|me confundí|cambié|cambió|ya no|me mudé|se mudó|pospuest|cumplió|me enganei|confundi|mudei|"
    r"mudou|já não|não .{0,20}mais|adiad|tippfehler|verwechselt|korrektur|geändert|gewechselt|umgezogen|"
    r"verschoben|nicht mehr|kein(?:e|en|er|em)? .{0,30}mehr\b|fatto confusione|mi sono (?:confus|sbagliat)[oa]|"
    r"ho sbagliato|faute de frappe|confondu|changé|déménagé|reporté|ne .{0,20}plus|errore di battitura|"
    r"déplacé|cambiato|trasferit|rinviat|spostat|non .{0,20}più|ha compiuto|опечат|перепутал|исправлени|поменял|переех|"
    r"перенесл|больше не|исполнилось|打错|搞混|更正|改成|换成|搬到|推迟|改到|不再|打ち間違|間違え|訂正|変更|"
    r"引っ越|延期|오타|헷갈|정정|바꿨|이사|더 이상|خطأ مطبعي|خلطت|تصحيح|غيرت|انتقلت|تأجيل|لم أعد|טעות הקלדה|"
    r"התבלבלתי|תיקון|שיניתי|עברתי|נדחה|כבר לא|टाइपो|सुधार|बदल|स्थगित|अब नहीं|yazım hatası|karıştırdım|"
    r"düzeltme|değiştirdim|taşındım|ertelendi|artık"
    # rescheduled and switched, turned N, in the other languages: "remarcaram a consulta", "me he pasado del
    # coche a la bici", "ma fille a eu 12 ans", "ist 8 geworden", "fez 9 anos", "ha cumplido 40"
    r"|remarc(?:aram|ou|ado|ada|amos|ei)|reagend|(?:me he pasado|me pasé) (?:de|del)\b"
    # (each a whole word: "errei" is in "Winterreise", LongMemEval)
    r"|\b(?:enganei(?:-me)?|errei|mud(?:amos|aram)(?= (?:\w+ ){0,3}?(?:para|pra|pro)\b)|pass(?:ou|aram|amos) para)\b"
    r"|\ba eu \d+ ans|\bist \d+ geworden|\bfez \d+ anos|cumplid[oa] \d+"
    # the verbs of postponing, renaming, switching and mixing up in their finite forms too, not the participle
    # alone ("aplazaron la feria", "adiaram", "renomeámos", "переименовали", "перешёл с", "ho confuso")
    r"|\baplaz(?:aron|ó|amos|aste|é)\b|\badi(?:aram|ou|ámos|amos|ei)\b|\brenome(?:ou|aram|ámos|amos|ei)\b"
    r"|\brebautiz(?:aron|ó|amos|é)\b|\b(?:ho|abbiamo|hai|ha) confuso\b|переименова|отложил|\bпереш(?:ёл|ел|ла|ли) с"
    r"|erteled|ertelen|değiştir(?:di|dik|diler|miş)|غيرنا|غيروا|تأجل|أجلنا|أجلوا|שינינו|נדחתה|דחינו"
    # a verb of change said as "<verb> … to <value>", whatever the verb ("closing slid to April 11th", "cut down
    # to one cup"): a verb in the past, not a state ("is limited to 2"), nor a way of going ("walked to 5th")
    rf"|(?<!\bis )(?<!\bare )(?<!'s )(?<!'re )(?<!\bbe )(?<!\bbeen )\b(?!{_NO_CHANGE}\b)"
    rf"(?:[a-z]{{2,}}ed|slid|cut|fell|rose|grew|shrank|sank|shot)(?: (?:up|down|back|over|forward|out))?"
    rf"(?= (?:[\w'-]+ ){{0,3}}?(?:to|into) (?:the )?(?:[$£€]?\d|(?:{_VALUE_WORDS})\b))"
)
ADDS = re.compile(
    r"\b(?:also|too|as well|another|auch|aussi|también|tambien|anche|também|ещё|тоже)\b|\b(?:i|we) have one more\b"
    r"|\b(?:my|our|his|her|their) other\b"  # "my other sister lives in Adelaide": a second one
)
"""A value said beside another ("I'm allergic to cats too", "meine Tochter spielt jetzt auch Handball"): an
addition, not an update, unless a correction cue says so."""
PREFIX = re.compile(r"^[^:;—–]{0,60}?(?:(?<!\d):(?!\d)|[;—–]| - )\s*")  # a time's colon is none ("9:30")
PREFIX_WORDS = re.compile(
    r"\b(?:typo|sorry|oops|correction|mixed|confused|change of plans|update|actually|earlier|wait|small|"
    r"mistake|renamed|news)\b|perdón|error|entschuldig|pardon|désolé|scusa|извини|抱歉|すみません|미안"
)
LEFT = re.compile(
    r"(?:(?:switched|moved|changed|upgraded|downgraded|migrated|relocated|went|converted)(?: \w+){0,2} from"
    # "<verb> … from X to|into Y", whatever the verb in the past ("ported my number from Verizon to Mint", "rolled
    # the 401k over from Fidelity into Vanguard"): X is the older's value (not a way of going: "drove from X to Y")
    rf"|\b(?!{_NO_CHANGE}\b)[a-z]{{2,}}ed(?: [\w']+){{0,3}} from(?= (?:the |my |our )?[^\W_][\w'.-]*"
    r"(?: [^\W_][\w'.-]*)? (?:to|into|over to)\b)"
    # a choice said against the older one: "we went with Walmart+ delivery over Instacart"
    r"|(?:went with|gone with|go with|chose|picked|opted for|settled on)(?: [\w'+&-]+){1,3} over"
    # "von X auf Y umgestiegen": German's "from X to Y", its verb a participle of change at the end (not a trip:
    # "von Köln nach Bonn gefahren")
    r"|\bvo(?:n|m)(?: der| dem| den| meinem| meiner)?(?= [^\W_][\w'-]*(?: [\w'-]+){0,4}? (?:aufs?|zu|zur|zum) "
    r"[^.;!?]*\b(?!(?:gefahren|geflogen|gelaufen|gereist|gewandert|geradelt|gegangen)\b)\w*ge\w+(?:t|en)\b)"
    # "swap X for Y" in the other languages: "troquei a Acuvue pela Biofinity", "cambié el coche por la bici"
    r"|(?:troquei|trocou|trocamos|cambié|cambió|cambiamos)(?: (?:o|a|os|as|el|la|los|las))?"
    r"(?= [^\W_][\w'-]*(?: [^\W_][\w'-]*)? (?:por|pelo|pela|pelos|pelas)\b)"
    # a message that opens on a value denied and a break, in the supported languages ("Non da Malpensa: …")
    r"|^(?:not|non|no|nicht|não|pas)(?: (?:from|at|in|on|da|dal|dalla|de|del|do|da|von|vom|du|à|a))?"
    r"(?= [^\W_][\w'-]*\s*[:;—–])"
    r"|sold|ditched|dumped|swapped(?= (?:\w+ ){0,3}?for\b)|got rid of|gave away|traded in|traded(?= the| my| our)"
    r"|broke up with|split up with"
    r"|divorced(?= (?:my|him|her|his|the)\b)|separated from|resigned from|vend[ií]|vendu|verkauft|venduto"
    r"|retired from|said goodbye to|waved goodbye to|(?:can't|cannot|can no longer|couldn't) make(?: it)?(?: on| at)?"
    r"|(?:took|taken|came|come|got|went|i'm|i am) (?:me |him |her |them )?off(?! to\b)"  # "took me off metformin"
    r"|(?:is|are|was|were)n't"  # "the wedding isn't in Napa"
    r"|j'ai quitté|dejé|deixei|ho lasciato"  # quit, in the other languages: "j'ai quitté Renault"
    r"|(?:me he pasado|me pasé) (?:de la|del|de)"  # "me he pasado del coche a …"
    # an exchange, X for Y, in the supported languages, its verb one of change: "moved her off X onto Y", "ported
    # over to Y from X", "left X for Y", "se ha pasado de X a Y", "mi ha cambiato da X a Y", "il est passé de X à Y"
    rf"|\b(?!{_NO_CHANGE}\b)[a-z]{{2,}}ed (?:me |him |her |them |us |it )?off"
    r"(?= [^\W_][\w'.-]*(?: [^\W_][\w'.-]*)? onto\b)"
    rf"|\b(?!{_NO_CHANGE}\b)[a-z]{{2,}}ed(?: over)? to [^\W_][\w'.-]*(?: [^\W_][\w'.-]*)? from"
    r"|\bleft(?= [^\W_][\w'.-]*(?: [^\W_][\w'.-]*)? for "
    r"(?!(?:now|good|ever|later|last|a|an|the|some|\d+)\b)[^\W_])"
    r"|\b(?:se |te |nos )?(?:ha |han |hemos |he )?pas(?:ado|ó|amos)(?: de la| del| de)"
    r"(?= [^\W_][\w'.-]*(?: [^\W_][\w'.-]*)? a\b)"
    r"|\b(?:cambiat[oaie]|passat[oaie]|passée?|changée?)(?: \w+)? d(?:a|al|alla|e|u|es)"
    r"(?= [^\W_][\w'.-]*(?: [^\W_][\w'.-]*)? (?:a|al|alla|à|au|aux|pour|per)\b)"
    # "not X but Y" in the other languages: "ne travaille pas chez Airbus mais chez Safran"
    r"|\b(?:ne(?: [\w']+){1,2} pas|n'\w+ pas|non(?: [\w']+){0,2}|no(?: [\w']+){0,2}|nicht)"
    r"(?: chez| à| au| en| dans| da| a| in| bei| im)?"
    r"(?=\s+[^\W_][\w'-]*(?: [^\W_][\w'-]*)?,? (?:mais|ma|sino|sondern)\b)"
    r"|instead of|rather than|replaced(?= (?:my|the|our) (?:\w+ ){0,2}?\w+ with\b)"
    # "instead of X" in the other languages, its article with it ("en vez del cordero", "au lieu de l'agneau")
    r"|\ben (?:vez|lugar) d(?:e|el)(?: la| las| los| el)?|\bem (?:vez|lugar) d(?:e|o|a|os|as)(?: o| a| os| as)?"
    r"|\b(?:an)?statt(?: de[rmns]| die| das)?|\bau lieu (?:des|du|de(?: la)?(?= l'|\s))|\bau lieu d(?=')"
    r"|\b(?:invece|al posto) d(?:i|el|ella|ello|ei|egli|elle)(?= )|\b(?:invece|al posto)(?= dell')"
    r"|вместо|במקום|\bпереш(?:ёл|ел|ла|ли) со?(?= \w+ на\b)"  # "перешёл с X на Y"
    # a named thing ended or left ("no more Lipitor", "cancelled the Whig", "I've left the Choral Society", "Disregard
    # the Toro thing", "Mudamos da Bell para a Rogers"): a name only (`core.claims`: "I left my keys…" is no value)
    r"|no more(?! than)|cancell?ed(?: the| my| our)?|(?:'ve |have |has |had )left|disregard(?: the)?"
    r"|(?:^|i |we |she |he )left(?= (?:[\w'-]+ ){1,5}?and (?:joined|started))"
    r"|mud(?:amos|ei|ou|aram) d[aoe]s?(?= [^\W_][\w'-]*(?: [^\W_][\w'-]*)? para\b)"
    r"|no longer(?: \w+)?(?: at| in| with| on)?|(?:stopped|quit|gave up)(?: \w+ing)?"
    r"(?: at| in| with| on| to)?|(?:,? |^)not|, (?:no|não|pas|nicht|non|не))"
    r"\s+((?:my |the |a |an |by the |on |at |in )?[$£€]?[^\W_][\w'.:-]*(?: [^\W_][\w'.:-]*)?)"
)
AGO = re.compile(
    r"\s+(?:(?:about|around|like|almost|nearly|over|a|an|a few|a couple of|\w+) )?(?:years?|months?|weeks?|days?"
    r"|hours?) ago\b|\s+(?:hace|il y a|vor|há|ha) \w+ (?:años?|ans?|jahren?|anos?|meses|mois|monaten?|semanas?"
    r"|semaines?|wochen?)\b|\s+\w+ (?:anni|anno|mesi|mese|settimane) fa\b"
)
"""When a thing was left behind, said after it ("I stopped eating meat two years ago", "dejé de fumar hace dos
años"): no value left behind (a shared "two" made it update "My laptop battery barely lasts two hours now")."""
