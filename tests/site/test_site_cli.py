"""`python build.py` builds the site and says where; `serve` previews it on localhost."""

import os
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from checks.findings import ERROR, WARNING, Finding
from course_copies import LESSON, ROOT, edit_notebook
from publish import LintFailed, cli
from publish.cache import LEGACY_MANIFEST, manifest_path
from publish.serve import address, make_server
from publish.site import build_site
from site_courses import SECOND, two_lesson_course


@pytest.fixture
def course(small_course: Path) -> Path:
    """Two lessons: the command line does the same with each, whatever the lessons say."""
    return small_course


def test_build_prints_where_the_site_is_and_then_that_it_is_up_to_date(course, tmp_path, capsys):
    out = tmp_path / "out"
    assert cli.main(["--root", str(course), "--out", str(out)]) == 0
    first = capsys.readouterr().out
    assert f"in {out}; open {out / 'index.html'}" in first and "built the site" in first
    assert cli.main(["--root", str(course), "--out", str(out)]) == 0
    assert "site is up to date" in capsys.readouterr().out


def test_lint_errors_stop_the_build_with_a_located_message(course, tmp_path, capsys):
    edit_notebook(course / "lessons" / LESSON, lambda nb: nb["cells"].pop(0))
    assert cli.main(["--root", str(course), "--out", str(tmp_path / "out")]) == 1
    captured = capsys.readouterr()
    assert f"lessons/{LESSON}: cell 0: front matter missing" in captured.err
    assert "nothing was written" in captured.err and "Traceback" not in captured.err
    assert not (tmp_path / "out").exists()


def test_a_link_the_lite_site_cannot_unlink_stops_a_lite_build_naming_lesson_and_cell(
        course, tmp_path, monkeypatch, capsys):
    """A link by reference to a lesson the lite site leaves out would be a dead link there."""
    monkeypatch.setattr("publish.lite.site.lite_files",  # JupyterLite's build, stood in for
                        lambda root, notebooks: {"lite/index.html": b"<p>lite</p>"})

    def not_in_browser(notebook: dict) -> None:
        notebook["cells"][0]["source"] = "".join(notebook["cells"][0]["source"]).replace(
            "license:", "not_in_browser: Süreç başlatır.\nlicense:")

    def link_by_reference(notebook: dict) -> None:
        notebook["cells"][1]["source"] += f"\n\nSonra [ikinci ders][sonra].\n\n[sonra]: {SECOND}\n"
    edit_notebook(course / "lessons" / SECOND, not_in_browser)
    edit_notebook(course / "lessons" / LESSON, link_by_reference)
    out = tmp_path / "out"
    assert cli.main(["--root", str(course), "--out", str(out)]) == 0  # no lite site: no link
    before = site_files(out)
    assert cli.main(["--root", str(course), "--out", str(out), "--lite"]) == 1
    assert capsys.readouterr().err.endswith(
        f"lessons/{LESSON}: cell 1: links to '{SECOND}', a lesson the lite site leaves out "
        f"(not_in_browser), in a way it cannot make plain text: write the link as "
        f"[title]({SECOND})\n")
    assert site_files(out) == before


def test_a_stopped_build_counts_the_linters_errors_not_its_warnings():
    findings = [Finding(Path("lessons") / LESSON, cell, "rule", severity, "message")
                for cell, severity in ((1, WARNING), (2, ERROR), (3, WARNING))]
    assert str(LintFailed(findings)) == "the linter found 1 error(s); nothing was written"


def test_serve_without_a_port_asks_for_port_8000(course, tmp_path, monkeypatch, capsys):
    def refuse(port):
        raise OSError(f"port {port} refused")
    monkeypatch.setattr("publish.serve.take_port", refuse)
    assert cli.main(["--root", str(course), "--out", str(tmp_path / "site"), "serve"]) == 1
    assert "cannot serve on port 8000: port 8000 refused" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


def site_files(out: Path) -> dict[Path, bytes]:
    """Every file of a built site, and its manifest beside it."""
    return {path: path.read_bytes() for path in [*out.rglob("*"), manifest_path(out)]
            if path.is_file()}


def test_serve_on_a_taken_port_writes_nothing_and_keeps_the_lite_site(course, tmp_path,
                                                                      monkeypatch, capsys):
    """The port is taken before anything is built: a plain rebuild would drop `lite/`."""
    monkeypatch.setattr("publish.lite.site.lite_files",  # JupyterLite's build, stood in for
                        lambda root, notebooks: {"lite/index.html": b"<p>lite</p>"})
    out = tmp_path / "site"
    build_site(course, out, lite=True)
    before = site_files(out)
    assert out / "lite" / "index.html" in before
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert cli.main(["--root", str(course), "--out", str(out), "serve",
                           "--port", str(port)]) == 1
    assert capsys.readouterr().err.startswith(f"error: cannot serve on port {port}: ")
    assert site_files(out) == before


def test_refusing_a_folder_is_an_error_exit_that_names_a_file_in_the_way(course, capsys):
    assert cli.main(["--root", str(course), "--out", str(course / "lessons")]) == 1
    first = min(path for path in (course / "lessons").rglob("*") if path.is_file())
    assert capsys.readouterr().err.startswith(f"error: {first}: not a file this tool wrote; ")


def test_an_out_that_is_a_file_is_refused_as_not_a_folder(course, tmp_path, capsys):
    """Even a file the tool wrote: a site goes into a folder."""
    page = build_site(course, tmp_path / "site").out / "index.html"
    before = page.read_bytes()
    assert cli.main(["--root", str(course), "--out", str(page)]) == 1
    assert capsys.readouterr().err == (f"error: {page}: not a folder: the site is built into a "
                                       "folder (choose a new or empty one)\n")
    assert page.read_bytes() == before


