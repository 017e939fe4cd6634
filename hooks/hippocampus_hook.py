"""What the three hook scripts share: put the package on sys.path and fail open if it is missing.

The bridge (index.js) starts these scripts as `python hooks/<entry>.py` when its warm worker cannot
answer (down, starting, busy, too slow, or `worker: false`). The package comes from
`HIPPOCAMPUS_PACKAGE_DIR` (which the bridge sets from `packageDir`), else the folder above hooks/;
everything else resolves as in any start of that interpreter. hooks/README.md has the record.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run(name: str) -> None:
    """Run hook `name` (hippocampus.openclaw.hooks.main exits 0 whatever happens); exit 0 if the package is missing."""
    sys.path.insert(0, os.environ.get("HIPPOCAMPUS_PACKAGE_DIR") or os.path.dirname(HERE))
    try:
        from hippocampus.openclaw.hooks import main
    except BaseException as exc:  # noqa: BLE001 - a broken install must leave the turn untouched
        sys.stderr.write(f"hippocampus: {name} failed open: cannot import hippocampus: {exc!r}\n")
        sys.exit(0)
    main(name)
