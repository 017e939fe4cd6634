#!/usr/bin/env python3
"""Install Hippocampus into OpenClaw: `python3 install.py --with-cron` (plan first; `--help` for options).

Standard library only. It shows the plan (every file, setting old -> new, cron job and the
transcripts it reads), asks, then creates `<skill>/.venv`, pip-installs this folder into it
and wires the plugin, settings and jobs through the `openclaw` CLI. `--dry-run` changes
nothing at all; `--uninstall` undoes what `memory/install-record.json` lists.
Exit status: 0 done, 1 failed, 2 bad arguments, 3 done except cron jobs (no Gateway), 4 declined.

The installer module (`hippocampus/installer.py`) runs with this same system python: it is
standard library only, so the plan is shown before anything, the venv included, is created.
It then talks to the memory store only through `<skill>/.venv/bin/python -m hippocampus`.
Tests may set HIPPOCAMPUS_INSTALL_PYTHON to an interpreter that already has the package, to
skip building the venv.
"""

import sys

if sys.version_info < (3, 10):  # noqa: UP036 - this file must run on any python3
    sys.exit("Hippocampus needs Python 3.10 or newer; this is " + sys.version.split()[0])

from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.dont_write_bytecode = True  # a dry run must leave this folder byte-identical (no __pycache__)
sys.path.insert(0, str(HERE))

from hippocampus.installer.main import main

if __name__ == "__main__":
    sys.exit(main(["--skill-dir", str(HERE), *sys.argv[1:]]))
