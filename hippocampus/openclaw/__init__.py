"""OpenClaw's side of the wire: hook payloads, transcript messages, history files and the `openclaw` CLI.

payload      the hook payload: in scope or not, which workspace, which session
messages     a transcript message's text, id and time; the turn's messages
transcripts  OpenClaw history (SQLite store and legacy JSONL) into the queue
sessions     which channel and agent a session id belongs to (for the dashboard)
cli          a thin wrapper over the `openclaw` command (standard library only)
"""
