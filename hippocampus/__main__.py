"""`python -m hippocampus` runs the CLI, through the same entry point as the console script."""

from hippocampus.cli.fast import main

main()
