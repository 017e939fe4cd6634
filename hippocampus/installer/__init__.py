"""The installer behind `install.py`: look (read-only), show the plan, ask, apply, record; or undo it.

Standard library only, because it runs under the system `python3` before the venv exists
(tests/test_installer.py imports every module here and checks). It changes the memory store
only through the venv's `hippocampus` CLI, and reads it (the plan's memory count) only through
`store/` functions that are standard library too.

    main       arguments, the read-only look at the machine, the run
    inputs     what a plan is built from: the options and the observed machine (below plan, cron, recall_mode)
    plan       what will be done, decided before anything is touched (pure)
    cron       the cron jobs `--with-cron` registers (pure)
    recall_mode  semantic or lexical recall: the `semantic` extra where its wheel exists, --no-semantic
    apply      doing it: venv, store, plugin, settings, cron jobs
    patches    JSON paths and merge patches over OpenClaw's config (pure)
    agent      the opt-in background agent
    record     memory/install-record.json, what --uninstall undoes
    uninstall  undoing exactly what the record lists
    names      the names shared with OpenClaw, the exit codes, how a job runs the CLI (the bottom)
"""
