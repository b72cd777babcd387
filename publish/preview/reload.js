// The preview's reload script, added by `python build.py serve` to the pages it sends (never
// to the built files): it reloads the page after each rebuild, and shows why the course does
// not build while it does not, in the words and language the server gives it (data-failed,
// data-lang: the site's interface strings).
(() => {
  "use strict";
  const script = document.currentScript;
  const loaded = Number(new URL(script.src).searchParams.get("build"));
  let overlay = null;

  function showError(text) {
    if (overlay === null) {
      overlay = document.createElement("div");
      overlay.id = "preview-error";
      overlay.lang = script.dataset.lang;
      overlay.setAttribute("role", "alert");
      const heading = document.createElement("p");
      heading.textContent = script.dataset.failed;
      const findings = document.createElement("pre");
      findings.lang = "en";  // the tool's messages, in English
      overlay.append(heading, findings);
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
