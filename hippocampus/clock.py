"""The one place that reads the clock: `HIPPOCAMPUS_NOW` (ISO 8601) overrides it for tests and replays."""

from __future__ import annotations

import os
from datetime import datetime, timezone

from hippocampus.core.model import parse_time
from hippocampus.errors import InputError


def now() -> datetime:
    """Current time as aware UTC, or `HIPPOCAMPUS_NOW` when set."""
    override = os.environ.get("HIPPOCAMPUS_NOW", "").strip()
    if override:
        try:
            return parse_time(override)
        except ValueError:
            raise InputError(f"HIPPOCAMPUS_NOW={override!r} is not an ISO 8601 time") from None
    return datetime.now(timezone.utc)
