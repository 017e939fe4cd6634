"""Commands around the OpenClaw hooks: `preprocess` (history backfill), `pending`, `revise`, `summarize`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

CONTEXT = {"help_option_names": ["-h", "--help"]}


def _echo_json(data: Any) -> None:
    """Machine output on stdout."""
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _progress(total: int) -> Any:
    """A progress bar on stderr (shown on a terminal only)."""
    bar = click.progressbar(length=max(total, 1), label="Reading history", file=sys.stderr)
    return bar.__enter__()


@click.command(context_settings=CONTEXT)
@click.option("--signals", "limit", type=click.IntRange(min=0), default=100, show_default=True,
              help="Queue at most the last N signals of the new history.")
@click.option("--whole", is_flag=True, help="Queue every signal of the new history.")
@click.option("--agent", "agent", default="main", show_default=True, help="OpenClaw agent id.")
@click.option("--state-dir", type=click.Path(file_okay=False, path_type=Path),
              help="OpenClaw state folder (default: $OPENCLAW_STATE_DIR, else ~/.openclaw).")
@click.option("--encode", "then_encode", is_flag=True, help="Encode the queue into memories afterwards.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_obj
def preprocess(env: Any, limit: int, whole: bool, agent: str, state_dir: Path | None, then_encode: bool,
               as_json: bool) -> None:
    """Read existing OpenClaw history (SQLite store and legacy JSONL) into the signal queue.

    Example: hippocampus preprocess --signals 200 --agent main --encode
    """
    from . import transcripts

    state = state_dir or transcripts.state_dir()
    report = transcripts.preprocess(env.ws, state, agent, env.now, None if whole else limit,
                                    _progress if sys.stderr.isatty() else None)
    if then_encode:
        from .actions import encode_pending, sync_core

        report["encoded"] = encode_pending(env.ws, env.now, env.config).to_dict()
        sync_core(env.ws, env.now, env.config)
    if as_json:
        _echo_json(report)
        return
    click.echo(f"Queued {report['queued']} signals from {report['messages']} user messages"
               f" in {len(report['sources'])} source(s) of agent {agent}.")
    if report["malformed"]:
        click.echo(f"Skipped {report['malformed']} malformed line(s).", err=True)
    if report["compressedSkipped"]:
        click.echo(f"Skipped {report['compressedSkipped']} compressed row(s): install `zstandard` "
                   "(or use Python 3.14) to read them.", err=True)
    if then_encode:
        enc = report["encoded"]
        click.echo(f"Encoded: created {len(enc['created'])}, reinforced {len(enc['reinforced'])}.")


@click.command(context_settings=CONTEXT)
@click.option("--limit", type=click.IntRange(min=1), help="At most this many.")
@click.pass_obj
def pending(env: Any, limit: int | None) -> None:
    """List memories waiting for a short summary, as JSON.

    Example: hippocampus pending --limit 20
    """
    from .summaries import pending as waiting

    _echo_json([{"id": m.id, "content": m.content, "domain": m.domain, "category": m.category,
                 "created": m.to_dict()["created"], "sources": [s.to_dict() for s in m.sources]}
                for m in waiting(env.ws, limit)])


@click.command(context_settings=CONTEXT)
@click.argument("memory_id")
@click.argument("summary")
@click.option("--json", "as_json", is_flag=True, help="Print the revised memory as JSON.")
@click.pass_obj
def revise(env: Any, memory_id: str, summary: str, as_json: bool) -> None:
    """Replace a memory's text with a short summary (keeps its provenance).

    Example: hippocampus revise mem_042 "User prefers concise answers"
    """
    from .summaries import revise as apply

    memory = apply(env.ws, env.now, memory_id, summary)
    if as_json:
        _echo_json(memory.to_dict())
    else:
        click.echo(f"Revised {memory.id}: {memory.content}")


@click.command(context_settings=CONTEXT)
@click.option("--url", envvar="HIPPOCAMPUS_LLM_URL", required=True,
              help="OpenAI-compatible /v1 base URL, e.g. http://127.0.0.1:11434/v1 ($HIPPOCAMPUS_LLM_URL).")
@click.option("--model", envvar="HIPPOCAMPUS_LLM_MODEL", required=True, help="Model name ($HIPPOCAMPUS_LLM_MODEL).")
@click.option("--api-key", envvar="HIPPOCAMPUS_LLM_KEY", default="", help="API key ($HIPPOCAMPUS_LLM_KEY).")
@click.option("--limit", type=click.IntRange(min=1), default=20, show_default=True, help="At most this many.")
@click.option("--timeout", type=float, default=30.0, show_default=True, help="Seconds per request.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_obj
def summarize(env: Any, url: str, model: str, api_key: str, limit: int, timeout: float, as_json: bool) -> None:
    """Rewrite pending memories into short summaries with an OpenAI-compatible endpoint (optional).

    Example: hippocampus summarize --url http://127.0.0.1:11434/v1 --model llama3.2
    """
    from .llm import Endpoint
    from .llm import summarize as rewrite
    from .summaries import summarize_pending

    endpoint = Endpoint(url, model, api_key, timeout)
    report = summarize_pending(env.ws, env.now, lambda text: rewrite(endpoint, text), limit)
    if as_json:
        _echo_json(report)
    else:
        click.echo(f"Revised {len(report['revised'])}; failed {len(report['failed'])}.")
        for memory_id, why in report["failed"].items():
            click.echo(f"  {memory_id}: {why}", err=True)


def register(group: click.Group) -> None:
    """Add these commands to the `hippocampus` group."""
    for command in (preprocess, pending, revise, summarize):
        group.add_command(command)
