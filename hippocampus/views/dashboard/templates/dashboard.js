(function () {
  "use strict";
  var root = document.documentElement;

  var tabs = document.getElementById("tabs");
  var panels = document.querySelectorAll(".panel");
  function showTab(name) {
    if (tabs) {
      tabs.querySelectorAll("button[data-tab]").forEach(function (b) {
        b.setAttribute("aria-selected", String(b.getAttribute("data-tab") === name));
      });
    }
    panels.forEach(function (p) { p.hidden = p.getAttribute("data-panel") !== name; });
  }
  if (tabs) {
    tabs.hidden = false;
    tabs.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-tab]");
      if (button) { showTab(button.getAttribute("data-tab")); }
    });
  }
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
  // An insight's evidence links to the cited memory's row (id="m-…"): bring that row onto the page
  // (clearing filters that hide it) before the browser follows the link to it.
  function indexOf(anchor) {
    for (var i = 0; i < shown.length; i++) { if (shown[i].tr.id === anchor) { return i; } }
    return -1;
  }
  tbody.addEventListener("click", function (event) {
    var link = event.target.closest("a.ev");
    if (!link) { return; }
    var anchor = link.getAttribute("href").slice(1), at = indexOf(anchor);
    if (at < 0) {
      state.words = []; state.tier = ""; state.domain = "";
      el("f-text").value = ""; el("f-tier").value = ""; el("f-domain").value = "";
      apply();
      at = indexOf(anchor);
    }
    if (at >= 0) { state.page = Math.floor(at / state.size); render(); }
  });
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

  // "What would be injected": an offline approximation of recall.turn_context, from the rendered rows.
  // Words are core/tokens.py's `tokenize`, ported below (stopwords from the page, the same stemmer,
  // CJK unigrams and bigrams; tests/test_dashboard_browser.py checks the two agree). Relevance is FTS5's
  // BM25 over each memory's content, after dropping query words found in more than 10% of memories
  // while rarer ones remain (store/search_cache.py); the score is the recall weights times min-max-
  // normalised relevance, importance and recency (core/ranking.py); a match is kept only with evidence
  // by its words (core/evidence.py: 2 x words searched x e^-BM25 x memories <= 0.5; the page has no
  // vectors, so the meaning side is left out); then the core list (at most a quarter of the budget) and
  // the relevant part are filled within the budget in tokens (views/context.py's estimate). The real
  // search also reads keywords and context.
  var box = el("preview");
  if (box) {
    var cfg = box.dataset;
    var STOP = new Set((cfg.stopwords || "").split(" "));
    var LETTER = "(?:[\\p{L}\\p{N}]|[\\u0300-\\u036f\\u0591-\\u05c7\\u064b-\\u065f\\u0670\\u0900-\\u0dff])";
    var WORD = new RegExp(LETTER + "+(?:['\u2019]" + LETTER + "+)*", "gu");
    var CJK = [[0x1100, 0x11FF], [0x3005, 0x3007], [0x3040, 0x30FF], [0x3130, 0x318F], [0x31F0, 0x31FF],
      [0x3400, 0x4DBF], [0x4E00, 0x9FFF], [0xAC00, 0xD7AF], [0xF900, 0xFAFF], [0xFF66, 0xFF9F], [0x20000, 0x3134F]];
    var SUFFIXES = ["ization", "ation", "ement", "ment", "ness", "less", "ful", "enc", "anc", "abl", "ibl", "ity",
      "ous", "ism", "ist", "al", "ly"];
    var CLITICS = new Set(["s", "re", "ll", "ve", "d", "m"]), NT = { ca: "can", wo: "will", sha: "shall" };
    var isCjk = function (ch) {
      var c = ch.codePointAt(0);
      return c >= 0x1100 && CJK.some(function (r) { return c >= r[0] && c <= r[1]; });
    };
    var ends = function (w, tail) { return w.slice(-tail.length) === tail; };
    var stem = function (w) {
      if (w.length <= 3 || !/^[a-z]+$/.test(w)) { return w; }
      if (ends(w, "sses") || (ends(w, "ies") && w.length > 4)) { w = w.slice(0, -2); }
      else if (ends(w, "s") && !ends(w, "ss") && !ends(w, "us") && !ends(w, "is")) { w = w.slice(0, -1); }
      for (var i = 0; i < 2; i++) {
        var suffix = ["ing", "ed"][i];
        if (ends(w, suffix)) {
          var base = w.slice(0, -suffix.length);
          if (base.length >= 3 && /[aeiouy]/.test(base)) {
            var last = base[base.length - 1];
            if (last === base[base.length - 2] && "aeiouylsz".indexOf(last) < 0) { base = base.slice(0, -1); }
            w = base;
          }
          break;
        }
      }
      if (ends(w, "e") && w.length > 3) { w = w.slice(0, -1); }
      for (var round = 0; round < 2; round++) {
        var cut = SUFFIXES.find(function (x) { return ends(w, x) && w.length - x.length >= (x === "ly" ? 5 : 4); });
        if (!cut) { break; }
        w = w.slice(0, -cut.length);
      }
      if (ends(w, "e") && w.length > 3) { w = w.slice(0, -1); }
      if (ends(w, "y") && w.length > 3 && "aeiou".indexOf(w[w.length - 2]) < 0) { w = w.slice(0, -1) + "i"; }
      return w;
    };
    var splitWord = function (word) {
      word = word.replace(/\u2019/g, "'");
      if (ends(word, "n't")) { var base = word.slice(0, -3); return [NT[base] || base, "not"]; }
      var at = word.indexOf("'");
      return CLITICS.has(word.slice(at + 1)) ? [word.slice(0, at)] : [word.replace(/'/g, "")];
    };
    var fold = function (text) {  // Python's str.casefold: full case folding, as far as JavaScript's Unicode agrees
      if (/^[\u0000-\u007f]*$/.test(text)) { return text.toLowerCase(); }
      return Array.from(text, function (c) {
        var n = c.codePointAt(0);
        if (n === 0x131 || (n >= 0x13a0 && n <= 0x13f5)) { return c; }  // dotless i; Cherokee folds to upper case
        if ((n >= 0x13f8 && n <= 0x13fd) || (n >= 0xab70 && n <= 0xabbf)) { return c.toUpperCase(); }
        return c.toUpperCase().toLowerCase();
      }).join("").replace(/[\u00df\u1e9e]/g, "ss").replace(/\u03c2/g, "\u03c3");
    };
    var scan = function (text) {
      var out = [];
      (fold(text).match(WORD) || []).forEach(function (token) {
        var chars = Array.from(token), start = 0, kind = isCjk(chars[0]);
        for (var i = 1; i < chars.length; i++) {
          if (isCjk(chars[i]) !== kind) { out.push(chars.slice(start, i).join("")); start = i; kind = !kind; }
        }
        out.push(chars.slice(start).join(""));
      });
      return out;
    };
    var tokenize = function (text) {
      var out = [];
      scan(text).forEach(function (word) {
        if (STOP.has(word)) { return; }
        var chars = Array.from(word);
        if (isCjk(chars[0])) {
          chars.forEach(function (ch, i) { out.push(ch); if (i < chars.length - 1) { out.push(ch + chars[i + 1]); } });
        } else if (word.indexOf("'") >= 0 || word.indexOf("\u2019") >= 0) {
          splitWord(word).forEach(function (part) { if (part && !STOP.has(part)) { out.push(stem(part)); } });
        } else { out.push(stem(word)); }
      });
      return out;
    };
    window.hippocampusTokenize = tokenize;  // for the parity test against core/tokens.py
    var docs = null, df = null, avg = 1;
    var index = function () {  // built on the first query, so a 10,000-row page loads as fast as before
      docs = items.map(function (item) {
        var content = item.tr.querySelector("td.c").firstChild.data;
        var freq = new Map(), list = tokenize(content);
        list.forEach(function (w) { freq.set(w, (freq.get(w) || 0) + 1); });
        return { item: item, content: content, cat: item.tr.dataset.cat, freq: freq, len: list.length };
      });
      df = new Map();
      var total = 0;
      docs.forEach(function (d) { total += d.len; d.freq.forEach(function (n, w) { df.set(w, (df.get(w) || 0) + 1); }); });
      avg = docs.length && total ? total / docs.length : 1;
    };
    var normalise = function (values) {
      var lo = Infinity, hi = -Infinity;
      values.forEach(function (x) { lo = Math.min(lo, x); hi = Math.max(hi, x); });
      return values.map(function (x) { return hi > lo ? (x - lo) / (hi - lo) : 1; });
    };
    var flat = function (text) {  // render/context.py's `oneline`
      return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
        .replace(/[\u00ad\u061c\u115f\u1160\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g, "")
        .replace(/[\u003c\uff1c\ufe64\u3008\u27e8\u276e\u2770\u29fc\u3008\u300a\u227a\u22d6\u1438\u02c2]/g, "\u2039").replace(/[\u003e\uff1e\ufe65\u3009\u27e9\u276f\u2771\u29fd\u3009\u300b\u227b\u22d7\u1433\u02c3]/g, "\u203a")
        .split(/\s+/).filter(Boolean).join(" ");
    };
    var size = function (text) { var n = 0; for (var ch of text) { n += 1; } return n; };  // code points, as Python
    var tokens = function (text) {  // views/context.py's estimate_tokens
      var wide = 0, all = 0;
      for (var ch of text) {
        var c = ch.codePointAt(0);
        all += 1;
        if (c >= 0x530 && !(c >= 0x1e00 && c <= 0x1eff) && !(c >= 0x2000 && c <= 0x24ff)) { wide += 1; }
      }
      return wide + Math.ceil((all - wide) / 4);
    };
    var selective = function (words) {
      if (words.length < 2) { return words; }
      var rare = words.filter(function (w) { return (df.get(w) || 0) <= 0.1 * docs.length; });
      return rare.some(function (w) { return df.get(w); }) ? rare : words;
    };
    var preview = function (query) {
      if (docs === null) { index(); }
      var terms = query.trim() ? selective(Array.from(new Set(tokenize(query)))) : [], found = [];
      docs.forEach(function (d) {
        var score = 0;
        terms.forEach(function (w) {
          var tf = d.freq.get(w);
          if (!tf) { return; }
          var n = df.get(w), idf = Math.log((docs.length - n + 0.5) / (n + 0.5));
          score += (idf > 0 ? idf : 1e-6) * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * d.len / avg));
        });
        if (score > 0) { found.push({ d: d, rel: score }); }
      });
      var strays = function (bm25) {  // core/evidence.py: expected unrelated memories matching this well
        return Math.min(1, 2 * Math.min(1, Math.max(1, terms.length) * Math.exp(-bm25))) * docs.length;
      };
      var rel = normalise(found.map(function (f) { return f.rel; }));
      var imp = normalise(found.map(function (f) { return f.d.item.eff; }));
      var rec = normalise(found.map(function (f) {
        return Math.pow(+cfg.recencyPerHour, Math.max(0, +cfg.now - f.d.item.last) / 3600);
      }));
      found.forEach(function (f, i) {
        f.score = +cfg.weightRelevance * rel[i] + +cfg.weightImportance * imp[i] + +cfg.weightRecency * rec[i];
      });
      var byId = function (a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : 0; };
      found.sort(function (a, b) { return b.score - a.score || byId(a.d.item, b.d.item); });
      var abstain = +cfg.injectAbstain !== 0;  // the setting inject_abstain (preview_settings: 1.0 or 0.0)
      var relevant = found.filter(function (f) { return !abstain || (docs.length >= 2 && strays(f.rel) <= 0.5); })
        .slice(0, +cfg.injectRelevant).map(function (f) { return f.d; });
      var core = docs.filter(function (d) { return d.item.eff >= 0.7; })
        .sort(function (a, b) { return b.item.eff - a.item.eff || byId(a.item, b.item); })
        .slice(0, +cfg.coreLimit);
      var head = "<hippocampus-recalled-notes>\n" + cfg.note + "\n";
      var tail = "</hippocampus-recalled-notes>\n", budget = +cfg.injectBudget;
      var room = budget - tokens(head) - tokens(tail);
      var section = function (title, list, space, seen) {  // views/context.py's _section
        var lines = "", used = 0, shown = [];
        list.forEach(function (d) {
          if (seen[d.item.id]) { return; }
          var line = "- [" + flat(d.item.domain) + "/" + flat(d.cat) + "] " + flat(d.content) + "\n";
          var cost = tokens(line) + (lines ? 0 : tokens(title + "\n"));
          if (used + cost > space) { return; }
          seen[d.item.id] = true; shown.push(d); lines += line; used += cost;
        });
        return { lines: lines, used: used, shown: shown };
      };
      var seen = {};
      relevant.forEach(function (d) { seen[d.item.id] = true; });
      var coreDone = section("Core memories:", core, Math.min(room, Math.floor(budget * 0.25)), seen);
      seen = {};
      coreDone.shown.forEach(function (d) { seen[d.item.id] = true; });
      var relDone = section("Relevant to this message:", relevant, room - coreDone.used, seen);
      var body = (relDone.lines ? "Relevant to this message:\n" + relDone.lines : "") +
        (coreDone.lines ? "Core memories:\n" + coreDone.lines : "");
      return { text: body ? head + body + tail : "", count: relDone.shown.length + coreDone.shown.length };
    };
    var qTimer = 0, qBlock = el("q-block"), qStatus = el("q-status");
    var showPreview = function () {
      var query = el("q-text").value, result = preview(query);
      qBlock.textContent = result.text;
      qBlock.hidden = !result.text;
      qStatus.dataset.query = query;
      qStatus.textContent = result.text
        ? result.count + " memories, about " + tokens(result.text) + " of " + (+cfg.injectBudget) + " tokens (approximate)."
        : "Nothing would be injected.";
    };
    el("q-text").addEventListener("input", function () { clearTimeout(qTimer); qTimer = setTimeout(showPreview, 120); });
    el("q-text").form && el("q-text").form.addEventListener("submit", function (e) { e.preventDefault(); });
  }

  el("controls").hidden = false;
  el("pager").hidden = false;
  apply();
  root.classList.add("paged");
  root.setAttribute("data-ready", "1");
})();
