"""The `hippocampus` command: a fast entry point, the click app, and one module per command group.

    fast         answers `recall` and `load-core` without importing click; else hands over to app
    app          the click group, and the one place domain errors become exit status 1
    common       Env, `--json`, the JSON echo
    output       the JSON and text forms of memories and hits (shared with fast)
    memories     remember, recall, reinforce, review, forget, heartbeat, list, status, load-core, sync-core
    maintenance  decay, archive, encode, consolidate, ingest, import, export, wipe
    history      preprocess (OpenClaw history backfill)
    summaries    pending, revise, summarize
    reflect      reflect (insights through the endpoint, or --prepare / --add for the agent)
    setup        init, dashboard
    serve        serve --stdio (the warm hook worker)

Each command parses its options, makes one library call and echoes the result.
"""
