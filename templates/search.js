// The site's offline search (judge site): window.JUDGE_SEARCH (search-index.js, written at build time) holds
// `judge search`'s own index as data, and search_engine.js ranks a query over it exactly as the CLI does (the
// same folding, glossary, question words, tiling and BM25F scores); this script draws the answer. Everything is
// built with textContent: nothing from the index or the query is parsed as HTML.
(function () {
  "use strict";
  var DATA = window.JUDGE_SEARCH, API = window.JudgeSearchEngine;
  var input = document.getElementById("search-input");
  var out = document.getElementById("search-results");
  var note = document.getElementById("search-note");
  var concepts = document.getElementById("search-concepts");
  var gameBox = document.getElementById("search-game");
  if (!DATA || !API || !input || !out) return;
  var LIMIT = 30;
  var engine = new API.Engine(DATA.engine, DATA.fold);
  // The ranked keys of a query, as the page ranks them (the browser test compares them with `judge search`).
  window.judgeSiteSearch = function (query, game) {
    return engine.search(query, { game: game || null, limit: 10 }).hits.map(function (h) { return h.doc.k; });
  };

  if (gameBox) {
    var any = document.createElement("option");
    any.value = ""; any.textContent = DATA.words.site_search_all_games;
    gameBox.appendChild(any);
    Object.keys(DATA.games).forEach(function (g) {
      var o = document.createElement("option");
      o.value = g; o.textContent = DATA.games[g];
      gameBox.appendChild(o);
    });
  }

  function snippet(doc, needles) {
    var f = doc.f || doc.x.toLowerCase(), best = -1, len = 0;
    if (f.length !== doc.x.length) return [doc.x.slice(0, 80)];
    needles.forEach(function (s) {
      var at = f.indexOf(s);
      if (at >= 0 && (best < 0 || at < best)) { best = at; len = s.length; }
    });
    if (best < 0) return [doc.x.slice(0, 80)];
    var from = Math.max(0, best - 24);
    return [(from > 0 ? "…" : "") + doc.x.slice(from, best), doc.x.slice(best, best + len), doc.x.slice(best + len, best + len + 56) + "…"];
  }

  function render(query) {
    while (out.firstChild) out.removeChild(out.firstChild);
    if (concepts) while (concepts.firstChild) concepts.removeChild(concepts.firstChild);
    if (!query.trim()) { note.textContent = ""; return; }
    var r = engine.search(query, { game: gameBox && gameBox.value ? gameBox.value : null, limit: LIMIT });
    var read = (r.parsed.corrections || []).map(function (c) { return c[0] + " → " + c[1]; }).join("、");
    note.textContent = (read ? DATA.words.site_search_corrected + read + " " : "") +
      (!r.hits.length ? DATA.words.site_search_none : (r.matched === "any" ? DATA.words.site_search_any : ""));
    if (concepts) r.concepts.forEach(function (id) {
      var c = DATA.glossary[id];
      if (!c) return;
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = c.u; a.textContent = DATA.words.site_search_concept + " · " + c.l;
      li.appendChild(a); concepts.appendChild(li);
    });
    var needles = engine.needles(r.parsed);
    r.hits.forEach(function (hit) {
      var d = hit.doc, li = document.createElement("li"), a = document.createElement("a");
      li.className = "hit hit-" + d.n;
      if (d.u) a.href = d.u;
      a.textContent = d.n === "faq" ? DATA.words.site_search_faq + " · " + d.i + " " + d.t
        : (DATA.games[d.g] || d.g) + " · " + d.i + (d.t ? " " + d.t : "");
      li.appendChild(a);
      var p = document.createElement("div"), parts = snippet(d, needles);
      p.className = "snippet";
      parts.forEach(function (text, i) {
        var node = i === 1 ? document.createElement("mark") : document.createTextNode(text);
        if (i === 1) node.textContent = text;
        p.appendChild(node);
      });
      li.appendChild(p);
      out.appendChild(li);
    });
  }

  input.addEventListener("input", function () { render(input.value); });
  if (gameBox) gameBox.addEventListener("change", function () { render(input.value); });
  var form = input.form;
  if (form) form.addEventListener("submit", function (ev) { ev.preventDefault(); render(input.value); });
  var params = new URLSearchParams(location.search), initial = params.get("q");
  if (gameBox && params.get("game")) gameBox.value = params.get("game");
  if (initial) { input.value = initial; render(initial); }
})();
