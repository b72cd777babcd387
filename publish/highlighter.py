"""The second process of a clean build (`publish.highlight_ahead` starts it): it reads the
lessons' files and writes one JSON list of (language, source, html) for every code cell their
pages show. Its own module, so that it loads only what it needs and starts fast."""

import json
import sys
from pathlib import Path

from checks.markers import on_the_pages
from publish.highlight import highlight_code, notebook_language

PIPE_LIMIT = 1 << 20  # Linux's default /proc/sys/fs/pipe-max-size


def shown_code(notebook: dict) -> list[str]:
    """The sources of the code cells a lesson's pages show."""
    return [source if isinstance(source := cell["source"], str) else "".join(source)
            for cell in notebook["cells"] if cell["cell_type"] == "code" and on_the_pages(cell)]


def highlight_lessons(paths: list[str]) -> list[tuple[str, str, str]]:
    """(language, source, html) for each shown code cell of each lesson that reads as one; the
    linter says what is wrong with one that does not."""
    answered = []
    for path in paths:
        try:
            notebook = json.loads(Path(path).read_text(encoding="utf-8"))
            language = notebook_language(notebook)
            answered += [(language, source, highlight_code(source, language))
                         for source in shown_code(notebook)]
        except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
            continue
    return answered


def answer(data: bytes) -> None:
    """`data` on stdout, in one write where the system lets the pipe hold it all (Linux, up to
    its limit for users, 1 MiB by default): this process then ends without waiting for the
    build to read it, and the build reads it at once, not in 64 KiB turns with this process
    (about 20 ms of the build's own path, for this course's 0.4 MB)."""
    try:
        import fcntl
        fcntl.fcntl(sys.stdout.fileno(), fcntl.F_SETPIPE_SZ, min(len(data), PIPE_LIMIT))
    except (ImportError, AttributeError, OSError):  # not Linux, not a pipe, or over the limit
        pass
    sys.stdout.buffer.write(data)


if __name__ == "__main__":
    answer(json.dumps(highlight_lessons(sys.argv[1:]), ensure_ascii=False).encode())
