"""What is shown: the block injected before each turn, the Markdown files, `status`, `why` and the dashboard.

context     the fenced per-turn block (no jinja2: it is on the per-turn path)
markdown    HIPPOCAMPUS_CORE.md (jinja2, templates/), `load-core` text, archive.md entries
sync        writing the files made from the store: HIPPOCAMPUS_CORE.md, archive.md, the dashboard page
overview    `list`, `status` and `heartbeat`
provenance  why a memory is (`why`): its sources, events and versions
dashboard/  the brain dashboard's view model and page
"""
