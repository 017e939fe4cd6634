"""`python -m hippocampus.installer`: the same as `install.py` (standard library only)."""

import sys

from hippocampus.installer.main import main

sys.exit(main())
