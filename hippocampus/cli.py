"""The `hippocampus` command: a thin click layer over `actions`, `recall` and `store`."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import click

from . import __version__, actions, lifecycle, store
from .clock import now as clock_now
from .config import Config, load_config
from .errors import HippocampusError, InputError
from .model import Memory, format_time
from .search import Hit, by_importance

CONTEXT = {"help_option_names": ["-h", "--help"]}


@dataclass
class Env:
    """What every command needs: the workspace, the time and the settings."""

    ws: store.Workspace
    now: datetime
    config: Config


class Group(click.Group):
    """Turns domain errors into one clear line on stderr and exit status 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except HippocampusError as exc:
            raise click.ClickException(str(exc)) from None


def memory_json(memory: Memory, now: datetime, curve: str) -> dict[str, Any]:
    """The public JSON form of a memory: stored fields plus effective importance and tier."""
    value = lifecycle.effective_importance(memory, now, curve)
    data = memory.to_dict()
    data.update({"importance": round(value, 4), "tier": lifecycle.tier(value)})
    if curve == lifecycle.EBBINGHAUS:
        data["band"] = lifecycle.band(value)
    return data


def hit_json(hit: Hit, now: datetime, curve: str) -> dict[str, Any]:
    """A recall hit: the memory plus its score parts."""
    data = memory_json(hit.memory, now, curve)
    data.update({"score": round(hit.score, 4), "relevance": round(hit.relevance, 4),
                 "recency": round(hit.recency, 4)})
    return data


def echo_json(data: Any) -> None:
    """Machine output on stdout."""
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def line(memory: Memory, value: float) -> str:
    """One human-readable line for a memory."""
    text = " ".join(memory.content.split())
    return f"{memory.id}  {value:.2f} {lifecycle.tier(value):<10} [{memory.domain}/{memory.category}] {text}"


@click.group(cls=Group, context_settings=CONTEXT)
@click.version_option(__version__, "--version", prog_name="hippocampus")
@click.option("--workspace", type=click.Path(file_okay=False), envvar=None,
              help="OpenClaw workspace (default: $WORKSPACE, else ~/.openclaw/workspace).")
@click.pass_context
def main(ctx: click.Context, workspace: str | None) -> None:
    """Persistent memory for OpenClaw agents: capture, decay, reinforce, recall.

    Example: hippocampus remember "User prefers tea over coffee"
    """
    ws = store.Workspace(store.resolve_workspace(workspace))
    try:
        ctx.obj = Env(ws, clock_now(), load_config(ws))
    except HippocampusError as exc:
        raise click.ClickException(str(exc)) from None


pass_env = click.make_pass_decorator(Env)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")


@main.command()
@click.argument("text")
@click.option("--domain", help="user, self, relationship, world, or your own.")
@click.option("--category", help="preference, decision, person, project, ... (default: scored).")
@click.option("--importance", type=float, help="0..1 (default: 0.9, an explicit request).")
@json_option
@pass_env
def remember(env: Env, text: str, domain: str | None, category: str | None,
             importance: float | None, as_json: bool) -> None:
    """Store a memory now. Example: hippocampus remember "My sister's name is Alma" """
    memory = actions.remember(env.ws, env.now, env.config, text, domain, category, importance)
    if as_json:
        echo_json([memory_json(memory, env.now, env.config.curve)])
    else:
        click.echo(f"Remembered {memory.id}: {memory.content}")


def _recall_one(env: Env, query: str, k: int, reinforce: bool) -> list[dict[str, Any]]:
    from .recall import recall as run_recall

    hits = run_recall(env.ws, query, env.now, env.config, k)
    if reinforce and hits:
        done = {m.id: m for m in actions.reinforce(env.ws, env.now, env.config, [h.memory.id for h in hits])}
        hits = [Hit(done[h.memory.id], h.score, h.relevance, h.effective, h.recency) for h in hits]
    return [hit_json(h, env.now, env.config.curve) for h in hits]


@main.command()
@click.argument("query", required=False)
@click.option("-k", "k", default=5, show_default=True, help="How many memories.")
@click.option("--reinforce", is_flag=True, help="Count the results as used (reinforce them).")
@click.option("--queries", type=click.File("r", encoding="utf-8"),
              help="Answer one query per line; prints one JSON line per query.")
