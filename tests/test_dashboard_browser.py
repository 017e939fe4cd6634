"""The dashboard in real headless Chromium: payloads stay text, nothing is fetched, counts match the store.

Chromium is driven over the DevTools pipe (tests/chromium_cdp.py). Screenshots land in
tests/artifacts/ (gitignored) for a human to look at.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from chromium_cdp import Browser, Page, find_chromium
from dashboard_fixtures import (
    EMOTIONS,
    HOSTILE,
    MULTILINGUAL,
    NOW,
    REWARDS,
    gradient_png,
    hostile_and_multilingual,
    large,
    memory,
    seed,
    write_identity,
    write_sisters,
)

from hippocampus.core import lifecycle
from hippocampus.store import index_file
from hippocampus.store.workspace import Workspace
from hippocampus.views.context import visible
from hippocampus.views.sync import write_dashboard

pytestmark = pytest.mark.browser
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
HOSTILE_NAME = "<img src=y onerror=\"window.__pwned='name'\">Molty 🦞"
PAGE_ANNOTATIONS = {63171670, 101845102}
"""The traffic annotations of what a page does: a frame's navigation (`navigation_url_loader`, whoever
started it) and a document's fetches (`blink_resource_loader`)."""

PROBE = """(() => {
  const onAttrs = [...document.querySelectorAll('*')].filter(e => [...e.attributes].some(a => /^on/i.test(a.name)));
  const rows = [...document.querySelectorAll('#memory-rows tr.mem')];
  return {
    pwned: window.__pwned === undefined ? null : String(window.__pwned),
    title: document.title,
    scripts: document.scripts.length,
    images: [...document.images].map(i => i.src.slice(0, 22)),
    frames: document.querySelectorAll('iframe, frame, object, embed, link[rel=stylesheet]').length,
    onAttrs: onAttrs.length,
    name: document.getElementById('agent-name').textContent,
    contents: Object.fromEntries(rows.map(r => [r.dataset.id, r.querySelector('td.c').firstChild.data])),
    counts: Object.fromEntries([...document.querySelectorAll('[data-count]')].map(e => [e.dataset.count, +e.textContent])),
    status: (document.getElementById('p-status') || {}).textContent || '',
    visibleRows: rows.length,
    ready: document.documentElement.dataset.ready || null,
  };
})()"""


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    """One headless Chromium for the whole session."""
    executable = find_chromium()
    if executable is None:
        pytest.fail("Chromium not found: apt-get install -y chromium (scripts/test.sh does this)")
    browser = Browser(executable)
    yield browser
    browser.close()


def open_dashboard(browser: Browser, path: Path, **page_options: Any) -> Page:
    """Load the page and, when scripts run, wait for its script to finish."""
    page = browser.new_page(**page_options)
    page.goto(path.as_uri())
    if page_options.get("scripts", True):
        wait_for(page, "document.documentElement.dataset.ready === '1'")
    return page


def wait_for(page: Page, condition: str, timeout: float = 15.0) -> None:
    """Poll a JavaScript condition until it holds."""
    deadline = time.monotonic() + timeout
    while not page.eval(condition):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {condition}")
        time.sleep(0.05)


def assert_offline_and_clean(page: Page, path: Path) -> None:
    """The only request is the page itself, and the console holds no error (CSP violations included)."""
    requests = [url for url in page.requests() if not url.startswith("data:")]
    assert requests == [path.as_uri()], requests
    assert page.console() == []


def expected_counts(ws: Workspace) -> dict[str, int]:
    """Tier and domain totals computed from the store with the lifecycle math, not the dashboard's code."""
    memories = index_file.load_index(ws).memories
    tiers = Counter(lifecycle.tier(lifecycle.effective_importance(m, NOW, lifecycle.DEFAULT_CURVE)) for m in memories)
    domains = Counter(m.domain for m in memories)
    counts = {"total": len(memories)}
    counts.update({f"tier-{name}": tiers.get(name, 0) for name, _ in lifecycle.TIERS})
    counts.update({f"domain-{name}": n for name, n in domains.items()})
    return counts


