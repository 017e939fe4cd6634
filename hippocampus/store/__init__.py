"""Everything on disk under `$WORKSPACE/memory/`: the only package that opens files there.

    workspace    where the workspace is (the one rule) and the path of every file in it
    database     memory/hippocampus.db: connections, the schema's contract, the ambient transaction
    migrations   the schema's SQL and its migrations (PRAGMA user_version), each one transaction
    rows         row-level SQL: memories with their tokens, features and sources; meta values
    index_file   the memories as an index: load, validated save, targeted put, import/export, wipe
    queue        the capture queue (a table), fed from the inbox
    inbox        memory/inbox.jsonl: each turn's signals, appended without the database
    logs         events, archived memories (memory/archive.md), memory/hippocampus.log
    state        small JSON state values (the backfill watermarks)
    memory_space encoding and consolidation over the open transaction (StoreSpace, StoreCandidates)
    search_cache the search reads: FTS5 relevance, core candidates, superseded history
    legacy       the one-time migration of the pre-database files (index.json, signals.jsonl, ...)
    files        atomic writes of the files outside the database, stale temp files
    schema       the JSON Schema of a memory (schemas/index.schema.json), compiled once
    config_file  memory/hippocampus.yaml and the environment overrides
    inbox        memory/inbox.jsonl (the turn inbox) and its claimed files
    injections   memory/injections.jsonl: what each turn's block held (ids, scores), for `why`
    redacted     the one door to disk for text: every document, line and meta value is redacted here
    reredact     a store redacted under older rules is redacted again, in place, by `decay`
    tombstones   what forgotten memories came from (ids, a keyed hash, no text): never stored again
    reindex      search fields owed by the schema 3 upgrade, filled in short batches after it (the shared loop)
    reprofile    similarity profiles from older profile code, rebuilt in short batches (meta.profileVersion)
    vectors      the `vec` table: one embedding per current memory (schema 4), as bytes
    backups      memory/backups/: online copies (SQLite's backup API), rotation, restore, and a forget's drop
    backup_files which copies there are and whether a database file is sound (the damaged store's advice)
    readonly     the database opened read-only (the per-turn path); the count of its memories (the installer)
    warm         the warm worker's kept read-only connection per store, one read transaction a turn
    memo         what is cached on a kept connection, until PRAGMA data_version moves
    activity     when a turn was last captured, injected and encoded (meta values, for `status`)

Standard library only except `schema` (fastjsonschema) and `config_file` (yaml, imported only when a
settings file exists), so the per-turn hooks and the installer can use it.
"""
