"""Commands that read and use memories: remember, recall, why, reinforce, review, forget, heartbeat, list,
status, load-core, sync-core."""

from __future__ import annotations

import json
from typing import Any

import click

from hippocampus import memories
from hippocampus.cli.common import Env, echo_json, json_option, pass_env
from hippocampus.cli.output import history_text, hit_json, json_text, line, memory_json, recall_text, why_text
from hippocampus.core import lifecycle
from hippocampus.core.model import Memory
from hippocampus.views import overview, sync


@click.command()
@click.argument("text")
@click.option("--domain", help="user, self, relationship, world, or your own.")
@click.option("--category", help="preference, decision, person, project, ... (default: scored).")
@click.option("--importance", type=click.FloatRange(0.0, 1.0), help="0..1 (default: 0.9, an explicit request).")
@json_option
@pass_env
def remember(
    env: Env, text: str, domain: str | None, category: str | None, importance: float | None, as_json: bool
) -> None:
    """Store a memory now. Example: hippocampus remember "My sister's name is Alma" """
    memory = memories.remember(env.ws, env.now, env.config, text, domain, category, importance)
    if as_json:
        echo_json([memory_json(memory, env.now, env.config.decay_curve)])
    else:
        click.echo(f"Remembered {memory.id}: {memory.content}")


def _recall_json(
    env: Env, query: str, k: int, reinforce: bool, everything: bool = False, explain: bool = False, peek: bool = False
) -> list[dict[str, Any]]:
    from hippocampus.recall import recall as look
    from hippocampus.recall import recall_with_history

    find = look if peek else memories.recall_marked
    if everything:
        current = memories.recall_used if reinforce else find
        hits = current(env.ws, query, env.now, env.config, k)
        hits += recall_with_history(env.ws, query, env.now, env.config, k)[len(hits) :]
    else:
        hits = (memories.recall_used if reinforce else find)(env.ws, query, env.now, env.config, k)
    return [hit_json(h, env.now, env.config.decay_curve, explain) for h in hits]


@click.command()
@click.argument("query", required=False)
@click.option("-k", "k", type=click.IntRange(min=1), default=5, show_default=True, help="How many memories.")
@click.option("--reinforce", is_flag=True, help="Count the results as used (reinforce them).")
@click.option(
    "--all",
    "everything",
    is_flag=True,
    help="Also the superseded versions (history), after the current ones, each naming its successor.",
)
@click.option(
    "--queries",
    type=click.File("r", encoding="utf-8"),
    help="Answer one query per line; prints one JSON line per query.",
)
@click.option(
    "--explain",
    is_flag=True,
    help="Per result: the lexical (BM25), semantic, importance and recency parts of its score, and its sources.",
)
@click.option("--lexical", is_flag=True, help="Words only: no embedding model, even where one is installed.")
@click.option("--peek", is_flag=True, help="Do not count the results as used (their last access stays as it was).")
@json_option
@pass_env
def recall(
    env: Env,
    query: str | None,
    k: int,
    reinforce: bool,
    everything: bool,
    queries: Any,
    explain: bool,
    lexical: bool,
    peek: bool,
    as_json: bool,
) -> None:
    """Find memories relevant to QUERY. Example: hippocampus recall "sister" --explain"""
    if lexical:
        from hippocampus.semantic import search

        search.forbid()
    if queries is not None:
        try:
            lines = list(queries)
        except UnicodeDecodeError as exc:
            raise click.ClickException(f"{queries.name}: --queries is not UTF-8 text (byte {exc.start})") from None
        for raw in lines:
            text = raw.rstrip("\n")
            if text.strip():
                results = _recall_json(env, text, k, reinforce, everything, explain, peek)
                click.echo(json.dumps({"query": text, "results": results}, ensure_ascii=False))
        return
    if not query:
        raise click.UsageError("give a QUERY or --queries FILE")
    results = _recall_json(env, query, k, reinforce, everything, explain, peek)
    click.echo(json_text(results) if as_json else recall_text(results, explain), nl=False)


@click.command()
@click.argument("memory_id")
@json_option
@pass_env
def why(env: Env, memory_id: str, as_json: bool) -> None:
    """Where MEMORY_ID came from: the messages as said (when, by whom), how it was reinforced, merged or
    superseded, and when it was last injected before a turn. Example: hippocampus why mem_007"""
    from hippocampus.views.provenance import why as provenance

    data = provenance(env.ws, memory_id)
    data["memory"] = memory_json(data["memory"], env.now, env.config.decay_curve)
    data["supersedes"] = [memory_json(m, env.now, env.config.decay_curve) for m in data["supersedes"]]
    click.echo(json_text(data) if as_json else why_text(data), nl=False)


@click.command()
@click.argument("memory_id")
@json_option
@pass_env
def history(env: Env, memory_id: str, as_json: bool) -> None:
    """Every version of a fact: what MEMORY_ID superseded and what superseded it, oldest first, with the
    messages as said. Example: hippocampus history mem_007"""
    chain = [memory_json(m, env.now, env.config.decay_curve) for m in memories.history(env.ws, memory_id)]
    click.echo(json_text(chain) if as_json else history_text(chain), nl=False)


