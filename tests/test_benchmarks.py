"""The benchmarks' command lines: a wrong option is refused in one line on stderr, naming it and
pointing to the benchmark's --help, with exit status 2, before anything is timed; a timed
command that fails is named in one line too, never in a traceback."""

import argparse
import contextlib
import functools
import importlib.util
import io
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

import pytest

from benchmarks._options import MAX_RUNS, run_count
from course_copies import ROOT, lessons_in_order

pytestmark = pytest.mark.slow  # starts programs of its own: not in the quick subset

BENCHMARKS = ["site.py", "explorers.py", "hizmet.py", "preview.py", "grade.py"]
WITH_A_COURSE = ["site.py", "preview.py", "grade.py"]  # the benchmarks that take --root


class Result(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


@functools.cache
def script(name: str) -> ModuleType:
    """The benchmark's module, loaded from its file as `python benchmarks/NAME` loads it (its
    folder first on the path), under a name of its own: `site` is also Python's."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location(f"benchmark_{Path(name).stem}",
                                                  ROOT / "benchmarks" / name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def benchmark(name: str, *argv: str) -> Result:
    """What the benchmark returns (its exit status) and prints, run here: starting a Python for
    each refusal would cost more than all the refusals."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = script(name).main(list(argv))
        except SystemExit as exit:
            status = exit.code
    return Result(status or 0, out.getvalue(), err.getvalue())  # None is 0, as for sys.exit


def as_a_script(name: str, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / name), *argv],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)


def refused(name: str, option: str, message: str) -> tuple[int, str, str]:
    """What a benchmark prints and returns when it refuses `option` with `message`."""
    return 2, "", (f"{name}: error: argument {option}: {message}; "
                   f"see python benchmarks/{name} --help\n")


def a_course(folder: Path, lessons: dict[str, str]) -> Path:
    """A course in `folder` whose course.toml is the real one's, with these lessons' texts."""
    (folder / "course").mkdir(parents=True)
    shutil.copy(ROOT / "course" / "course.toml", folder / "course")
    (folder / "lessons").mkdir()
    for name, text in lessons.items():
        (folder / "lessons" / name).write_text(text, encoding="utf-8")
    return folder


@pytest.mark.parametrize("runs", ["0", "-3", "iki", str(MAX_RUNS + 1), "99999999999999999999"])
@pytest.mark.parametrize("name", BENCHMARKS)
def test_a_benchmark_refuses_a_count_of_runs_outside_one_to_the_maximum(name, runs):
    result = benchmark(name, "--runs", runs)
    assert (result.returncode, result.stdout, result.stderr) == refused(
        name, "--runs", f"must be a whole number from 1 to {MAX_RUNS} (not {runs})")


def test_the_count_of_runs_takes_one_to_the_maximum():
    assert (run_count("1"), run_count(f" {MAX_RUNS}\n")) == (1, MAX_RUNS)
    with pytest.raises(argparse.ArgumentTypeError):
        run_count(str(MAX_RUNS + 1))


@pytest.mark.parametrize("name", WITH_A_COURSE)
def test_a_root_with_no_course_is_refused(tmp_path, name):
    for root in (tmp_path, tmp_path / "nonexistent"):
        result = benchmark(name, "--root", str(root))
        assert (result.returncode, result.stdout, result.stderr) == refused(
            name, "--root", f"{root} is not a course's repository (it has no course/course.toml)")


@pytest.mark.parametrize("name", WITH_A_COURSE)
def test_a_course_whose_definition_does_not_read_is_refused(tmp_path, name):
    root = a_course(tmp_path, {})
    (root / "course" / "course.toml").write_text("lessons = [", encoding="utf-8")
    result = benchmark(name, "--root", str(root))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"{name}: error: argument --root: "
                                    f"{root / 'course' / 'course.toml'}: not valid TOML: ")
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("workers", ["0", "1,,2", "iki", "65", "1;2"])
def test_the_grading_benchmark_refuses_numbers_of_workers_outside_one_to_64(workers):
    result = benchmark("grade.py", "--workers", workers)
    assert (result.returncode, result.stdout, result.stderr) == refused(
        "grade.py", "--workers", "must be whole numbers from 1 to 64 with commas between, "
                                   f"as 1,2,4 (not {workers})")


def test_the_preview_refuses_a_lesson_the_course_does_not_have():
    result = benchmark("preview.py", "--lesson", "lessons/99-yok.ipynb")
    assert (result.returncode, result.stdout, result.stderr) == refused(
        "preview.py", "--lesson", f"lessons/99-yok.ipynb is not one of the course's lessons "
                                  f"({', '.join(lessons_in_order())})")