def test_hostile_chinese_and_emoji_text_shows_as_text_and_runs_nothing(chromium: Browser, workspace: Path) -> None:
    memories = hostile_and_multilingual()
    ws = seed(workspace, memories)
    write_identity(workspace, HOSTILE_NAME)
    write_sisters(workspace)
    path = write_dashboard(ws, NOW)
    page = open_dashboard(chromium, path)
    seen = page.eval(PROBE)
    assert seen["pwned"] is None
    assert seen["title"] == f"{HOSTILE_NAME} · Brain dashboard"
    assert seen["scripts"] == 2 and seen["images"] == [] and seen["frames"] == 0 and seen["onAttrs"] == 0
    assert seen["name"] == HOSTILE_NAME
    # shown as `visible` gives it (issue 27): control and line-separator characters as spaces
    assert seen["contents"] == {m.id: visible(m.content) for m in memories}
    page.eval("document.querySelector('[data-tab=emotions]').click()")
    emotions = page.eval(
        "[getComputedStyle(document.getElementById('panel-emotions')).display,"
        " document.getElementById('amygdala').innerText]"
    )
    assert emotions[0] != "none" and EMOTIONS["recentEmotions"][1]["trigger"] in emotions[1]  # type: ignore[index]
    page.eval("document.querySelector('[data-tab=drive]').click()")
    drive = page.eval("document.getElementById('vta').innerText")
    assert REWARDS["anticipating"][0] in drive  # type: ignore[index]
    assert page.eval("window.__pwned === undefined") is True
    assert_offline_and_clean(page, path)
    page.close()


def test_counts_match_the_store_and_the_table_sorts_filters_and_pages(chromium: Browser, workspace: Path) -> None:
    memories, events = large(180)
    ws = seed(workspace, memories, events=events)
    path = write_dashboard(ws, NOW)
    page = open_dashboard(chromium, path)
    seen = page.eval(PROBE)
    expected = expected_counts(ws)
    assert {k: v for k, v in seen["counts"].items() if v or k in expected} == expected
    assert seen["visibleRows"] == 50 and seen["status"].startswith("Memories 1–50 of 180")
    ids = page.eval("[...document.querySelectorAll('#memory-rows tr')].map(r => +r.dataset.eff)")
    assert ids == sorted(ids, reverse=True)
    page.eval("document.getElementById('p-next').click()")
    assert page.eval("document.getElementById('p-status').textContent").startswith("Memories 51–100 of 180")
    page.eval("{ const t = document.getElementById('f-tier'); t.value = 'core'; t.dispatchEvent(new Event('change')) }")
    core = expected["tier-core"]
    tiers = page.eval("[...document.querySelectorAll('#memory-rows tr')].map(r => r.dataset.tier)")
    assert set(tiers) == {"core"} and len(tiers) == min(core, 50)
    assert f"of {core} (filtered from 180)" in page.eval("document.getElementById('p-status').textContent")
    page.eval(
        "{ const t = document.getElementById('f-tier'); t.value = ''; t.dispatchEvent(new Event('change'));"
        "const f = document.getElementById('f-text'); f.value = 'mem_123'; f.dispatchEvent(new Event('input')) }"
    )
    wait_for(page, "document.querySelectorAll('#memory-rows tr').length === 1")
    assert page.eval("document.querySelector('#memory-rows tr').dataset.id") == "mem_123"
    page.eval("{ const f = document.getElementById('f-text'); f.value = ''; f.dispatchEvent(new Event('input')) }")
    wait_for(page, "document.querySelectorAll('#memory-rows tr').length === 50")
    page.eval("{ const s = document.getElementById('f-size'); s.value = '250'; s.dispatchEvent(new Event('change')) }")
    shown = page.eval("[...document.querySelectorAll('#memory-rows tr')].filter(r => r.offsetHeight > 0).length")
    assert shown == 180 and "Memories 1–180 of 180" in page.eval("document.getElementById('p-status').textContent")
    page.eval("document.querySelector('th[data-sort=times]').click()")
    top = page.eval("+document.querySelector('#memory-rows tr').dataset.times")
    assert top == max(m.times_reinforced for m in memories)
    assert page.eval("document.querySelector('th[data-sort=times]').getAttribute('aria-sort')") == "descending"
    assert_offline_and_clean(page, path)
    page.close()


