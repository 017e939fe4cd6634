"""The store cleans itself: the decay job the installer declares archives what faded, and the
thresholds it uses are settings. The job's own argv is run, as a real process, on simulated days."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from freezegun import freeze_time

from hippocampus import maintenance, memories
from hippocampus.core.config import Config, config_from_mapping
from hippocampus.core.model import format_time
from hippocampus.core.vscore import V_THRESHOLD
from hippocampus.errors import InputError
from hippocampus.installer.cron import cron_jobs
from hippocampus.installer.inputs import Observed, Options
from hippocampus.store import index_file, logs
from hippocampus.store.workspace import Workspace

START = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)


def decay_job_argv(workspace: Path, tmp_path: Path) -> list[str]:
    """The decay job's command, as the installer declares it, run with this interpreter."""
    seen = Observed(
        workspace=workspace,
        python=Path(sys.executable),
        venv_exists=True,
        index_exists=True,
        memory_count=0,
        record=None,
    )
    (job,) = [j for j in cron_jobs(Options(skill_dir=tmp_path, with_cron=True), seen) if j.key == "hippocampus:decay"]
    args = job.add_args()
    return list(json.loads(args[args.index("--command-argv") + 1]))


def run_at(argv: list[str], workspace: Path, when: datetime, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "WORKSPACE": str(workspace), "HIPPOCAMPUS_NOW": format_time(when)}
    return subprocess.run([*argv, *extra], capture_output=True, text=True, env=env, timeout=120, check=True)


def test_the_decay_job_archives_unused_memories_and_keeps_used_ones_over_400_days(
    workspace: Path, tmp_path: Path
) -> None:
    ws = Workspace(workspace)
    config = Config()
    used = memories.remember(ws, START, config, "My sister Alma lives in Berlin", importance=0.6)
    unused = [
        memories.remember(ws, START, config, text, importance=0.6)
        for text in ("The old lamp in the hall was blue", "I once tried a pottery class", "The bakery closes at six")
    ]
    argv = decay_job_argv(workspace, tmp_path)
    assert argv[-3:] == ["decay", "--archive", "--backup"], "the declared job backs up, then archives"
    python = [sys.executable, "-m", "hippocampus"]
    for day in range(0, 401, 20):  # the daily job, sampled every 20 days; Alma is asked about each time
        when = START + timedelta(days=day)
        run_at(python, workspace, when, "recall", "sister Alma", "--reinforce")
        run_at(argv, workspace, when)
    kept = [m.id for m in index_file.load_index(ws).memories]
    assert kept == [used.id]
    legacy, archived = logs.archived(ws)
    assert legacy == "" and sorted(m.id for _, m in archived) == sorted(m.id for m in unused)
    text = ws.archive_path.read_text(encoding="utf-8")
    assert sorted(m.id for m in unused) == sorted(i for i in (m.id for _, m in archived) if i in text)
    assert used.id not in text, "archive.md holds what the table holds, and nothing else"
    for memory in unused:
        assert memory.content in text


def test_archive_below_is_a_setting_the_decay_job_applies(workspace: Path) -> None:
    ws = Workspace(workspace)
    kept = memories.remember(ws, START, Config(), "I prefer green tea in the morning", importance=0.6)
    later = START + timedelta(days=30)  # 0.6 × 0.99^30 ≈ 0.44
    assert maintenance.decay(ws, later, Config(), archive=True)["archived"] == []
    strict = config_from_mapping({"archive_below": 0.5})
    with freeze_time(later):  # nothing below reads the clock: the report is the same frozen or not
        report = maintenance.decay(ws, later, strict, archive=True)
    assert report["archived"] == [kept.id] and index_file.load_index(ws).memories == []