def _show(env: Env, changed: list[Memory], as_json: bool, verb: str) -> None:
    if as_json:
        echo_json([memory_json(m, env.now, env.config.decay_curve) for m in changed])
        return
    for m in changed:
        click.echo(f"{verb} {line(m, lifecycle.effective_importance(m, env.now, env.config.decay_curve))}")


@click.command()
@click.argument("ids", nargs=-1, required=True)
@json_option
@pass_env
def reinforce(env: Env, ids: tuple[str, ...], as_json: bool) -> None:
    """Count memories as used: new = e + (1-e)*0.15. Example: hippocampus reinforce mem_001"""
    _show(env, memories.reinforce(env.ws, env.now, env.config, list(ids)), as_json, "Reinforced")


@click.command()
@click.argument("ids", nargs=-1, required=True)
@json_option
@pass_env
def review(env: Env, ids: tuple[str, ...], as_json: bool) -> None:
    """Review memories (Ebbinghaus: stability x1.5). Example: hippocampus review mem_001"""
    _show(env, memories.reinforce(env.ws, env.now, env.config, list(ids), review=True), as_json, "Reviewed")


@click.command()
@click.argument("ids", nargs=-1, required=True)
@json_option
@pass_env
def forget(env: Env, ids: tuple[str, ...], as_json: bool) -> None:
    """Delete memories for good. Example: hippocampus forget mem_004"""
    gone = memories.forget(env.ws, env.now, list(ids))
    if as_json:
        echo_json({"forgotten": gone})
    else:
        click.echo(f"Forgot {', '.join(gone)}; HIPPOCAMPUS_CORE.md, archive.md and the dashboard are rewritten.")
        click.echo("OpenClaw's own memory index catches up when it re-indexes: `openclaw memory index`.", err=True)


@click.command()
@json_option
@pass_env
def heartbeat(env: Env, as_json: bool) -> None:
    """HEARTBEAT_OK, or the fading memories worth a review. Example: hippocampus heartbeat"""
    fading, soon = overview.heartbeat(env.ws, env.now, env.config)
    if as_json:
        echo_json(
            {
                "ok": not fading and not soon,
                "fading": [hit_json(h, env.now, env.config.decay_curve) for h in fading],
                "decaying": [hit_json(h, env.now, env.config.decay_curve) for h in soon],
            }
        )
        return
    if not fading and not soon:
        click.echo("HEARTBEAT_OK")
        return
    for title, group in (("Fading", fading), ("Decaying", soon)):
        if group:
            click.echo(f"{title}:")
            for h in group:
                click.echo(f"  {line(h.memory, h.effective)}")
    click.echo("Review with `hippocampus review ID`, or let go with `hippocampus forget ID`.")


@click.command(name="list")
@click.option("--tier", type=click.Choice([t for t, _ in lifecycle.TIERS]), help="Only this tier.")
@click.option("--domain", help="Only this domain.")
@click.option("--limit", type=click.IntRange(min=1), help="At most this many.")
@json_option
@pass_env
def list_(env: Env, tier: str | None, domain: str | None, limit: int | None, as_json: bool) -> None:
    """List memories, strongest first. Example: hippocampus list --tier core"""
    hits = overview.listing(env.ws, env.now, env.config, tier, domain, limit)
    if as_json:
        echo_json([memory_json(h.memory, env.now, env.config.decay_curve) for h in hits])
    else:
        for h in hits:
            click.echo(line(h.memory, h.effective))


@click.command()
@click.option("--check", is_flag=True, help="Exit 1 when anything is wrong (for cron or a script).")
@json_option
@pass_env
def status(env: Env, check: bool, as_json: bool) -> None:
    """Totals, recall mode, and health: the plugin (installed, enabled, hooks allowed, loaded), when a
    turn was last captured, injected and encoded, the settings file's problems. Runs on a settings file
    with problems, and shows them. Example: hippocampus status --check"""
    data = overview.status(env.ws, env.now, env.config)
    if as_json:
        echo_json(data)
    else:
        click.echo(overview.status_text(data, env.now), nl=False)
    if check and data["health"]["problems"]:
        raise SystemExit(1)


@click.command(name="load-core")
@click.option("--all", "everything", is_flag=True, help="Every core memory, not just the top ones.")
@json_option
@pass_env
def load_core(env: Env, everything: bool, as_json: bool) -> None:
    """Print core memories grouped by domain. Example: hippocampus load-core"""
    from hippocampus.recall import core_memories
    from hippocampus.views.markdown import load_core_text

    hits = core_memories(env.ws, env.now, env.config, None if everything else env.config.core_limit)
    if as_json:
        echo_json([hit_json(h, env.now, env.config.decay_curve) for h in hits])
    else:
        click.echo(load_core_text(hits), nl=False)


@click.command(name="sync-core")
@json_option
@pass_env
def sync_core(env: Env, as_json: bool) -> None:
    """Write HIPPOCAMPUS_CORE.md for OpenClaw's memory search. Example: hippocampus sync-core"""
    path = sync.sync_core(env.ws, env.now, env.config)
    if as_json:
        echo_json({"path": str(path)})
    else:
        click.echo(f"Wrote {path}")


def register(group: click.Group) -> None:
    """Add this module's commands to the `hippocampus` group."""
    for command in (
        remember,
        recall,
        why,
        history,
        reinforce,
        review,
        forget,
        heartbeat,
        list_,
        status,
        load_core,
        sync_core,
    ):
        group.add_command(command)
