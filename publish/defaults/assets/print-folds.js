// A fold (a measurement's outputs waiting for the student's prediction, a hide-input or
// hide-output cell) prints open: print.css shows what it hides where the browser knows
// ::details-content; this opens the closed folds for printing in every browser, and closes
// them again afterwards. On screen nothing changes; without JavaScript the folds still work.
(function () {
  "use strict";
  var opened = [];
  window.addEventListener("beforeprint", function () {
    opened = Array.prototype.slice.call(document.querySelectorAll("details.folded:not([open])"));
    opened.forEach(function (fold) { fold.open = true; });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (fold) { fold.open = false; });
    opened = [];
  });
})();
