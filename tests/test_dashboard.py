"""The dashboard without a browser: view model, charts, escaping, workspace files and the command."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import math
import re
import xml.etree.ElementTree as ET
from datetime import timedelta
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from dashboard_fixtures import (
    EMOTIONS,
    HOSTILE,
    MULTILINGUAL,
    NOW,
    REWARDS,
    TINY_PNG,
    hostile_and_multilingual,
    memory,
    seed,
    write_identity,
    write_sisters,
)
from markupsafe import escape

from hippocampus.core import lifecycle
from hippocampus.core.model import Index
from hippocampus.store.workspace import Workspace
from hippocampus.views.context import visible
from hippocampus.views.dashboard import charts
from hippocampus.views.dashboard.page import render_html
from hippocampus.views.dashboard.sisters import amygdala_view, mood, number, text_of, vta_view
from hippocampus.views.dashboard.sources import (
    Identity,
    SisterFile,
    parse_identity_fields,
    read_identity,
    read_sister_file,
    read_sister_files,
)
from hippocampus.views.dashboard.view import build_view, fading_rows
from hippocampus.views.sync import write_dashboard

NO_SISTERS: dict[str, SisterFile] = {}


def view_of(memories: list[Any], curve: lifecycle.Curve = lifecycle.DEFAULT_CURVE, **kw: Any) -> Any:
    return build_view(
        Index(memories=memories),
        kw.get("events", []),
        NOW,
        curve,
        kw.get("identity", Identity()),
        kw.get("sisters", NO_SISTERS),
    )


# ---- IDENTITY.md and avatar ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("- **Name:** Molty\n- **Avatar:** avatars/m.png", {"name": "Molty", "avatar": "avatars/m.png"}),
        ("**Name:** `Nova`\n**Emoji:** 🦞", {"name": "Nova", "emoji": "🦞"}),
        ("- Name: plain value", {"name": "plain value"}),
        ("- **name**: lower case", {"name": "lower case"}),
        ("- **Name:**\n  _(pick something you like)_\n- **Avatar:**\n  _(workspace-relative path)_", {}),
        ("- **Name:**\n  Kiki\n", {"name": "Kiki"}),
        ("- **Name:** 小龙虾\n- **Name:** second", {"name": "小龙虾"}),
        ("no fields at all", {}),
    ],
)
def test_identity_fields(text: str, expected: dict[str, str]) -> None:
    assert parse_identity_fields(text) == expected


def test_identity_missing_is_a_plain_agent(workspace: Path) -> None:
    identity = read_identity(Workspace(workspace))
    assert identity == Identity(name="Agent", avatar=None, emoji="", note="")


def test_avatar_file_named_in_identity_is_embedded(workspace: Path) -> None:
    (workspace / "avatars").mkdir()
    (workspace / "avatars" / "me.png").write_bytes(TINY_PNG)
    write_identity(workspace, "Molty", "avatars/me.png")
    identity = read_identity(Workspace(workspace))
    assert identity.name == "Molty" and identity.emoji == "🦞"
    assert identity.avatar == "data:image/png;base64," + base64.b64encode(TINY_PNG).decode()


def test_avatar_fallback_file_and_refusals(workspace: Path) -> None:
    ws = Workspace(workspace)
    (workspace / "avatar.jpg").write_bytes(b"\xff\xd8\xff\xe0" + b"0" * 20)
    write_identity(workspace, "Url", "https://example.com/a.png")
    identity = read_identity(ws)
    assert identity.avatar is not None and identity.avatar.startswith("data:image/jpeg;base64,")
    assert "never fetches" in identity.note
    write_identity(workspace, "Text", "notes.txt")
    (workspace / "notes.txt").write_text("not an image")
    assert "not an image" in read_identity(ws).note
    write_identity(workspace, "Svg", "data:image/svg+xml;base64,PHN2Zz4=")
    assert "data URI" in read_identity(ws).note
    write_identity(workspace, "Data", "data:image/png;base64," + base64.b64encode(TINY_PNG).decode())
    assert read_identity(ws).avatar == "data:image/png;base64," + base64.b64encode(TINY_PNG).decode()


# ---- sister skills ---------------------------------------------------------------------------


def test_sister_files_missing_ok_and_malformed(workspace: Path) -> None:
    ws = Workspace(workspace)
    assert {s.status for s in read_sister_files(ws).values()} == {"missing"}
    write_sisters(workspace)
    assert read_sister_file(ws, "amygdala").data == EMOTIONS
    write_sisters(workspace, emotional="{not json", reward="[1, 2]")
    broken = read_sister_files(ws)
    assert broken["amygdala"].status == "malformed" and "not valid JSON" in broken["amygdala"].error
    assert broken["vta"].status == "malformed" and "not a JSON object" in broken["vta"].error
    (workspace / "memory" / "reward-state.json").unlink()
    (workspace / "memory" / "reward-state.json").mkdir()
    assert read_sister_file(ws, "vta").status == "malformed"


def test_sister_views_tolerate_wrong_types() -> None:
    weird = SisterFile(
        "amygdala",
        "memory/emotional-state.json",
        "ok",
        {
            "dimensions": {"valence": "high", "arousal": True, "energy": 7, "trust": float("nan")},
            "recentEmotions": "not a list",
        },
    )
    view = amygdala_view(weird)
    values = {d.key: d.value for d in view.dimensions}
    assert values["valence"] is None and values["arousal"] is None and values["trust"] is None
    assert values["energy"] == 7 and [d.fraction for d in view.dimensions if d.key == "energy"] == [1.0]
    assert view.mood == "" and view.recent == []
    vta = vta_view(
        SisterFile(
            "vta",
            "memory/reward-state.json",
            "ok",
            {
                "drive": "lots",
                "seeking": [None, 3, {"x": 1}],
                "recentRewards": [None, 5, {"type": {"a": 1}}],
            },
        )
    )
    assert vta.drive is None and vta.seeking == ["3", '{"x": 1}']
    assert [e.badge for e in vta.recent] == ['{"a": 1}', "—", "—"]
    assert amygdala_view(None).status == "missing" and vta_view(None).install == "clawhub install vta-memory"


@pytest.mark.parametrize(
    ("valence", "arousal", "expected"),
    [
        (0.5, 0.8, "Energized"),
        (0.5, 0.2, "Content"),
        (-0.5, 0.8, "Stressed"),
        (-0.5, 0.1, "Depleted"),
        (None, 0.5, ""),
    ],
)
def test_mood_quadrant(valence: float | None, arousal: float | None, expected: str) -> None:
    assert mood(valence, arousal) == expected


def test_item_text_and_numbers() -> None:
    assert text_of({"what": "x"}) == "x" and text_of("y" * 500).endswith("…") and len(text_of("y" * 500)) == 200
    assert number(True) is None and number(float("inf")) is None and number(3) == 3.0


# ---- charts ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("maximum", "step"), [(0, 1), (1, 0.2), (4, 1), (7, 2), (23, 5), (180, 50), (1000, 200)])
def test_nice_step(maximum: float, step: float) -> None:
    assert charts.nice_step(maximum, 5) == step


@pytest.mark.parametrize(
    ("event", "counts"),
    [
        ({"type": "create", "id": "mem_001"}, (1, 0)),
        ({"type": "reinforce", "id": "mem_001"}, (0, 1)),
        ({"type": "review", "id": "mem_001"}, (0, 1)),
        ({"type": "encode", "created": ["a", "b"], "reinforced": ["c"]}, (2, 1)),
        ({"event": "created", "count": 3}, (3, 0)),
        ({"type": "archive", "id": "mem_001"}, (0, 0)),
        ({"type": "forget"}, (0, 0)),
        ({}, (0, 0)),
    ],
)
def test_event_counts(event: dict[str, object], counts: tuple[int, int]) -> None:
    assert charts.event_counts(event) == counts


def test_activity_counts_events_per_day_and_falls_back_to_created_dates() -> None:
    day = NOW - timedelta(days=2)
    events: list[dict[str, object]] = [
        {"time": day.isoformat(), "type": "create", "id": "a"},
        {"time": day.isoformat(), "type": "reinforce", "id": "a"},
        {"time": NOW.isoformat(), "type": "reinforce", "id": "a"},
        {"time": "garbage", "type": "create"},
        {"time": (NOW - timedelta(days=400)).isoformat(), "type": "create"},
    ]
    days, from_events = charts.count_activity(events, [], NOW, days=7)
    assert from_events and len(days) == 7 and days[-1].day == NOW.date()
    by_day = {d.day: (d.created, d.reinforced) for d in days}
    assert by_day[day.date()] == (1, 1) and by_day[NOW.date()] == (0, 1)
    old = [memory(1, "x", age_days=1.0)]
    days, from_events = charts.count_activity([], old, NOW, days=7)
    assert not from_events and sum(d.created for d in days) == 1


@pytest.mark.parametrize("curve", [lifecycle.Curve(kind) for kind in lifecycle.CURVES])
def test_decay_series_follow_the_lifecycle_formula(curve: lifecycle.Curve) -> None:
    memories = [memory(i, f"m{i}", anchor=0.5 + i / 20, age_days=i) for i in range(1, 9)]
    series = charts.decay_series(memories, NOW, curve, top=5)
    assert len(series) == 5
    now_values = [s.points[0] for s in series]
    assert now_values == sorted(now_values, reverse=True)
    for item in series:
        m = next(x for x in memories if x.id == item.memory_id)
        assert len(item.points) == 91
        for d in (0, 7, 30, 90):
            assert item.points[d] == pytest.approx(lifecycle.effective_importance(m, NOW + timedelta(days=d), curve))
    svg = str(charts.decay_chart(series, curve))
    assert ("fading &lt; 0.3" in svg) == (curve.kind == lifecycle.EBBINGHAUS)
    assert "core ≥ 0.7" in svg and "archive &lt; 0.2" in svg


@pytest.mark.parametrize(
    ("top", "axis", "labels"),
    [
        (0, 1, ["0", "1"]),
        (1, 1, ["0", "1"]),
        (3, 3, ["0", "1", "2", "3"]),
        (9, 10, ["0", "5", "10"]),
        (149, 150, ["0", "50", "100", "150"]),
    ],
)
def test_count_axis_ticks_are_whole_numbers(top: int, axis: int, labels: list[str]) -> None:
    axis_max, ticks = charts._count_ticks(top)
    assert axis_max == axis and [t for _, t in ticks] == labels


def test_histogram_bins_by_tier_and_charts_are_wellformed_svg() -> None:
    values = [0.05, 0.19, 0.2, 0.39, 0.4, 0.69, 0.7, 0.7, 1.0]
    chart = str(charts.importance_histogram(values))
    assert "core <b>3</b>" in chart and "active <b>2</b>" in chart and "archive <b>2</b>" in chart
    days, _ = charts.count_activity([], [], NOW)
    for markup in (chart, str(charts.decay_chart([], lifecycle.DEFAULT_CURVE)), str(charts.activity_chart(days))):
        svg = markup[: markup.index("</svg>") + 6]
        root = ET.fromstring(svg)
        assert root.tag == "svg" and root.find("title") is not None and root.find("desc") is not None


def test_chart_labels_are_escaped() -> None:
    series = charts.decay_series([memory(1, HOSTILE[0])], NOW, lifecycle.DEFAULT_CURVE)
    chart = str(charts.decay_chart(series, lifecycle.DEFAULT_CURVE))
    assert "<script>" not in chart and "&lt;script&gt;" in chart


# ---- view model ------------------------------------------------------------------------------


def test_totals_by_tier_and_domain() -> None:
    memories = [
        memory(1, "a", anchor=0.9),
        memory(2, "b", anchor=0.5, domain="world"),
        memory(3, "c", anchor=0.3, domain="self"),
        memory(4, "d", anchor=0.1, domain="custom"),
    ]
    view = view_of(memories)
    assert view.total == 4
    assert view.tiers == [("core", 1), ("active", 1), ("background", 1), ("archive", 1)]
    assert view.domains == [("user", 1), ("self", 1), ("relationship", 0), ("world", 1), ("custom", 1)]
    assert [r.id for r in view.rows] == ["mem_001", "mem_002", "mem_003", "mem_004"]
    assert view.summary()["tiers"]["core"] == 1


@pytest.mark.parametrize("curve", [lifecycle.Curve(kind) for kind in lifecycle.CURVES])
def test_fading_matches_days_until_below(curve: lifecycle.Curve) -> None:
    memories = [
        memory(1, "leaving core", anchor=0.72),
        memory(2, "safe core", anchor=0.95),
        memory(3, "about to drop", anchor=0.205),
        memory(4, "gone", anchor=0.1),
        memory(5, "middle", anchor=0.55),
    ]
    rows = {f.id: f for f in fading_rows(memories, NOW, curve)}
    for m in memories:
        value = lifecycle.effective_importance(m, NOW, curve)
        threshold = 0.7 if value >= 0.7 else 0.2
        days = lifecycle.days_until_below(m, threshold, NOW, curve)
        assert (m.id in rows) == (days <= 7), m.id
        if m.id in rows:
            assert rows[m.id].days == pytest.approx(days)
            assert f"hippocampus reinforce {m.id}" in rows[m.id].commands
    assert rows["mem_004"].what == "archive candidate"
    assert "hippocampus decay --archive" in rows["mem_004"].commands
    assert list(rows)[-1] == "mem_004"


def test_provenance_time_is_readable() -> None:
    row = view_of([memory(1, "x")]).rows[0]
    assert row.session == "session-1" and row.source_time == "2026-06-15 12:00"


# ---- rendering -------------------------------------------------------------------------------


class TagCollector(HTMLParser):
    """Every start tag and its attributes, as a browser's parser would see them."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def test_hostile_text_is_escaped_everywhere() -> None:
    memories = hostile_and_multilingual()
    sisters = {
        "amygdala": SisterFile("amygdala", "memory/emotional-state.json", "ok", EMOTIONS),
        "vta": SisterFile("vta", "memory/reward-state.json", "ok", REWARDS),
    }
    identity = Identity(name="<img src=y onerror=\"window.__pwned='name'\">Evil", emoji="<b>")
    page = render_html(view_of(memories, identity=identity, sisters=sisters))
    parser = TagCollector()
    parser.feed(page)
    names = [tag for tag, _ in parser.tags]
    assert names.count("script") == 2 and names.count("style") == 1  # the early class switch and the table script
    assert not {"img", "iframe", "a", "textarea"} & set(names)
    assert [attrs for tag, attrs in parser.tags if tag == "link"] == [{"rel": "icon", "href": "data:,"}]
    assert not [(t, a) for t, attrs in parser.tags for a in attrs if a.startswith("on")]
    for text in HOSTILE + MULTILINGUAL:
        assert str(escape(visible(text))) in page, text  # as the injected block: no line separator, no bidi control
    assert str(escape(identity.name)) in page and "{{ 7*7 }}" in page
    assert str(escape(EMOTIONS["recentEmotions"][1]["trigger"])) in page  # type: ignore[index]