def test_with_scripts_off_every_memory_is_readable(chromium: Browser, workspace: Path) -> None:
    memories, _ = large(120)
    ws = seed(workspace, memories)
    write_sisters(workspace)
    path = write_dashboard(ws, NOW)
    page = open_dashboard(chromium, path, scripts=False)
    seen = page.eval(PROBE)
    assert seen["ready"] is None and seen["visibleRows"] == 120
    assert seen["counts"]["total"] == 120
    state = page.eval("""[
      getComputedStyle(document.getElementById('controls')).display,
      getComputedStyle(document.getElementById('tabs')).display,
      document.getElementById('noscript-note').innerText,
      getComputedStyle(document.getElementById('panel-drive')).display]""")
    assert state[0] == "none" and state[1] == "none"
    assert "all 120 memories are listed" in state[2] and state[3] != "none"
    assert_offline_and_clean(page, path)
    page.close()


def test_empty_store(chromium: Browser, workspace: Path) -> None:
    path = write_dashboard(Workspace(workspace), NOW)
    page = open_dashboard(chromium, path)
    seen = page.eval(PROBE)
    assert seen["counts"]["total"] == 0 and seen["visibleRows"] == 0 and seen["name"] == "Agent"
    assert "No memories yet" in page.eval("document.getElementById('empty-store').innerText")
    assert page.eval("document.getElementById('tabs') === null && document.getElementById('preview') === null")
    assert_offline_and_clean(page, path)
    page.close()


@pytest.mark.parametrize(
    ("emotional", "reward", "statuses"),
    [
        (EMOTIONS, REWARDS, ("ok", "ok")),
        ("{not json", "[1, 2]", ("malformed", "malformed")),
        ({"dimensions": "calm", "recentEmotions": [None, 3]}, {"drive": "max", "seeking": {"a": 1}}, ("ok", "ok")),
        (None, None, ("missing", "missing")),
    ],
)
def test_sister_skills_present_broken_or_missing(
    chromium: Browser, workspace: Path, emotional: Any, reward: Any, statuses: tuple[str, str]
) -> None:
    ws = seed(workspace, [memory(1, "x")])
    if emotional is not None:
        write_sisters(workspace, emotional, reward)
    path = write_dashboard(ws, NOW)
    page = open_dashboard(chromium, path)
    if statuses == ("missing", "missing"):  # no empty tabs: one line naming both, with their install commands
        absent = page.eval(
            "[document.getElementById('tabs'), document.getElementById('amygdala'), document.getElementById('vta'),"
            " document.getElementById('sisters-absent').innerText,"
            " document.getElementById('sisters-absent').getBoundingClientRect().height]"
        )
        assert absent[:3] == [None, None, None]
        assert "clawhub install amygdala-memory" in absent[3] and "clawhub install vta-memory" in absent[3]
        assert absent[4] < 60  # one line at 1280 px, not two panels
        assert page.eval("getComputedStyle(document.getElementById('panel-memory')).display") != "none"
        assert_offline_and_clean(page, path)
        page.close()
        return
    found = page.eval(
        "[document.getElementById('amygdala').dataset.status, document.getElementById('vta').dataset.status,"
        " document.getElementById('amygdala').textContent, document.getElementById('vta').textContent]"
    )
    assert tuple(found[:2]) == statuses
    assert page.eval("document.getElementById('sisters-absent')") is None
    if statuses[0] == "malformed":
        assert "Could not read" in found[2] and "Could not read" in found[3]
    if emotional == EMOTIONS:
        assert page.eval("document.getElementById('mood').textContent") == "Energized"
        assert page.eval("document.getElementById('drive').textContent") == "72%"
        assert page.eval("document.querySelectorAll('#amygdala .dim').length") == 7
    assert page.eval("document.documentElement.dataset.ready") == "1"
    assert_offline_and_clean(page, path)
    page.close()