@json_option
@pass_env
def recall(env: Env, query: str | None, k: int, reinforce: bool, queries: Any, as_json: bool) -> None:
    """Find memories relevant to QUERY. Example: hippocampus recall "sister" --json"""
    if queries is not None:
        for raw in queries:
            text = raw.rstrip("\n")
            if text.strip():
                results = _recall_one(env, text, k, reinforce)
                click.echo(json.dumps({"query": text, "results": results}, ensure_ascii=False))
        return
    if not query:
        raise click.UsageError("give a QUERY or --queries FILE")
    results = _recall_one(env, query, k, reinforce)
    if as_json:
        echo_json(results)
    elif not results:
        click.echo("No memories match.")
    else:
        for r in results:
            click.echo(f"{r['id']}  {r['importance']:.2f} {r['tier']:<10} [{r['domain']}/{r['category']}] "
                       f"{' '.join(r['content'].split())}")


def _refresh(env: Env) -> None:
    """After encode/decay/consolidate: re-sync HIPPOCAMPUS_CORE.md and the dashboard."""
    for warning in actions.refresh_views(env.ws, env.now, env.config):
        click.echo(f"warning: {warning}", err=True)


def _show(env: Env, memories: list[Memory], as_json: bool, verb: str) -> None:
    if as_json:
        echo_json([memory_json(m, env.now, env.config.curve) for m in memories])
        return
    for m in memories:
        click.echo(f"{verb} {line(m, lifecycle.effective_importance(m, env.now, env.config.curve))}")


@main.command()
@click.argument("ids", nargs=-1, required=True)
@json_option
@pass_env
def reinforce(env: Env, ids: tuple[str, ...], as_json: bool) -> None:
    """Count memories as used: new = e + (1-e)*0.15. Example: hippocampus reinforce mem_001"""
    _show(env, actions.reinforce(env.ws, env.now, env.config, list(ids)), as_json, "Reinforced")


@main.command()
@click.argument("ids", nargs=-1, required=True)
@json_option
@pass_env
def review(env: Env, ids: tuple[str, ...], as_json: bool) -> None:
    """Review memories (Ebbinghaus: stability x1.5). Example: hippocampus review mem_001"""
    _show(env, actions.reinforce(env.ws, env.now, env.config, list(ids), review=True), as_json, "Reviewed")


@main.command()
@click.argument("ids", nargs=-1, required=True)
@json_option
@pass_env
def forget(env: Env, ids: tuple[str, ...], as_json: bool) -> None:
    """Delete memories for good. Example: hippocampus forget mem_004"""
    gone = actions.forget(env.ws, env.now, list(ids))
    if as_json:
        echo_json({"forgotten": gone})
    else:
        click.echo(f"Forgot {', '.join(gone)}")


def _decay(env: Env, archive: bool, as_json: bool) -> None:
    report = actions.decay(env.ws, env.now, env.config, archive=archive)
    _refresh(env)
    if as_json:
        echo_json(report)
        return
    click.echo(f"Decayed {report['memories']} memories to {format_time(env.now)}.")
    if report["archived"]:
        click.echo(f"Archived {len(report['archived'])} to {env.ws.archive_path}: {', '.join(report['archived'])}")
    elif report["candidates"]:
        click.echo(f"Archive candidates (< {lifecycle.ARCHIVE_BELOW}): {', '.join(report['candidates'])}"
                   " (run `hippocampus archive` to move them)")


@main.command()
@click.option("--archive", is_flag=True, help="Also move memories under 0.2 to memory/archive.md.")
@json_option
@pass_env
def decay(env: Env, archive: bool, as_json: bool) -> None:
    """Apply decay (idempotent: a function of time). Example: hippocampus decay --archive"""
    _decay(env, archive, as_json)


@main.command()
@json_option
@pass_env
def archive(env: Env, as_json: bool) -> None:
    """Move memories under 0.2 to memory/archive.md. Example: hippocampus archive"""
    _decay(env, True, as_json)


def _all_hits(env: Env) -> list[Hit]:
    return by_importance(store.load_index(env.ws).memories, env.now, env.config)


