"""What capture keeps on the LongMemEval dev set (issues 10 and 14): memories per 100 messages, and how
many stored memories came from a request, a task or a question to the assistant (exchanges, a request
kept with the reply because no statement carried it, are counted apart).

Every haystack session of the 72 questions (each distinct session once) goes through the ingest path
(`core.capture.signals_from_messages` + `core.encode.encode`, as `hippocampus ingest` runs them). A
stored memory's source messages are labelled by this script's own labeller (`is_request`: an
imperative opening verb, "can/could you …", or a question), independent of the product's rules, so a
change to them cannot grade itself. Run: `.venv/bin/python bench/dev_capture.py`.
"""

from __future__ import annotations

import gzip
import json
import re
from datetime import datetime, timezone
from pathlib import Path

from hippocampus.core.capture import signals_from_messages
from hippocampus.core.encode import encode
from hippocampus.core.model import Index

DATA = Path(__file__).resolve().parents[2] / "shared" / "bench" / "longmemeval_s_dev72.json.gz"
NOW = datetime(2024, 1, 1, tzinfo=timezone.utc)
_ASK = re.compile(
    r"^\W*(?:hi|hey|hello|ok|so|thanks)?[\s,!.]*(?:please |kindly )?(?:give|draft|write|explain|tell|show|list|"
    r"suggest|recommend|help|make|create|find|generate|summari[sz]e|translate|compare|describe|provide|plan|"
    r"calculate|fix|convert|design|outline|brainstorm|rewrite|edit|prepare|compose|can you|could you|would you|"
    r"what|how|why|which|where|when|who|is there|are there|do you|does|should i|can i|i need you|i want you)\b",
    re.IGNORECASE,
)


def is_request(text: str) -> bool:
    """The bench's labeller: the message asks the assistant for something (a task or a question)."""
    return bool(_ASK.match(text)) or text.rstrip().endswith("?")


def main() -> None:
    with gzip.open(DATA, "rt", encoding="utf-8") as handle:
        items = json.load(handle)
    sessions: dict[str, list[dict[str, str]]] = {}
    for item in items:
        for sid, session in zip(item["haystack_session_ids"], item["haystack_sessions"], strict=True):
            sessions.setdefault(sid, session)
    user_messages = messages = kept = requests = request_messages = exchanges = 0
    for sid, session in sessions.items():
        rows = [
            {"session": sid, "id": f"{sid}:{i}", "role": t["role"], "text": t["content"]} for i, t in enumerate(session)
        ]
        texts = {r["id"]: r["text"] for r in rows}
        messages += len(rows)
        user_rows = [r for r in rows if r["role"] == "user"]
        user_messages += len(user_rows)
        request_messages += sum(is_request(r["text"]) for r in user_rows)
        index = Index()
        encode(index, signals_from_messages(rows, NOW.isoformat()), NOW)
        kept += len(index.memories)
        facts = [m for m in index.memories if m.category != "exchange"]  # exchanges: a request kept with its reply
        exchanges += len(index.memories) - len(facts)
        requests += sum(1 for m in facts if is_request(texts.get(m.sources[0].message, "")))
    result = {
        "sessions": len(sessions),
        "messages": messages,
        "user_messages": user_messages,
        "memories": kept,
        "memories_per_100_messages": round(100 * kept / messages, 1),
        "memories_per_100_user_messages": round(100 * kept / user_messages, 1),
        "request_user_messages": request_messages,
        "requests_stored": requests,
        "exchanges_stored": exchanges,
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
