"""People by role (`similarity.RELATIONS` and more, in the supported languages): who a statement is about
(`core.claims`) and, on capture, a person in the user's life said as a subject (`core.personal`: "The twins
are 6."). Its own module so that capture can read it without the fact rules (`core.claims` reaches scoring).
Pure and stdlib-only.
"""

from __future__ import annotations

from hippocampus.core.similarity import RELATIONS
from hippocampus.core.tokens import stem, word_set

_EXTRA = frozenset(
    stem(w)
    for w in word_set(
        """coach neighbour neighbor landlord landlady dentist physio physiotherapist barber tutor mentor
        godfather godson goddaughter teammate classmate nephew niece grandson granddaughter kid kids
        children parents twin baby partner hermano hermana hijo hija padre madre esposo esposa marido novio novia
        abuelo abuela tío tía primo prima jefe irmão irmã filho filha pai mãe avô avó bruder schwester sohn tochter
        vater mutter ehemann ehefrau oma opa onkel tante chef frère sœur soeur fils fille père mère mari grand-mère
        oncle fratello sorella figlio figlia moglie marito nonno nonna zio zia брат сестра сын дочь отец мать муж
        жена gemelo gemela gemelos gemelas gêmeo gêmea gêmeos gêmeas gémeo gémea gémeos gémeas gemello gemella gemelli
        gemelle jumeau jumelle jumeaux jumelles zwilling zwillinge начальник начальница сосед соседка nachbar
        nachbarin kollege kollegin vecino vecina vizinho vizinha voisin voisine collègue collega colleghi
        colega colegas"""
    )
)
"""People by role beyond `similarity.RELATIONS`, and the closest ones in the other supported languages."""
PEOPLE = RELATIONS | _EXTRA
"""Every person by role (stems)."""
