"""The hook payload the bridge sends (`{hook, event, ctx, config, workspace}`): is this call the
user's conversation, and which workspace and session is it for.

Payloads are untrusted JSON: every field is checked for its type before use.
"""

from __future__ import annotations

from typing import Any

SKIP_AGENTS = ("hippocampus",)
COUNTED_TRIGGERS = ("user", "manual")
NOT_CONVERSATION = ("cron", "subagent", "heartbeat", "acp")
GROUP_MARKERS = ("group", "channel")


def as_dict(value: Any) -> dict[str, Any]:
    """`value` if it is a JSON object, else an empty one (payloads are untrusted)."""
    return value if isinstance(value, dict) else {}


def strings(value: Any) -> list[str] | None:
    """A list of strings from plugin config, or None when unset or malformed."""
    if isinstance(value, list):
        return [str(v) for v in value]
    return None


def in_scope(payload: dict[str, Any]) -> tuple[bool, str]:
    """Whether this hook call is the user's conversation, and why not when it is not."""
    ctx = as_dict(payload.get("ctx"))
    config = as_dict(payload.get("config"))
    agent = str(ctx.get("agentId") or "main")
    if agent in (strings(config.get("excludeAgents")) or list(SKIP_AGENTS)):
        return False, f"agent {agent} excluded"
    agents = strings(config.get("agents"))
    if agents and agent not in agents:
        return False, f"agent {agent} not in scope"
    trigger = ctx.get("trigger")
    if trigger and str(trigger) not in (strings(config.get("triggers")) or list(COUNTED_TRIGGERS)):
        return False, f"trigger {trigger}"
    parts = str(ctx.get("sessionKey") or "").lower().split(":")
    hit = next((p for p in parts[2:] if p in NOT_CONVERSATION), None)
    if hit:
        return False, f"{hit} session"
    if not config.get("groupChats", False) and any(p in GROUP_MARKERS for p in parts[2:]):
        return False, "group chat"
    kind = as_dict(ctx.get("inputProvenance")).get("kind")
    if kind in ("inter_session", "internal_system"):
        return False, f"input from {kind}"
    channels = strings(config.get("channels"))
    channel = ctx.get("channel") or ctx.get("messageProvider")
    if channels and channel and str(channel) not in channels:
        return False, f"channel {channel} not in scope"
    return True, ""


def payload_workspace(payload: dict[str, Any]) -> str:
    """The workspace of a hook call: the plugin's configured one, else the one the bridge resolved,
    else the agent's (`ctx.workspaceDir`), else `store.workspace.workspace_dir`'s rule."""
    config = as_dict(payload.get("config"))
    ctx = as_dict(payload.get("ctx"))
    explicit = next(
        (
            c
            for c in (config.get("workspace"), payload.get("workspace"), ctx.get("workspaceDir"))
            if isinstance(c, str) and c.strip()
        ),
        None,
    )
    from hippocampus.store.workspace import workspace_dir

    return workspace_dir(explicit)


def session_of(payload: dict[str, Any]) -> str:
    """The session a hook call belongs to: `ctx.sessionId`, else `ctx.sessionKey`."""
    ctx = as_dict(payload.get("ctx"))
    return str(ctx.get("sessionId") or ctx.get("sessionKey") or "unknown")


def budget_tokens(payload: dict[str, Any], default: int) -> int:
    """The plugin's `budgetTokens` for the injected block, else its older `budgetChars` counted as
    tokens by `views.context`'s rule for Latin text (four characters a token), else `default`."""
    config = as_dict(payload.get("config"))
    tokens, chars = config.get("budgetTokens"), config.get("budgetChars")
    if isinstance(tokens, int) and not isinstance(tokens, bool):
        return tokens
    if isinstance(chars, int) and not isinstance(chars, bool):
        return chars // 4
    return default


def deadline(payload: dict[str, Any]) -> float | None:
    """The payload's `deadline` (epoch milliseconds, set by the bridge for a cold call and by the worker
    for its own) as `time.time()` seconds; None when it has none."""
    value = payload.get("deadline")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
        return float(value) / 1000
    return None
