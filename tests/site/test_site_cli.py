"""`python build.py` builds the site and says where; `serve` previews it on localhost."""

import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import build
from course_copies import LESSON, ROOT, edit_notebook
from publish.serve import address, make_server
from publish.site import build_site


def test_build_prints_where_the_site_is_and_then_that_it_is_up_to_date(course, tmp_path, capsys):
    out = tmp_path / "out"
    assert build.main(["--root", str(course), "--out", str(out)]) == 0
    first = capsys.readouterr().out
    assert f"in {out}; open {out / 'index.html'}" in first and "built the site" in first
    assert build.main(["--root", str(course), "--out", str(out)]) == 0
    assert "site is up to date" in capsys.readouterr().out


def test_lint_errors_stop_the_build_with_a_located_message(course, tmp_path, capsys):
    edit_notebook(course / "lessons" / LESSON, lambda nb: nb["cells"].pop(0))
    assert build.main(["--root", str(course), "--out", str(tmp_path / "out")]) == 1
    captured = capsys.readouterr()
    assert f"lessons/{LESSON}: cell 0: front matter missing" in captured.err
    assert "nothing was written" in captured.err and "Traceback" not in captured.err
    assert not (tmp_path / "out").exists()


def test_refusing_a_folder_is_an_error_exit(course, capsys):
    assert build.main(["--root", str(course), "--out", str(course / "lessons")]) == 1
    assert "not a site this tool built" in capsys.readouterr().err


def test_the_server_serves_the_built_site(course, tmp_path):
    out = build_site(course, tmp_path / "site").out
    with make_server(out, 0, quiet=True) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        with urllib.request.urlopen(address(server) + "index.html") as response:
            assert response.headers["Content-Type"] == "text/html; charset=utf-8"
            assert "Kuyruklar ve İşler" in response.read().decode()
        server.shutdown()


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
