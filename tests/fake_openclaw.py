"""A small stand-in for the `openclaw` CLI (the subset the installer uses), for quick installer tests.

It keeps its config in `$OPENCLAW_STATE_DIR/openclaw.json` and its plugins, jobs and agents in
`$OPENCLAW_STATE_DIR/fake-state.json`, answers like OpenClaw 2026.9.6 does (same error words,
same JSON shapes), and appends every call to `$FAKE_OPENCLAW_LOG`. A Gateway is "reachable"
only when `FAKE_OPENCLAW_GATEWAY=1`; `FAKE_OPENCLAW_LEGACY=1` plays an older version that only
knows `agents.defaults.memorySearch.extraPaths`. The real program is exercised by tests/e2e.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import uuid
from pathlib import Path
from typing import Any

STATE = Path(os.environ["OPENCLAW_STATE_DIR"])
CONFIG = STATE / "openclaw.json"
FAKE = STATE / "fake-state.json"
LEGACY = os.environ.get("FAKE_OPENCLAW_LEGACY") == "1"
ROOTS = ("plugins", "agents.", "talk.", "gateway.", "memory.search.", "meta.")  # "plugins" itself is a valid path too


def load(path: Path, default: Any) -> Any:
    return json.loads(path.read_text()) if path.exists() else default


def save(path: Path, data: Any) -> None:
    STATE.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n")


def fail(message: str, code: int = 1) -> None:
    print(json.dumps({"ok": False, "error": {"type": "cli_error", "message": message}}))
    sys.exit(code)


def known(path: str) -> bool:
    if path in ("memory", "memory.search") or path.startswith("memory.search."):
        return not LEGACY
    if path.startswith("agents.defaults.memorySearch."):
        return LEGACY
    return path.startswith(ROOTS)


def lookup(data: dict[str, Any], path: str) -> Any:
    node: Any = data
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def assign(data: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    node = data
    for part in parents:
        node = node.setdefault(part, {})
    node[last] = value


def remove(data: dict[str, Any], path: str) -> None:
    *parents, last = path.split(".")
    node = lookup(data, ".".join(parents)) if parents else data
    if isinstance(node, dict):
        node.pop(last, None)


def merge(base: Any, patch: Any) -> Any:
    if not isinstance(base, dict) or not isinstance(patch, dict):
        return patch
    out = dict(base)
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = merge(base.get(key), value)
    return out


def flag(args: list[str], name: str) -> str | None:
    return args[args.index(name) + 1] if name in args else None


def need_gateway() -> None:
    if os.environ.get("FAKE_OPENCLAW_GATEWAY") != "1":
        fail("Gateway not reachable: connect ECONNREFUSED 127.0.0.1:18789")


def main(args: list[str]) -> None:
    if os.environ.get("FAKE_OPENCLAW_LOG"):
        with open(os.environ["FAKE_OPENCLAW_LOG"], "a") as log:
            log.write(json.dumps(args) + "\n")
    config: dict[str, Any] = load(CONFIG, {})
    fake: dict[str, Any] = load(FAKE, {"plugins": {}, "jobs": [], "agents": {}})
    before = json.dumps(fake)
    if args == ["--version"]:
        print("OpenClaw 2026.9.6 (fake)")
        return
    group, command, rest = args[0], args[1] if len(args) > 1 else "", args[2:]
    if group == "config":
        if command == "file":
            print(CONFIG)
        elif command == "get":
            if not known(rest[0]):
                fail(f"Unknown config path: {rest[0]}. Run openclaw config schema to inspect valid paths.")
            value = lookup(config, rest[0])
            if value is None:
                fail(f"Config path is valid but unset: {rest[0]}. The runtime default applies.")
            print(json.dumps(value, indent=2))
        elif command == "set":
            if not known(rest[0]):
                fail(f"Unrecognized key: {rest[0]}")
            assign(config, rest[0], json.loads(rest[1]))
            save(CONFIG, config)
        elif command == "unset":
            remove(config, rest[0])
            save(CONFIG, config)
        elif command == "patch":
            patched = merge(config, json.loads(sys.stdin.read()))
            dropped = set(lookup(config, "agents.entries") or {}) - set(lookup(patched, "agents.entries") or {})
            if dropped:
                fail(
                    "Config write would drop agent roster entries without an explicit deletion: "
                    + ", ".join(sorted(dropped))
                    + "."
                )
            save(CONFIG, patched)
        elif command == "validate":
            print(json.dumps({"valid": "invalid" not in config, "path": str(CONFIG), "warnings": []}))
        return
    if group == "plugins":
        if command == "install":
            if "--force" not in rest or "--accept-capabilities" not in rest:
                fail("refusing to install a non-ClawHub plugin without --force --accept-capabilities")
            source = Path(next(a for a in rest if not a.startswith("-")))
            plugin_id = json.loads((source / "openclaw.plugin.json").read_text())["id"]
            target = STATE / "extensions" / plugin_id
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
            fake["plugins"][plugin_id] = {"sourcePath": str(source), "installPath": str(target)}
            assign(config, f"plugins.entries.{plugin_id}.enabled", True)
            save(CONFIG, config)
        elif command == "inspect":
            if rest[0] not in fake["plugins"]:
                fail(f"Plugin not found: {rest[0]}.")
            print(
                json.dumps(
                    {
                        "plugin": {"id": rest[0]},
                        "install": fake["plugins"][rest[0]],
                        "typedHooks": [{"name": "before_prompt_build"}],
                    }
                )
            )
        elif command == "uninstall":
            info = fake["plugins"].pop(rest[0], None)
            if info:
                shutil.rmtree(info["installPath"], ignore_errors=True)
            assign(config, f"plugins.entries.{rest[0]}", {"enabled": False})
            save(CONFIG, config)
    elif group == "cron":
        need_gateway()
        if command == "list":
            print(json.dumps({"jobs": fake["jobs"], "total": len(fake["jobs"])}))
        elif command == "add":
            key = flag(rest, "--declaration-key")
            job = next((j for j in fake["jobs"] if key and j.get("declarationKey") == key), None)
            created = job is None
            if job is None:
                job = {"id": str(uuid.uuid4()), "declarationKey": key}
                fake["jobs"].append(job)
            job.update(
                {
                    "name": flag(rest, "--name"),
                    "schedule": {"kind": "cron", "expr": flag(rest, "--cron")},
                    "argv": json.loads(flag(rest, "--command-argv") or "[]"),
                }
            )
            print(json.dumps({"created": created, "job": job}))
        elif command == "rm":
            fake["jobs"] = [j for j in fake["jobs"] if j["id"] != rest[0]]
            print(json.dumps({"ok": True, "removed": True}))
    elif group == "agents":
        main_ws = str(STATE / "workspace")
        if command == "list":
            rows = [{"id": "main", "workspace": main_ws}]
            rows += [{"id": k, "workspace": v} for k, v in fake["agents"].items()]
            print(json.dumps(rows))
        elif command == "add":
            workspace = Path(flag(rest, "--workspace") or "")
            workspace.mkdir(parents=True, exist_ok=True)
            for name in ("AGENTS.md", "IDENTITY.md", "BOOTSTRAP.md"):
                (workspace / name).write_text(f"default {name}\n")
            fake["agents"][rest[0]] = str(workspace)
            config = merge(
                config,
                {
                    "agents": {
                        "ownership": "explicit",
                        "defaults": {"systemAgent": {"agentId": "main"}, "heartbeat": {"agentId": "main"}},
                        "entries": {"main": {"workspace": main_ws}, rest[0]: {"workspace": str(workspace)}},
                    },
                    "talk": {"agentId": "main"},
                },
            )
            save(CONFIG, config)
            print(json.dumps({"agentId": rest[0], "workspace": str(workspace)}))
        elif command == "delete":
            workspace = fake["agents"].pop(rest[0])
            shutil.rmtree(workspace, ignore_errors=True)
            remove(config, f"agents.entries.{rest[0]}")
            if not fake["agents"]:
                remove(config, "agents.ownership")
            save(CONFIG, config)
            print(json.dumps({"agentId": rest[0], "removed": [{"path": workspace, "method": "trash"}]}))
    if json.dumps(fake) != before:
        save(FAKE, fake)


if __name__ == "__main__":
    main(sys.argv[1:])
