"""Text made from memories: the block injected before each turn, and the Markdown files.

context   the fenced per-turn block (no jinja2: it is on the per-turn path)
markdown  HIPPOCAMPUS_CORE.md (jinja2, templates/), `load-core` text, archive.md entries
"""
