"""`python -m hippocampus` runs the CLI, through the same entry point as the console script."""

from .entry import main

main()
