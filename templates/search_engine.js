// The site's search engine: judge/search/query.py's steps, run in the page over the data judge/search/export.py
// writes (every term's Whoosh BM25F scores and positions, the compiled glossary and question words, the ranking's
// constants), so a query ranks here as `judge search` ranks it. Each function names the Python function it follows;
// a browser test (tests/test_site_search_parity.py) checks both rank alike. No DOM here: search.js draws.
(function (root) {
  "use strict";

  // ---- folding and tokens (judge/locale/folding.py, judge/search/analysis.py) ----
  function narrow(s) {
    var o = "";
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i);
      o += c >= 0xff01 && c <= 0xff5e ? String.fromCharCode(c - 0xfee0) : c === 0x3000 ? " " : s[i];
    }
    return o;
  }
  function fold(text, map) {  // fold(): t2s one character at a time (the site's map), full-width narrowed
    var o = "";
    for (var i = 0; i < text.length; i++) { var c = text[i]; o += map[c] || c; }
    return narrow(o);
  }
  function isCjk(c) {
    return (c >= "\u4e00" && c <= "\u9fff") || (c >= "\u3400" && c <= "\u4dbf") || (c >= "\uf900" && c <= "\ufaff");
  }
  var CONS = "bcdfghjklmnpqrstwxyz", VOW = "aeiouv\u0101\u00e1\u01ce\u00e0\u0113\u00e9\u011b\u00e8\u012b\u00ed\u01d0\u00ec\u014d\u00f3\u01d2\u00f2\u016b\u00fa\u01d4\u00f9\u01d6\u01d8\u01da\u01dc\u00fc";
  var DAMAGE = "\\([" + CONS + CONS.toUpperCase() + "]{0,2}[" + VOW + VOW.toUpperCase() + "]{1,3}(?:[nN][gG]|[nNrR])?\\)";
  var NUMBER = "(?<![\\d.])\\d+(?:\\.(?:\\d+[a-zA-Z]?|[a-zA-Z])(?![a-zA-Z]))*";
  var SCAN = new RegExp("(" + DAMAGE + ")|(" + NUMBER + ")|([a-zA-Z]+)|(\\s+)|([^\\x00-\\x7f\\d\\s]+)|([\\s\\S])", "y");
  var KINDS = [null, "damage", "number", "word", "space", "run", "punct"];
  function scan(text) {  // _scan()
    var out = [], pos = 0;
    while (pos < text.length) {
      SCAN.lastIndex = pos;
      var m = SCAN.exec(text), k = 1;
      while (m[k] === undefined) k++;
      var kind = KINDS[k], start = pos, end = pos + m[0].length;
      if (kind === "damage" && !(start > 0 && isCjk(text[start - 1]))) { kind = "punct"; end = start + 1; }
      out.push([kind, start, end]);
      pos = end;
    }
    return out;
  }
  function units(folded) {  // units()
    var out = [], pos = 0, prevCjk = false, gap = false;
    scan(folded).forEach(function (p) {
      var kind = p[0], start = p[1], end = p[2];
      if (kind === "damage") return;
      if (kind === "space" || kind === "punct") { prevCjk = false; gap = gap || kind === "punct"; return; }
      if (kind === "run") {
        for (var i = start; i < end; i++) {
          var c = folded[i];
          if (!isCjk(c)) { prevCjk = false; gap = true; continue; }
          if (gap) { pos += 1; gap = false; }
          out.push({ kind: "cjk", text: c, pos: pos, start: i, end: i + 1, joined: prevCjk });
          prevCjk = true; pos += 1;
        }
        return;
      }
      if (gap) { pos += 1; gap = false; }
      out.push({ kind: kind, text: folded.slice(start, end).toLowerCase(), pos: pos, start: start, end: end, joined: false });
      prevCjk = false; pos += 1;
    });
    return out;
  }
  function phraseTokens(folded) {  // phrase_tokens()
    var us = units(folded), out = [];
    for (var i = 0; i < us.length; i++) {
      var u = us[i], nxt = i + 1 < us.length ? us[i + 1] : null;
      if (nxt && nxt.joined) out.push(u.text + nxt.text);
      else if (!(u.joined && nxt === null && out.length)) out.push(u.text);
    }
    return out;
  }

  // ---- the glossary (judge/search/concepts.py) ----
  var LATIN_TERM = /^[a-z0-9 '\-]+$/, LATIN_WORD = /[a-z0-9]+(?:'[a-z]+)?/g;
  function ends(w, s) { return w.slice(-s.length) === s; }
  function stem(w) {  // stem()
    if (ends(w, "'s")) w = w.slice(0, -2); else if (ends(w, "s'")) w = w.slice(0, -1);
    if (w.length <= 3 || !/^[\x00-\x7f]*$/.test(w)) return w;
    if (ends(w, "ies")) return w.slice(0, -3) + "y";
    if (ends(w, "ied") && w.length > 4) return w.slice(0, -3) + "y";
    if (["sses", "ches", "shes", "xes", "zes"].some(function (s) { return ends(w, s); })) w = w.slice(0, -2);
    else if (ends(w, "s") && !["ss", "us", "is"].some(function (s) { return ends(w, s); })) w = w.slice(0, -1);
    else if (ends(w, "ed") && !ends(w, "eed") && w.length > 4) w = w.slice(0, -2);
    if (w.length > 3 && ends(w, "e") && !["ee", "ie", "ye"].some(function (s) { return ends(w, s); })) w = w.slice(0, -1);
    if (w.length > 3 && w[w.length - 1] === w[w.length - 2] && "aeiousy".indexOf(w[w.length - 1]) < 0) w = w.slice(0, -1);
    return w;
  }
  function findTerms(q, keys) {  // find_terms()
    var words = [], m, found = [];
    LATIN_WORD.lastIndex = 0;
    while ((m = LATIN_WORD.exec(q)) !== null) words.push([stem(m[0]), m.index, m.index + m[0].length]);
    keys.forEach(function (key) {
      if (LATIN_TERM.test(key)) {
        var parts = key.split(" ").filter(Boolean);
        for (var i = 0; i + parts.length <= words.length; i++) {
          var all = true;
          for (var j = 0; j < parts.length; j++) if (words[i + j][0] !== parts[j]) { all = false; break; }
          if (all) found.push([words[i][1], words[i + parts.length - 1][2], key]);
        }
        return;
      }
      var at = key ? q.indexOf(key) : -1;
      while (at >= 0) { found.push([at, at + key.length, key]); at = q.indexOf(key, at + 1); }
    });
    found.sort(function (a, b) { return (a[0] - a[1]) - (b[0] - b[1]) || a[0] - b[0]; });
    var taken = new Array(q.length).fill(false), out = [];
    found.forEach(function (f) {
      for (var i = f[0]; i < f[1]; i++) if (taken[i]) return;
      for (var j = f[0]; j < f[1]; j++) taken[j] = true;
      out.push(f);
    });
    return out.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
  }

  // judge/search/english.py candidates(): the forms of an English word to look up
  function englishForms(word) {
    var out = [word, stem(word)], s = out[1];
    if (ends(word, "s") && word.length > 3) out.push(word.slice(0, -1));
    if (s.length > 3 && s[s.length - 1] === s[s.length - 2] && /^[a-z]+$/i.test(s)) out.push(s.slice(0, -1));
    if (ends(word, "ing") && word.length > 5) {
      var base = word.slice(0, -3);
      out.push(base, base + "e");
      if (base[base.length - 1] === base[base.length - 2]) out.push(base.slice(0, -1));
    }
    if (ends(word, "d") && word.length > 3) out.push(word.slice(0, -1));
    return unique(out);
  }

  function unique(list) { var seen = {}, out = []; list.forEach(function (x) { if (!seen["$" + x]) { seen["$" + x] = 1; out.push(x); } }); return out; }

  // ---- question words and the tiling of a CJK run (judge/search/question.py) ----
  function cutRun(run, cut) {
    var pieces = [run];
    cut.forEach(function (w) { var next = []; pieces.forEach(function (p) { p.split(w).forEach(function (x) { next.push(x); }); }); pieces = next; });
    return pieces.filter(Boolean);
  }
  function segment(run, df, docs, particles, single) {  // segment()
    var n = run.length;
    if (n <= 1) return run ? [run] : [];
    var total = Math.max(docs, 1), best = [0], back = [0];
    for (var k = 1; k <= n; k++) { best.push(Infinity); back.push(0); }
    for (var i = 1; i <= n; i++) {
      var weight = particles[run[i - 1]] ? 1.0 : single;
      best[i] = best[i - 1] - Math.log(weight * Math.max(df(run[i - 1]), 0.5) / total); back[i] = i - 1;
      if (i >= 2) {
        var freq = df(run.slice(i - 2, i));
        if (freq > 0) { var cost = best[i - 2] - Math.log(freq / total); if (cost < best[i]) { best[i] = cost; back[i] = i - 2; } }
      }
    }
    var words = [];
    for (var j = n; j > 0; j = back[j]) words.push(run.slice(back[j], j));
    return words.reverse();
  }
  function splitRun(run, qw, df, docs, single) {  // split_run()
    var kept = [], at = 0;
    cutRun(run, qw.cut).forEach(function (piece) {
      at = run.indexOf(piece, at);
      segment(piece, df, docs, qw.singles, single).forEach(function (w) {
        if (!(w.length === 1 && qw.singles[w])) kept.push([w, at]);
        at += w.length;
      });
    });
    var out = [];
    kept.forEach(function (k) {
      var last = out[out.length - 1];
      if (k[0].length === 1 && last && last[2] && last[1] + last[0].length === k[1]) out[out.length - 1] = [last[0] + k[0], last[1], true];
      else out.push([k[0], k[1], k[0].length === 1]);
    });
    return out.map(function (o) { return [o[0], o[1]]; });
  }

  // ---- typed rule numbers (judge/corpus/ruleid.py normalize) ----
  var RULE_ID = "\\d{3}(?:\\.(?:\\d+[a-z]?|[a-z])(?![a-z]))*";
  function normalizeId(text) {
    var plain = narrow(text.replace(/\u3002/g, ".")).trim().toLowerCase();
    plain = plain.replace(/^(?:规则|規則|章节|章節|条款|條款|条|條|comprehensive rules?|cr|rule|r|§)?\s*(?:第)?\s*/i, "")
      .replace(/\s*(?:条|條|款|项|項|节|節)$/, "");
    plain = plain.replace(/^(\d{3})\s+(?=[0-9a-z])|(?<=\d)\s+(?=\d)/g, function (m, g1) { return (g1 || "") + "."; });
    plain = plain.split(/\s+/).join("").replace(/(?<=\d)\(([a-z])\)|\.?\(([0-9a-z]+)\)/g, function (m, a, b) { return a ? a : "." + b; });
    plain = plain.replace(/(?<=\d[a-z])(?=\d)/g, ".");
    return plain.replace(/\.+$/, "");
  }

  // ---- the engine over one index's data ----
  function Engine(data, foldMap) {
    var E = this, C = data.constants;
    E.data = data; E.map = foldMap || {}; E.C = C;
    E.docs = data.docs; E.fields = data.fields; E.positions = data.positions;
    E.boosts = C.field_boosts;
    E.byKey = {}; data.docs.forEach(function (d, n) { E.byKey[d.k] = n; });
    E.concepts = {};
    data.glossary.concepts.forEach(function (c) { E.concepts[c[0]] = { id: c[0], en: c[1], terms: c[2], aliases: c[3], rules: c[4] }; });
    E.keys = data.glossary.keys.map(function (k) { return k[0]; });
    E.keyConcept = {}; data.glossary.keys.forEach(function (k) { E.keyConcept[k[0]] = E.concepts[k[1]]; });
    E.folds = data.glossary.folds;
    E.everydayKeys = Object.keys(data.everyday_words || {});  // EverydayWords: sorted, as to_data() writes them
    var qw = data.question_words, singles = {}, english = {};
    qw.singles.forEach(function (s) { singles[s] = true; });
    qw.english.forEach(function (s) { english[s] = true; });
    E.qw = { cut: qw.cut, singles: singles, english: english, negation: qw.negation || [], games: qw.games || [] };
    E.termCache = {};
    E.filters = {};
  }
  Engine.prototype.everydayParts = function (text, gaps, parts, items) {  // _everyday_parts()
    var E = this, out = [];
    gaps.forEach(function (g) {
      var a = g[0], at = a;
      findTerms(text.slice(a, g[1]), E.everydayKeys).forEach(function (f) {
        out.push([at, a + f[0]]);
        items.push({ start: a + f[0], end: a + f[1], cjk: true, word: false });
        if (parts.every(function (p) { return p.text !== f[2]; })) parts.push({ kind: "everyday", text: f[2], expansion: E.data.everyday_words[f[2]] });
        at = a + f[1];
      });
      out.push([at, g[1]]);
    });
    return out;
  };
  Engine.prototype.englishWords = function (word) {  // EnglishWords.lookup()
    var forms = englishForms(word), words = this.data.english_words;
    for (var i = 0; i < forms.length; i++) if (Object.prototype.hasOwnProperty.call(words, forms[i])) return words[forms[i]];
    return [];
  };
  Engine.prototype.folded = function (t) { return this.folds[t] !== undefined ? this.folds[t] : fold(t, this.map).toLowerCase(); };
  Engine.prototype.has = function (field, token) { var f = this.fields[field]; return !!(f && Object.prototype.hasOwnProperty.call(f, token)); };
  Engine.prototype.df = function (token) {  // SearchSession._df: the documents with the token in their text, plus in an explanation
    var E = this;
    return ["text", "commentary"].reduce(function (n, f) { return n + (E.has(f, token) ? E.fields[f][token].length / 2 : 0); }, 0);
  };

  function termsOf(c, game) {  // Concept.expansion()
    var games = game ? [game] : Object.keys(c.terms), out = [];
    games.forEach(function (g) { (c.terms[g] || []).forEach(function (t) { out.push(t); }); });
    return unique(out);
  }

  // judge/search/homophones.py correction(): the glossary term or corpus word one same-sounding character away
  Engine.prototype.correction = function (word) {
    var E = this, df = function (t) { return E.df(t); };
    if (word.length < 2 || word.length > E.C.homophone_longest || !word.split("").every(function (c) { return c >= "\u4e00" && c <= "\u9fff"; })) return null;
    var pairsKnown = true;
    for (var k = 0; k + 1 < word.length; k++) if (!(df(word.slice(k, k + 2)) > 0)) pairsKnown = false;
    if (pairsKnown) return null;
    if (!E.sounds) {
      E.sounds = {}; E.chars = {};
      E.data.homophones.forEach(function (line) {
        E.chars[line[0]] = line[1];
        for (var i = 0; i < line[1].length; i++) E.sounds[line[1][i]] = line[0];
      });
    }
    var best = null, bound = E.C.homophone_bound;
    for (var i = 0; i < word.length; i++) {
      var c = word[i], same = E.chars[E.sounds[c] || ""] || "";
      for (var j = 0; j < same.length; j++) {
        var h = same[j];
        if (h === c) continue;
        var cand = word.slice(0, i) + h + word.slice(i + 1), term = Object.prototype.hasOwnProperty.call(E.keyConcept, cand);
        var least = Infinity;
        for (var m = 0; m + 1 < cand.length; m++) least = Math.min(least, df(cand.slice(m, m + 2)));
        var ok = true;
        [i - 1, i].forEach(function (x) {
          if (x >= 0 && x < cand.length - 1) { var p = cand.slice(x, x + 2); if (!(df(p) >= bound * Math.min(df(p[0]), df(p[1])))) ok = false; }
        });
        if ((term || (least > 0 && ok)) && (best === null || (term && !best[0]) || (term === best[0] && least > best[1]))) best = [term, least, cand];
      }
    }
    return best ? best[2] : null;
  };

  // parse_query()
  Engine.prototype.parse = function (query, game, noCorrect) {
    var E = this, text = fold(query, E.map).toLowerCase().split(/\s+/).filter(Boolean).join(" ");
    var parts = [], ruleIds = [], faqIds = [];
    if (/["“「『]/.test(text)) {
      text = text.replace(/"([^"]*)"|“([^”]*)”|「([^」]*)」|『([^』]*)』/g, function (m, a, b, c, d) {
        var g = [a, b, c, d].filter(function (x) { return x !== undefined; })[0];
        var phrase = g.split(/\s+/).filter(Boolean).join(" ");
        if (units(phrase).length) parts.push({ kind: "phrase", text: phrase });
        return " ";
      });
    }
    if (/\d/.test(text)) {
      text = text.replace(new RegExp("(?:规则|章节|rule|第)?\\s*(?<![\\d.])(" + RULE_ID + ")(?!\\d)\\s*条?", "gi"), function (m, id) { ruleIds.push(id); return " "; });
      text = text.replace(/(?<![\w-])([a-z]+-\d{2,3})(?![\w-])/g, function (m, id) { faqIds.push(id); return " "; });
    }
    text = E.withoutNames(text);
    var items = [], gaps = [], last = 0, seenConcepts = {}, negations = [];
    findTerms(text, E.keys).forEach(function (f) {
      var start = f[0], end = f[1], concept = E.keyConcept[f[2]];
      var negator = E.negator(text, last, start);
      gaps.push([last, negator === null ? start : negator]); last = end;
      var typed = text.slice(start, end);
      items.push({ start: start, end: end, cjk: !/^[\x00-\x7f]*$/.test(typed), word: false });
      if (seenConcepts[concept.id]) return;
      seenConcepts[concept.id] = true;
      var own = [], expansion = [];
      if (game) own = [game];
      else Object.keys(concept.terms).forEach(function (g) {
        if (concept.terms[g].some(function (t) { return E.folded(t) === typed; })) own.push(g);
      });
      Object.keys(concept.terms).forEach(function (g) {
        if (own.indexOf(g) >= 0) concept.terms[g].forEach(function (t) { expansion.push(E.folded(t)); });
      });
      if (!own.length) {
        own = Object.keys(concept.terms);
        expansion = termsOf(concept, null).concat(concept.aliases).map(function (t) { return E.folded(t); });
      }
      var other = termsOf(concept, game).map(function (t) { return E.folded(t); }).filter(function (t) { return expansion.indexOf(t) < 0; });
      parts.push({ kind: "concept", text: typed, concept: concept, games: own,
                   expansion: unique(expansion).filter(function (t) { return t !== typed; }),
                   other: unique(other).filter(function (t) { return t !== typed; }), negated: negator !== null });
      if (negator !== null) {  // the term as the rules negate it
        var spellings = unique([typed].concat(expansion)).filter(function (t) { return !/^[\x00-\x7f]*$/.test(t); });
        E.qw.negation.forEach(function (n) {
          if (/^[\x00-\x7f]*$/.test(n)) return;
          spellings.forEach(function (t) { negations.push([phraseTokens(n).concat(phraseTokens(t)), E.C.negation_slop]); });
        });
      }
    });
    gaps.push([last, text.length]);
    if (E.everydayKeys.length) gaps = E.everydayParts(text, gaps, parts, items);  // _everyday_parts(): 剩下, 免费 …
    var runs = [], latin = [];
    gaps.forEach(function (g) {
      units(text.slice(g[0], g[1])).forEach(function (u) {
        if (u.kind === "cjk" && u.joined && runs.length) runs[runs.length - 1][0] += u.text;
        else if (u.kind === "cjk") runs.push([u.text, g[0] + u.start]);
        else if (!E.qw.english[u.text]) {
          items.push({ start: g[0] + u.start, end: g[0] + u.end, cjk: false, word: false });
          var said = u.kind === "word" ? E.englishWords(u.text) : [];
          if (!said.length) latin.push(u.text);
          else if (parts.every(function (p) { return p.text !== u.text; })) parts.push({ kind: "everyday", text: u.text, expansion: said });
        }
      });
    });
    var found = [], bag = [], df = function (t) { return E.df(t); }, docs = E.docs.length;
    var split = runs.map(function (r) { return splitRun(r[0], E.qw, df, docs, E.C.single_weight); });
    if (!noCorrect) {  // a word the corpus lacks, one homophone from one it has: the query read with it
      var slips = [], seenSlip = {};
      split.forEach(function (ws) { ws.forEach(function (wo) {
        var w = wo[0];
        if (w.length > 1 && !seenSlip["$" + w]) { var fixed = E.correction(w); if (fixed) { seenSlip["$" + w] = 1; slips.push([w, fixed]); } }
      }); });
      if (slips.length) {
        var again = fold(query, E.map).toLowerCase();
        slips.forEach(function (sl) { again = again.split(sl[0]).join(sl[1]); });
        var p = E.parse(again, game, true);
        p.corrections = slips;
        return p;
      }
    }
    runs.forEach(function (r, ri) {
      var end = -1;
      split[ri].forEach(function (wo) {
        var w = wo[0], offset = wo[1];
        found.push(w);
        items.push({ start: r[1] + offset, end: r[1] + offset + w.length, cjk: true, word: true });
        if (offset === end) bag[bag.length - 1] += w; else bag.push(w);
        end = offset + w.length;
      });
    });
    found = found.concat(latin);
    if (!parts.length && !found.length && !(ruleIds.length || faqIds.length)) {
      bag = runs.map(function (r) { return r[0]; });
      found = bag.concat(units(text).filter(function (u) { return u.kind !== "cjk"; }).map(function (u) { return u.text; }));
    }
    unique(found).forEach(function (w) { parts.push({ kind: "word", text: w }); });
    if (!parts.length && (ruleIds.length || faqIds.length)) ruleIds.concat(faqIds).forEach(function (id) { parts.push({ kind: "word", text: id }); });
    // _pairs(): two CJK items side by side, or with at most two droppable characters between them
    var pairs = [], ordered = items.slice().sort(function (a, b) { return a.start - b.start; });
    for (var i = 0; i + 1 < ordered.length; i++) {
      var a = ordered[i], b = ordered[i + 1], gap = text.slice(a.end, b.start);
      if (!(a.cjk && b.cjk) || gap.length > 2 || gap.split("").some(function (c) { return !E.qw.singles[c]; })) continue;
      if (gap) pairs.push([phraseTokens(text.slice(a.start, a.end)).concat(phraseTokens(text.slice(b.start, b.end))), gap.length + 2]);
      else pairs.push([phraseTokens(text.slice(a.start, b.end)), 1]);
    }
    var sentence = false, chunk = /\S+/g, m;
    while ((m = chunk.exec(text)) !== null) {
      var s = m.index, e = m.index + m[0].length;
      if (items.filter(function (it) { return it.cjk && s <= it.start && it.start < e; }).length > 1) sentence = true;
    }
    return { ruleIds: unique(ruleIds), faqIds: unique(faqIds), parts: parts, runs: bag, words: latin, pairs: pairs, sentence: sentence,
             corrections: [], negations: negations };
  };

  // _negator(): where a word of negation right before `start` begins (spaces and an English article between)
  Engine.prototype.negator = function (text, after, start) {
    var j = start;
    while (j > after && text[j - 1] === " ") j--;
    var m = /(?:^|(?<=\s))(?:a|an|any|the)$/.exec(text.slice(after, j));
    if (m) { j = after + m.index; while (j > after && text[j - 1] === " ") j--; }
    var neg = this.qw.negation;
    for (var i = 0; i < neg.length; i++) {
      var n = neg[i], k = j - n.length;
      if (k >= after && text.slice(k, j) === n && (!/^[\x00-\x7f]*$/.test(n) || k === 0 || !/[\p{L}\p{N}]/u.test(text[k - 1]))) return k;
    }
    return null;
  };

  // ParsedQuery.own_game()
  function ownGame(parsed) {
    var votes = {}, order = [];
    parsed.parts.forEach(function (p) {
      if (p.kind !== "concept" || !p.games.length || /^[\x00-\x7f]*$/.test(p.text)) return;
      var all = Object.keys(p.concept.terms), same = all.length === p.games.length && all.every(function (g) { return p.games.indexOf(g) >= 0; });
      if (same && all.length !== 1) return;
      p.games.forEach(function (g) { if (!(g in votes)) { votes[g] = 0; order.push(g); } votes[g] += 1 / p.games.length; });
    });
    var ranked = order.map(function (g) { return [g, votes[g]]; }).sort(function (a, b) { return b[1] - a[1]; });
    if (!ranked.length || (ranked.length > 1 && ranked[1][1] >= ranked[0][1])) return null;
    return ranked[0][0];
  }

  // ---- queries as trees, scored as judge/search/postings.py scores them ----
  function T(field, text, boost) { return { t: "term", field: field, text: text, boost: boost === undefined ? 1 : boost }; }
  function Or(subs) { return subs.length === 0 ? null : subs.length === 1 ? subs[0] : { t: "or", subs: subs, boost: 1 }; }

  Engine.prototype.anyField = function (token, boost) {  // Builder.any_field()
    var E = this, b = boost === undefined ? 1 : boost;
    return Or(E.boosts.filter(function (fb) { return E.has(fb[0], token); }).map(function (fb) { return T(fb[0], token, fb[1] * b); }));
  };
  Engine.prototype.phrase = function (tokens, boost, slop) {  // Builder.phrase()
    var E = this, b = boost === undefined ? 1 : boost;
    if (tokens.length <= 1) return tokens.length ? E.anyField(tokens[0], b) : null;
    return Or(E.boosts.filter(function (fb) {
      return fb[0] !== "heading" && tokens.every(function (t) { return E.has(fb[0], t); });
    }).map(function (fb) { return { t: "phrase", field: fb[0], words: tokens, slop: slop === undefined ? 1 : slop, boost: fb[1] * b }; }));
  };
  Engine.prototype.part = function (part, conceptBoost, headings) {  // Builder.part()
    var E = this, C = E.C;
    if (conceptBoost === undefined) conceptBoost = C.concept_boost;
    var ascii = /^[\x00-\x7f]*$/.test(part.text);
    if (part.kind === "phrase" || (part.kind === "word" && part.text.length > 2 && !ascii)) return E.phrase(phraseTokens(part.text));
    if (part.kind === "word") return E.anyField(part.text);
    if (part.kind === "everyday") return Or(part.expansion.map(function (t) { return E.phrase(phraseTokens(t)); }).filter(Boolean));
    var concept = part.concept, subs = [];
    [["terms", E.boosts[0][1]], ["eterms", E.boosts[1][1]]].forEach(function (nw) {
      [[[part.text].concat(part.expansion), 1.0], [part.other, C.expansion_weight]].forEach(function (tf) {
        tf[0].forEach(function (t) { var k = t.split(" ").join("_"); if (E.has(nw[0], k)) subs.push(T(nw[0], k, nw[1] * tf[1])); });
      });
    });
    if (headings) {
      [part.text].concat(part.expansion).forEach(function (t) {
        var tokens = /^[\x00-\x7f]*$/.test(t) ? [] : phraseTokens(t);
        if (tokens.length && tokens.every(function (k) { return E.has("heading", k); })) {
          var w = C.heading_concept_weight;
          subs.push(tokens.length > 1 ? { t: "and", subs: tokens.map(function (k) { return T("heading", k); }), boost: w } : T("heading", tokens[0], w));
        }
      });
    }
    var typed = part.games.length ? part.games : Object.keys(concept.rules);
    Object.keys(concept.rules).forEach(function (g) {
      var key = g + "/" + concept.id;
      if (E.has("concepts", key)) subs.push(T("concepts", key, conceptBoost * (typed.indexOf(g) >= 0 ? 1.0 : C.expansion_weight)));
    });
    return Or(subs);
  };
  Engine.prototype.pairQueries = function (parsed) {  // Builder.pairs()
    var E = this;
    return parsed.pairs.map(function (p) { return E.phrase(p[0], E.C.pair_weight, p[1]); }).filter(Boolean)
      .concat(parsed.negations.map(function (p) { return E.phrase(p[0], E.C.negation_weight, p[1]); }).filter(Boolean));
  };
  Engine.prototype.bag = function (parsed) {  // Builder.bag()
    var E = this, cb = E.C.concept_boost / Math.max(parsed.parts.length, 1);
    var anchors = parsed.parts.filter(function (p) { return p.kind !== "word"; }).map(function (p) { return E.part(p, cb, parsed.sentence); });
    unique(parsed.words).forEach(function (w) { anchors.push(E.anyField(w)); });
    var support = [];
    unique(parsed.runs).forEach(function (run) {
      if (run.length === 1) { anchors.push(E.anyField(run)); return; }
      for (var i = 0; i + 1 < run.length; i++) anchors.push(E.anyField(run.slice(i, i + 2)));
      unique(run.split("")).forEach(function (c) { support.push(E.anyField(c, E.C.unigram_weight)); });
    });
    return [anchors.filter(Boolean), support.filter(Boolean).concat(E.pairQueries(parsed))];
  };

  // Scores are Maps of document number -> score; sums in the order Python adds them.
  function union(list) {
    var out = new Map();
    list.forEach(function (part) { part.forEach(function (s, d) { out.set(d, out.has(d) ? out.get(d) + s : s); }); });
    return out;
  }
  function intersection(list) {
    if (!list.length) return new Map();
    var small = list.reduce(function (a, b) { return b.size < a.size ? b : a; });
    var common = [];
    small.forEach(function (s, d) { if (list.every(function (p) { return p.has(d); })) common.push(d); });
    common.sort(function (a, b) { return a - b; });
    var out = new Map();
    common.forEach(function (d) { var sum = 0; list.forEach(function (p) { sum += p.get(d); }); out.set(d, sum); });
    return out;
  }
  function boosted(scores, boost) {
    if (boost === 1) return scores;
    var out = new Map(); scores.forEach(function (s, d) { out.set(d, s * boost); }); return out;
  }
  Engine.prototype.term = function (field, text) {  // Postings.term()
    var key = field + "\u0000" + text, cached = this.termCache[key];
    if (cached) return cached;
    var flat = (this.fields[field] || {})[text] || [], out = new Map();
    for (var i = 0; i < flat.length; i += 2) out.set(flat[i], flat[i + 1]);
    this.termCache[key] = out;
    return out;
  };
  // A phrase matches where its words stand in order within the slop (Whoosh's SpanNear2, mindist 1); its score is
  // the sum of its words' scores (Whoosh's intersection tree: halves added) times its boost.
  function tree(vals) {
    if (vals.length === 1) return vals[0];
    var half = Math.floor(vals.length / 2);
    return tree(vals.slice(0, half)) + tree(vals.slice(half));
  }
  function spansNear(lists, slop) {
    var aspans = lists[0].map(function (p) { return [p, p]; });
    for (var i = 1; i < lists.length && aspans.length; i++) {
      var next = {}, out = [];
      aspans.forEach(function (a) {
        lists[i].forEach(function (p) {
          if (p < a[0]) return;  // ordered: b may not start before a
          var dist = a[1] < p ? p - a[1] : 0;
          if (dist >= 1 && dist <= slop) {
            var span = [Math.min(a[0], p), Math.max(a[1], p)], k = span[0] + ":" + span[1];
            if (!next[k]) { next[k] = 1; out.push(span); }
          }
        });
      });
      aspans = out;
    }
    return aspans.length > 0;
  }
  Engine.prototype.phraseScores = function (q) {
    var E = this, words = q.words, lists = words.map(function (w) { return E.term(q.field, w); });
    var common = intersection(lists), out = new Map(), pos = E.positions[q.field];
    if (!common.size) return out;
    var index = words.map(function (w) {
      var flat = E.fields[q.field][w], at = new Map();
      for (var i = 0; i < flat.length; i += 2) at.set(flat[i], pos[w][i / 2]);
      return at;
    });
    common.forEach(function (s, d) {
      if (spansNear(index.map(function (at) { return at.get(d); }), q.slop))
        out.set(d, tree(lists.map(function (l) { return l.get(d); })) * q.boost);
    });
    return out;
  };
  Engine.prototype.scores = function (q) {  // Postings.scores()
    var E = this;
    if (q.t === "term") return boosted(E.term(q.field, q.text), q.boost);
    if (q.t === "or") return boosted(union(q.subs.map(function (s) { return E.scores(s); })), q.boost);
    if (q.t === "and") return boosted(intersection(q.subs.map(function (s) { return E.scores(s); })), q.boost);
    return E.phraseScores(q);
  };
  Engine.prototype.scoresAt = function (q, docs) {  // Postings.scores_at(): the scores of those docs q matches
    var all = this.scores(q), out = new Map();
    docs.forEach(function (d) { if (all.has(d)) out.set(d, all.get(d)); });
    return out;
  };
  Engine.prototype.coordinated = function (parts, support) {  // judge/search/coord.py
    var E = this, matched = parts.map(function (q) { return E.scores(q); });
    var live = matched.filter(function (m) { return m.size; }).length, scores = union(matched), counts = new Map();
    matched.forEach(function (m) { m.forEach(function (s, d) { counts.set(d, (counts.get(d) || 0) + 1); }); });
    var docs = Array.from(scores.keys()).sort(function (a, b) { return a - b; });
    support.forEach(function (q) { E.scoresAt(q, docs).forEach(function (s, d) { scores.set(d, scores.get(d) + s); }); });
    var out = new Map();
    docs.forEach(function (d) { out.set(d, scores.get(d) * Math.pow(counts.get(d) / live, E.C.coord_exponent)); });
    return out;
  };
  function top(scores, flt, limit) {  // _top()
    var list = [];
    scores.forEach(function (s, d) { if (!flt || flt.has(d)) list.push([d, s]); });
    list.sort(function (a, b) { return b[1] - a[1] || a[0] - b[0]; });
    return list.slice(0, limit);
  }
  Engine.prototype.filter = function (game, kind) {  // SearchSession._filter()
    if (!game && kind === "all") return null;
    var key = game + "|" + kind;
    if (!this.filters[key]) {
      var set = new Set();
      this.docs.forEach(function (d, n) { if ((!game || d.g === game) && (kind === "all" || d.n === kind)) set.add(n); });
      this.filters[key] = set;
    }
    return this.filters[key];
  };

  // SearchSession._run(): pinned rule numbers and FAQ ids, the documents with every part, then the bag
  var AFTER_NAME = " ,:;\uff0c\uff1a\uff1b\u3001", AFTER_NAME_RE = /^[ ,:;\uff0c\uff1a\uff1b\u3001]+/;
  Engine.prototype.withoutNames = function (text) {  // QuestionWords.without_names(): the games' names blanked out
    var out = text;
    this.qw.games.forEach(function (ng) {
      var name = ng[0];
      if (/^[\x00-\x7f]*$/.test(name)) out = out.replace(new RegExp("(?<![a-z0-9])" + name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "(?![a-z0-9])", "g"), " ");
      else out = out.split(name).join(" ");
    });
    return out.trim() ? out : text;
  };
  Engine.prototype.namedGame = function (query) {  // QuestionWords.named_game(): 「三国 踐踏……」, "In Rise, …"
    var E = this, text = fold(query, E.map).toLowerCase().replace(/^\s+/, ""), lead = text.indexOf("in ") === 0 ? "in " : "";
    for (var i = 0; i < E.qw.games.length; i++) {
      var name = E.qw.games[i][0], g = E.qw.games[i][1];
      if (E.data.games.indexOf(g) < 0 || text.indexOf(lead + name) !== 0) continue;
      var rest = text.slice((lead + name).length);
      if (!rest || AFTER_NAME.indexOf(rest[0]) >= 0) {
        var stripped = rest.replace(AFTER_NAME_RE, "");
        return stripped ? [g, stripped] : null;
      }
    }
    var named = [];  // a Chinese name anywhere, when it is the only game named and not all the question says
    E.qw.games.forEach(function (ng) {
      if (E.data.games.indexOf(ng[1]) >= 0 && !/^[\x00-\x7f]*$/.test(ng[0]) && text.indexOf(ng[0]) >= 0 && named.indexOf(ng[1]) < 0) named.push(ng[1]);
    });
    named.sort();
    var rest = E.withoutNames(text);
    return named.length === 1 && rest !== text ? [named[0], rest.trim()] : null;
  };

  Engine.prototype.search = function (query, opts) {
    var E = this, C = E.C;
    opts = opts || {};
    var game = opts.game || null, limit = opts.limit || 10, kind = opts.kind || "all";
    var named = E.namedGame(query);  // a question that starts by naming its game is searched in it
    if (named && game) { if (named[0] === game) query = named[1]; named = null; }  // its name is then no search word
    else if (named) { game = named[0]; query = named[1]; }
    var whole = normalizeId(query);
    if (new RegExp("^" + RULE_ID + "$").test(whole)) query = whole;  // a rule number as judges type it (第709.2b条)
    var parsed = E.parse(query, game);
    if (!parsed.parts.length) return { hits: [], matched: "none", parsed: parsed, concepts: [] };
    var cb = C.concept_boost / Math.max(parsed.parts.length, 1);
    var keys = [];
    if (kind !== "faq") parsed.ruleIds.forEach(function (rid) { (game ? [game] : E.data.games).forEach(function (g) { keys.push(g + ":" + rid); }); });
    if (kind !== "rule") parsed.faqIds.forEach(function (fid) { keys.push("faq:" + fid); });
    var pinned = [], seen = {};
    keys.forEach(function (k) {
      var n = E.byKey[k];
      if (n !== undefined && (!game || E.docs[n].g === game)) { pinned.push(n); seen[k] = true; }
    });
    var flt = E.filter(game, kind), own = game ? null : ownGame(parsed), mine = own ? E.filter(own, "all") : null;
    var faq = E.filter(null, "faq");
    function weigh(scores) {  // _weigh_game(): FAQ entries and another game's documents weighed down
      var out = new Map();
      scores.forEach(function (s, d) { out.set(d, s * (!mine || mine.has(d) ? 1.0 : C.other_game) * (faq.has(d) ? C.faq_weight : 1.0)); });
      return out;
    }
    var present = parsed.parts.filter(function (p) { return E.part(p) !== null; });
    var wanted = limit + pinned.length, results = [];
    if (present.length) {  // _strict()
      var matching = intersection(present.map(function (p) { return E.part(p, cb, parsed.sentence); }).filter(Boolean).map(function (q) { return E.scores(q); }));
      if (flt) matching.forEach(function (s, d) { if (!flt.has(d)) matching.delete(d); });
      if (matching.size) {
        var docs = Array.from(matching.keys()).sort(function (a, b) { return a - b; });
        E.pairQueries(parsed).forEach(function (q) { E.scoresAt(q, docs).forEach(function (s, d) { matching.set(d, matching.get(d) + s); }); });
        results = top(weigh(matching), null, wanted);
      }
    }
    var matched = "all";
    if (results.length < C.few) {
      var bq = E.bag(parsed), strict = new Set(results.map(function (r) { return r[0]; }));
      var more = top(weigh(E.coordinated(bq[0], bq[1])), flt, wanted + results.length).filter(function (r) { return !strict.has(r[0]); });
      matched = results.length ? "all" : (more.length ? "any" : "none");
      results = results.concat(more);
    }
    var hits = [];
    for (var i = 0; i < results.length && hits.length < limit; i++) {
      var d = E.docs[results[i][0]];
      if (!seen[d.k]) hits.push({ doc: d, score: results[i][1] });
    }
    if (!hits.length && !pinned.length) matched = "none";
    var topScore = hits.reduce(function (m, h) { return Math.max(m, h.score); }, 0);
    var all = pinned.map(function (n) { return { doc: E.docs[n], score: topScore + 1, pinned: true }; }).concat(hits).slice(0, limit);
    var concepts = parsed.parts.filter(function (p) { return p.kind === "concept"; }).map(function (p) { return p.concept.id; });
    return { hits: all, matched: matched, parsed: parsed, concepts: concepts };
  };
  Engine.prototype.needles = function (parsed) {  // ParsedQuery.needles(), the parts' terms
    var out = [];
    parsed.parts.forEach(function (p) { out.push(p.text); (p.expansion || []).concat(p.other || []).forEach(function (t) { out.push(t); }); });
    return unique(out).filter(Boolean).sort(function (a, b) { return b.length - a.length; });
  };

  var api = { Engine: Engine };
  if (typeof module !== "undefined" && module.exports) module.exports = api; else root.JudgeSearchEngine = api;
})(typeof window !== "undefined" ? window : this);
