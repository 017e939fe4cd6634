"""Two things of one kind (`core.facts`): a correction of one says nothing of the other ("my [piano|swim]
lesson", "I moved the [home|car] insurance to …", "my flight to [Rome|Paris]"). Pure and stdlib-only.
"""

from __future__ import annotations

from hippocampus.core import claims, slots
from hippocampus.core.claims import Claim
from hippocampus.core.similarity import features


def other_things(a: Claim, b: Claim) -> bool:
    """Each subject has a word the other statement does not say ("my [piano|swim] lesson", "my [physio|dentist]
    appointment"): two things of one kind, so a correction of one says nothing of the other. Only when the
    subjects share a word (the kind) does this say anything: an opening without one ("we renamed the…",
    "I switched to…") is no subject of the same kind."""
    sa, sb = a.subject - a.cue_features, b.subject
    # a kind is a noun: "the dentist rang" is no appointment of another kind than "my dentist appointment"
    kind = sa & sb - b.modifiers
    qa, qb = _qualified(a, kind) - b.features, _qualified(b, kind) - a.features
    if kind and qa and qb and a.cleft and a.correction and (qa | qb) <= claims.PEOPLE:
        return False  # "It's my father-in-law who's allergic" / "My mother-in-law is…": who, said instead of another
    if kind and qa and qb:
        return True
    # a name in the older's subject names which one ("my flight to [Rome]"): another name is another one
    # (not where the shared word is itself a name: "[Liam]'s in Beavers" / "[Liam] has moved up to Cubs" is who)
    named = claims.names_of(b) & b.subject - a.features
    if (
        kind
        and named
        and kind - features(" ".join(a.cased | b.cased))
        and claims.names_of(a) - b.features - slots.MONTHS
    ):
        return True
    return other_moved(a, b)


def said_after(claim: Claim, kind: frozenset[str]) -> frozenset[str]:
    """The content words of `claim`'s opening after its last `kind` word ("the party [starts]")."""
    words = claim.opening.split()
    last = max((i for i, w in enumerate(words) if features(w) & kind), default=len(words))
    return claims.content_of(features(" ".join(words[last + 1 :])))


def _qualified(claim: Claim, kind: frozenset[str]) -> frozenset[str]:
    """The words of `claim`'s subject that qualify its `kind` word: all of a subject said before a copula ("my
    [piano] lesson is", "my flight [home] is"), else those before the kind ("my flight [leaves]" is no other
    flight: a subject cut at its third word may hold its verb)."""
    words = claim.opening.split()
    last = len(words) if claim.nominal else max((i for i, w in enumerate(words) if features(w) & kind), default=-1)
    return claims.content_of(features(" ".join(words[:last]))) - claim.cue_features - kind


def other_moved(a: Claim, b: Claim) -> bool:
    """The things a correction verb moves are two of one kind ("I moved the [home|car] insurance to …", or "my
    car insurance is with …" before it): the move of one says nothing of the other."""
    ta, tb = a.thing, b.thing or b.subject
    return bool(ta & tb and ta - b.features and tb - a.features)