def test_no_url_and_csp_allows_only_the_shipped_script_and_style() -> None:
    page = render_html(view_of(hostile_and_multilingual()))
    found = re.findall(r"(?:https?|wss?|ftp)://[^\s\"'<>]*", page)
    assert found and all("example.invalid" in url for url in found), found  # only the memories' own text
    parser = TagCollector()
    parser.feed(page)
    assert not [(t, a) for t, a in parser.tags if any(v and "://" in v for v in a.values())]
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert csp is not None
    policy = html.unescape(csp.group(1))
    assert "default-src 'none'" in policy and "img-src data:" in policy and "unsafe" not in policy
    scripts = re.findall(r"<script>(.*?)</script>", page, re.DOTALL)
    styles = re.findall(r"<style>(.*?)</style>", page, re.DOTALL)
    assert len(scripts) == 2 and len(styles) == 1
    for body in scripts + styles:
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in policy


def test_empty_store_renders() -> None:
    page = render_html(view_of([]))
    assert "No memories yet" in page and 'data-count="total">0<' in page
    assert "no memories yet" in page  # the decay chart says so too


def test_ebbinghaus_shows_bands() -> None:
    page = render_html(view_of([memory(1, "x", anchor=0.9)], curve=lifecycle.Curve(lifecycle.EBBINGHAUS)))
    assert "exp(−days / stability)" in page and "core · active" in page


