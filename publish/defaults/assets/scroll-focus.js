// A box wider than the column scrolls sideways (code, printed output, tables, figures); a reader
// without a mouse reaches it with Tab and scrolls it with the arrow keys. Only a box that
// scrolls takes focus, so that Tab does not stop at every code cell; without JavaScript the
// boxes still scroll with a mouse or a finger.
(function () {
  "use strict";
  var boxes = document.querySelectorAll(
    "main pre, .prose table, .output.html, .output.markdown, .output.figure");

  function update() {
    boxes.forEach(function (box) {
      if (box.scrollWidth > box.clientWidth + 1) box.setAttribute("tabindex", "0");
      else box.removeAttribute("tabindex");
    });
  }

  var pending = false;
  window.addEventListener("resize", function () {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () { pending = false; update(); });
  });
  update();
})();
