"""The `hippocampus` console entry point.

The two commands an agent runs most, `recall QUERY [-k N] [--json]` and `load-core [--all] [--json]`,
are answered here without importing click (most of a short command's run); their output is the same
as the click commands'. Any other form, any option this parser does not know, and any error goes to
the full click CLI, so help, validation and error messages stay click's.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datetime import datetime

    from hippocampus.core.config import Config


def _split(argv: list[str]) -> tuple[str | None, list[str]] | None:
    """(workspace, rest) when argv starts with an optional `--workspace DIR`; None if it is anything else."""
    if argv[:1] == ["--workspace"] and len(argv) >= 2:
        return argv[1], argv[2:]
    if argv and argv[0].startswith("--workspace="):
        return argv[0].split("=", 1)[1], argv[1:]
    if argv and argv[0].startswith("-"):
        return None
    return None, argv


def _parse(rest: list[str]) -> tuple[str, dict[str, object]] | None:
    """The command and its options, for the forms this module answers; None for anything else."""
    if not rest or rest[0] not in ("recall", "load-core"):
        return None
    command, args = rest[0], rest[1:]
    opts: dict[str, object] = {"json": False, "all": False, "k": 5, "query": None}
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--json":
            opts["json"] = True
        elif arg == "--lexical" and command == "recall":
            pass  # main() did not allow the model
        elif arg == "--peek" and command == "recall":
            opts["peek"] = True
        elif arg == "--all" and command == "load-core":
            opts["all"] = True
        elif (
            arg == "-k"
            and command == "recall"
            and i + 1 < len(args)
            and args[i + 1].isdigit()
            and int(args[i + 1]) >= 1
        ):
            opts["k"] = int(args[i + 1])
            i += 1
        elif command == "recall" and not arg.startswith("-") and opts["query"] is None and arg.strip():
            opts["query"] = arg
        else:
            return None
        i += 1
    if command == "recall" and opts["query"] is None:
        return None
    return command, opts


def _answer(workspace: str | None, command: str, opts: dict[str, object]) -> str | None:
    """What the command prints; None when there is no current database to read (the full CLI handles it).
    A recall's results are marked as used (`memories.mark_recalled`) after it printed them, unless `--peek`."""
    from hippocampus.cli.output import hit_json, json_text, recall_text
    from hippocampus.clock import now as clock_now
    from hippocampus.recall import core_memories, recall
    from hippocampus.store.config_file import load_config_file
    from hippocampus.store.readonly import connect_readonly
    from hippocampus.store.workspace import settings_file, workspace_dir

    root = workspace_dir(workspace)
    settings = settings_file(root)
    conn = connect_readonly(root)
    if conn is None:  # no store yet, or one to migrate: the full CLI does that
        return None
    try:
        now = clock_now()
        config = load_config_file(settings)
        if command == "recall":
            hits = recall(None, str(opts["query"]), now, config, int(str(opts["k"])), conn=conn)
            results = [hit_json(h, now, config.decay_curve) for h in hits]
            if hits and not opts.get("peek"):
                _USED.append((root, [h.memory.id for h in hits], now, config))
            return json_text(results) if opts["json"] else recall_text(results)
        from hippocampus.views.markdown import load_core_text

        hits = core_memories(None, now, config, None if opts["all"] else config.core_limit, conn=conn)
        if opts["json"]:
            return json_text([hit_json(h, now, config.decay_curve) for h in hits])
        return load_core_text(hits)
    finally:
        conn.close()


_USED: list[tuple[str, list[str], datetime, Config]] = []
"""What a recall answered here must mark as used, once its answer is printed (`main`)."""


def _mark_used() -> None:
    """Mark the memories a recall answered here as used (`memories.mark_recalled`), after the answer."""
    from hippocampus.memories import mark_recalled
    from hippocampus.store.workspace import Workspace

    for root, ids, when, config in _USED:
        mark_recalled(Workspace(root), ids, when, config)


def _serve_options(argv: list[str]) -> tuple[int, float, str | None] | None:
    """(max_in_flight, idle_seconds, preload) for `serve --stdio [--max-in-flight N] [--idle-seconds S]
    [--preload WORKSPACE]`; else None.

    The worker starts here, not through the click group, so a broken settings file in whatever
    workspace the Gateway's cwd resolves to cannot stop it (it serves every workspace)."""
    if argv[:1] != ["serve"] or "--stdio" not in argv:
        return None
    opts, rest = (
        {"--max-in-flight": "8", "--idle-seconds": "0", "--preload": ""},
        [a for a in argv[1:] if a not in ("--stdio", "--json")],
    )
    while rest:
        if len(rest) < 2 or rest[0] not in opts:
            return None
        opts[rest[0]] = rest[1]
        rest = rest[2:]
    try:
        flight, idle = int(opts["--max-in-flight"]), float(opts["--idle-seconds"])
    except ValueError:
        return None
    return (flight, idle, opts["--preload"] or None) if flight >= 1 and idle >= 0 else None


def main() -> None:
    """Answer the hot forms directly, everything else through click."""
    from hippocampus.errors import HippocampusError

    serve = _serve_options(sys.argv[1:])
    if serve is not None:
        from hippocampus.openclaw.worker import main as serve_main

        serve_main(*serve)
    from hippocampus.semantic import search

    if "--lexical" not in sys.argv[1:]:
        search.allow(wait=True)  # a command run on purpose may load the model (README "Semantic recall")
    split = _split(sys.argv[1:])
    parsed = _parse(split[1]) if split else None
    if split is not None and parsed is not None:
        try:
            out = _answer(split[0], *parsed)
        except HippocampusError:
            out = None  # click reports it, with its usual message and exit status
        if out is not None:
            sys.stdout.write(out)
            sys.stdout.flush()
            _mark_used()
            return
    from hippocampus.cli.app import main as cli_main

    cli_main()