def test_rows_carry_sortable_data() -> None:
    page = render_html(view_of([memory(1, "x", anchor=0.9, reinforced=3)]))
    row = re.search(r'<tr class="mem"[^>]*>', page)
    assert row is not None
    attrs = dict(re.findall(r'data-([a-z]+)="([^"]*)"', row.group(0)))
    assert attrs["id"] == "mem_001" and attrs["tier"] == "core" and attrs["times"] == "3"
    assert math.isclose(float(attrs["eff"]), 0.9) and int(attrs["last"]) == int(NOW.timestamp())


# ---- writing and the command -----------------------------------------------------------------


def test_write_dashboard_uses_the_store_and_config(workspace: Path) -> None:
    ws = seed(workspace, [memory(1, "我喜欢绿茶", anchor=0.9)])
    (workspace / "memory" / "hippocampus.yaml").write_text("curve: ebbinghaus\n")
    path = write_dashboard(ws, NOW)
    assert path == workspace / "brain-dashboard.html"
    page = path.read_text(encoding="utf-8")
    assert "我喜欢绿茶" in page and "exp(−days / stability)" in page
    assert not list(workspace.glob(".brain-dashboard*.tmp"))


def test_command_writes_the_page_and_reports(run_cli: Any, workspace: Path) -> None:
    seed(workspace, hostile_and_multilingual())
    env = {"HIPPOCAMPUS_NOW": NOW.isoformat()}
    result = run_cli("dashboard", env=env)
    assert result.returncode == 0, result.stderr
    assert "brain-dashboard.html" in result.stdout and (workspace / "brain-dashboard.html").exists()
    out = workspace / "elsewhere" / "d.html"
    result = run_cli("dashboard", "--json", "--output", str(out), env=env)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["path"] == str(out) and out.exists() and summary["memories"] == 10
    assert summary["sisters"] == {"amygdala": "missing", "vta": "missing"}
    other = workspace.parent / "other"
    other.mkdir()
    result = run_cli("--workspace", str(other), "dashboard", "--json")
    assert result.returncode == 0 and json.loads(result.stdout)["memories"] == 0
    assert (other / "brain-dashboard.html").exists()


