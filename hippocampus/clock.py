"""The one place that reads the clock: `HIPPOCAMPUS_NOW` (ISO 8601) overrides it for tests and replays.

Times outside `EARLIEST`..`LATEST` are refused with a clear error before anything runs: decay and
scheduling arithmetic near the ends of `datetime`'s range would overflow halfway through a command.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone

from hippocampus.core.model import parse_time
from hippocampus.errors import InputError

EARLIEST = datetime(1970, 1, 1, tzinfo=timezone.utc)
LATEST = datetime(2999, 12, 31, tzinfo=timezone.utc)


def now() -> datetime:
    """Current time as aware UTC, or `HIPPOCAMPUS_NOW` when set."""
    override = os.environ.get("HIPPOCAMPUS_NOW", "").strip()
    if override:
        try:
            moment = parse_time(override)
        except (ValueError, OverflowError):
            raise InputError("HIPPOCAMPUS_NOW must be an ISO 8601 time") from None
    else:
        moment = datetime.now(timezone.utc)
    if not EARLIEST <= moment <= LATEST:
        source = "HIPPOCAMPUS_NOW" if override else f"the system clock ({moment.isoformat()})"
        raise InputError(f"{source} is outside {EARLIEST.year}–{LATEST.year}; nothing was changed")
    return moment
