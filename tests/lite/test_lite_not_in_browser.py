"""A lesson whose front matter says `not_in_browser`, in a real lite build of the second course
(tests/english_course/, in English): the lite site leaves it out, from its files, its listing and
the course its kernel reads; the lesson before it names it without a link; its page says why
in place of the lite link. The same build ships the second course's own package, not the
first's (the suite's one lite build of that course: JupyterLite's build is slow)."""

import configparser
import json
import shutil
import tomllib
import zipfile
from pathlib import Path

import pytest

from checks.kernel_course import ENTRY_POINTS
from checks.markers import MEASUREMENTS
from course_copies import ROOT, edit_notebook, source
from publish.lite import LiteUnavailable
from publish.lite.inputs import CACHE
from publish.site import build_site
from unavailable import unavailable

pytestmark = pytest.mark.slow  # JupyterLite's own build: not in the quick subset

COURSE = Path(__file__).parents[1] / "english_course"
FIRST, LEFT_OUT = "00-work-in-the-request.ipynb", "01-draining-the-queue.ipynb"
WHY = "It starts a worker process, which the browser cannot."


def says_why(notebook: dict) -> None:
    front = source(notebook["cells"][0])
    notebook["cells"][0]["source"] = front.replace("license:", f"not_in_browser: {WHY}\nlicense:")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The second course, its second lesson not in the browser, built with its lite site, as
    the instructor's build (the answer key beside the lite notebooks); the downloads come from
    this repository's cache (only the first lite build of all fetches)."""
    root = tmp_path_factory.mktemp("not-in-browser") / "counting-work"
    shutil.copytree(COURSE, root, ignore=shutil.ignore_patterns("conftest.py", "__pycache__"))
    edit_notebook(root / "lessons" / LEFT_OUT, says_why)
    (ROOT / CACHE).mkdir(exist_ok=True)
    (root / CACHE).symlink_to((ROOT / CACHE).resolve(), target_is_directory=True)
    try:
        return build_site(root, root.parent / "site", lite=True, instructor=True).out
    except LiteUnavailable as reason:
        unavailable(f"the lite build cannot run here: {reason}", "the lite build")


def test_the_lite_site_neither_ships_nor_lists_the_lesson(site):
    assert sorted(path.name for path in (site / "lite" / "files").iterdir()) == \
        [FIRST, "glossary.yaml"]
    listing = json.loads((site / "lite" / "api" / "contents" / "all.json").read_text(
        encoding="utf-8"))
    assert sorted(entry["name"] for entry in listing["content"]) == [FIRST, "glossary.yaml"]


def test_the_course_the_lite_kernel_reads_lists_only_the_lessons_there(site):
    """The student's progress there counts, and links as the next step, only those."""
    shipped = []
    for path in (site / "lite" / "static" / "pyodide").glob("*.whl"):
        with zipfile.ZipFile(path) as archive:
            shipped += [tomllib.loads(archive.read(name).decode()) for name in archive.namelist()
                        if name.endswith(".dist-info/course.toml")]
    assert [definition["lessons"] for definition in shipped] == [[FIRST]]


def test_the_lesson_before_names_it_without_a_link_and_says_why(site):
    notebook = json.loads((site / "lite" / "files" / FIRST).read_text(encoding="utf-8"))
    prose = "".join(source(cell) for cell in notebook["cells"] if cell["cell_type"] == "markdown")
    assert LEFT_OUT not in prose
    assert (f"Draining the Queue (This lesson does not run in the browser: {WHY}) adds the "
            "worker") in prose


def test_its_page_says_why_in_place_of_the_lite_link(site):
    page = (site / LEFT_OUT.replace(".ipynb", ".html")).read_text(encoding="utf-8")
    assert 'href="lite/' not in page and "lite-link.js" not in page
    assert ('<p class="download not-in-browser"><span>This lesson does not run in the browser:'
            f"</span> {WHY}</p>") in page
    first = (site / FIRST.replace(".ipynb", ".html")).read_text(encoding="utf-8")
    assert f'<a href="lite/lab/index.html?path={FIRST}">Run in the browser</a>' in first


def test_the_answer_key_is_on_the_instructors_page_and_in_no_lite_notebook(site):
    lite = json.loads((site / "lite" / "files" / FIRST).read_text(encoding="utf-8"))
    assert MEASUREMENTS in json.loads((COURSE / "lessons" / FIRST).read_text(
        encoding="utf-8"))["metadata"]
    assert MEASUREMENTS not in lite["metadata"]
    page = (site / f"instructor-{FIRST.replace('.ipynb', '.html')}").read_text(encoding="utf-8")
    assert '<h2 id="_answer_key">Answer key</h2>' in page
    assert "<dd><code>0</code></dd>" in page  # what the lesson measured: no job ran before


def project_wheel(site: Path) -> dict[str, bytes]:
    """The files of the wheel of the course's own modules, among the lite site's wheels."""
    found = []
    for path in sorted((site / "lite" / "static" / "pyodide").glob("*.whl")):
        with zipfile.ZipFile(path) as wheel:
            if any(name.startswith("practice/") for name in wheel.namelist()):
                found.append({name: wheel.read(name) for name in wheel.namelist()})
    assert len(found) == 1, "no wheel, or more than one, carries the course's package"
    return found[0]


def test_the_lite_site_ships_the_practice_package_and_names_it(site):
    """The second course's exercises package (`practice`, every module of it) and the student
    tools, and none of the first course's packages; its entry point names it, and its
    course.toml says the tools' language. The lite link says how this course's README runs the
    toolkit."""
    wheel = project_wheel(site)
    names = list(wheel)
    assert {"practice/__init__.py", "practice/lesson00.py", "practice/lesson01.py",
            "checks/student/exercise.py", "checks/student/prediction.py"} <= set(names)
    first_course = ("kernel", "kasif", "cizim", "alistirmalar")  # none of them this course's
    assert not [name for name in names if name.split("/")[0] in first_course]
    (entry_points,) = [name for name in names if name.endswith(".dist-info/entry_points.txt")]
    declared = configparser.ConfigParser()
    declared.read_string(wheel[entry_points].decode())
    assert list(declared[ENTRY_POINTS].values()) == ["practice"]
    (definition,) = [name for name in names if name.endswith(".dist-info/course.toml")]
    assert tomllib.loads(wheel[definition].decode())["language"] == "en"  # its tools' words
    # served as this course's README runs the toolkit (course.toml's default), for the lite link
    first = (site / FIRST.replace(".ipynb", ".html")).read_text(encoding="utf-8")
    assert "<code>kurs serve --lite</code>" in first and "build.py" not in first
