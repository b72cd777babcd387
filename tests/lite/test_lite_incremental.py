"""How the course site's build keeps its lite site: made with the site, left alone when nothing
changed, remade only when a lesson it holds changes, and gone from a plain build; and what it
adds to JupyterLite's own pages. JupyterLite's build is stood in for here;
tests/lite/test_lite_browser.py runs the real one."""

import json

import pytest

from checks.definition import lesson_notebooks
from course_copies import LESSON, edit_notebook
from publish.lite.course_code import left_out
from publish.lite.site import declare_icon
from publish.site import build_site

STAND_IN = {"lite/index.html": b"<p>lite</p>"}


@pytest.fixture
def lite_builds(monkeypatch) -> list[dict]:
    """The notebooks each lite build was asked for; each returns STAND_IN."""
    builds = []

    def lite_files(root, notebooks):
        builds.append(notebooks)
        return STAND_IN
    monkeypatch.setattr("publish.lite.site.lite_files", lite_files)
    return builds


def test_the_lite_site_is_remade_only_when_a_lesson_changes(course, tmp_path, lite_builds):
    out = tmp_path / "site"
    build_site(course, out, lite=True)
    assert (out / "lite" / "index.html").read_bytes() == STAND_IN["lite/index.html"]
    held = [p.name for p in lesson_notebooks(course / "lessons") if p.name not in left_out(course)]
    assert left_out(course) and held  # the lesson that starts processes stays out
    assert sorted(lite_builds[0]) == sorted([*held, "glossary.yaml"])  # and the glossary
    assert build_site(course, out, lite=True).up_to_date

    definition = course / "course" / "course.toml"
    definition.write_text(definition.read_text(encoding="utf-8").replace(
        "description = \"", "description = \"Yeni. "), encoding="utf-8")
    result = build_site(course, out, lite=True)
    assert "index.html" in result.made and "lite/index.html" in result.reused
    assert len(lite_builds) == 1

    edit_notebook(course / "lessons" / LESSON, lambda notebook: notebook["cells"][1].update(
        source="".join(notebook["cells"][1]["source"]) + "\n\nYeni cümle."))
    assert "lite/index.html" in build_site(course, out, lite=True).made
    assert len(lite_builds) == 2


def test_the_lite_site_is_remade_when_the_kernel_tools_change(course, tmp_path, lite_builds,
                                                              monkeypatch):
    """They are not installed here, so the fingerprint names their version itself."""
    out = tmp_path / "site"
    build_site(course, out, lite=True)
    assert build_site(course, out, lite=True).up_to_date
    monkeypatch.setattr("publish.lite.inputs.KERNEL_TOOLS", ("jupyterlite-pyodide-kernel", "0.9"))
    assert "lite/index.html" in build_site(course, out, lite=True).made
    assert len(lite_builds) == 2


def test_a_plain_build_after_a_lite_one_leaves_no_lite_site(course, tmp_path, lite_builds):
    out = tmp_path / "site"
    build_site(course, out, lite=True)
    page = out / LESSON.replace(".ipynb", ".html")
    assert 'href="lite/lab/index.html' in page.read_text(encoding="utf-8")
    build_site(course, out)
    assert not (out / "lite").exists()
    assert 'href="lite/' not in page.read_text(encoding="utf-8")


def test_each_jupyterlite_page_names_its_icon_so_the_browser_asks_no_server_root(tmp_path):
    """As JupyterLite 0.8 writes them: app pages mark the lite site's root; redirects do not."""
    config = {"jupyter-config-data": {"faviconUrl": "./lab/favicon.ico"}}
    (tmp_path / "jupyter-lite.json").write_text(json.dumps(config), encoding="utf-8")
    pages = {"index.html": ".", "lab/index.html": "..", "lab/tree/index.html": None}
    for name, root in pages.items():
        mark = f' data-jupyter-lite-root="{root}"' if root else ""
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(f'<html>\n<head>\n<script id="c"{mark}>{{}}</script>\n'
                                     "</head>\n</html>\n", encoding="utf-8")
    declare_icon(tmp_path)
    heads = {name: (tmp_path / name).read_text(encoding="utf-8").split("</head>")[0]
             for name in pages}
    assert '<link rel="icon" type="image/x-icon" href="./lab/favicon.ico">' in heads["index.html"]
    assert '<link rel="icon" type="image/x-icon" href="../lab/favicon.ico">' in \
        heads["lab/index.html"]
    assert "icon" not in heads["lab/tree/index.html"]
