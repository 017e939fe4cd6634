"""The OpenClaw adapter: the hook entry logic, the warm worker, hook payloads, transcript messages, history files
and the `openclaw` CLI. The repo-root `hooks/` folder holds the plugin's own files (the bridge, index.js).

hooks        the hook entry points (request_before, request_after, session_end, and the corpus calls): parse,
             one call, print
worker       the warm hook worker (`serve --stdio`), the per-turn engine
corpus       the memory corpus supplement: what the agent's memory_search and memory_get find in Hippocampus
health       is it working here: the plugin, its hooks, the worker, the last capture, the settings' problems

payload      the hook payload: in scope or not, which workspace, which session
messages     a transcript message's text, id and time; the turn's messages
transcripts  OpenClaw history (SQLite store and legacy JSONL) into the queue
sessions     which channel and agent a session id belongs to (for the dashboard)
cli          a thin wrapper over the `openclaw` command (standard library only)
"""
