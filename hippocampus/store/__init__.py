"""Everything on disk under `$WORKSPACE/memory/`: the only package that opens files there.

    workspace    where the workspace is (the one rule) and the path of every file in it
    files        the lock, atomic writes, appends and the one JSON-lines reader
    index_file   memory/index.json: read, validate, write, keep the search cache in step
    queue        memory/signals.jsonl and its cursor: the capture queue
    logs         memory/events.jsonl, memory/archive.md, memory/hippocampus.log
    schema       the JSON Schema of index.json (schemas/index.schema.json)
    search_cache memory/.cache/search.sqlite, the derived FTS5 index
    config_file  memory/hippocampus.yaml and the environment overrides
    inbox        memory/inbox.jsonl (the turn inbox) and its claimed files
    injections   memory/injections.jsonl: what each turn's block held (ids, scores), for `why`
    redacted     the one door to disk for text: every document, line and meta value is redacted here

Standard library only except `schema` (fastjsonschema) and `config_file` (yaml, imported only when a
settings file exists), so the per-turn hooks and the installer can use it.
"""