def test_screenshots_desktop_dark_and_phone(chromium: Browser, workspace: Path) -> None:
    memories = hostile_and_multilingual()
    extra, events = large(60)
    for m in extra:
        m.id = f"mem_{int(m.id[4:]) + 100:03d}"
    ws = seed(workspace, memories + extra, events=events)
    (workspace / "avatar.png").write_bytes(gradient_png())
    write_identity(workspace, "Molty")
    write_sisters(workspace)
    path = write_dashboard(ws, NOW)
    page = open_dashboard(chromium, path, width=1280, height=2000)
    assert (
        page.eval(
            "document.images.length === 1 && document.images[0].complete && document.images[0].naturalWidth === 96"
        )
        is True
    )
    page.screenshot(ARTIFACTS / "dashboard-desktop.png", full_page=False)
    chromium.send(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": "dark"}]},
        session=page.session,
    )
    page.screenshot(ARTIFACTS / "dashboard-dark.png", full_page=False)
    assert_offline_and_clean(page, path)
    page.close()
    phone = open_dashboard(chromium, path, width=390, height=844, mobile=True)
    assert phone.eval("document.documentElement.scrollWidth") <= 390
    phone.screenshot(ARTIFACTS / "dashboard-phone.png", full_page=True)
    phone.close()
    assert (ARTIFACTS / "dashboard-phone.png").stat().st_size > 10_000


def test_net_log_shows_no_request_from_the_page(workspace: Path, tmp_path: Path) -> None:
    executable = find_chromium()
    assert executable is not None
    ws = seed(workspace, hostile_and_multilingual())
    write_identity(workspace, HOSTILE_NAME, "https://avatars.invalid/me.png")
    write_sisters(workspace)
    path = write_dashboard(ws, NOW)
    control = tmp_path / "control.html"
    control.write_text('<img src="http://control.invalid/pixel.png">', encoding="utf-8")
    log = tmp_path / "net.json"
    browser = Browser(executable, net_log=log)
    try:
        page = open_dashboard(browser, path)
        page.eval(
            "document.querySelector('[data-tab=emotions]').click(); document.querySelector('[data-tab=drive]').click()"
        )
        page.close()
        probe = browser.new_page()
        probe.goto(control.as_uri())  # positive control: a page that does fetch must show up in the log
        probe.close()
    finally:
        browser.close()
    record = json.loads(log.read_text(encoding="utf-8"))
    page, service = _requests_by_origin(record)
    assert page == {"control.invalid"}, f"requests on behalf of a page from disk: {page}"
    hosts = {urlsplit(url).hostname for url in _urls(record)}
    assert hosts - {"control.invalid", None} <= service, f"contacted, but by no request of Chromium's own: {hosts}"


def _requests_by_origin(record: dict[str, Any]) -> tuple[set[str | None], set[str | None]]:
    """The hosts of the net log's URL requests made on behalf of a page, and of those Chromium made for
    itself (account list, search prefetch: which ones varies by build and run, so no list of hosts is
    kept). A request is the page's when its traffic annotation is a page's (`PAGE_ANNOTATIONS`) or its
    network isolation key's top frame is `file://` (every fetch, frame and socket of the dashboard
    carries that key); anything the dashboard navigates to is a navigation. The rest is Chromium's."""
    kinds = {v: k for k, v in record["constants"]["logSourceType"].items()}
    events = {v: k for k, v in record["constants"]["logEventTypes"].items()}
    found: dict[int, dict[str, Any]] = {}
    for event in record["events"]:
        if kinds.get(event["source"]["type"]) != "URL_REQUEST":
            continue
        params, source = event.get("params", {}), found.setdefault(event["source"]["id"], {"hosts": set()})
        if events.get(event["type"]) == "REQUEST_ALIVE":
            source["annotation"] = params.get("traffic_annotation")
        if "url" in params:
            source["hosts"].add(urlsplit(params["url"]).hostname)
        if str(params.get("network_isolation_key", "")).startswith("file://"):
            source["from_disk"] = True
    page: set[str | None] = set()
    service: set[str | None] = set()
    for source in found.values():
        pages = source.get("annotation") in PAGE_ANNOTATIONS or source.get("from_disk", False)
        (page if pages else service).update(source["hosts"])
    return page, service