def test_the_preview_refuses_a_listed_lesson_whose_file_is_missing(tmp_path):
    first, second = lessons_in_order()[:2]
    root = a_course(tmp_path, {first: "{}"})
    result = benchmark("preview.py", "--root", str(root), "--lesson", f"lessons/{second}")
    assert (result.returncode, result.stdout, result.stderr) == refused(
        "preview.py", "--lesson", f"{root / 'lessons' / second} is missing")


@pytest.mark.parametrize("text", ["{}", "not json", '{"cells": [{"source": "## Özet"}]}'])
def test_the_preview_refuses_a_lesson_with_no_section_to_edit(tmp_path, text):
    first = lessons_in_order()[0]
    root = a_course(tmp_path, {first: text})
    result = benchmark("preview.py", "--root", str(root), "--lesson", first)
    assert (result.returncode, result.stdout, result.stderr) == refused(
        "preview.py", "--lesson", f"{first} is not a notebook with a '## Modelin sınırları' "
                                  "cell to edit")


def test_a_build_that_fails_is_named_in_one_line(tmp_path):
    root = a_course(tmp_path, {name: "{}" for name in lessons_in_order()})
    result = as_a_script("site.py", "--root", str(root), "--runs", "1")
    assert (result.returncode, result.stdout) == (1, "")
    python = Path(sys.executable).name
    assert result.stderr.startswith(f"error: {python} {ROOT / 'build.py'} failed (exit status 1): "
                                    "error: the linter found ")
    assert result.stderr.count("\n") == 1


def test_the_explorers_benchmark_finds_every_lessons_explorer_in_the_lessons():
    """No list of explorers to keep: each lesson's is the one it calls, timed beside its peer."""
    result = benchmark("explorers.py", "--runs", "1")
    assert result.returncode == 0, result.stderr
    rows = result.stdout.splitlines()[2:]
    assert [row.split()[0] for row in rows] == [name[:2] for name in lessons_in_order()]
    assert all(row.split()[1].endswith("_kasifi") and len(row.split()) == 7 for row in rows)


def test_the_suites_benchmark_sums_each_module_names_the_slowest_tests_and_its_floor():
    suite = script("suite.py")
    records = [suite.Record("tests/a.py::x", 2.0, 3.0), suite.Record("tests/b.py::y", 5.0, 1.0),
               suite.Record("tests/a.py::z", 1.0, 0.5)]
    assert suite.by_module(records) == [("tests/a.py", 3.5, 3.0), ("tests/b.py", 1.0, 5.0)]
    assert suite.slowest(records, 2) == [records[1], records[0]]
    assert suite.floor_line(1080.0, 2) == ("on 2 cores busy from the first second to the last: "
                                           "at least 540.0 s; 240 s allow 480 CPU s")


@pytest.mark.parametrize("workers", ["0", "65", "iki", "1,2"])
def test_the_suites_benchmark_refuses_workers_other_than_auto_or_one_to_64(workers):
    result = benchmark("suite.py", "--workers", workers)
    assert (result.returncode, result.stdout, result.stderr) == refused(
        "suite.py", "--workers", f"must be auto or a whole number from 1 to 64 (not {workers})")


def test_the_site_benchmark_runs_each_command_once_untimed_first_keeping_its_bytecode(
        monkeypatch):
    """Every timed run starts as a person's second run does: a build and nbconvert have run once
    already, with PYTHONDONTWRITEBYTECODE left out, so that this repository's modules were
    compiled once and are read from then on."""
    site = script("site.py")
    ran: list[tuple[list[str], dict[str, str] | None]] = []
    monkeypatch.setattr(site, "timed", lambda command, env=None: ran.append((command, env)) or 1.0)
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    course = site.Course(ROOT, lessons_in_order())
    times = site.run_times(course, 2)
    assert {name: len(found) for name, found in times.items()} == {
        "full build": 2, "no-change rebuild": 2, "nbconvert": 2}
    assert len(ran) == 2 + 3 * 2
    (build, _), (peer, _) = ran[:2]
    assert build[1].endswith("build.py") and build[-1].endswith("site-warm-up")
    assert peer[1:3] == ["nbconvert", "--to"] and peer[5].endswith("nbconvert-warm-up")
    assert all(env is not None and "PYTHONDONTWRITEBYTECODE" not in env for _, env in ran)
