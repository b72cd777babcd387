// The lite site runs only from a server (a browser refuses its scripts and service worker on
// file://): a lesson page opened from a file shows, in place of its "run in the browser" link,
// how to serve the site. Without JavaScript the lite site cannot run at all, so the link stays.
(function () {
  "use strict";
  if (location.protocol !== "file:") return;
  var link = document.querySelector(".download.run");
  var note = document.querySelector(".download.run-needs-server");
  if (!link || !note) return;
  link.hidden = true;
  note.hidden = false;
})();