def _urls(node: Any) -> Iterator[str]:
    """Every `url` value anywhere in a net-log JSON document."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "url" and isinstance(value, str):
                yield value
            else:
                yield from _urls(value)
    elif isinstance(node, list):
        for value in node:
            yield from _urls(value)


def test_ten_thousand_memories_stay_usable(chromium: Browser, workspace: Path) -> None:
    memories, events = large(10_000)
    ws = seed(workspace, memories, events=events)
    path = write_dashboard(ws, NOW)
    page = open_dashboard(chromium, path, width=1280, height=1000)
    seen = page.eval(PROBE)
    assert seen["visibleRows"] == 50 and "of 10000" in seen["status"] and seen["counts"]["total"] == 10_000
    page.eval(
        "{ const f = document.getElementById('f-text'); f.value = 'mem_9999'; f.dispatchEvent(new Event('input')) }"
    )
    wait_for(page, "document.querySelectorAll('#memory-rows tr').length === 1")
    assert_offline_and_clean(page, path)
    page.close()


# ---- what the page explains (issue 13) ----------------------------------------------------------

SESSION = "3f2b8c1e-5d4a-4a2b-9c3d-0123456789ab"


def test_sources_say_where_and_when_and_history_opens(
    chromium: Browser, workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The From column names the channel and agent (from OpenClaw's session store) with a date, the id only
    in a tooltip; a memory's history opens to its sources as said, reinforcements and what it superseded."""
    import sqlite3

    from hippocampus.core.model import Source

    state = tmp_path / "state"
    db = state / "agents" / "main" / "agent" / "openclaw-agent.sqlite"
    db.parent.mkdir(parents=True)
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE session_windows (session_id TEXT, session_key TEXT)")
    conn.execute("INSERT INTO session_windows VALUES (?, ?)", (SESSION, "agent:main:telegram:direct:42"))
    conn.commit()
    conn.close()
    config = {
        "agents": {"defaults": {"workspace": str(workspace)}, "entries": {"main": {"identity": {"name": "Nova"}}}}
    }
    (state / "openclaw.json").write_text(json.dumps(config))
    monkeypatch.setenv("OPENCLAW_STATE_DIR", str(state))
    tea = memory(1, "The user drinks green tea every morning", reinforced=1)
    tea.sources = [
        Source(SESSION, "m1", "2026-06-10T08:00:00Z", "user", "honestly, green tea every morning, never coffee"),
        Source(SESSION, "m2", "2026-06-12T09:30:00Z", "user"),
    ]
    ws = seed(workspace, [tea, memory(2, "The user has a cat")])
    path = write_dashboard(ws, NOW)
    page = open_dashboard(chromium, path)
    assert page.eval("document.title") == "Nova · Brain dashboard"
    cells = page.eval(
        "[...document.querySelectorAll('#memory-rows tr.mem td.p')].map(td => [td.innerText,"
        " td.querySelector('[title]') && td.querySelector('[title]').title])"
    )
    first = dict(zip(["mem_001", "mem_002"], cells, strict=True))["mem_001"]
    assert first[0].startswith("telegram · agent main") and "2026-06-10 08:00" in first[0]
    assert SESSION not in page.eval("document.getElementById('memories').innerText")
    assert first[1] == f"session {SESSION}"
    said = "honestly, green tea every morning, never coffee"
    closed = page.eval("document.querySelector('tr[data-id=mem_001] details.hist').innerText")
    page.eval("document.querySelector('tr[data-id=mem_001] details.hist summary').click()")
    shown = page.eval("document.querySelector('tr[data-id=mem_001] details.hist').innerText")
    assert said not in closed and said in shown  # closed until asked for
    assert "reinforced · telegram · agent main · 2026-06-12 09:30 UTC" in shown
    assert page.eval("document.querySelector('tr[data-id=mem_002] details.hist')") is None
    page.screenshot_element(ARTIFACTS / "dashboard-history.png", "tr[data-id=mem_001]")
    assert_offline_and_clean(page, path)
    page.close()


def type_query(page: Page, text: str) -> str:
    """Type a message into the preview box and return the block it shows ('' when nothing)."""
    page.eval(
        "{ const q = document.getElementById('q-text'); q.value = " + json.dumps(text) + ";"
        " q.dispatchEvent(new Event('input')); }"
    )
    wait_for(page, "document.getElementById('q-status').dataset.query === " + json.dumps(text))
    return str(
        page.eval("document.getElementById('q-block').hidden ? '' : document.getElementById('q-block').textContent")
    )