@pytest.mark.parametrize("command", [[], ["slides"], ["handout"]])
def test_an_out_past_a_missing_folder_is_the_path_it_leads_to(course, capsys, command):
    """`missing/../course/course.toml` is the course's definition, a file, whatever `missing`
    is: refused as it is, the file kept, `missing` never made."""
    definition = course / "course" / "course.toml"
    before = definition.read_bytes()
    out = course / "missing" / ".." / "course" / "course.toml"
    assert cli.main([*command, "--root", str(course), "--out", str(out)]) == 1
    assert str(definition) in capsys.readouterr().err
    assert definition.read_bytes() == before and not (course / "missing").exists()


def test_the_server_serves_the_built_site(course, tmp_path):
    out = build_site(course, tmp_path / "site").out
    with make_server(out, 0, quiet=True) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        with urllib.request.urlopen(address(server) + "index.html") as response:
            assert response.headers["Content-Type"] == "text/html; charset=utf-8"
            assert "Kuyruklar ve İşler" in response.read().decode()
        server.shutdown()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The built site on a free port, with a hidden file such as an older build left inside;
    built once for the tests that only ask it for pages."""
    folder = tmp_path_factory.mktemp("served")
    out = build_site(two_lesson_course(folder / "course"), folder / "site").out
    (out / LEGACY_MANIFEST).write_text('{"internal": true}', encoding="utf-8")
    with make_server(out, 0, quiet=True) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield address(server)
        server.shutdown()


@pytest.mark.parametrize("path", ["assets/", "notebooks", "a/b/c", LEGACY_MANIFEST,
                                  f"assets/%2E%2E/{LEGACY_MANIFEST}"])
def test_the_server_answers_its_own_404_page_for_folders_hidden_and_missing_files(served,
                                                                                  path):
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(served + path)
    assert answer.value.code == 404
    assert answer.value.headers["Content-Type"] == "text/html; charset=utf-8"
    page = answer.value.read().decode()
    assert "<h1>Sayfa bulunamadı</h1>" in page and 'href="index.html"' in page
    assert "Directory listing" not in page and "internal" not in page


def test_a_head_request_for_a_missing_page_gets_no_body(served):
    host, port = urllib.parse.urlsplit(served).netloc.split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(b"HEAD /yok.html HTTP/1.0\r\n\r\n")
        answer = b"".join(iter(lambda: connection.recv(4096), b""))
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.0 404") and b"Content-Length: " in head and body == b""


@pytest.mark.slow  # starts the command line
@pytest.mark.parametrize("entry", ["build", "publish.cli"])  # python build.py; kurs
def test_the_command_line_keeps_jsonschemas_format_checkers_unloaded(entry, course, tmp_path):
    """A build of a valid course imports neither nbformat nor jsonschema. A lesson its schema
    refuses is told by jsonschema, without its format checkers: their import costs most of a
    second, and the notebook schema needs none of them. Each entry imports its module, then
    calls the command line: a clean build, then a rebuild (linted in this process) after a
    lesson gained a key its schema refuses."""
    build = f"cli.main(['--root', {str(course)!r}, '--out', {str(tmp_path / 'site')!r}])"
    script = (f"import sys, {entry}\n"
              "from publish import cli\n"
              "from course_copies import edit_notebook\n"
              f"assert {build} == 0\n"
              "print('nbformat' in sys.modules, 'jsonschema' in sys.modules)\n"
              f"edit_notebook(cli.Path({str(course / 'lessons' / LESSON)!r}),\n"
              "              lambda notebook: notebook['cells'][1].update(colour='red'))\n"
              f"assert {build} == 1\n"
              "print('jsonschema' in sys.modules, [name for name in cli.FORMAT_CHECKERS\n"
              "                                    if sys.modules.get(name) is not None])")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "tests")})
    assert result.stdout.splitlines()[-2:] == ["False False", "True []"], result.stderr


@pytest.mark.slow  # starts the command line
def test_serve_command_builds_then_serves_until_stopped(course, tmp_path):
    command = [sys.executable, str(ROOT / "build.py"), "--root", str(course),
               "--out", str(tmp_path / "site"), "serve", "--port", "0"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as process:
        try:
            lines = [process.stdout.readline() for _ in range(3)]
            assert lines[0] == "0 error(s), 0 warning(s)\n" and "built the site" in lines[1]
            line = lines[2]
            assert line.startswith("serving the site at http://127.0.0.1:")
            url = line.split()[4]
            with urllib.request.urlopen(url + "search.html", timeout=10) as response:
                assert response.status == 200
        finally:
            process.terminate()
    assert Path(tmp_path / "site" / "index.html").is_file()


def test_the_instructors_build_goes_into_a_folder_of_its_own(course, tmp_path, capsys):
    """Never the public site's default folder, nor a public build, nor inside either: each is
    refused with nothing written. Its own folder it rebuilds; a public build there replaces it
    whole, the instructor's pages gone."""
    public = build_site(course, tmp_path / "site").out
    for out in (course / "_site", public, public / "key"):
        assert cli.main(["--root", str(course), "--instructor", "--out", str(out)]) == 1
        assert "holds the public site: the instructor's pages" in capsys.readouterr().err
        assert not (out / "instructor.html").exists()
    assert not (course / "_site").exists() and not (public / "key").exists()
    key = tmp_path / "key"
    assert cli.main(["--root", str(course), "--instructor", "--out", str(key)]) == 0
    assert (key / "instructor.html").is_file()
    assert build_site(course, key, instructor=True).up_to_date
    build_site(course, key)
    assert not list(key.glob("instructor*")) and (key / "index.html").is_file()