def test_command_fails_cleanly_on_a_corrupt_index(run_cli: Any, workspace: Path) -> None:
    (workspace / "memory").mkdir()
    (workspace / "memory" / "index.json").write_text("{broken")
    result = run_cli("dashboard")
    assert result.returncode == 1 and "index.json" in result.stderr and "Traceback" not in result.stderr
    assert not (workspace / "brain-dashboard.html").exists()


def test_broken_sister_files_never_break_the_page(workspace: Path) -> None:
    ws = seed(workspace, [memory(1, "x")])
    write_sisters(workspace, emotional="\x00\xff garbage", reward='{"drive": [1], "seeking": 5}')
    page = write_dashboard(ws, NOW).read_text(encoding="utf-8")
    assert "Could not read" in page and 'data-status="malformed"' in page and 'data-status="ok"' in page


def test_an_insight_links_to_its_evidence_rows_and_only_to_current_ones() -> None:
    from dataclasses import replace

    from hippocampus.core.model import Source
    from hippocampus.views.dashboard.page import anchor_of

    fact, knee, plain = memory(1, "Dana ran before breakfast"), memory(2, "Dana's knee ached"), memory(4, "tea")
    gone = 'mem_9"><img src=x onerror="window.__pwned=1">'
    insight = replace(
        memory(3, "Dana runs through knee pain", category="insight"),
        sources=[Source("reflection", i, NOW.isoformat(), "reflection") for i in (fact.id, knee.id, gone)],
    )
    page = render_html(view_of([fact, knee, plain, insight]))
    parser = TagCollector()
    parser.feed(page)
    links = [attrs["href"] for tag, attrs in parser.tags if tag == "a"]
    assert links == ["#m-mem_001", "#m-mem_002"], "the evidence still current is linked, nothing else"
    anchored = {attrs["data-id"]: attrs.get("id") for tag, attrs in parser.tags if tag == "tr" and "data-id" in attrs}
    assert anchored == {fact.id: "m-mem_001", knee.id: "m-mem_002", plain.id: None, insight.id: None}
    assert '<a class="ev" href="#m-mem_001">cites <code>mem_001</code></a>' in page
    assert f"cites <code>{escape(gone)}</code> (no longer current)" in page
    assert "<img" not in page
    assert re.fullmatch(r"m-[A-Za-z0-9_-]+", anchor_of(gone)) and anchor_of("mem_001") == "m-mem_001"
    assert anchor_of("mem_1.5") != anchor_of("mem_1_5")


