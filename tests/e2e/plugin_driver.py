"""Drive `hooks/index.js` under Node with a stand-in plugin API: the one harness the bridge tests share.

A driver script imports the plugin, registers it against `API` (unless NO_REGISTER is set: a body that
registers on its own terms), and runs a test's own body, which sees `api`, `handlers` (name -> {handler,
opts}) and `ctx`; it prints one JSON line last, which `run` returns.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
INDEX = json.dumps((ROOT / "hooks" / "index.js").as_uri())

API = """
const handlers = {};
const api = {
  pluginConfig: JSON.parse(process.env.CFG), config: {},
  runtime: { config: { current: () => ({}) }, agent: { resolveAgentWorkspaceDir: () => process.env.WS } },
  on: (name, handler, opts) => { handlers[name] = { handler, opts }; },
};
if (!process.env.NO_REGISTER) plugin.register(api);
const ctx = JSON.parse(process.env.CTX);
"""


def default_ctx(workspace: Path) -> dict[str, Any]:
    """The hook context OpenClaw passes for a user turn of the main agent."""
    return {
        "agentId": "main",
        "sessionKey": "agent:main:main",
        "sessionId": "s1",
        "workspaceDir": str(workspace),
        "trigger": "user",
    }


def run(
    openclaw_path: str,
    workspace: Path,
    imports: str,
    body: str,
    config: dict[str, Any],
    env: dict[str, str],
    ctx: dict[str, Any] | None = None,
    timeout: int = 120,
) -> dict[str, Any]:
    """Run `imports` (which must bind `plugin`), the stand-in API, then `body`; the last stdout line as JSON."""
    script = f"import {imports} from {INDEX};\n{API}\n{body}"
    full_env = {
        **os.environ,
        "PATH": openclaw_path,
        "CFG": json.dumps(config),
        "CTX": json.dumps(ctx if ctx is not None else default_ctx(workspace)),
        "WS": str(workspace),
        "HIPPOCAMPUS_NOW": "2026-03-01T10:00:00Z",
        **env,
    }
    proc = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        env=full_env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=True,
    )
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))
