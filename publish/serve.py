"""Preview a built site on localhost with the standard library's HTTP server."""

from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HOST = "127.0.0.1"


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves the site's files with their character set, and logs nothing unless asked."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
                      ".js": "text/javascript; charset=utf-8",
                      ".ipynb": "application/x-ipynb+json"}
    quiet = False

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(site: Path, port: int = 8000, quiet: bool = False) -> ThreadingHTTPServer:
    """A server for `site` on localhost (port 0 picks a free one); call `serve_forever`."""
    handler = type("Handler", (SiteHandler,), {"quiet": quiet})
    return ThreadingHTTPServer((HOST, port), partial(handler, directory=str(site)))


def address(server: ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"
