"""Reflection (Generative Agents): insights drawn from many memories, each citing the memories it rests on.

When the importance summed over the memories made since the last reflection passes `reflect_threshold`
(the paper's 150 on its 1–10 scale is 15 on this store's 0–1 importance), a model is asked, from the
100 most recent memories, for the 3 most salient high-level questions they answer; each question is
answered from what the product's own recall finds for it, as at most 5 insights citing memory ids.

Who answers: the OpenAI-compatible endpoint `summarize` uses (`reflect`), or the OpenClaw agent
itself (`reflect --prepare`, then `reflect --add TEXT --evidence ID,ID`). Without either nothing is
written: no insight is ever made up without a model.

An insight is a memory of category `insight` whose sources are its evidence (session `reflection`,
message: the cited memory's id). It is checked like anything an agent remembers (cleaned, redacted,
junk refused) and more: it must cite at least one current memory that is not junk, and it never
supersedes a fact. It is a derived copy, so forgetting any memory it cites forgets it too (`citing`).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from hippocampus.core.config import Config
from hippocampus.core.model import Memory, Source, format_time
from hippocampus.errors import InputError
from hippocampus.store import index_file, logs, rows
from hippocampus.store.workspace import Workspace

if TYPE_CHECKING:
    from hippocampus.llm.client import Endpoint

INSIGHT = "insight"
"""The category of an insight memory (reserved: `remember --category insight` is refused)."""
EVIDENCE = "reflection"
"""The session name of an insight's sources; each source's message is a cited memory's id."""
RECENT = 100
"""Memories the questions are asked about (the paper's 100 most recent)."""
RETRIEVE = 15
"""Memories recall brings for each question."""
MARK = "reflectedRid"
"""meta key: the last row id a reflection took into account (later ones count towards the next)."""


def is_insight(memory: Memory) -> bool:
    """True for a memory drawn by reflection (category `insight` with evidence sources)."""
    return memory.category == INSIGHT and any(s.session == EVIDENCE for s in memory.sources)


def evidence_of(memory: Memory) -> list[str]:
    """The ids of the memories an insight cites, in order."""
    return [s.message for s in memory.sources if s.session == EVIDENCE]


def endpoint_for(config: Config) -> Endpoint | None:
    """The endpoint `llm_url`/`llm_model` name (else `$HIPPOCAMPUS_LLM_URL`/`$HIPPOCAMPUS_LLM_MODEL`),
    its key only from `$HIPPOCAMPUS_LLM_KEY`; None when there is none."""
    from hippocampus.llm.client import Endpoint

    url = config.llm_url or os.environ.get("HIPPOCAMPUS_LLM_URL", "")
    model = config.llm_model or os.environ.get("HIPPOCAMPUS_LLM_MODEL", "")
    if not url or not model:
        return None
    return Endpoint(url, model, os.environ.get("HIPPOCAMPUS_LLM_KEY", ""), max(config.llm_timeout, 30.0))


@dataclass
class Progress:
    """Importance summed over the memories made since the last reflection, against the threshold."""

    since: float
    threshold: float
    top: int

    @property
    def due(self) -> bool:
        return self.since >= self.threshold

    def to_dict(self) -> dict[str, Any]:
        return {"importanceSince": round(self.since, 4), "threshold": self.threshold, "due": self.due}


def progress(conn: sqlite3.Connection, config: Config) -> Progress:
    """The trigger: stored importance (`anchor`) of the memories past the mark, insights left out."""
    mark = int(rows.get_meta(conn, MARK) or 0)
    since, top = conn.execute(
        "SELECT COALESCE(SUM(anchor), 0), COALESCE(MAX(rid), 0) FROM mem "
        "WHERE rid > ? AND json_extract(json, '$.category') IS NOT ?",
        (mark, INSIGHT),
    ).fetchone()
    return Progress(float(since), config.reflect_threshold, max(int(top), mark))


