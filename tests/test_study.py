"""`python build.py study`: the student's own copy of the course, brought up to date without
ever overwriting a lesson the student changed; JupyterLab opened in it."""

import json
import os
import platform
import subprocess
from pathlib import Path

import pytest

from checks.course import read_lesson
from checks.definition import LESSONS_DIR
from checks.glossary import GLOSSARY_FILE
from course_copies import LESSON, copy_course, edit_notebook
from publish import cli, study
from publish.strings import STRINGS
from publish.student import GLOSSARY_NAME, STUDENT_SETTINGS, student_notebook

STRINGS_TR = STRINGS["tr"]


def copy_of(course: Path) -> Path:
    """The student's copy of the Turkish `course`."""
    return study.copy_folder(course, STRINGS_TR)
OTHER = "00-olcum-cekirdegi.ipynb"


@pytest.fixture
def course(tmp_path: Path) -> Path:
    return copy_course(tmp_path / "kurs", only=(OTHER, LESSON))


def files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file()}


def run_and_save(path: Path) -> None:
    """What a student's run and save leaves: outputs in the notebook."""
    edit_notebook(path, lambda notebook: notebook["cells"][2].update(
        outputs=[{"output_type": "stream", "name": "stdout", "text": "öğrencinin\n"}],
        execution_count=1))


def change_in_the_course(course: Path, name: str) -> None:
    edit_notebook(course / LESSONS_DIR / name, lambda notebook: notebook["cells"][1].update(
        source="".join(notebook["cells"][1]["source"]) + "\n\nYeni bir cümle."))


def test_a_fresh_copy_holds_every_lesson_as_a_student_notebook_and_the_glossary(course):
    folder = copy_of(course)
    assert study.prepare(course, folder, STRINGS_TR) == []
    written = files(folder)
    assert list(written) == [".gitignore", ".kurs.json", OTHER, LESSON, GLOSSARY_NAME]
    assert written == {**written, **study.course_files(course)}
    assert written[GLOSSARY_NAME] == (course / GLOSSARY_FILE).read_bytes()
    assert study.prepare(course, folder, STRINGS_TR) == [] and files(folder) == written


def test_the_copys_notebooks_name_the_python_their_kernels_run(course):
    """JupyterLab writes the kernel's language version into a notebook as it opens it: already
    there, opening a lesson leaves it unchanged (tests/lab looks that its tab stays clean)."""
    notebook = json.loads(study.course_files(course)[LESSON])
    assert notebook["metadata"]["language_info"]["version"] == platform.python_version()
    site_download = json.loads(student_notebook(read_lesson(course / LESSONS_DIR / LESSON)
                                                .notebook))
    assert "version" not in site_download["metadata"]["language_info"]  # any Python's


def test_an_untouched_lesson_is_brought_up_to_date(course):
    folder = copy_of(course)
    study.prepare(course, folder, STRINGS_TR)
    change_in_the_course(course, LESSON)
    assert study.prepare(course, folder, STRINGS_TR) == []
    assert b"Yeni bir c" in (folder / LESSON).read_bytes()
    assert sorted(path.name for path in folder.glob("*.ipynb")) == [OTHER, LESSON]


def test_a_changed_lesson_is_never_overwritten_and_its_new_version_goes_beside_it(course):
    folder = copy_of(course)
    study.prepare(course, folder, STRINGS_TR)
    run_and_save(folder / LESSON)
    students = (folder / LESSON).read_bytes()
    assert study.prepare(course, folder, STRINGS_TR) == []  # the course has not changed
    assert (folder / LESSON).read_bytes() == students

    change_in_the_course(course, LESSON)
    beside = LESSON.replace(".ipynb", ".yeni.ipynb")
    assert study.prepare(course, folder, STRINGS_TR) == [
        f"Dersin yeni sürümü, değiştirdiğiniz {LESSON} dosyasının yanına yazıldı: {beside}"]
    assert (folder / LESSON).read_bytes() == students
    assert (folder / beside).read_bytes() == study.course_files(course)[LESSON]
    assert study.prepare(course, folder, STRINGS_TR) == []  # said once

    run_and_save(folder / beside)  # worked in too, then the course changes again
    change_in_the_course(course, LESSON)
    again = LESSON.replace(".ipynb", ".yeni-2.ipynb")
    assert study.prepare(course, folder, STRINGS_TR) == [
        f"Dersin yeni sürümü, değiştirdiğiniz {LESSON} dosyasının yanına yazıldı: {again}"]
    assert (folder / LESSON).read_bytes() == students


