// Full-text search over the index the build wrote (search-index.js sets COURSE_SEARCH_INDEX).
// Matching ignores case and Turkish letters' marks, so "kucuk" finds "küçük". A section is
// found by its title, prose and code; its snippet is cut from its prose only, at word boundaries.
(function () {
  "use strict";
  var MAX_RESULTS = 50;
  var SNIPPET = 90;

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

  function terms(query) {
    return fold(query.trim()).text.split(/\s+/).filter(Boolean);
  }

  function count(haystack, term) {
    var n = 0, at = haystack.indexOf(term);
    while (at !== -1) { n++; at = haystack.indexOf(term, at + term.length); }
    return n;
  }

  function search(index, words) {
    var results = [];
    index.forEach(function (lesson, lessonOrder) {
      lesson.sections.forEach(function (section, sectionOrder) {
        var title = fold(section.title).text, body = fold(section.text);
        var code = fold(section.code).text;
        var score = 0;
        for (var word of words) {
          var inTitle = count(title, word), inBody = count(body.text, word);
          var inCode = count(code, word);
          if (!inTitle && !inBody && !inCode) return;
          score += 5 * inTitle + 2 * inBody + inCode;
        }
        results.push({ lesson: lesson, section: section, body: body, score: score,
                       order: lessonOrder * 10000 + sectionOrder });
      });
    });
    results.sort(function (a, b) { return b.score - a.score || a.order - b.order; });
    return results.slice(0, MAX_RESULTS);
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
  // the title or the code matched), cut at word boundaries, with every match marked.
  function snippet(section, body, words) {
    var first = Math.min.apply(null, words.map(function (w) {
      var at = body.text.indexOf(w); return at === -1 ? Infinity : at;
    }));
    if (first === Infinity) first = 0;
    var start = wordStart(body.text, first - SNIPPET, first);
    var end = wordEnd(body.text, first + 2 * SNIPPET, first);
    var marks = [];
    words.forEach(function (w) {
      for (var at = body.text.indexOf(w, start); at !== -1 && at < end; at = body.text.indexOf(w, at + w.length))
        marks.push([at, Math.min(at + w.length, end)]);
    });
    marks.sort(function (a, b) { return a[0] - b[0]; });
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
    var results = search(window.COURSE_SEARCH_INDEX || [], words);
    status.textContent = results.length
      ? status.dataset.count.replace("{n}", results.length) : status.dataset.none;
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
      if (r.section.text) item.append(snippet(r.section, r.body, words));
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
