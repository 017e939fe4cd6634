"""Supersessions on real conversations (issue 24): each of LongMemEval dev72's haystacks (one simulated
user's history, user and assistant turns) through capture + encode (the ingest path), its sessions an hour
apart, in order. Counts the memories and the supersessions and writes every superseded pair, to read by
hand: corrections are rare in these chats, so most supersessions here are wrong ones. Run:
`nice -n 10 .venv/bin/python bench/lme_supersessions.py OUT.json [HISTORIES]`.
"""

from __future__ import annotations

import gzip
import json
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

from hippocampus.core.capture import signals_from_messages
from hippocampus.core.encode import encode
from hippocampus.core.model import Index

DATA = Path(__file__).resolve().parents[2] / "shared" / "bench" / "longmemeval_s_dev72.json.gz"
NOW = datetime(2024, 1, 1, tzinfo=timezone.utc)


def main() -> None:
    with gzip.open(DATA, "rt", encoding="utf-8") as handle:
        items = json.load(handle)
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else len(items)
    pairs: list[tuple[str, str, str]] = []
    total = 0
    for item in items[:limit]:
        index = Index()
        histories = zip(item["haystack_session_ids"], item["haystack_sessions"], strict=True)
        for n, (sid, session) in enumerate(histories):
            at = NOW + timedelta(hours=n)
            rows = [
                {
                    "session": sid,
                    "id": f"{sid}:{i}",
                    "role": t["role"],
                    "text": t["content"],
                    "timestamp": at.isoformat(),
                }
                for i, t in enumerate(session)
            ]
            encode(index, signals_from_messages(rows, at.isoformat()), at)
        by_id = {m.id: m for m in index.memories}
        pairs += [
            (item["question_type"], m.content, by_id[m.superseded_by].content)
            for m in index.memories
            if m.superseded_by
        ]
        total += len(index.memories)
    Path(sys.argv[1]).write_text(json.dumps({"memories": total, "pairs": pairs}, indent=1), encoding="utf-8")
    print(f"{limit} histories, {total} memories, {len(pairs)} supersessions")


if __name__ == "__main__":
    main()
