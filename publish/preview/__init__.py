"""`python build.py serve`: take the port, build the site, preview it, rebuild it when the course
changes and reload the pages open in a browser (or show them why the course does not build),
until Ctrl+C or SIGTERM."""

import socket
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from checks.linter.lint import lint
from publish import serve
from publish.preview.events import BuildState
from publish.preview.language import interface_language
from publish.preview.server import PreviewHandler
from publish.preview.stopping import stopped_by_signals
from publish.preview.watch import Ready, watch_and_rebuild

LITE_NOTE = ("a lesson's change rebuilds the lite site too, which takes seconds; a notebook "
             "already saved in JupyterLite stays as that browser saved it")


def warm_up(root: Path) -> None:
    import publish.builder  # noqa: F401
    import publish.render  # noqa: F401
    import publish.plan_items  # noqa: F401 (a rebuild's verdict names the exercises with it)
    lint(root)


def preview(root: Path, port: int, lite: bool, build: Callable[[], Path | None]) -> int:
    """Take `port`, then `build` the site (it returns the site's folder, or None once it has
    said why it could not), then serve and rebuild it until Ctrl+C or SIGTERM. A port that is
    not free stops it before anything is built, so the last site stays as it was."""
    with stopped_by_signals():
        try:
            listening = serve.take_port(port)
        except OSError as error:
            print(f"error: cannot serve on port {port}: {error}", file=sys.stderr)
            return 1
        try:
            out = build()
            if out is None:
                return 1
            serve_and_watch(root, out, listening, lite)
        except KeyboardInterrupt:
            pass
        finally:
            listening.close()
    return 0


def serve_and_watch(root: Path, out: Path, listening: socket.socket, lite: bool) -> None:
    """Serve the site built in `out` on `listening` and rebuild it as `root` changes, until
    KeyboardInterrupt."""
    state = BuildState(interface_language(root))
    handler = type("PreviewHandler", (PreviewHandler,), {"state": state})
    server = serve.make_server(out, listening, handler=handler)
    ready = Ready(lambda: print(
        f"serving the site at {serve.address(server)} (Ctrl+C stops); it is rebuilt and its "
        f"pages reload as the course changes{'; ' + LITE_NOTE if lite else ''}", flush=True))
    thread = threading.Thread(target=server.serve_forever, name="preview server", daemon=True)
    try:
        thread.start()
        # The first save is then as fast as the next: the builder imported, every lesson linted.
        threading.Thread(target=warm_up, args=(root,), daemon=True).start()
        watch_and_rebuild(root, out, lite, state, ready)
    finally:
        state.close()
        if thread.is_alive():  # however early the interruption came
            server.shutdown()
            thread.join()
        server.server_close()
