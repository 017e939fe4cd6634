"""OpenClaw session_end, before_reset, before_compaction: encode queued signals. Never raises; exits 0."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("HIPPOCAMPUS_PACKAGE_DIR") or os.path.dirname(HERE))
try:
    from hippocampus.hooks import main
except BaseException as exc:  # noqa: BLE001 - a broken install must leave the turn untouched
    sys.stderr.write(f"hippocampus: session_end failed open: cannot import hippocampus: {exc!r}\n")
    sys.exit(0)
main("session_end")
