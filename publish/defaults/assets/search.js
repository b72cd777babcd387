// Full-text search over the index the build wrote: search-index.js sets COURSE_SEARCH_INDEX to
// the lessons' sections and a table of word stems. Matching ignores case and letters' marks, so
// "kucuk" finds "küçük" (Turkish lower case, ı read as i, folds any language as its own would).
// A query word also finds the words that share its stem, so "kuyruk" finds "kuyruğa": the build
// ran Snowball's stemmer for the course's language over the lessons' words and listed each word
// whose stem is not itself; here a word, typed or read, is looked up in that table, and one
// missing from it is its own stem. A section is found by its title, prose and code (code by the
// letters typed only); its snippet is cut from its prose only, at word boundaries. A section
// whose title holds a query word ranks first: the word itself, then its letters inside a longer
// word, then a word of its stem; then by how often the query matches.
(function () {
  "use strict";
  var MAX_RESULTS = 50;
  var SNIPPET = 90;
  var INDEX = window.COURSE_SEARCH_INDEX || { lessons: [], stems: {} };
  var STEMS = new Map(Object.entries(INDEX.stems));
  var WORD = /\p{L}+/gu;  // as the build's words: runs of letters
  var ONE_WORD = /^\p{L}+$/u;

  function stemOf(word) {
    return STEMS.has(word) ? STEMS.get(word) : word;
  }

  function foldChar(c) {
    return c.toLocaleLowerCase("tr").normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ı/g, "i");
  }

  // The folded text, and for each of its characters the offset it came from in `text`.
  function fold(text) {
    var folded = "", origin = [], offset = 0;
    for (var c of text) {
      var f = foldChar(c);
      for (var i = 0; i < f.length; i++) origin.push(offset);
      folded += f;
      offset += c.length;
    }
    origin.push(offset);
    return { text: folded, origin: origin };
  }

  // A folded text and its words, each with where it starts and ends, and its stem.
  function reading(text) {
    var words = [];
    for (var m of text.matchAll(WORD))
      words.push({ start: m.index, end: m.index + m[0].length, word: m[0], stem: stemOf(m[0]) });
    return { text: text, words: words };
  }

  var prepared = new Map();  // section -> its folded title, prose and code, made once

  function prepare(section) {
    if (!prepared.has(section)) {
      var body = fold(section.text);
      prepared.set(section, { title: reading(fold(section.title).text), body: body,
                              prose: reading(body.text), code: fold(section.code).text });
    }
    return prepared.get(section);
  }

  function terms(query) {
    return fold(query.trim()).text.split(/\s+/).filter(Boolean);
  }

  function count(haystack, term) {
    var n = 0, at = haystack.indexOf(term);
    while (at !== -1) { n++; at = haystack.indexOf(term, at + term.length); }
    return n;
  }

  // Where `term` matches in a reading, by start: wherever its letters occur, and every word
  // that shares its stem without holding them.
  function matches(read, term) {
    var found = [];
    for (var at = read.text.indexOf(term); at !== -1; at = read.text.indexOf(term, at + term.length))
      found.push([at, at + term.length]);
    if (ONE_WORD.test(term)) {
      var stem = stemOf(term);
      read.words.forEach(function (w) {
        if (w.stem === stem && w.word.indexOf(term) === -1) found.push([w.start, w.end]);
      });
    }
    return found.sort(function (a, b) { return a[0] - b[0]; });
  }

  // How closely a title holds `term`: 3 as one of its words, 2 inside a longer word, 1 as a
  // word of the same stem, 0 not at all.
  function titleRank(title, term) {
    if (title.words.some(function (w) { return w.word === term; })) return 3;
    if (title.text.indexOf(term) !== -1) return 2;
    var stem = stemOf(term);
    return ONE_WORD.test(term) && title.words.some(function (w) { return w.stem === stem; })
      ? 1 : 0;
  }

  // The sections that match every word, best first, and how many there are: the first
  // MAX_RESULTS of them are shown.
  function search(index, words) {
    var results = [];
    index.lessons.forEach(function (lesson, lessonOrder) {
      lesson.sections.forEach(function (section, sectionOrder) {
        var read = prepare(section), title = 0, score = 0, marks = [];
        for (var word of words) {
          var inTitle = matches(read.title, word).length, inBody = matches(read.prose, word);
          var inCode = count(read.code, word);
          if (!inTitle && !inBody.length && !inCode) return;
          title += titleRank(read.title, word);
          score += 5 * inTitle + 2 * inBody.length + inCode;
          marks = marks.concat(inBody);
        }
        marks.sort(function (a, b) { return a[0] - b[0]; });
        results.push({ lesson: lesson, section: section, body: read.body, marks: marks,
                       title: title, score: score, order: lessonOrder * 10000 + sectionOrder });
      });
    });
    results.sort(function (a, b) {
      return b.title - a.title || b.score - a.score || a.order - b.order;
    });
    return { shown: results.slice(0, MAX_RESULTS), total: results.length };
  }

  // Where a snippet may start at or after `at`: the start of a word, at the latest the start of
  // the word holding `limit` (the first match). The prose's words are separated by one space.
  function wordStart(text, at, limit) {
    if (at <= 0) return 0;
    var space = text.indexOf(" ", at - 1);
    return space !== -1 && space < limit ? space + 1 : text.lastIndexOf(" ", limit) + 1;
  }

  // Where a snippet may end at or before `at`: the end of a word, at the earliest the end of
  // the word holding `limit`.
  function wordEnd(text, at, limit) {
    if (at >= text.length) return text.length;
    var space = text.lastIndexOf(" ", at);
    if (space > limit) return space;
    space = text.indexOf(" ", limit);
    return space === -1 ? text.length : space;
  }

  // A stretch of the section's prose around the first match in it (or its opening, when only
  // the title or the code matched), cut at word boundaries, with every match in it marked;
  // `matches` are where the query matched the prose, by start.
  function snippet(section, body, matches) {
    var first = matches.length ? matches[0][0] : 0;
    var start = wordStart(body.text, first - SNIPPET, first);
    var end = wordEnd(body.text, first + 2 * SNIPPET, first);
    var marks = matches.filter(function (m) { return m[0] >= start && m[0] < end; })
      .map(function (m) { return [m[0], Math.min(m[1], end)]; });
    var text = section.text, cursor = start;
    function original(a, b) { return text.slice(body.origin[a], body.origin[b]); }
    var paragraph = document.createElement("p");
    if (start > 0) paragraph.append("…");
    marks.forEach(function (m) {
      if (m[0] < cursor) return;
      paragraph.append(original(cursor, m[0]));
      var mark = document.createElement("mark");
      mark.textContent = original(m[0], m[1]);
      paragraph.append(mark);
      cursor = m[1];
    });
    paragraph.append(original(cursor, end));
    if (end < body.text.length) paragraph.append("…");
    return paragraph;
  }

  function show(query, list, status) {
    var words = terms(query);
    list.replaceChildren();
    if (!words.length) { status.textContent = ""; return; }
    var found = search(INDEX, words), results = found.shown;
    status.textContent = !found.total ? status.dataset.none
      : found.total > results.length
        ? status.dataset.more.replace("{total}", found.total).replace("{n}", results.length)
        : status.dataset.count.replace("{n}", found.total);
    results.forEach(function (r) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = r.lesson.page + (r.section.id ? "#" + r.section.id : "");
      link.textContent = r.section.title;
      item.append(link);
      if (r.section.title !== r.lesson.title) {
        var where = document.createElement("p");
        where.className = "where";
        where.textContent = r.lesson.title;
        item.append(where);
      }
      if (r.section.text) item.append(snippet(r.section, r.body, r.marks));
      list.append(item);
    });
  }

  var input = document.getElementById("_q");
  var list = document.getElementById("_results");
  var status = document.getElementById("_status");
  input.value = new URLSearchParams(window.location.search).get("q") || "";
  input.addEventListener("input", function () { show(input.value, list, status); });
  show(input.value, list, status);
})();