def test_a_deleted_lesson_comes_back_with_nothing_said(course):
    folder = copy_of(course)
    study.prepare(course, folder, STRINGS_TR)
    (folder / OTHER).unlink()
    assert study.prepare(course, folder, STRINGS_TR) == []
    assert (folder / OTHER).read_bytes() == study.course_files(course)[OTHER]


def test_a_deleted_lesson_comes_back_and_a_lost_record_keeps_the_students_work(course):
    """With no record of what it wrote, the command cannot tell the student's changes from the
    course's: the course's version goes beside, once."""
    folder = copy_of(course)
    study.prepare(course, folder, STRINGS_TR)
    (folder / OTHER).unlink()
    run_and_save(folder / LESSON)
    students = (folder / LESSON).read_bytes()
    for record in ("{bozuk", "[]", '{"files": 3}'):
        (folder / study.RECORD).write_text(record, encoding="utf-8")
        said = study.prepare(course, folder, STRINGS_TR)
        assert said == ([] if record != "{bozuk" else [STRINGS_TR["study_beside"].format(
            name=LESSON, beside=LESSON.replace(".ipynb", ".yeni.ipynb"))])
        assert (folder / OTHER).read_bytes() == study.course_files(course)[OTHER]
        assert (folder / LESSON).read_bytes() == students


def test_a_students_lesson_broken_into_no_json_is_kept_and_said_each_time(course):
    folder = copy_of(course)
    study.prepare(course, folder, STRINGS_TR)
    (folder / LESSON).write_text('{"cells": [', encoding="utf-8")  # cut short
    for _ in range(2):
        said = study.prepare(course, folder, STRINGS_TR)
        assert STRINGS_TR["study_broken"].format(name=LESSON) in said
        assert (folder / LESSON).read_text(encoding="utf-8") == '{"cells": ['
    (folder / LESSON).unlink()  # as the sentence says
    assert study.prepare(course, folder, STRINGS_TR) == []
    assert (folder / LESSON).read_bytes() == study.course_files(course)[LESSON]


def test_a_jupyterlab_already_serving_the_copy_is_opened_not_a_second_one(course, capsys,
                                                                         monkeypatch):
    folder = copy_of(course)
    study.prepare(course, folder, STRINGS_TR)
    runtime = folder / study.RUNTIME_DIR
    runtime.mkdir(parents=True)
    server = {"pid": os.getpid(), "url": "http://localhost:8891/", "token": "abc",
              "root_dir": str(folder)}
    elsewhere = {**server, "url": "http://localhost:8892/", "root_dir": str(course)}
    (runtime / "jpserver-1.json").write_text(json.dumps(elsewhere), encoding="utf-8")
    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", opened.append)
    monkeypatch.setattr(study, "open_lab", lambda *args: opened.append("new"))
    assert cli.main(["--root", str(course), "study"]) == 1  # the other folder's: a new one
    assert opened == ["new"]
    (runtime / "jpserver-2.json").write_text(json.dumps(server), encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["--root", str(course), "study"]) == 0
    address = "http://localhost:8891/lab?token=abc"
    assert opened == ["new", address]
    assert capsys.readouterr().out == STRINGS_TR["study_running"].format(address=address) + "\n"


