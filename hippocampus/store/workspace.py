"""Where a workspace is, and where each file Hippocampus keeps sits inside it.

The one workspace rule lives here (`workspace_dir`); the CLI, the hooks and the installer's
fallback all use it, and `hooks/index.js` mirrors it for its own log lines. Plain strings
and lazy `pathlib` keep it cheap on the per-turn path.
"""

from __future__ import annotations

import os

from hippocampus.core.values import ValueClass

TYPE_CHECKING = False  # typing costs ~10 ms of a cold start; mypy still reads the block below
if TYPE_CHECKING:
    from pathlib import Path

DEFAULT_WORKSPACE = "~/.openclaw/workspace"
DOMAIN_DIRS = ("user", "self", "relationship", "world")
"""The seed layout's domain folders under `memory/`."""
MEMORY_DIR = "memory"
DB_FILE = "hippocampus.db"
SETTINGS_FILE = "hippocampus.yaml"
INDEX_FILE = "index.json"
CACHE_FILE = ".cache/search.sqlite"


def workspace_dir(explicit: str | os.PathLike[str] | None = None) -> str:
    """The workspace folder: `explicit` (`--workspace`, or the hook's), else `$WORKSPACE`, else
    `$OPENCLAW_WORKSPACE_DIR`, else `$OPENCLAW_STATE_DIR/workspace`, else `~/.openclaw/workspace`.

    The last three are OpenClaw's own default-workspace rule, so a store set up by the installer
    with only `OPENCLAW_STATE_DIR` set is the one `hippocampus recall` reads.
    """
    if explicit and os.fspath(explicit).strip():
        return os.path.expanduser(os.fspath(explicit))
    env = os.environ
    chosen = env.get("WORKSPACE") or env.get("OPENCLAW_WORKSPACE_DIR") or ""
    if not chosen.strip() and env.get("OPENCLAW_STATE_DIR", "").strip():
        chosen = os.path.join(env["OPENCLAW_STATE_DIR"], "workspace")
    return os.path.expanduser(chosen if chosen.strip() else DEFAULT_WORKSPACE)


def db_file(root: str) -> str:
    """The database under workspace `root`, as a plain string (the per-turn path avoids pathlib)."""
    return os.path.join(root, MEMORY_DIR, DB_FILE)


def settings_file(root: str) -> str:
    """The settings file under workspace `root`, as a plain string."""
    return os.path.join(root, MEMORY_DIR, SETTINGS_FILE)


def resolve_workspace(explicit: str | os.PathLike[str] | None = None) -> Path:
    """`workspace_dir` as a Path."""
    from pathlib import Path

    return Path(workspace_dir(explicit))


class Workspace(ValueClass):
    """Paths of everything Hippocampus writes in one OpenClaw workspace."""

    __slots__ = ("root",)
    root: Path

    def __init__(self, root: Path | str) -> None:
        from pathlib import Path  # pathlib stays off the request_before path, which needs only `workspace_dir`

        self.root = Path(root)

    @property
    def memory_dir(self) -> Path:
        return self.root / MEMORY_DIR

    @property
    def db_path(self) -> Path:
        """The database: memories, queue, events, archive, bookkeeping (store/database.py)."""
        return self.memory_dir / DB_FILE

    @property
    def index_path(self) -> Path:
        """Legacy: the index before the database; migrated on first use, and `hippocampus export`'s format."""
        return self.memory_dir / INDEX_FILE

    @property
    def signals_path(self) -> Path:
        """Legacy file, migrated into the database on first use (store/legacy.py)."""
        return self.memory_dir / "signals.jsonl"

    @property
    def cursor_path(self) -> Path:
        """Legacy file, migrated into the database on first use (store/legacy.py)."""
        return self.memory_dir / "signals.cursor"

    @property
    def events_path(self) -> Path:
        """Legacy file, migrated into the database on first use (store/legacy.py)."""
        return self.memory_dir / "events.jsonl"

    @property
    def archive_path(self) -> Path:
        """Archived memories as Markdown, rendered from the database after each archive or forget."""
        return self.memory_dir / "archive.md"

    @property
    def config_path(self) -> Path:
        return self.memory_dir / SETTINGS_FILE

    @property
    def log_path(self) -> Path:
        return self.memory_dir / "hippocampus.log"

    @property
    def state_path(self) -> Path:
        """Legacy file, migrated into the database on first use (store/legacy.py)."""
        return self.memory_dir / "state.json"

    @property
    def cache_path(self) -> Path:
        """Legacy file, migrated into the database on first use (store/legacy.py)."""
        return self.memory_dir / CACHE_FILE

    @property
    def core_path(self) -> Path:
        return self.root / "HIPPOCAMPUS_CORE.md"

    @property
    def dashboard_path(self) -> Path:
        return self.root / "brain-dashboard.html"


def ensure_layout(ws: Workspace) -> None:
    """Create `memory/` and the seed's domain folders; never touches existing files."""
    ws.memory_dir.mkdir(parents=True, exist_ok=True)
    for name in DOMAIN_DIRS:
        (ws.memory_dir / name).mkdir(exist_ok=True)