def test_the_preview_shows_what_would_be_injected_offline(chromium: Browser, workspace: Path) -> None:
    """On a store where words decide, the page's approximation gives the block the real per-turn code
    (`recall.turn_context`) gives for the same query, budget and settings, and says it is approximate."""
    from hippocampus.core.config import Config
    from hippocampus.recall import turn_context
    from hippocampus.store import database
    from hippocampus.views.context import estimate_tokens

    texts = [
        ("The user's sister is called Alma", 0.95, 10.0),
        ("The user works as a luthier in Porto", 0.9, 0.0),
        ("Falcon launch review is on Friday", 0.5, 5.0),
        ("The user's old bike was nicknamed Falcon", 0.65, 1.0),
        ("The user is allergic to peanuts", 0.6, 2.0),
        ("The user prefers window seats on planes", 0.5, 3.0),
        ("<script>window.__pwned='preview'</script> is a falcon test", 0.45, 4.0),
    ]
    from tests.filler import FILLER

    memories = [memory(i + 1, t, anchor=a, age_days=d) for i, (t, a, d) in enumerate(texts)]
    # everyday memories beside them: a match is injected only with evidence judged against the store (issue 25)
    memories += [memory(100 + i, t, anchor=0.3, age_days=i % 7) for i, t in enumerate(FILLER)]
    ws = seed(workspace, memories)
    (workspace / "memory" / "hippocampus.yaml").write_text("inject_budget: 150\n")
    path = write_dashboard(ws, NOW)
    page = open_dashboard(chromium, path)
    config = Config(inject_budget=150)
    assert "approximation of the real ranking" in page.eval("document.getElementById('preview').innerText")
    for query in ("Tell me about the falcon", "any peanuts in this?", "planes and window seats", "zzz"):
        shown = type_query(page, query)
        with database.reading(ws) as conn:
            real = turn_context(conn, query, NOW, config, config.inject_budget)
        assert shown == real, (query, shown, real)
        assert estimate_tokens(shown) <= 150
    assert "Relevant to this message:" not in type_query(page, "zzz") and "Alma" in type_query(page, "zzz")
    assert "Relevant to this message:" in type_query(page, "is the user allergic to peanuts?"), "rare words"
    assert "Relevant to this message:" not in type_query(page, "what does the user prefer?"), "a common one is not"
    assert page.eval("window.__pwned === undefined") is True
    assert_offline_and_clean(page, path)
    page.close()


TOKEN_SAMPLES = [
    "The user's sister isn't called Alma; she prefers preferred preferences",
    "Running, runner, runs, ran: hopping hoped hoping studies studying flies",
    "我喜欢喝绿茶 and 日本語のテキスト 한국어 텍스트 mixed绿茶words",
    "Ich mag Käsespätzle — STRASSE Straße naïve café ﬁ ligatures",
    "don't can't won't shan't we'll they've o'clock rock'n'roll ’quoted’",
    "नमस्ते पसंद है, עִבְרִית, مرحبا بالعالم, ２０２６ numbers 3.14 v1.2.3 #42",
    "organization nationalization happiness hopelessly carefully dependency",
    "🦞🎉 emoji between words, e-mail under_score CamelCase HTTPServer",
]


def test_the_pages_tokenizer_is_the_search_tokenizer(chromium: Browser, workspace: Path) -> None:
    """The preview's words are core/tokens.py's: the JavaScript port gives the same tokens, stems included."""
    from hippocampus.core.tokens import tokenize

    ws = seed(workspace, [memory(1, "x")])
    page = open_dashboard(chromium, write_dashboard(ws, NOW))
    for text in TOKEN_SAMPLES + list(HOSTILE + MULTILINGUAL):
        assert page.eval(f"window.hippocampusTokenize({json.dumps(text)})") == tokenize(text), text
    page.close()


LEGEND_PROBE = """(() => {
  const bad = [];
  document.querySelectorAll('.legend li, .legend li *').forEach(e => {
    if (e.scrollWidth > e.clientWidth + 1 || getComputedStyle(e).textOverflow === 'ellipsis') bad.push(e.textContent);
    const card = e.closest('.card').getBoundingClientRect(), r = e.getBoundingClientRect();
    if (r.right > card.right + 0.5 || r.bottom > card.bottom + 0.5) bad.push('outside: ' + e.textContent);
  });
  document.querySelectorAll('svg.chart').forEach(svg => svg.querySelectorAll('text').forEach(t => {
    const b = t.getBoundingClientRect(), v = svg.getBoundingClientRect();  // rotated labels included
    if (b.left < v.left - 0.5 || b.top < v.top - 0.5 || b.right > v.right + 0.5 || b.bottom > v.bottom + 0.5)
      bad.push('svg: ' + t.textContent);
  }));
  return bad;
})()"""


