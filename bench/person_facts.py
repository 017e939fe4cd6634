"""1,000 realistic, distinct facts about one person, many sharing a sentence frame (issue 24).

"I live with two cats" and "I live close to the river", "I work remotely on Fridays" and "I work on the
Nightjar app", "my coach Farid is moving to Tromsø" and "my coach Farid is learning to cook": each pair
shares a frame and a subject, yet states two facts, so none may supersede or absorb another. Every
fact generated here has its own (subject, attribute): no fact updates another. The dev half draws its
names, places and things from the even positions of each pool, the held-out half from the odd ones, so
the held-out facts hold no word-level value the dev half was tuned on. Deterministic per seed.
"""

from __future__ import annotations

import random

NAMES = [
    "Farid",
    "Ines",
    "Kofi",
    "Mireille",
    "Tobias",
    "Anouk",
    "Rashid",
    "Yara",
    "Henrik",
    "Leila",
    "Piotr",
    "Zanele",
    "Mateo",
    "Signe",
    "Arjun",
    "Olu",
    "Freya",
    "Bastien",
    "Naoko",
    "Emeka",
    "Clara",
    "Dario",
    "Hedda",
    "Kwame",
    "Lotte",
    "Ravi",
    "Selin",
    "Tariq",
    "Ulla",
    "Viggo",
    "Wanda",
    "Xiomara",
    "Yusuf",
    "Zofia",
    "Aurelio",
    "Brigid",
    "Caspian",
    "Delphine",
    "Eamon",
    "Fenna",
]
RELATIONS = [
    "coach",
    "neighbour",
    "colleague",
    "friend",
    "cousin",
    "aunt",
    "uncle",
    "landlord",
    "dentist",
    "physio",
    "barber",
    "tutor",
    "mentor",
    "boss",
    "roommate",
    "godfather",
    "teammate",
    "classmate",
]
CITIES = [
    "Tromsø",
    "Perth",
    "Bergen",
    "Valencia",
    "Lagos",
    "Quito",
    "Tartu",
    "Hobart",
    "Leipzig",
    "Mombasa",
    "Oaxaca",
    "Gdańsk",
    "Ghent",
    "Busan",
    "Nantes",
    "Cusco",
    "Aarhus",
    "Split",
    "Kochi",
    "Salta",
    "Riga",
    "Bilbao",
    "Dakar",
    "Tampere",
]
PREDICATES = [
    "is moving to {city}",
    "is learning to {skill}",
    "just got back from {city}",
    "has a {pet} called {name2}",
    "is training for {event}",
    "collects {things}",
    "is afraid of {fear}",
    "works at {company}",
    "grew up in {city}",
    "is writing a book about {topic}",
    "plays {sport} on {day}",
    "is allergic to {allergen}",
]
SKILLS = ["cook", "knit", "sail", "ski", "paint", "code", "surf", "juggle", "weld", "sing", "dance", "climb"]
PETS = ["dog", "cat", "parrot", "tortoise", "rabbit", "ferret", "hamster", "gecko"]
EVENTS = ["a marathon", "a triathlon", "a cycling race", "a swim meet", "a climbing trip", "a boxing match"]
THINGS = ["stamps", "vinyl", "coins", "postcards", "fossils", "comics", "teapots", "maps", "watches", "kites"]
FEARS = ["spiders", "heights", "dogs", "clowns", "thunder", "lifts", "crowds", "needles"]
COMPANIES = [
    "Nordlys",
    "Kestrel",
    "Umbra",
    "Tessellate",
    "Fenwick",
    "Halcyon",
    "Brightwater",
    "Orrery",
    "Quillon",
    "Mistral",
]
TOPICS = ["bees", "lighthouses", "jazz", "tides", "bridges", "mushrooms", "glaciers", "trains", "salt", "ravens"]
SPORTS = ["tennis", "squash", "padel", "hockey", "rugby", "volleyball", "badminton", "handball"]
DAYS = ["Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays"]
ALLERGENS = ["cats", "pollen", "shellfish", "dust", "latex", "wasps", "sesame", "kiwi"]

