(function () {
  "use strict";
  var root = document.documentElement;

  var tabs = document.getElementById("tabs");
  var panels = document.querySelectorAll(".panel");
  function showTab(name) {
    tabs.querySelectorAll("button[data-tab]").forEach(function (b) {
      b.setAttribute("aria-selected", String(b.getAttribute("data-tab") === name));
    });
    panels.forEach(function (p) { p.hidden = p.getAttribute("data-panel") !== name; });
  }
  tabs.hidden = false;
  tabs.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-tab]");
    if (button) { showTab(button.getAttribute("data-tab")); }
  });
  showTab("memory");

  var tbody = document.getElementById("memory-rows");
  if (!tbody) { root.setAttribute("data-ready", "1"); return; }

  var items = Array.prototype.map.call(tbody.rows, function (tr) {
    var d = tr.dataset;
    return { tr: tr, id: d.id, eff: +d.eff, tier: d.tier, domain: d.domain, last: +d.last,
             times: +d.times, created: +d.created, text: null };
  });
  var state = { words: [], tier: "", domain: "", key: "eff", dir: -1, size: 50, page: 0 };
  var shown = items;
  var el = function (id) { return document.getElementById(id); };
  var status = el("p-status"), prev = el("p-prev"), next = el("p-next");
  var collator = new Intl.Collator(undefined, { numeric: true });

  function textOf(item) {
    if (item.text === null) { item.text = item.tr.textContent.toLowerCase(); }
    return item.text;
  }
  function matches(item) {
    if (state.tier && item.tier !== state.tier) { return false; }
    if (state.domain && item.domain !== state.domain) { return false; }
    for (var i = 0; i < state.words.length; i++) {
      if (textOf(item).indexOf(state.words[i]) < 0) { return false; }
    }
    return true;
  }
  function compare(a, b) {
    var k = state.key, r;
    if (k === "id") { r = collator.compare(a.id, b.id); } else { r = a[k] - b[k]; }
    return r !== 0 ? r * state.dir : collator.compare(a.id, b.id);
  }
  function render() {
    var pages = Math.max(1, Math.ceil(shown.length / state.size));
    state.page = Math.min(Math.max(0, state.page), pages - 1);
    var start = state.page * state.size, end = Math.min(shown.length, start + state.size);
    var frag = document.createDocumentFragment();
    for (var i = start; i < end; i++) { frag.appendChild(shown[i].tr); }
    tbody.replaceChildren(frag);
    var filtered = shown.length === items.length ? "" : " (filtered from " + items.length + ")";
    status.textContent = shown.length
      ? "Memories " + (start + 1) + "–" + end + " of " + shown.length + filtered + " · page " + (state.page + 1) + " of " + pages
      : "No memory matches" + filtered + ".";
    prev.disabled = state.page === 0;
    next.disabled = state.page >= pages - 1;
    document.querySelectorAll("th[data-sort]").forEach(function (th) {
      if (th.getAttribute("data-sort") === state.key) {
        th.setAttribute("aria-sort", state.dir < 0 ? "descending" : "ascending");
      } else { th.removeAttribute("aria-sort"); }
    });
  }
  function apply() {
    shown = items.filter(matches);
    shown.sort(compare);
    state.page = 0;
    render();
  }
  function setSort(key, dir) {
    state.key = key; state.dir = dir;
    var select = el("f-sort"), value = key + ":" + (dir < 0 ? "desc" : "asc");
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === value) { select.selectedIndex = i; }
    }
    apply();
  }

  var timer = 0;
  el("f-text").addEventListener("input", function (event) {
    clearTimeout(timer);
    timer = setTimeout(function () {
      state.words = event.target.value.toLowerCase().split(/\s+/).filter(Boolean);
      apply();
    }, 120);
  });
  el("f-tier").addEventListener("change", function (event) { state.tier = event.target.value; apply(); });
  el("f-domain").addEventListener("change", function (event) { state.domain = event.target.value; apply(); });
  el("f-sort").addEventListener("change", function (event) {
    var parts = event.target.value.split(":");
    setSort(parts[0], parts[1] === "asc" ? 1 : -1);
  });
  el("f-size").addEventListener("change", function (event) { state.size = +event.target.value || 50; apply(); });
  el("controls").addEventListener("submit", function (event) { event.preventDefault(); });
  prev.addEventListener("click", function () { state.page -= 1; render(); });
  next.addEventListener("click", function () { state.page += 1; render(); });
  document.querySelectorAll("th[data-sort]").forEach(function (th) {
    th.tabIndex = 0;
    var toggle = function () {
      var key = th.getAttribute("data-sort");
      setSort(key, state.key === key ? -state.dir : -1);
    };
    th.addEventListener("click", toggle);
    th.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(); }
    });
  });
  el("controls").hidden = false;
  el("pager").hidden = false;
  apply();
  root.classList.add("paged");
  root.setAttribute("data-ready", "1");
})();
