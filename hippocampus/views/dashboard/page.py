"""The dashboard page: one self-contained HTML file rendered from a `DashboardView` (jinja2, autoescaped).

Pure but for reading the shipped templates; `views.write_dashboard` reads the store and writes the file.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from markupsafe import Markup, escape

from hippocampus.core.lifecycle import (
    EBBINGHAUS,
)
from hippocampus.core.tokens import STOPWORDS
from hippocampus.views.context import FENCE_NOTE, visible
from hippocampus.views.dashboard.history import MemoryHistory
from hippocampus.views.dashboard.view import FADING_OPEN, DashboardView, MemoryRow

if TYPE_CHECKING:
    from jinja2 import Environment


_ROW = (
    '<tr class="mem"{anchor} data-id="{id}" data-eff="{eff:.4f}" data-tier="{tier}" data-domain="{domain}"'
    ' data-last="{last}" data-times="{times}" data-created="{created}" data-cat="{category}">'
    '<td class="c">{content}<br>'
    '<code>{id}</code>{history}</td><td>{domain}</td><td>{category}</td><td class="n">{eff:.2f}</td><td class="tier">'
    '<i class="dot t-{tier}"></i>{tier}{band}</td><td class="n">{last_accessed}</td>'
    '<td class="n">×{times}</td><td class="p">{prov}</td></tr>\n'
)
"""One table row; short class names because this is repeated for every memory (10,000 rows ≈ 4 MB)."""


def anchor_of(memory_id: str) -> str:
    """The row anchor of a memory cited as evidence: `m-` and its id, any character but ASCII letters,
    digits, `_` and `-` written as `-hex-`, so it is the same in the row's `id` and the link's `#fragment`
    and never needs escaping."""
    return "m-" + "".join(c if c.isascii() and (c.isalnum() or c in "_-") else f"-{ord(c):x}-" for c in memory_id)


def history_html(history: MemoryHistory | None) -> str:
    """A memory's history as a closed `<details>` in its cell: each source (where, when, who, the message as
    said; the raw session id in a tooltip), reinforcements and what it superseded. Escaped field by field."""
    if history is None:
        return ""
    items = []
    for number, s in enumerate(history.sources):
        role = "created" if number == 0 else "reinforced"
        who = f" · {escape(s.speaker)}" if s.speaker else ""
        said = f"<q>{escape(s.text)}</q>" if s.text else ""
        if s.cites:  # an insight's evidence: a link to the cited memory's row while it is current
            cited = f"cites <code>{escape(s.cites)}</code>"
            evidence = f'<a class="ev" href="#{anchor_of(s.cites)}">{cited}</a>'
            said = f" {evidence}" if s.cited_current else f" {cited} (no longer current)"
        items.append(
            f'<li class="src"><span class="w" title="session {escape(s.session)}">{role} · {escape(s.origin)}'
            f" · {escape(s.when)}{who}</span>{said}</li>"
        )
    if history.hidden_sources:
        items.append(f"<li>…and {history.hidden_sources} more sources</li>")
    for link in history.supersedes:
        items.append(
            f'<li class="sup">superseded <code>{escape(link.id)}</code> at {escape(link.when)}: '
            f"<s>{escape(link.content)}</s></li>"
        )
    summary = f"history · {len(history.sources) + history.hidden_sources} source(s) · reinforced ×{history.reinforced}"
    if history.supersedes:
        summary += f" · updated {len(history.supersedes)}"
    return f'<details class="hist"><summary>{summary}</summary><ul>{"".join(items)}</ul></details>'


def rows_html(rows: Sequence[MemoryRow], show_band: bool) -> Markup:
    """The memory table's rows, escaped field by field.

    Built here rather than in the template because it is the one loop that runs 10,000
    times; a format string is several times faster than jinja2 for it.
    """
    parts = []
    for r in rows:
        prov = "—"
        if r.session:
            prov = (
                f'<span title="session {escape(r.session)}">{escape(r.origin)}</span>'
                f'<br><span class="t">{escape(r.source_time)}</span>'
            )
            if r.more_sources:
                prov += f" (+{r.more_sources})"
        parts.append(
            _ROW.format(
                id=escape(r.id),
                anchor=f' id="{anchor_of(r.id)}"' if r.cited else "",
                eff=r.effective,
                tier=escape(r.tier),
                domain=escape(r.domain),
                last=r.last_epoch,
                times=r.times_reinforced,
                created=r.created_epoch,
                content=escape(r.content),
                history=history_html(r.history),
                category=escape(r.category),
                band=f" · {r.band}" if show_band else "",
                last_accessed=escape(r.last_accessed),
                prov=prov,
            )
        )
    return Markup("".join(parts))  # noqa: S704 - built only from escaped parts and our own static files


@lru_cache(maxsize=1)
def _environment() -> Environment:
    """The jinja2 environment: package templates, autoescaping, undefined names are errors."""
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

    env = Environment(
        loader=PackageLoader("hippocampus.views.dashboard", "templates"),
        autoescape=select_autoescape(["html", "j2"], default_for_string=True, default=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["pct"] = lambda value: f"{value * 100:.0f}"
    env.filters["days"] = lambda value: "never" if math.isinf(value) else f"{value:.1f}"
    return env


EARLY_SCRIPT = "document.documentElement.classList.add('js')"
"""Runs in <head>, so the CSS can hide rows past the first page before the browser lays out 10,000 of them."""


def _csp_hash(text: str) -> str:
    """The CSP source allowing exactly this inline script or style."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def _static(name: str) -> tuple[Markup, str]:
    """A static asset's text (trusted, shipped with the package) and its CSP sha256 source."""
    env = _environment()
    assert env.loader is not None
    text = env.loader.get_source(env, name)[0]
    return Markup(text), _csp_hash(text)  # noqa: S704 - built only from escaped parts and our own static files


def scrubbed(value: Any) -> Any:
    """`value` with every string in it (through dataclasses, lists, tuples and dicts) `visible`: no
    control, bidi or zero-width character and no lone surrogate from a hook's input reaches the page."""
    if isinstance(value, Markup):
        return Markup(visible(str(value)))  # noqa: S704 - already escaped; dropping characters adds no markup
    if isinstance(value, str):
        return visible(value)
    if isinstance(value, (list, tuple)):
        return type(value)(scrubbed(v) for v in value)
    if isinstance(value, dict):
        return {scrubbed(k): scrubbed(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.replace(
            value, **{f.name: scrubbed(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init}
        )
    return value


def render_html(view: DashboardView) -> str:
    """Render the view into the page; script and style are allowed by hash in its Content-Security-Policy.
    Every text is `scrubbed` first."""
    view = scrubbed(view)
    script, script_hash = _static("dashboard.js")
    style, style_hash = _static("dashboard.css")
    template = _environment().get_template("dashboard.html.j2")
    rows = rows_html(view.rows, view.curve.kind == EBBINGHAUS)
    return template.render(
        v=view,
        rows=rows,
        open_fading=FADING_OPEN,
        script=script,
        style=style,
        early=Markup(EARLY_SCRIPT),  # noqa: S704 - our own constant script
        script_hash=f"{_csp_hash(EARLY_SCRIPT)} {script_hash}",
        style_hash=style_hash,
        fence_note=FENCE_NOTE,
        stopwords=" ".join(sorted(STOPWORDS)),
    )
