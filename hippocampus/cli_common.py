"""What every `hippocampus` command shares: the environment object and the JSON and text forms."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import click

from . import actions, lifecycle, store
from .config import Config
from .model import Memory
from .search import Hit

CONTEXT = {"help_option_names": ["-h", "--help"]}


@dataclass
class Env:
    """What every command needs: the workspace, the time and the settings."""

    ws: store.Workspace
    now: datetime
    config: Config


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



pass_env = click.make_pass_decorator(Env)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")


def refresh(env: Env) -> None:
    """After encode/decay/consolidate: re-sync HIPPOCAMPUS_CORE.md and the dashboard."""
    for warning in actions.refresh_views(env.ws, env.now, env.config):
        click.echo(f"warning: {warning}", err=True)

