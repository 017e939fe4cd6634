"""The user's cache folder: files derived from what ships with the package, never from a memory.

`semantic.background`'s vectors (the block's reference outside the store, issue 25) depend only on the
model and on the shipped sentences, so one copy serves every workspace, in the convention's place:
`$XDG_CACHE_HOME/hippocampus/`, else `~/.cache/hippocampus/`. The folder is 0700 and each file 0600, written
atomically (`files.atomic_write`); deleting any of it costs only the next computation. `install.py
--uninstall --purge` deletes the folder with the memories.
"""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path
from typing import Any

from hippocampus.errors import StoreError
from hippocampus.store import files


def folder() -> Path:
    """`$XDG_CACHE_HOME/hippocampus`, else `~/.cache/hippocampus` (the XDG base directory convention)."""
    root = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(root) / "hippocampus"


def read_array(name: str) -> Any | None:
    """The NumPy array cached as `name`, or None when it is missing or unreadable (a corrupt file is
    recomputed, never trusted)."""
    import numpy as np

    try:
        return np.load(folder() / name, allow_pickle=False)
    except (OSError, ValueError):
        return None


def write_array(name: str, rows: Any) -> None:
    """Cache `rows` as `name`, atomically, 0600 in a 0700 folder. An unwritable cache (a full disk, a file
    where the folder should be, a link at the file, which `files.atomic_write` refuses) is no error: the next
    process computes the array again."""
    import numpy as np

    buffer = io.BytesIO()
    np.save(buffer, rows, allow_pickle=False)
    try:
        folder().mkdir(mode=0o700, parents=True, exist_ok=True)
        files.atomic_write(folder() / name, buffer.getvalue())
    except (OSError, StoreError):
        pass


def remove() -> bool:
    """Delete the cache folder (`--uninstall --purge`); whether there was one."""
    there = folder().is_dir()
    shutil.rmtree(folder(), ignore_errors=True)
    return there
