// The site's offline search (judge site): reads window.JUDGE_SEARCH from search-index.js, written at build time.
// Answers rule numbers as judges type them (第709.2b条, 709.2 b, 规则709.2(b), full-width digits), words in
// Simplified or Traditional script (folded to Simplified with the index's character map, as `judge search`
// folds with OpenCC), and glossary terms of any game or in English (expanded to the concept's other words).
// Everything is built with textContent: nothing from the index or the query is parsed as HTML.
(function () {
  "use strict";
  var DATA = window.JUDGE_SEARCH;
  var input = document.getElementById("search-input");
  var out = document.getElementById("search-results");
  var note = document.getElementById("search-note");
  if (!DATA || !input || !out) return;
  var LIMIT = 30;
  var ID_RE = /^\d{3}(?:\.[0-9a-z]+)*$/;
  var ID_IN_TEXT = /\d{3}(?:\.(?:\d+[a-z]?|[a-z])(?![a-z]))*/g;
  var PREFIX = /^(?:第|规则|規則|章节|章節|条|條|rule\s*|r(?=\d))/;
  var SUFFIX = /(?:条|條|[.。])$/;

  function fold(text) {
    var s = text.normalize("NFKC").toLowerCase(), o = "";
    for (var i = 0; i < s.length; i++) { var c = s[i]; o += DATA.fold[c] || c; }
    return o;
  }

  // A typed rule number in canonical form ("709.2b"), or null.
  function ruleId(query) {
    var s = query.normalize("NFKC").toLowerCase().trim().replace(PREFIX, "").replace(SUFFIX, "");
    s = s.replace(/\s+/g, "").replace(/\(([0-9a-z]+)\)/g, "$1");
    return ID_RE.test(s) ? s : null;
  }

  function compact(id) { return id.replace(/\./g, ""); }

  function byId(id) {
    var hits = DATA.rules.filter(function (r) { return r.i.toLowerCase() === id; });
    if (!hits.length) hits = DATA.rules.filter(function (r) { return compact(r.i.toLowerCase()) === compact(id); });
    return hits;
  }

  // Glossary spellings in the folded query, longest first, never overlapping (like `judge search`).
  var SPELLINGS = [];
  DATA.glossary.forEach(function (c, k) { c.s.forEach(function (s) { SPELLINGS.push([s, k]); }); });
  SPELLINGS.sort(function (a, b) { return b[0].length - a[0].length; });
  function concepts(q) {
    var taken = new Array(q.length).fill(false), found = [];
    SPELLINGS.forEach(function (p) {
      var s = p[0], latin = /^[a-z0-9 \-]+$/.test(s), from = 0, at;
      while ((at = q.indexOf(s, from)) >= 0) {
        var end = at + s.length, ok = true;
        if (latin && ((at > 0 && /[a-z0-9]/.test(q[at - 1])) || (end < q.length && /[a-z0-9]/.test(q[end])))) ok = false;
        for (var i = at; ok && i < end; i++) if (taken[i]) ok = false;
        if (ok) { for (var j = at; j < end; j++) taken[j] = true; found.push(p[1]); }
        from = at + 1;
      }
    });
    var rest = "";
    for (var i = 0; i < q.length; i++) rest += taken[i] ? " " : q[i];
    return { found: found.filter(function (k, i) { return found.indexOf(k) === i; }), rest: rest };
  }

  function folded(e) { return e.f || (e.t + "\n" + e.x).toLowerCase(); }

  function search(query) {
    var q = fold(query).trim(), results = [], seen = {};
    if (!q) return { items: [], partial: false };
    function add(kind, e, score, groups) {
      var key = kind + "|" + e.g + "|" + e.i;
      if (seen[key]) { seen[key].score += score; return; }
      seen[key] = { kind: kind, e: e, score: score, groups: groups };
      results.push(seen[key]);
    }
    var whole = ruleId(query);
    if (whole) { byId(whole).forEach(function (r) { add("rule", r, 1000, []); }); }
    var ids = whole ? [] : (q.match(ID_IN_TEXT) || []);
    ids.forEach(function (id) { byId(id).forEach(function (r) { add("rule", r, 500, []); }); });
    var text = whole ? "" : q.replace(ID_IN_TEXT, " ").replace(PREFIX, " ");
    var c = concepts(text), groups = [];
    c.found.forEach(function (k) {
      var concept = DATA.glossary[k];
      groups.push(concept.s);
      add("concept", { g: "", i: concept.id, t: concept.l, x: concept.s.join(" · "), u: concept.u }, 200, []);
      concept.r.forEach(function (gr) {
        DATA.rules.forEach(function (r) { if (r.g === gr[0] && r.i === gr[1]) add("rule", r, 50, [concept.s]); });
      });
    });
    c.rest.split(/[\s\p{P}\p{S}]+/u).forEach(function (w) {
      if (w && !/^(?:第|条|條|规则|規則)$/.test(w)) groups.push([w]);
    });
    function matches(e, g) { var f = folded(e); return g.some(function (s) { return f.indexOf(s) >= 0; }); }
    function score(e) {
      var f = folded(e), t = fold(e.t), n = 0;
      groups.forEach(function (g) { g.forEach(function (s) {
        var from = 0, at, k = 0;
        while (k < 5 && (at = f.indexOf(s, from)) >= 0) { k++; from = at + s.length; }
        n += k + (t.indexOf(s) >= 0 ? 3 : 0);
      }); });
      return n;
    }
    var partial = false;
    if (groups.length) {
      var pool = DATA.rules.map(function (r) { return ["rule", r]; }).concat(DATA.faq.map(function (e) { return ["faq", e]; }));
      var all = pool.filter(function (p) { return groups.every(function (g) { return matches(p[1], g); }); });
      if (!all.length) {
        all = pool.filter(function (p) { return groups.some(function (g) { return matches(p[1], g); }); });
        partial = all.length > 0;
      }
      all.forEach(function (p) { add(p[0], p[1], score(p[1]), groups); });
    }
    results.forEach(function (r) { if (!r.groups.length) r.groups = groups; });
    results.sort(function (a, b) { return b.score - a.score; });
    return { items: results.slice(0, LIMIT), partial: partial };
  }

  function snippet(e, groups) {
    var f = folded(e), start = e.t.length + 1, best = -1, len = 0;
    if (e.f && e.f.length !== e.t.length + 1 + e.x.length) return [e.x.slice(0, 80)];
    groups.forEach(function (g) { g.forEach(function (s) {
      var at = f.indexOf(s, start);
      if (at >= 0 && (best < 0 || at < best)) { best = at; len = s.length; }
    }); });
    if (best < 0) return [e.x.slice(0, 80)];
    var at = best - start, from = Math.max(0, at - 24);
    return [(from > 0 ? "…" : "") + e.x.slice(from, at), e.x.slice(at, at + len), e.x.slice(at + len, at + len + 56) + "…"];
  }

  function render(query) {
    var r = search(query);
    while (out.firstChild) out.removeChild(out.firstChild);
    note.textContent = !query.trim() ? "" : (!r.items.length ? DATA.words.site_search_none : (r.partial ? DATA.words.site_search_any : ""));
    r.items.forEach(function (hit) {
      var e = hit.e, li = document.createElement("li"), a = document.createElement("a");
      li.className = "hit hit-" + hit.kind;
      a.href = e.u;
      var head = hit.kind === "concept" ? DATA.words.site_search_concept + " · " + e.t
        : hit.kind === "faq" ? DATA.words.site_search_faq + " · " + e.i + " " + e.t
        : (DATA.games[e.g] || e.g) + " · " + e.i + (e.t ? " " + e.t : "");
      a.textContent = head;
      li.appendChild(a);
      if (hit.kind !== "concept") {
        var p = document.createElement("div"), parts = snippet(e, hit.groups);
        p.className = "snippet";
        parts.forEach(function (text, i) {
          var node = i === 1 ? document.createElement("mark") : document.createTextNode(text);
          if (i === 1) node.textContent = text;
          p.appendChild(node);
        });
        li.appendChild(p);
      }
      out.appendChild(li);
    });
  }

  input.addEventListener("input", function () { render(input.value); });
  var form = input.form;
  if (form) form.addEventListener("submit", function (ev) { ev.preventDefault(); render(input.value); });
  var initial = new URLSearchParams(location.search).get("q");
  if (initial) { input.value = initial; render(initial); }
})();
