"""The preview's HTTP side: the site's files as `publish.serve` sends them, its pages with the
reload script added as they are sent (the built files stay as published), with its words in the
site's interface language, the script itself, and the stream of build events it listens to."""

import html
import io
import re
import urllib.parse
from http import HTTPStatus
from pathlib import Path

from publish.preview.events import BuildState
from publish.serve import SiteHandler
from publish.strings import STRINGS

PREFIX = "/_preview/"
EVENTS = PREFIX + "events"
FILES = {"reload.js": "text/javascript; charset=utf-8", "reload.css": "text/css; charset=utf-8"}
KEEPALIVE = 15.0  # seconds between comments on an idle stream, so a closed tab is noticed
UNTOUCHED = ("lite/",)  # JupyterLite's pages: a reload would lose the student's kernel
POLICY = re.compile(rb'(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(")')
RELAXED = ("script-src", "style-src", "connect-src")  # the preview's files, and its events


def relaxed_policy(policy: str) -> str:
    """`policy` also allowing this server's scripts, styles and event stream."""
    directives = [part.split() for part in policy.split(";") if part.strip()]
    for name in RELAXED:
        directive = next((d for d in directives if d[0] == name), None)
        if directive is None:
            directives.append([name, "'self'"])
        elif "'self'" not in directive:
            directive.append("'self'")
    return "; ".join(" ".join(directive) for directive in directives)


def preview_page(body: bytes, build: int, language: str) -> bytes:
    """A built page as the preview sends it: with the reload script, which its policy allows,
    and the words of its error panel in the interface `language`."""
    def relax(match: re.Match[bytes]) -> bytes:
        policy = relaxed_policy(html.unescape(match[2].decode()))
        return match[1] + html.escape(policy).encode() + match[3]
    body = POLICY.sub(relax, body, count=1)
    failed = html.escape(STRINGS[language]["preview_failed"])
    tags = (f'<link rel="stylesheet" href="{PREFIX}reload.css">'
            f'<script src="{PREFIX}reload.js?build={build}" data-lang="{language}" '
            f'data-failed="{failed}" defer></script>\n</head>')
    return body.replace(b"</head>", tags.encode(), 1)


class PreviewHandler(SiteHandler):
    """A SiteHandler for the preview; `state` is set on the subclass a server is made with."""

    state: BuildState

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")  # a reload always shows the new build
        super().end_headers()

    def do_GET(self) -> None:
        path = urllib.parse.urlsplit(self.path).path
        if path == EVENTS:
            self.stream_events()
        elif path.startswith(PREFIX) and path[len(PREFIX):] in FILES:
            name = path[len(PREFIX):]
            self.send_body(FILES[name], (Path(__file__).parent / name).read_bytes())
        else:
            super().do_GET()

    def send_head(self):
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        file = Path(self.translate_path(self.path))
        if file.is_dir() and path.endswith("/"):
            file = file / "index.html"
        if (file.suffix != ".html" or not file.is_file() or path.startswith(PREFIX)
                or any(path.lstrip("/").startswith(folder) for folder in UNTOUCHED)
                or any(part.startswith(".") for part in path.split("/"))):
            return super().send_head()
        return self.send_body(self.extensions_map[".html"], file.read_bytes(), head=True)

    def page(self, body: bytes) -> bytes:
        return preview_page(body, self.state.snapshot.build, self.state.language)

    def send_body(self, content_type: str, body: bytes, head: bool = False) -> io.BytesIO | None:
        """Send `body` whole (or, with `head`, its headers, leaving the body to the caller)."""
        if content_type.startswith("text/html"):
            body = self.page(body)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if head:
            return io.BytesIO(body)
        self.wfile.write(body)
        return None

    def stream_events(self) -> None:
        """The build state now, then each time it changes, until the server stops."""
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.end_headers()
        seen = None
        try:
            while (snapshot := self.state.wait(seen, KEEPALIVE)) is not None:
                self.wfile.write(snapshot.event() if snapshot != seen else b": idle\n\n")
                self.wfile.flush()
                seen = snapshot
        except (BrokenPipeError, ConnectionResetError):
            pass  # the page closed or reloaded