def recent(conn: sqlite3.Connection, limit: int = RECENT) -> list[Memory]:
    """The `limit` most recently made memories, oldest first."""
    rids = [int(r[0]) for r in conn.execute("SELECT rid FROM mem ORDER BY rid DESC LIMIT ?", (limit,))]
    found = rows.by_rids(conn, rids)
    return [found[rid] for rid in sorted(found)]


@dataclass
class Reflection:
    """What one `reflect` did: the trigger, the questions, the insights stored and those refused."""

    progress: Progress
    ran: bool = False
    why: str = ""
    questions: list[str] = field(default_factory=list)
    added: list[Memory] = field(default_factory=list)
    refused: list[dict[str, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "reflected": self.ran,
            "why": self.why,
            **self.progress.to_dict(),
            "questions": self.questions,
            "insights": [{"id": m.id, "content": m.content, "evidence": evidence_of(m)} for m in self.added],
            "refused": self.refused,
        }


NO_MODEL = (
    "no model to reflect with: set llm_url and llm_model (or $HIPPOCAMPUS_LLM_URL and $HIPPOCAMPUS_LLM_MODEL), "
    "or let the agent reflect (`reflect --prepare`, then `reflect --add`); nothing written"
)


def reflect(ws: Workspace, now: datetime, config: Config, force: bool = False) -> Reflection:
    """One reflection through the configured endpoint, when due (or `force`). The model is asked with no
    transaction open; the insights are then checked and stored one by one, and the mark moved."""
    from hippocampus.llm import reflection as ask
    from hippocampus.recall import recall
    from hippocampus.store import database

    with database.reading(ws) as conn:
        state = progress(conn, config)
        latest = recent(conn)
    done = Reflection(state)
    endpoint = endpoint_for(config)
    if endpoint is None:
        done.why = NO_MODEL
        return done
    if not (state.due or force):
        done.why = f"not due: importance {state.since:.2f} of {state.threshold:g} since the last reflection"
        return done
    if not latest:
        done.why = "nothing to reflect on: the store is empty"
        return done
    done.questions = ask.questions(endpoint, [(m.id, m.content) for m in latest])
    proposals = []
    for question in done.questions:
        found = [(h.memory.id, h.memory.content) for h in recall(ws, question, now, config, RETRIEVE)]
        if found:
            proposals += ask.insights(endpoint, question, found)
    for proposal in proposals:
        try:
            done.added.append(add_insight(ws, now, config, proposal.text, list(proposal.evidence), mark=state.top))
        except InputError as exc:
            done.refused.append({"insight": proposal.text, "why": str(exc)})
    with database.writing(ws) as conn:
        rows.set_meta(conn, MARK, str(state.top))
    done.ran = True
    return done


def prepare(ws: Workspace, config: Config, force: bool = False) -> dict[str, Any]:
    """What the agent needs to reflect: the trigger, and (when due, or `force`) the most recent memories
    with their ids and what to do with them."""
    from hippocampus.store import database

    with database.reading(ws) as conn:
        state = progress(conn, config)
        latest = recent(conn) if state.due or force else []
    return {
        **state.to_dict(),
        "memories": [{"id": m.id, "category": m.category, "content": m.content} for m in latest],
    }


def add_insight(
    ws: Workspace, now: datetime, config: Config, text: str, evidence: list[str], mark: int | None = None
) -> Memory:
    """Store one insight citing `evidence`; `InputError` (nothing written) when its text is junk or no cited
    id is a current memory that is not junk. Unknown ids are dropped from its evidence. The same insight
    again adds its new evidence to the stored one. Moves the reflection mark (to `mark`, else to the
    newest memory): an insight the agent adds closes its reflection."""
    from hippocampus.core.junk import core_cap, noise
    from hippocampus.core.redact import scrub
    from hippocampus.core.tokens import keywords
    from hippocampus.store import database

    content = scrub(text)
    reason = noise(content, text)
    if reason:
        raise InputError(f"insight refused: the text is {reason}" + ("" if content else " after cleaning"))
    cited = list(dict.fromkeys(i.strip() for i in evidence if i.strip()))
    with database.writing(ws) as conn:
        found = rows.by_ids(conn, cited)
        usable = [found[i][1] for i in cited if i in found and not noise(found[i][1].content)]
        if not usable:
            why = "it cites no current memory" if not found else "it cites only junk"
            named = [i if i in found else "an id not in the store" for i in cited]  # never echo what was typed
            raise InputError(f"insight refused: {why} (evidence: {', '.join(dict.fromkeys(named))[:200] or 'none'})")
        sources = [Source(EVIDENCE, m.id, format_time(now), EVIDENCE) for m in usable]
        same = rows.by_text(conn, content)
        if same is not None:
            rid, existing = same
            if not is_insight(existing):
                raise InputError(f"insight refused: {existing.id} already says it, as a memory of its own")
            known = set(evidence_of(existing))
            existing.sources.extend(s for s in sources if s.message not in known)
            existing.last_accessed = max(existing.last_accessed, now)
            index_file.put(conn, existing, rid, now)
            logs.insert_events(conn, [logs.event(now, "reinforce", existing.id, session=EVIDENCE)])
            memory = existing
        else:
            value = min(sum(m.anchor for m in usable) / len(usable), core_cap(content))
            domain = Counter(m.domain for m in usable).most_common(1)[0][0]
            memory = Memory(
                id=rows.allocate_id(conn),
                content=content,
                domain=domain,
                category=INSIGHT,
                anchor=value,
                importance=value,
                created=now,
                last_accessed=now,
                keywords=keywords(content),
                sources=sources,
            )
            index_file.put(conn, memory, None, now)  # never `facts.updates`: an insight supersedes nothing
            logs.insert_events(conn, [logs.event(now, "create", memory.id, session=EVIDENCE)])
        if mark is None:
            mark = int(conn.execute("SELECT COALESCE(MAX(rid), 0) FROM mem").fetchone()[0])
        rows.set_meta(conn, MARK, str(max(mark, int(rows.get_meta(conn, MARK) or 0))))
    return memory


def merged_into(conn: sqlite3.Connection, ids: list[str]) -> set[str]:
    """`ids` with every memory consolidation merged into them, and into those (the merge events): an
    insight citing a memory cites what that memory became."""
    found, todo = set(ids), list(ids)
    while todo:
        marks = ",".join("?" * len(todo))
        todo = [
            str(r[0])
            for r in conn.execute(
                f"SELECT id FROM events WHERE json_extract(json, '$.type') = 'merge' "
                f"AND json_extract(json, '$.into') IN ({marks})",
                todo,
            )
            if r[0] not in found
        ]
        found.update(todo)
    return found


def citing(conn: sqlite3.Connection, ids: list[str]) -> list[str]:
    """Every insight (current, superseded or archived) that cites one of `ids` (or a memory merged into
    one of them), or cites such an insight, and so on: what forgetting `ids` must forget too."""
    gone = merged_into(conn, ids)
    todo = list(ids)
    derived: list[Memory] = [
        rows.by_rid(conn, int(r[0]))
        for r in conn.execute(
            "SELECT DISTINCT rid FROM seen WHERE session = ? AND rid IN (SELECT rid FROM mem)", (EVIDENCE,)
        )
    ]
    for table in ("archived", "superseded"):
        derived += [
            Memory.from_dict(json.loads(doc))
            for (doc,) in conn.execute(f"SELECT json FROM {table} WHERE json LIKE ?", (f'%"{EVIDENCE}"%',))
        ]
    derived = [m for m in derived if is_insight(m)]
    found: list[str] = []
    while todo:
        todo = [m.id for m in derived if m.id not in gone and gone.intersection(evidence_of(m))]
        gone.update(todo)
        found += todo
    return found
