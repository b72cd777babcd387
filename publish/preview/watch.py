"""Watch what the site is made of and rebuild it, incrementally, once per save."""

import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from watchfiles import Change, DefaultFilter, watch

from checks.linter.report import format_findings, in_ci
from publish import LintFailed, SiteError
from publish.inputs import DEFAULTS, DEFINITION, course_inputs
from publish.preview.events import BuildState
from publish.preview.language import interface_language
from publish.preview.saves import TICK, Saves
from publish.site import build_site

# A save is seldom one event (an editor writes a temporary file, then renames it over the old
# one): changes that come less than STEP ms apart are grouped, for at most DEBOUNCE ms; then
# `Saves` waits, tick by tick, until every file changed is written whole.
STEP, DEBOUNCE = 50, 1600
IGNORED_FOLDERS = (".ipynb_checkpoints", "_lite_cache")
# Files editors and tools write beside the one they save, besides watchfiles' own patterns
# (`.swp`/`.swx`, `~` backups, emacs's `.#` locks): hidden ones (vim's and kate's swap files,
# JupyterLab's `.~` copies, BSD sed's `.!PID!name`), `.tmp`, JetBrains' `name___jb_tmp___` and
# `___jb_old___` (watchfiles' pattern wants a dot before them), emacs's `#name#`, vim's
# writability probe `4913` (then 5036, 5159...: a name of digits alone) and GNU `sed -i`'s
# `sedXXXXXX` (six letters or digits, no extension: `sedef.py` is a module like any other).
EDITORS_FILES = (r"^\.", r"\.tmp$", r"___jb_(tmp|old)___$", r"^#.*#$", r"^\d+$",
                 r"^sed[A-Za-z0-9]{6}$")


def watched_paths(root: Path) -> list[Path]:
    """The folders and files a page is made from: the course's folder (definition, templates,
    assets, glossary), the lessons, the kernel they import and the exercises' package, and the
    toolkit's templates and assets."""
    course = root / DEFINITION.parent
    paths = [course, *(path for path in course_inputs(root) if course not in path.parents)]
    return [*(path for path in paths if path.exists()), DEFAULTS]


class CourseFilter(DefaultFilter):
    """Editors' temporary, swap and hidden files, checkpoints, caches, and the built site with
    its staging folders and manifest (when it lies under a watched folder) are no change."""

    def __init__(self, out: Path) -> None:
        super().__init__(ignore_dirs=(*DefaultFilter.ignore_dirs, *IGNORED_FOLDERS),
                         ignore_entity_patterns=(*DefaultFilter.ignore_entity_patterns,
                                                 *EDITORS_FILES),
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
        state.built(not result.up_to_date, interface_language(root, state.language))


class Ready:
    """The watcher's stop event, which it first asks once it watches: then, and only then, it
    calls `announce`. It never stops the watcher: KeyboardInterrupt does."""

    def __init__(self, announce: Callable[[], None]) -> None:
        self.announce: Callable[[], None] | None = announce

    def is_set(self) -> bool:
        announce, self.announce = self.announce, None
        if announce is not None:
            announce()
        return False


def watch_and_rebuild(root: Path, out: Path, lite: bool, state: BuildState, ready: Ready) -> None:
    """Rebuild once each save is over, until KeyboardInterrupt."""
    saves = Saves()
    for changes in watch(*watched_paths(root), watch_filter=CourseFilter(out), step=STEP,
                         debounce=DEBOUNCE, rust_timeout=TICK, yield_on_timeout=True,
                         stop_event=ready):
        unfinished = saves.add(changes)
        if not saves.over():
            for notebook in unfinished:
                print(f"{notebook.name}: not a whole notebook yet; waiting for the rest of the "
                      "save", flush=True)
            continue
        names = sorted({path.name for path in saves.stamps})
        saves = Saves()
        print(f"changed: {', '.join(names)}; rebuilding", flush=True)
        rebuild(root, out, lite, state)