@main.command()
@json_option
@pass_env
def heartbeat(env: Env, as_json: bool) -> None:
    """HEARTBEAT_OK, or the fading memories worth a review. Example: hippocampus heartbeat"""
    hits = _all_hits(env)
    ebb = env.config.curve == lifecycle.EBBINGHAUS
    fading = [h for h in hits if h.effective < (0.3 if ebb else lifecycle.ARCHIVE_BELOW)][:5]
    soon = [h for h in hits if h.effective >= 0.7 and
            lifecycle.days_until_below(h.memory, 0.7, env.now, env.config.curve) <= 7][:3]
    if ebb:
        soon = [h for h in hits if 0.3 <= h.effective < 0.7][:3]
    if as_json:
        echo_json({"ok": not fading and not soon,
                   "fading": [hit_json(h, env.now, env.config.curve) for h in fading],
                   "decaying": [hit_json(h, env.now, env.config.curve) for h in soon]})
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


@main.command(name="list")
@click.option("--tier", type=click.Choice([t for t, _ in lifecycle.TIERS]), help="Only this tier.")
@click.option("--domain", help="Only this domain.")
@click.option("--limit", type=int, help="At most this many.")
@json_option
@pass_env
def list_(env: Env, tier: str | None, domain: str | None, limit: int | None, as_json: bool) -> None:
    """List memories, strongest first. Example: hippocampus list --tier core"""
    hits = [h for h in _all_hits(env) if (not tier or h.tier == tier) and (not domain or h.memory.domain == domain)]
    hits = hits[:limit] if limit is not None else hits
    if as_json:
        echo_json([memory_json(h.memory, env.now, env.config.curve) for h in hits])
    else:
        for h in hits:
            click.echo(line(h.memory, h.effective))


@main.command()
@json_option
@pass_env
def status(env: Env, as_json: bool) -> None:
    """Totals by tier and domain, queue and files. Example: hippocampus status --json"""
    index = store.load_index(env.ws)
    hits = by_importance(index.memories, env.now, env.config)
    tiers = {name: sum(1 for h in hits if h.tier == name) for name, _ in lifecycle.TIERS}
    domains: dict[str, int] = {}
    for h in hits:
        domains[h.memory.domain] = domains.get(h.memory.domain, 0) + 1
    pending, _, _ = store.read_pending_signals(env.ws)
    data = {"workspace": str(env.ws.root), "index": str(env.ws.index_path), "memories": len(hits),
            "tiers": tiers, "domains": domains, "queuedSignals": len(pending), "curve": env.config.curve,
            "lastUpdated": index.last_updated, "decayLastRun": index.decay_last_run}
    if as_json:
        echo_json(data)
        return
    for key, value in data.items():
        click.echo(f"{key}: {value}")


@main.command(name="load-core")
@click.option("--all", "everything", is_flag=True, help="Every core memory, not just the top ones.")
@json_option
@pass_env
def load_core(env: Env, everything: bool, as_json: bool) -> None:
    """Print core memories grouped by domain. Example: hippocampus load-core"""
    from .recall import core_memories
    from .render import load_core_text

    hits = core_memories(env.ws, env.now, env.config, None if everything else env.config.core_limit)
    if as_json:
        echo_json([hit_json(h, env.now, env.config.curve) for h in hits])
    else:
        click.echo(load_core_text(hits), nl=False)


@main.command(name="sync-core")
@pass_env
def sync_core(env: Env) -> None:
    """Write HIPPOCAMPUS_CORE.md for OpenClaw's memory search. Example: hippocampus sync-core"""
    click.echo(f"Wrote {actions.sync_core(env.ws, env.now, env.config)}")


def _read_jsonl(path: Path) -> tuple[dict[str, list[dict[str, Any]]], int]:
    """Messages grouped by session, and how many lines were malformed (skipped, reported)."""
    sessions: dict[str, list[dict[str, Any]]] = {}
    bad = 0
    with open(path, encoding="utf-8", errors="replace") as handle:
        for raw in handle:
            if not raw.strip():
                continue
            try:
                row = json.loads(raw)
            except json.JSONDecodeError:
                bad += 1
                continue
            if not isinstance(row, dict) or not isinstance(row.get("text"), str) or "session" not in row:
                bad += 1
                continue
            sessions.setdefault(str(row["session"]), []).append(row)
    return sessions, bad


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@json_option
@pass_env
def ingest(env: Env, file: Path, as_json: bool) -> None:
    """Import a conversation (JSON Lines: session, id, role, text, timestamp). Example: hippocampus ingest chat.jsonl"""
    sessions, bad = _read_jsonl(file)
    show = sys.stderr.isatty() and not as_json
    with click.progressbar(length=len(sessions), label="Encoding sessions", file=sys.stderr,
                           hidden=not show) as bar:
        report = actions.ingest(env.ws, env.now, env.config, sessions, bar.update)
    report.malformed = bad
    if as_json:
        echo_json(report.to_dict())
    else:
        click.echo(f"Sessions {len(sessions)}: created {len(report.created)}, reinforced "
                   f"{len(report.reinforced)}, skipped {report.skipped}, malformed lines {bad}")


