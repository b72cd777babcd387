"""Preview a built site on localhost with the standard library's HTTP server."""

import socket
import urllib.parse
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HOST = "127.0.0.1"
NOT_FOUND_PAGE = "404.html"


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves the site's files with their character set, as GitHub Pages would: no hidden file,
    no folder listing, and the site's own page for what is missing. Logs nothing unless asked."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
                      ".js": "text/javascript; charset=utf-8",
                      ".ipynb": "application/x-ipynb+json"}
    quiet = False

    def send_head(self):
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        if any(part.startswith(".") for part in path.split("/")):
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
        return super().send_head()

    def list_directory(self, path):
        self.send_error(HTTPStatus.NOT_FOUND)
        return None

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        page = Path(self.directory, NOT_FOUND_PAGE)
        if code != HTTPStatus.NOT_FOUND or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = self.page(page.read_bytes())
        self.log_error("code %d, message %s", code, message or "Not Found")
        self.send_response(code, message)
        self.send_header("Content-Type", self.extensions_map[".html"])
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def page(self, body: bytes) -> bytes:
        """An HTML page as it is sent (as it is written, here)."""
        return body

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def take_port(port: int) -> socket.socket:
    """Localhost's `port` (0: a free one), bound and listening: taken before a site is built to
    be served there. OSError if it is not free."""
    return socket.create_server((HOST, port))


def make_server(site: Path, port: int | socket.socket = 8000, quiet: bool = False,
                handler: type[SiteHandler] = SiteHandler) -> ThreadingHTTPServer:
    """A server for `site` on localhost's `port` (0 picks a free one), or on a socket from
    `take_port`; call `serve_forever`."""
    handler = type("Handler", (handler,), {"quiet": quiet})
    listening = take_port(port) if isinstance(port, int) else port
    server = ThreadingHTTPServer(listening.getsockname(), partial(handler, directory=str(site)),
                                 bind_and_activate=False)
    server.socket.close()  # never bound: the socket taken listens in its place
    server.socket, server.server_port = listening, listening.getsockname()[1]
    return server


def address(server: ThreadingHTTPServer) -> str:
    return f"http://{HOST}:{server.server_port}/"
