"""Commands for short summaries of memories: `pending`, `revise`, and `summarize` with an optional LLM."""

from __future__ import annotations

import click

from hippocampus.cli.common import Env, echo_json, json_option, pass_env
from hippocampus.llm import summaries


@click.command()
@click.option("--limit", type=click.IntRange(min=1), help="At most this many.")
@click.option("--json", "as_json", is_flag=True, help="Accepted for symmetry: the list is always JSON.")
@pass_env
def pending(env: Env, limit: int | None, as_json: bool) -> None:
    """List memories waiting for a short summary, as JSON.

    Example: hippocampus pending --limit 20
    """
    echo_json(
        [
            {
                "id": m.id,
                "content": m.content,
                "domain": m.domain,
                "category": m.category,
                "created": m.to_dict()["created"],
                "sources": [s.to_dict() for s in m.sources],
            }
            for m in summaries.pending(env.ws, limit)
        ]
    )


@click.command()
@click.argument("memory_id")
@click.argument("summary")
@click.option("--json", "as_json", is_flag=True, help="Print the revised memory as JSON.")
@pass_env
def revise(env: Env, memory_id: str, summary: str, as_json: bool) -> None:
    """Replace a memory's text with a short summary (keeps its provenance).

    Example: hippocampus revise mem_042 "User prefers concise answers"
    """
    memory = summaries.revise(env.ws, env.now, memory_id, summary)
    if as_json:
        echo_json(memory.to_dict())
    else:
        click.echo(f"Revised {memory.id}: {memory.content}")


@click.command()
@click.option(
    "--url",
    envvar="HIPPOCAMPUS_LLM_URL",
    required=True,
    help="OpenAI-compatible /v1 base URL, e.g. http://127.0.0.1:11434/v1 ($HIPPOCAMPUS_LLM_URL).",
)
@click.option("--model", envvar="HIPPOCAMPUS_LLM_MODEL", required=True, help="Model name ($HIPPOCAMPUS_LLM_MODEL).")
@click.option("--api-key", envvar="HIPPOCAMPUS_LLM_KEY", default="", help="API key ($HIPPOCAMPUS_LLM_KEY).")
@click.option("--limit", type=click.IntRange(min=1), default=20, show_default=True, help="At most this many.")
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=30.0,
    show_default=True,
    help="Seconds per request.",
)
@json_option
@pass_env
def summarize(env: Env, url: str, model: str, api_key: str, limit: int, timeout: float, as_json: bool) -> None:
    """Rewrite pending memories into short summaries with an OpenAI-compatible endpoint (optional).

    Example: hippocampus summarize --url http://127.0.0.1:11434/v1 --model llama3.2
    """
    from hippocampus.llm.client import Endpoint

    report = summaries.summarize_with(env.ws, env.now, Endpoint(url, model, api_key, timeout), limit)
    if as_json:
        echo_json(report)
    else:
        click.echo(f"Revised {len(report['revised'])}; failed {len(report['failed'])}.")
        for memory_id, why in report["failed"].items():
            click.echo(f"  {memory_id}: {why}", err=True)


def register(group: click.Group) -> None:
    """Add these commands to the `hippocampus` group."""
    for command in (pending, revise, summarize):
        group.add_command(command)