MY_FRAMES = [
    (
        "I live {x}",
        """with two cats|close to the river|above a bakery|next to a primary school|on a quiet street|
        with my partner|near the ring road|in a flat with a balcony|alone during the week|on the third floor|
        ten minutes from the station|opposite a park|with a lodger""",
    ),
    (
        "I work {x}",
        """remotely on Fridays|on the {project} app|with three designers|from the library on Mondays|late on
        Thursdays|on the payments team|in a shared office|mostly with Python|part-time in summer|with clients in
        Japan|on the {project} migration|from a standing desk|under a lot of pressure lately""",
    ),
    (
        "I play {x}",
        """the cello|tennis on Wednesdays|chess online|in a pub quiz team|five-a-side on Sundays|the drums
        badly|board games with my kids|bridge with my aunt""",
    ),
    (
        "I have {x}",
        """a peanut allergy|two bikes|a small vegetable garden|a standing desk|three nephews|a season ticket
        for the opera|a scar on my left knee|a sourdough starter|a fear of deep water|a spare room|an old Vespa|
        a gym membership|a weekly Spanish lesson|a collection of fountain pens""",
    ),
    (
        "I'm {x}",
        """left-handed|a night owl|learning Portuguese|saving for a house|renovating the bathroom|training
        for a 10k|on the school board|a volunteer firefighter|terrible at parking|trying to read more|a member of a
        choir|colour-blind|fostering a kitten|writing a novel|building a cabin""",
    ),
    (
        "My {x}",
        """bike is a Brompton|car is a grey Skoda|flat has a balcony|phone is cracked|garden faces south|kitchen
        is tiny|desk faces the window|laptop is a ThinkPad|commute is forty minutes|shoe size is 43|street is very
        steep|office is on the fifth floor|favourite tea is rooibos|favourite film is Paterson|favourite city is
        Kyoto|favourite season is winter|favourite author is Le Guin|first language is Danish|blood type is B
        positive|hometown is Ålesund|local pub is the Crown|sofa is green|piano is out of tune""",
    ),
    (
        "I {x}",
        """take the train to work|cycle on weekends|meditate every morning|drink oat milk|bake bread on
        Saturdays|swim before work|read before bed|hate cold showers|love spicy food|like green tea|also like
        black coffee|collect vinyl|keep bees|speak German|grow tomatoes|run on Tuesdays|avoid sugar|sleep badly in
        summer|visit my mum on Sundays|knit scarves|volunteer at the food bank|go climbing on Thursdays|write
        poetry|watch football with my dad""",
    ),
]
PROJECTS = ["Nightjar", "Heron", "Osprey", "Lapwing", "Curlew", "Dunlin", "Merlin", "Plover"]
DATED = [
    "My {event} is on {day} {month}",
    "The {event} is in week {week}",
]
DATED_EVENTS = [
    "dentist appointment",
    "eye test",
    "car service",
    "tax deadline",
    "passport renewal",
    "school play",
    "team offsite",
    "\n    book club",
    "haircut",
    "MOT",
    "vet visit",
    "parents' evening",
    "piano recital",
    "flu jab",
    "boiler service",
    "job interview",
    "\n    wedding anniversary dinner",
    "conference talk",
    "moving day",
    "sister's wedding",
]
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


def _half(pool: list[str], held: bool) -> list[str]:
    return pool[1::2] if held else pool[0::2]


def _items(spec: str) -> list[str]:
    return [" ".join(part.split()) for part in spec.split("|") if part.strip()]


def facts(count: int = 1000, held: bool = False, seed: int = 24) -> list[str]:
    """`count` distinct facts about one person (see the module docstring), shuffled."""
    rng = random.Random(seed + (1 if held else 0))
    names, cities = _half(NAMES, held), _half(CITIES, held)
    out: list[str] = []
    for frame, spec in MY_FRAMES:
        for item in _items(spec):
            out.append(frame.format(x=item.replace("{project}", rng.choice(PROJECTS))) + ".")
    for event in DATED_EVENTS:
        event = event.strip()
        if rng.random() < 0.5:
            out.append(f"My {event} is on {rng.randint(1, 28)} {rng.choice(MONTHS)}.")
        else:
            out.append(f"The {event} is in week {rng.randint(1, 52)}.")
    people = [(relation, name) for relation in RELATIONS for name in names]
    rng.shuffle(people)
    for relation, name in people:
        for predicate in rng.sample(PREDICATES, 4):
            text = predicate.format(
                city=rng.choice(cities),
                skill=rng.choice(SKILLS),
                pet=rng.choice(PETS),
                name2=rng.choice(names),
                event=rng.choice(EVENTS),
                things=rng.choice(THINGS),
                fear=rng.choice(FEARS),
                company=rng.choice(COMPANIES),
                topic=rng.choice(TOPICS),
                sport=rng.choice(SPORTS),
                day=rng.choice(DAYS),
                allergen=rng.choice(ALLERGENS),
            )
            out.append(f"My {relation} {name} {text}.")
            if len(out) >= count:
                break
        if len(out) >= count:
            break
    out = list(dict.fromkeys(out))[:count]
    rng.shuffle(out)
    return out


if __name__ == "__main__":
    for fact in facts(30):
        print(fact)
    print(len(facts()), len(facts(held=True)))