def test_a_lesson_that_cannot_be_read_writes_nothing_and_names_the_file(course, capsys):
    (course / LESSONS_DIR / LESSON).write_text("{", encoding="utf-8")
    assert cli.main(["--root", str(course), "study"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {course / LESSONS_DIR / LESSON}: not a JSON notebook")
    assert not copy_of(course).exists()


def test_a_file_in_the_copys_place_is_refused(course, capsys):
    copy_of(course).write_text("benim", encoding="utf-8")
    assert cli.main(["--root", str(course), "study"]) == 1
    assert capsys.readouterr().err == (f"error: {copy_of(course)}: not a folder; the "
                                       "student's copy of the course goes there\n")
    assert copy_of(course).read_text(encoding="utf-8") == "benim"


def test_the_command_says_where_the_copy_is_then_opens_jupyterlab_there(course, capsys,
                                                                     monkeypatch):
    opened = []
    monkeypatch.setattr(study, "open_lab", lambda folder, root, language, options: opened.append(
        (folder, root, language, options)))
    cli.main(["--root", str(course), "study"])
    cli.main(["--root", str(course), "study", "--", "--port=8890", "--no-browser"])
    assert opened == [(copy_of(course), course, "tr", []),
                      (copy_of(course), course, "tr", ["--port=8890", "--no-browser"])]
    assert capsys.readouterr().out == 2 * (STRINGS_TR["study_ready"].format(
        folder=f"{copy_of(course)}/", lessons=2) + "\n")


def test_jupyterlab_opens_in_the_copy_with_the_students_settings_over_the_environments(
        course, tmp_path, monkeypatch):
    environment = tmp_path / "ortam"
    (environment / "settings").mkdir(parents=True)
    (environment / "settings" / "overrides.json").write_text(json.dumps(
        {"@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"},
         "@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": False}}), encoding="utf-8")
    (environment / "settings" / "page_config.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr("jupyterlab.commands.get_app_dir", lambda: str(environment))
    folder = copy_of(course)
    study.prepare(course, folder, STRINGS_TR)
    command = study.lab_command(folder, "tr", ["--port=8890"])
    settings = folder / study.LAB_SETTINGS
    assert f"--ServerApp.root_dir={folder.resolve()}" in command
    assert f"--LabApp.app_settings_dir={settings.resolve()}" in command
    assert command[-1] == "--port=8890"  # the student's own, read last
    assert json.loads((settings / "overrides.json").read_text(encoding="utf-8")) == {
        "@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"},
        **STUDENT_SETTINGS, study.TRANSLATION: {"locale": "tr_TR"}}
    assert (settings / "page_config.json").is_file()
    assert json.loads((environment / "settings" / "overrides.json").read_text(
        encoding="utf-8"))["@jupyter-widgets/jupyterlab-manager:plugin"] == {"saveState": False}


@pytest.mark.parametrize(("language", "locale"), [("tr", "tr_TR"), ("en", None),
                                                   ("tr_TR", "tr_TR"), ("t", None)])
def test_jupyterlab_speaks_the_courses_language_where_its_language_pack_is_installed(
        language, locale):
    """This environment has JupyterLab's Turkish pack (a dependency), and no other."""
    assert study.lab_locale(language) == locale
    assert (study.student_settings(language).get(study.TRANSLATION)
            == (None if locale is None else {"locale": locale}))


def test_studying_changes_nothing_git_tracks(course):
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=course, capture_output=True, text=True,
                              check=True).stdout
    git("init", "-q")
    git("add", "-A")
    git("-c", "user.name=k", "-c", "user.email=k@k", "commit", "-q", "-m", "kurs")
    study.prepare(course, copy_of(course), STRINGS_TR)
    study.lab_settings(copy_of(course), "tr")
    run_and_save(copy_of(course) / LESSON)
    assert git("status", "--porcelain", "--ignored=no") == ""


@pytest.mark.parametrize(("user", "allowed"), [(0, True), (1000, False)])
def test_jupyterlab_is_allowed_to_start_as_root_and_only_then(tmp_path, monkeypatch, user,
                                                              allowed):
    """JupyterLab refuses to run as root unless told it may: a student in a container as root
    would get a copy and no JupyterLab."""
    monkeypatch.setattr(study.os, "geteuid", lambda: user)
    assert ("--ServerApp.allow_root=True" in study.lab_command(tmp_path, "tr", [])) is allowed


@pytest.mark.slow  # starts a kernel
def test_a_kernel_of_the_copy_starts_with_the_students_tools(course, monkeypatch):
    """After a restart, a lesson's later cell finds tahmin_sonucu, kontrol and ilerleme without
    its import cell being run first."""
    from jupyter_client.manager import start_new_kernel

    folder = copy_of(course)
    study.prepare(course, folder, STRINGS_TR)
    environment = {}
    monkeypatch.setattr(study.os, "execve", lambda program, argv, env: environment.update(env))
    study.open_lab(folder, course, "tr", [])
    assert Path(environment["JUPYTER_RUNTIME_DIR"]) == (folder / study.RUNTIME_DIR).resolve()
    assert Path(environment["JUPYTERLAB_WORKSPACES_DIR"]).is_relative_to(folder.resolve())
    said: list[str] = []
    manager, client = start_new_kernel(kernel_name="python3", env=environment, cwd=str(folder))
    try:
        reply = client.execute_interactive(
            "print(all(map(callable, (tahmin_et, tahmin_sonucu, form, kontrol, ilerleme))))",
            output_hook=lambda message: said.append(message["content"].get("text", "")),
            timeout=60)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    assert reply["content"]["status"] == "ok" and "".join(said) == "True\n"
