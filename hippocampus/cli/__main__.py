"""`python -m hippocampus.cli` runs the full click CLI, without the fast path (tests compare the two)."""

from hippocampus.cli.app import main

main()
