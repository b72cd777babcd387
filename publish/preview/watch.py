"""Watch what the site is made of and rebuild it, incrementally, once per group of changes."""

import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from watchfiles import Change, DefaultFilter, watch

from checks.report import format_findings, in_ci
from publish import LintFailed, SiteError
from publish.inputs import COURSE_INPUTS, DEFINITION
from publish.preview.events import BuildState
from publish.site import build_site

# A save is seldom one event (an editor writes a temporary file, then renames it over the old
# one): changes that come less than STEP ms apart are grouped, for at most DEBOUNCE ms.
STEP, DEBOUNCE = 50, 1600
IGNORED_FOLDERS = (".ipynb_checkpoints", "_lite_cache")


def watched_paths(root: Path) -> list[Path]:
    """The folders and files a page is made from: the course's folder (definition, templates,
    assets, glossary), the lessons and the kernel they import."""
    course = DEFINITION.parent
    paths = [course, *(path for path in COURSE_INPUTS if course not in path.parents)]
    return [root / path for path in paths if (root / path).exists()]


class CourseFilter(DefaultFilter):
    """Editors' temporary, swap and hidden files, checkpoints, caches, and the built site with
    its staging folders and manifest (when it lies under a watched folder) are no change."""

    def __init__(self, out: Path) -> None:
        super().__init__(ignore_dirs=(*DefaultFilter.ignore_dirs, *IGNORED_FOLDERS),
                         ignore_entity_patterns=(*DefaultFilter.ignore_entity_patterns,
                                                 r"^\.", r"\.tmp$"),
                         ignore_paths=(out.resolve(),))

    def __call__(self, change: Change, path: str) -> bool:
        return super().__call__(change, str(Path(path).resolve()))


def rebuild(root: Path, out: Path, lite: bool, state: BuildState) -> None:
    """Build the site again; the pages learn the outcome from `state`, the terminal reads it."""
    start = time.perf_counter()
    try:
        result = build_site(root, out, lite)
    except LintFailed as failure:
        print(format_findings(failure.findings, github=in_ci()), file=sys.stderr)
        state.failed(f"{format_findings(failure.findings, github=False)}\n{failure}")
    except SiteError as error:
        print(f"error: {error}", file=sys.stderr)
        state.failed(str(error))
    except Exception as error:  # a file read mid-save, say: the next save tries again
        traceback.print_exc()
        state.failed(f"{type(error).__name__}: {error}")
    else:
        if not result.up_to_date and result.findings:
            print(format_findings(result.findings, github=in_ci()))
        print(f"{result.summary()} [{(time.perf_counter() - start) * 1000:.0f} ms]", flush=True)
        state.built(changed=not result.up_to_date)


class Watching(threading.Event):
    """Stops the watcher once set. The watcher asks it first once it watches: then, and only
    once, it calls `ready`."""

    def __init__(self, ready: Callable[[], None]) -> None:
        super().__init__()
        self.ready: Callable[[], None] | None = ready

    def is_set(self) -> bool:
        ready, self.ready = self.ready, None
        if ready is not None:
            ready()
        return super().is_set()


def watch_and_rebuild(root: Path, out: Path, lite: bool, state: BuildState,
                      stop: Watching) -> None:
    """Rebuild after each group of changes, until `stop` is set (or KeyboardInterrupt)."""
    for changes in watch(*watched_paths(root), watch_filter=CourseFilter(out), step=STEP,
                         debounce=DEBOUNCE, stop_event=stop):
        names = sorted({Path(path).name for _, path in changes})
        print(f"changed: {', '.join(names)}; rebuilding", flush=True)
        rebuild(root, out, lite, state)
