// A server answers this page for any missing address, at any depth (/a/b/c), where the page's
// relative links would miss the site. The site's root is the deepest folder of the address
// that holds this page: once found, every relative link is made to start there. Opened from
// file://, there is no server to ask (and a browser refuses to fetch files): the page is where
// the site is, and the links stay as they are.
(async function () {
  "use strict";
  if (location.protocol === "file:") return;
  var parts = location.pathname.split("/");
  for (var end = parts.length - 1; end > 0; end--) {
    var root = parts.slice(0, end).join("/") + "/";
    var answer = await fetch(root + "404.html", { method: "HEAD" }).catch(function () {});
    if (!answer) return;  // the server did not answer: the links stay as they are
    if (answer.ok) return relink(root);
  }

  function relink(root) {
    for (var element of document.querySelectorAll("[href], [src], [action]")) {
      for (var name of ["href", "src", "action"]) {
        var value = element.getAttribute(name);
        if (value && !/^([a-z][a-z0-9+.-]*:|[#/])/i.test(value)) element.setAttribute(name, root + value);
      }
    }
  }
})();
