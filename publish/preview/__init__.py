"""`python build.py serve`: preview the site, rebuild it when the course changes, and reload
the pages open in a browser (or show them why the course does not build)."""

import signal
import sys
import threading
from pathlib import Path

from checks.lint import lint
from publish import serve
from publish.preview.events import BuildState
from publish.preview.server import PreviewHandler
from publish.preview.watch import Watching, watch_and_rebuild

LITE_NOTE = ("a lesson's change rebuilds the lite site too, which takes seconds; a notebook "
             "already saved in JupyterLite stays as that browser saved it")


def warm_up(root: Path) -> None:
    import publish.builder  # noqa: F401
    import publish.plan_items  # noqa: F401 (a rebuild's verdict names the exercises with it)
    lint(root)


def serve_and_watch(root: Path, out: Path, port: int, lite: bool) -> int:
    """Serve the built site in `out` and rebuild it as `root` changes, until interrupted."""
    state = BuildState()
    handler = type("PreviewHandler", (PreviewHandler,), {"state": state})
    try:
        server = serve.make_server(out, port, handler=handler)
    except OSError as error:
        print(f"error: cannot serve on port {port}: {error}", file=sys.stderr)
        return 1
    stop = Watching(ready=lambda: print(
        f"serving the site at {serve.address(server)} (Ctrl+C stops); it is rebuilt and its "
        f"pages reload as the course changes{'; ' + LITE_NOTE if lite else ''}", flush=True))
    signal.signal(signal.SIGTERM, lambda signum, frame: stop.set())  # ends after a rebuild
    thread = threading.Thread(target=server.serve_forever, name="preview server")
    thread.start()
    # The first save is then as fast as the next: the builder imported, every lesson linted.
    threading.Thread(target=warm_up, args=(root,), daemon=True).start()
    try:
        watch_and_rebuild(root, out, lite, state, stop)
    except KeyboardInterrupt:
        pass
    finally:
        state.close()
        server.shutdown()
        thread.join()
        server.server_close()
    return 0