def test_the_settings_file_names_the_thresholds(workspace: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    ws = Workspace(workspace)
    ws.memory_dir.mkdir(parents=True, exist_ok=True)
    ws.config_path.write_text("archive_below: 0.3\nvalue_threshold: 0.6\nreflect_threshold: 20\n", encoding="utf-8")
    assert run_cli("status", check=True).returncode == 0
    assert Config().value_threshold == V_THRESHOLD and Config().archive_below == 0.2
    for bad in ({"archive_below": 1.5}, {"value_threshold": float("nan")}, {"reflect_threshold": 0}):
        with pytest.raises(InputError):
            config_from_mapping(bad)


def test_value_threshold_reaches_the_gate_when_the_queue_is_encoded(workspace: Path) -> None:
    from hippocampus.core.capture import raw_signal
    from hippocampus.encoding import encode_pending
    from hippocampus.store import queue

    ws = Workspace(workspace)
    for setting, stored in ((1.0, 0), (0.0, 1)):
        signal = raw_signal("s", f"m{setting}", "Remember that I prefer tea over coffee", START.isoformat())
        assert signal is not None
        queue.append_signals(ws, [signal])
        config = config_from_mapping({"consolidation_gate": True, "value_threshold": setting})
        encode_pending(ws, START, config)
        assert len(index_file.load_index(ws).memories) == stored


def test_decay_rate_is_humanoid_memorys_forgetting_rate_and_the_decay_job_applies_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`decay_rate: 0.05` keeps 0.95 a day instead of 0.99: the same memory fades faster and the
    daily job archives it after 22 days (0.6 × 0.95^22 ≈ 0.194) where the default keeps it 110 (≈ 0.199)."""
    monkeypatch.delenv("HIPPOCAMPUS_NOW", raising=False)
    stores = {}
    for name, settings in (("default", ""), ("fast", "decay_rate: 0.05\n")):
        root = tmp_path / name
        (root / "memory").mkdir(parents=True)
        (root / "memory" / "hippocampus.yaml").write_text(settings, encoding="utf-8")
        stored = memories.remember(Workspace(root), START, Config(), "The bakery closes at six", importance=0.6)
        stores[name] = (root, stored.id)
    python = [sys.executable, "-m", "hippocampus"]

    def shown(name: str, day: int) -> float:
        out = run_at(python, stores[name][0], START + timedelta(days=day), "list", "--json").stdout
        (item,) = json.loads(out)
        return float(item["importance"])

    assert shown("default", 10) == round(0.6 * 0.99**10, 4)
    assert shown("fast", 10) == round(0.6 * 0.95**10, 4)

    def archived_on(name: str, day: int) -> bool:
        """Run the store's own daily job on `day`; whether the memory is now archived (and gone)."""
        root, memory_id = stores[name]
        run_at(decay_job_argv(root, tmp_path), root, START + timedelta(days=day))
        archived = [m.id for _, m in logs.archived(Workspace(root))[1]]
        assert archived in ([], [memory_id])
        assert (index_file.load_index(Workspace(root)).memories == []) == bool(archived)
        return bool(archived)

    # decay is a function of the time since last access, so the job need not run every day in between
    assert not archived_on("fast", 21) and archived_on("fast", 22)
    assert not archived_on("default", 22) and not archived_on("default", 109) and archived_on("default", 110)


@pytest.mark.parametrize("rate", [0, 1, -0.1, 1.5, float("nan"), "fast"])
def test_decay_rate_outside_zero_to_one_is_refused_in_one_line(rate: object) -> None:
    with pytest.raises(InputError) as caught:
        config_from_mapping({"decay_rate": rate})
    assert "decay_rate" in str(caught.value) and "\n" not in str(caught.value)
    assert Config().decay_rate == 0.01 and Config().decay_curve.factor == 0.99


def test_a_decay_run_records_its_rate_so_the_stored_importance_reads_back_with_it(workspace: Path) -> None:
    ws = Workspace(workspace)
    fast = config_from_mapping({"decay_rate": 0.05})
    memories.remember(ws, START, fast, "The bakery closes at six", importance=0.6)
    later = START + timedelta(days=10)
    maintenance.decay(ws, later, fast)
    (stored,) = index_file.load_index(ws).memories  # read without any config: the run's own curve
    assert stored.importance == pytest.approx(0.6 * 0.95**10)
