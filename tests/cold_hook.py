"""Run one hook entry point as the bridge's cold path starts it (`python hooks/<hook>.py`, see `runPython`
in hooks/index.js), in a fresh interpreter with no PATH, and report every module it loaded and from
where: what the import guards (test_architecture.py) and the cold-start tests (test_cold_start.py) read."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

RUNNER = """
import sys
script, out = sys.argv[1], sys.argv[2]
sys.argv = [script]
with open(script) as handle:
    code = compile(handle.read(), script, "exec")
try:
    exec(code, {"__name__": "__main__", "__file__": script})  # not runpy: it imports typing itself
except SystemExit:
    pass
files = {name: getattr(module, "__file__", None) for name, module in list(sys.modules.items())}
import json  # after the list: the hooks themselves never import it
with open(out, "w") as handle:
    json.dump({"modules": files, "prefix": sys.prefix}, handle)
"""


def run_cold_hook(
    hook: str, payload: dict[str, Any], tmp_path: Path, **env: str
) -> tuple[subprocess.CompletedProcess[str], dict[str, str | None], str]:
    """The finished process, {module: its file} of every module it had imported, and its `sys.prefix`.
    The hook must have exited 0 without failing open. Run from `tmp_path`: `-c` puts the working
    directory first on sys.path, and that must not be the checkout, where the package is."""
    out = tmp_path / "modules.json"
    done = subprocess.run(
        [sys.executable, "-c", RUNNER, str(ROOT / "hooks" / f"{hook}.py"), str(out)],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={"PATH": "", "HOME": str(tmp_path), "HIPPOCAMPUS_NOW": "2026-03-02T09:00:00Z", **env},
    )
    assert done.returncode == 0, done.stderr
    assert "failed open" not in done.stderr, done.stderr
    report = json.loads(out.read_text(encoding="utf-8"))
    return done, report["modules"], report["prefix"]
