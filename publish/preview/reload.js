// The preview's reload script, added by `python build.py serve` to the pages it sends (never
// to the built files): it reloads the page after each rebuild, and shows why the course does
// not build while it does not.
(() => {
  "use strict";
  const loaded = Number(new URL(document.currentScript.src).searchParams.get("build"));
  let overlay = null;

  function showError(text) {
    if (overlay === null) {
      overlay = document.createElement("div");
      overlay.id = "preview-error";
      overlay.setAttribute("role", "alert");
      const heading = document.createElement("p");
      heading.textContent = "The course does not build; this page shows the last good build. " +
        "It reloads once the error is fixed.";
      overlay.append(heading, document.createElement("pre"));
      document.body.append(overlay);
    }
    overlay.querySelector("pre").textContent = text;
  }

  const events = new EventSource("/_preview/events");
  events.addEventListener("build", (event) => {
    const state = JSON.parse(event.data);
    if (state.error !== null) {
      showError(state.error);
    } else if (state.build !== loaded) {
      events.close();
      location.reload();
    }
  });
})();