def test_the_page_names_the_configured_forgetting_rate() -> None:
    fast = lifecycle.Curve(lifecycle.EXPONENTIAL, 0.05)
    page = render_html(view_of([memory(1, "x", anchor=0.9, age_days=10)], curve=fast))
    assert "decay <code>0.95^days</code>" in page and "curve 0.95^days" in page
    assert "0.99^days" not in page


def test_control_characters_bidi_and_lone_surrogates_never_reach_the_page(tmp_path: Path) -> None:
    """What a hook's input can carry (a JSON string may hold a lone surrogate: the injection records, a
    sister skill's file) is dropped from the page as `oneline` drops it from the injected block; the words
    around it stay. The page must also encode as UTF-8, which a lone surrogate would stop."""
    import dataclasses
    from datetime import datetime, timezone

    from hippocampus import memories
    from hippocampus.core.config import Config
    from hippocampus.views import sync

    ws = Workspace(tmp_path)
    now = datetime(2026, 3, 1, tzinfo=timezone.utc)
    memories.remember(ws, now, Config(), "My locker code word is Quillbarrow")
    view = sync.dashboard_view(ws, now, Config())
    text = "My locker code word is Quillbarrow\x07\x1b[31m red\u202e reversed\u2028next\ud800 end"
    view = dataclasses.replace(
        view, rows=[dataclasses.replace(view.rows[0], content=text)], agent_name="Ag\x00ent\udfff"
    )
    page = render_html(view)
    page.encode("utf-8")
    assert "Quillbarrow" in page and "reversed" in page and " end" in page and "Ag ent" in page
    bad = [c for c in page if (ord(c) < 32 and c not in "\n\t\r") or 0x7F <= ord(c) <= 0x9F or c in "\u202e\u2028"]
    assert bad == [] and not any(0xD800 <= ord(c) <= 0xDFFF for c in page)
