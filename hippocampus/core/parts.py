"""The parts of a short message that fact identity judges apart (`core.facts.updates`, `probes`,
`newer_first`): each sentence and clause, a remark that a correction follows carried to the parts after it,
and the parts whose pronoun stands for the older statement's subject. Pure.
"""

from __future__ import annotations

from hippocampus.core import anaphora, sentences
from hippocampus.core.claims import PEOPLE, parsed
from hippocampus.core.similarity import features, names
from hippocampus.core.slots import MONTHS


def parts(text: str) -> list[str]:
    """The parts of a short message judged apart (`core.facts`: `updates`, `probes`; `core.newer.newer_first`):
    each sentence, and each clause of a sentence of several ("I got a raise, my salary is 52,000 now"); a long
    message is one part (it is never compared). Each part is judged alone, with its own cues: a remark beside a
    correction ("Loving it!", "Long story.") updates nothing."""
    claim = parsed(text)
    if not claim.short:
        return [text]
    out: list[str] = []
    remark = False
    for sentence in sentences.sentences_of(text) if claim.sentences > 1 else [text]:
        clauses = sentences.clauses_of(sentence)
        said = [sentence, *clauses] if len(clauses) > 1 else [sentence]
        # "I had that backwards: my uncle is …, aunt Rosa is …", "Typo on my part, the plate is …"
        opens = _remark(sentences.opening(sentence)) or len(clauses) > 1 and _remark(clauses[0])
        out += [_carried(part) if remark or opens and part != sentence else part for part in said]
        remark = remark or opens or _remark(sentence)
    return out


REMARK = "correction:"
"""How a remark that a correction follows is carried to the parts after it (`parts`): the canonical cue."""


def _remark(text: str) -> bool:
    """`text` says that something said before was wrong and little else ("Oh wait, I confused two
    people.", "I had that backwards:", "Sorry, I wrote hallway by mistake"): the parts after it are
    corrections, though they carry no cue of their own ("… aunt Rosa is a flight attendant")."""
    claim = parsed(text)
    return bool(text) and claim.correction and len(claim.content - claim.cue_features) <= 3


def _news(text: str) -> bool:
    """`text` says that what follows is newer news and little else ("New laptop!", "Update:")."""
    claim = parsed(text)
    return claim.cue and len(claim.content - claim.cue_features) <= 2


def _carried(part: str) -> str:
    """`part` with the correction a remark before it announced (`REMARK`), unless it says one itself or is
    said of "he", "she", "it": whose fact that is depends on the remark ("My son changed instruments, he
    plays the drums now" says nothing of "My daughter plays the violin"), so such a part carries the
    correction only when read as the older's subject (`resolved_parts`)."""
    if parsed(part).correction or sentences.pronoun_subject(part):
        return part
    return f"{REMARK} {part}"


def resolved_parts(new: str, old: str) -> list[str]:
    """The sentences and clauses of `new` that open on a pronoun standing for the subject of the older statement
    `old`, said with that subject (`sentences.resolved`): "Biscuit had his birthday. He's 12 now." is
    "our dog Biscuit is 12 now" beside "Our dog Biscuit is 11"; "we repainted the boat and she's called Wanderer
    now"; and those whose pronoun agrees with it, or that leave it unsaid, and say its verb (`core.anaphora`)."""
    b = parsed(old)
    said = [
        piece
        for sentence in sentences.sentences_of(new)
        for clause in sentences.clauses_of(sentence) or [sentence]
        for piece in sentences.after_opening(clause)
    ]
    out = []
    for n, (before, piece) in enumerate(zip(said, said[1:], strict=False)):
        # the subject as named, or by its name ("My manager is called Priya Shah" / "Priya got married, so she…")
        named = b.subject | (features(b.slot_value) if b.slot == "name" else frozenset())
        # a thing's place is said of the thing, wherever it stands ("I keep the spare key under the doormat")
        named, said_as = (features(b.holder), b.holder) if b.slot == "where" else (named, b.opening)
        # "The doctor also changed my son's inhaler, he's on…": "he" may be the son the older never named
        personal = not sentences.impersonal(piece) and bool(features(before) & PEOPLE - b.features)
        # "My flight to Paris got delayed, now it leaves…": the thing before is another named one than the older's
        other = names(before) - MONTHS - b.features
        found = None if personal or other else sentences.resolved(piece, before, named, said_as)
        if found:  # after a remark that a correction follows, the part carries it ("We transferred her. She's…")
            remarked = any(_remark(p) for p in said[: n + 1])
            news = _news(before)  # "New laptop! It's a MacBook Pro.": the remark's "new" is the part's
            out.append(f"{REMARK} {found}" if remarked else f"now {found}" if news else found)
    # "En realidad vive en Barcelos" / "Mi hijo Duarte vive en Braga": a subject unsaid or a pronoun that agrees
    for n, piece in enumerate(said):
        found = anaphora.resolved(piece, old, " ".join(said[:n]))
        if found and found not in out:
            out.append(f"{REMARK} {found}" if any(_remark(p) for p in said[: n + 1]) else found)
    # "her teacher is Mr Doyle now" / "My daughter's teacher is Mrs Kaur": the owner, when no one else is named
    for n, piece in enumerate(said):
        owned = sentences.possessive(piece, b.opening)
        if owned and features(new) & PEOPLE <= b.features:
            out.append(f"{REMARK} {owned}" if any(_remark(p) for p in said[:n]) else owned)
    return out