@pytest.mark.parametrize(("width", "mobile"), [(1280, False), (900, False), (390, True)])
def test_chart_legends_and_labels_are_not_cut_off(chromium: Browser, workspace: Path, width: int, mobile: bool) -> None:
    """Every legend entry shows its whole text inside its card, and every chart label lies inside its SVG."""
    long = "A rather long memory about the Falcon project review meeting on Friday with the whole design team"
    memories = [memory(i + 1, f"{long} #{i}", anchor=0.95 - i * 0.05) for i in range(5)]
    memories += hostile_and_multilingual()
    for number, m in enumerate(memories):
        m.id = f"mem_{number + 1:03d}"
    ws = seed(workspace, memories)
    (workspace / "memory" / "hippocampus.yaml").write_text("curve: ebbinghaus\n")  # the longest axis title
    path = write_dashboard(ws, NOW)
    page = open_dashboard(chromium, path, width=width, height=1200, mobile=mobile)
    assert page.eval(LEGEND_PROBE) == []
    legend = page.eval("[...document.querySelectorAll('#chart-decay .legend li .lt')].map(e => e.innerText)")
    assert legend[0] == f"{long} #0"
    page.screenshot_element(ARTIFACTS / f"dashboard-decay-{width}.png", "#chart-decay")
    page.close()


def test_one_sister_installed_gets_a_tab_the_other_a_line(chromium: Browser, workspace: Path) -> None:
    ws = seed(workspace, [memory(1, "x")])
    write_sisters(workspace)
    (workspace / "memory" / "reward-state.json").unlink()
    path = write_dashboard(ws, NOW)
    page = open_dashboard(chromium, path)
    tabs = page.eval("[...document.querySelectorAll('#tabs button')].map(b => b.dataset.tab)")
    assert tabs == ["memory", "emotions"]
    assert "clawhub install vta-memory" in page.eval("document.getElementById('sisters-absent').innerText")
    page.eval("document.querySelector('[data-tab=emotions]').click()")
    assert page.eval("getComputedStyle(document.getElementById('panel-emotions')).display") != "none"
    assert page.eval("getComputedStyle(document.getElementById('panel-memory')).display") == "none"
    assert_offline_and_clean(page, path)
    page.close()


def test_an_insights_evidence_link_brings_the_cited_row_onto_the_page(chromium: Browser, workspace: Path) -> None:
    """The cited memory is on the last page and hidden by a filter; following the insight's link shows it."""
    from dataclasses import replace

    from hippocampus.core.model import Source

    memories, _ = large(180)
    weakest = min(memories, key=lambda m: lifecycle.effective_importance(m, NOW))
    insight = replace(
        memory(999, "The user keeps an eye on what fades", anchor=1.0, category="insight"),
        sources=[Source("reflection", weakest.id, NOW.isoformat(), "reflection")],
    )
    ws = seed(workspace, [*memories, insight])
    path = write_dashboard(ws, NOW)
    page = open_dashboard(chromium, path)
    visible = f"document.querySelector('#memory-rows tr[data-id={weakest.id}]') !== null"
    page.eval("{ const t = document.getElementById('f-tier'); t.value = 'core'; t.dispatchEvent(new Event('change')) }")
    assert not page.eval(visible)
    page.eval("document.querySelector('tr[data-id=mem_999] details.hist summary').click()")
    page.eval("document.querySelector('tr[data-id=mem_999] a.ev').click()")
    wait_for(page, visible)
    assert page.eval("location.hash") == f"#m-{weakest.id}"
    assert page.eval("document.getElementById('f-tier').value") == ""
    assert page.eval("document.getElementById('p-status').textContent").startswith("Memories 151–181 of 181")
    top = page.eval(f"document.querySelector('tr[data-id={weakest.id}]').getBoundingClientRect().top")
    assert 0 <= top < page.eval("window.innerHeight"), "the browser scrolled to the cited row"
    assert_offline_and_clean(page, path)
    page.close()
