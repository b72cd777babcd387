"""`build.py grade` on the command line, and the same grading sent to a Dask cluster."""

import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from course_copies import ROOT
from grading.command import Request, grade_class
from grading.gradebook import GRADEBOOK, Gradebook
from grading.sandbox import Limits
from grading_class import FIRST, FIRST_ID, first_right, small
from processes import kernels

pytestmark = pytest.mark.slow  # starts kernels and a cluster

CLASS = {"ayse": first_right(), "burak": f"kontrol({FIRST_ID!r}, {{}})"}


def a_class(folder: Path) -> Path:
    for student, cell in CLASS.items():
        (folder / student).mkdir(parents=True)
        (folder / student / "odev.ipynb").write_text(nbformat.writes(small(FIRST, cell)),
                                                     encoding="utf-8")
    return folder


def verdicts(out: Path) -> dict[str, str]:
    with Gradebook(out / GRADEBOOK) as book:
        return {student: item.verdict for student in book.students()
                for grade in book.grades_of(student) for item in grade.items
                if item.item == FIRST_ID}


@pytest.mark.parametrize("arguments,message", [
    (["grade"], "'grade' takes one folder of submissions and --out DIR"),
    (["grade", "teslimler"], "'grade' takes one folder of submissions and --out DIR"),
    (["check", "--csv"], "--csv goes with 'grade'"),
    (["grade", "t", "--out", "o", "--workers", "0"], "0 is not a whole number of 1 or more"),
    (["grade", "t", "--out", "o", "--lite"], "--lite goes with building the site"),
])
def test_a_wrong_grade_command_line_is_one_line_and_exit_status_2(arguments, message):
    result = subprocess.run([sys.executable, "build.py", *arguments], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2 and message in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_the_command_line_grades_a_folder_into_a_gradebook_pages_and_a_csv(tmp_path):
    submissions, out = a_class(tmp_path / "teslimler"), tmp_path / "notlar"
    result = subprocess.run([sys.executable, "build.py", "grade", str(submissions), "--out",
                             str(out), "--csv"], cwd=ROOT, capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert "2 defter değerlendirildi, 0 dosya" in result.stdout
    assert verdicts(out) == {"ayse": "right", "burak": "wrong"}
    assert (out / "gradebook.csv").is_file() and (out / "feedback" / "ayse.html").is_file()


def test_a_missing_submissions_folder_is_said_and_nothing_is_written(tmp_path):
    result = subprocess.run([sys.executable, "build.py", "grade", str(tmp_path / "yok"),
                             "--out", str(tmp_path / "notlar")], cwd=ROOT, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 1 and "not a folder of submissions" in result.stderr
    assert not (tmp_path / "notlar").exists()


def test_a_dask_cluster_grades_as_this_machine_does(tmp_path):
    from distributed import LocalCluster
    submissions = a_class(tmp_path / "teslimler")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        status = grade_class(Request(ROOT, submissions, tmp_path / "dask",
                                     scheduler=cluster.scheduler_address,
                                     limits=Limits(notebook_seconds=120)))
    assert status == 0
    assert verdicts(tmp_path / "dask") == {"ayse": "right", "burak": "wrong"}
    assert kernels() == []

