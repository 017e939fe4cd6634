"""`python -m hippocampus` runs the CLI."""

from .cli import main

main()