@main.command(name="import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@json_option
@pass_env
def import_(env: Env, file: Path, as_json: bool) -> None:
    """Merge an index.json (v1/v2) or a memory-ebbinghaus memory_db.json. Example: hippocampus import memory_db.json"""
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"{file}: not valid JSON ({exc})") from None
    if not isinstance(data, dict) or not ("items" in data or "memories" in data):
        raise InputError(f"{file}: neither a Hippocampus index nor a memory-ebbinghaus memory_db.json")
    kind = "memory-ebbinghaus" if "items" in data else "hippocampus"

    def change(index: Any) -> list[str]:
        if kind == "hippocampus":
            return actions.import_index(index, data)
        return actions.import_ebbinghaus(index, data, env.now)

    try:
        created = store.update_index(env.ws, change, env.now)
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"{file}: malformed entry ({exc!r}); nothing was imported") from None
    if as_json:
        echo_json({"format": kind, "created": created})
        return
    click.echo(f"Imported {len(created)} memories from {kind} file {file}")
    if kind == "memory-ebbinghaus" and env.config.curve != lifecycle.EBBINGHAUS:
        click.echo("Hint: set `curve: ebbinghaus` in memory/hippocampus.yaml to keep their strengths exactly.")


@main.command()
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), help="File (default stdout).")
@pass_env
def export(env: Env, output: Path | None) -> None:
    """Export every memory as JSON. Example: hippocampus export -o memories.json"""
    text = json.dumps(store.load_index(env.ws).to_dict(), ensure_ascii=False, indent=2) + "\n"
    if output is None:
        click.echo(text, nl=False)
    else:
        store.write_text(output, text)
        click.echo(f"Exported to {output}", err=True)


@main.command()
@click.option("--yes", is_flag=True, help="Do not ask.")
@pass_env
def wipe(env: Env, yes: bool) -> None:
    """Delete every memory, the queue and the log of events. Example: hippocampus wipe --yes"""
    if not yes:
        click.confirm(f"Delete every memory in {env.ws.memory_dir}?", abort=True)
    removed = store.wipe(env.ws, env.now)
    click.echo(f"Wiped {removed} memories.")


@main.command()
@json_option
@pass_env
def encode(env: Env, as_json: bool) -> None:
    """Encode queued signals into memories. Example: hippocampus encode"""
    report = actions.encode_pending(env.ws, env.now, env.config)
    _refresh(env)
    if as_json:
        echo_json(report.to_dict())
    else:
        click.echo(f"Created {len(report.created)}, reinforced {len(report.reinforced)}, "
                   f"skipped {report.skipped}, malformed {report.malformed}")


@main.command()
@json_option
@pass_env
def consolidate(env: Env, as_json: bool) -> None:
    """Merge near-duplicate memories and list fading ones. Example: hippocampus consolidate"""
    report = actions.consolidate(env.ws, env.now, env.config)
    _refresh(env)
    if as_json:
        echo_json(report)
    else:
        click.echo(f"Merged {len(report['merged'])} near-duplicates; {len(report['fading'])} fading.")
        for memory_id in report["fading"]:
            click.echo(f"  fading: {memory_id}")


def iter_commands() -> Iterator[str]:
    """Every command name, for the docs test."""
    yield from sorted(main.commands)


# extra command modules register here
from .cli_dashboard import register as _register_dashboard; _register_dashboard(main)  # noqa: E402,E702,I001
from .cli_install import register as _register_install; _register_install(main)  # noqa: E402,E702,I001
from .cli_hooks import register as _register_hooks; _register_hooks(main)  # noqa: E402,E702,I001


if __name__ == "__main__":
    main()
