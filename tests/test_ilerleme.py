"""The student's progress (checks/student/progress.py, checks/student/progress_file.py): every
saved prediction, verdict, check and revealed answer recorded in the student's copy of the
course and read back; a file however broken never stops a check or a prediction and costs at
most its bad lines; two processes writing at once lose nothing; a saved prediction outlives its
kernel; `ilerleme()` sums it up; and where nothing records (`lessons/`) nothing is written."""

import contextlib
import html
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checks.student import progress
from checks.student import progress_file
from checks.student.tr import kontrol
from checks.student.display import wrap_text
from checks.exercises import Registry, course_registry
from checks.exercises.kinds import PartsPrediction, Prediction
from checks.student.tr import ilerleme
from checks.kernel_course import kernel_definition
from checks.student.progress_file import PROGRESS_FILE, STUDY_MARKER
from checks.student.prediction import SAVED
from checks.student.tr import tahmin_et, tahmin_sonucu
from checks.words import WORDS
from course_copies import LESSON, ROOT, copy_course
from predictions import save_prediction
from publish import study
from publish.strings import STRINGS

SAID = WORDS["tr"]
REGISTRY = course_registry()
CHOICE = "01-uc-istek"  # a prediction of LESSON's with choices
EXERCISE = "01-akibetler"
WRONG = {"kaydet": "koştu"}  # a wrong answer to EXERCISE: parts missing


def warm() -> None:
    """The course this process's kernel works in, found from the repository before a test
    moves it into a folder outside it (as nbval and a student's kernel find theirs)."""
    course_registry()
    kernel_definition()


def forget() -> None:
    """A fresh kernel: nothing saved in memory, nothing said."""
    progress.forget_in_memory()
    progress.SAID.clear()


@pytest.fixture
def copy(tmp_path, monkeypatch) -> Path:
    """This process as a kernel in a student's copy of the course: a folder the study command
    marked."""
    warm()
    folder = tmp_path / "calisma"
    folder.mkdir()
    (folder / STUDY_MARKER).write_text("{}", encoding="utf-8")
    monkeypatch.chdir(folder)
    monkeypatch.setenv(progress.SESSION_NAME, str(folder / LESSON))  # JupyterLab's kernel
    forget()
    yield folder
    forget()


def shown(value: str) -> str:
    """What a student reads in a widget's HTML, on one line."""
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", value)).split())


def one_line(text: str) -> str:
    return " ".join(text.split())


def sentence(key: str, **fields) -> str:
    return one_line(SAID[key].format(file=PROGRESS_FILE, **fields))


def kept(folder: Path) -> list[dict]:
    """Every line of the folder's progress file, as JSON (read as it is, not through the reader
    under test, which would skip a line it finds wrong), without its time and a check's
    fingerprint of its answer."""
    path = folder / PROGRESS_FILE
    lines = path.read_bytes().splitlines() if path.exists() else []
    return [{name: value for name, value in json.loads(line).items()
             if name not in ("time", "given")} for line in lines]


def choices(prediction_id: str) -> tuple[str, ...]:
    return REGISTRY.predictions[prediction_id].choices


# Recording


def test_every_kind_of_record_round_trips(copy, capsys):
    predicted, measured = choices(CHOICE)[:2]
    save_prediction(CHOICE, predicted)
    tahmin_sonucu(CHOICE, measured)
    help_panel = kontrol(EXERCISE, WRONG)
    help_panel.children[0].children[1].click()  # Cevabı göster
    outcome = REGISTRY.predictions[CHOICE].outcome(predicted, measured)
    assert kept(copy) == [
        {"kind": "prediction", "id": CHOICE, "value": predicted},
        {"kind": "verdict", "id": CHOICE, "value": predicted, "measured": measured,
         "held": False, "assumption": outcome.assumption},
        {"kind": "check", "id": EXERCISE, "passed": False},
        {"kind": "answer", "id": EXERCISE}]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", record["time"])
               for record in progress_file.read(copy / PROGRESS_FILE).records)
    lines = (copy / PROGRESS_FILE).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4 and "üretilen" in lines[0]  # one record a line, readable by hand
    assert "Henüz değil" in capsys.readouterr().out


def test_a_whole_number_and_a_right_answer_round_trip_too(copy, monkeypatch):
    monkeypatch.setitem(REGISTRY.predictions, "99-sayi",
                        Prediction("Kaç?", (), {"az": "Az sanıldı.", "çok": "Çok sanıldı."}))
    save_prediction("99-sayi", 3)
    tahmin_sonucu("99-sayi", 3)
    exercise = REGISTRY.exercises[EXERCISE]
    answer: dict = {}
    exec(exercise.answer_text(), answer)
    kontrol(EXERCISE, answer["tahmin"])
    assert kept(copy) == [
        {"kind": "prediction", "id": "99-sayi", "value": 3},
        {"kind": "verdict", "id": "99-sayi", "value": 3, "measured": "3", "held": True,
         "assumption": None},
        {"kind": "check", "id": EXERCISE, "passed": True}]


def test_a_lesson_run_again_records_no_verdict_twice_and_an_unanswered_check_none(copy):
    predicted, measured = choices(CHOICE)[:2]
    save_prediction(CHOICE, predicted)
    tahmin_sonucu(CHOICE, measured)
    tahmin_sonucu(CHOICE, measured)
    kontrol(EXERCISE, ...)  # the exercise cell as handed out: no try
    assert [record["kind"] for record in kept(copy)] == ["prediction", "verdict"]


def test_run_all_again_counts_no_new_try_and_a_new_answer_does(copy):
    """Each Run All checks the cell's answer again: the same answer is one try however often
    it runs; a changed answer is a new one, and going back to an earlier answer too."""
    exercise = REGISTRY.exercises[EXERCISE]
    answer: dict = {}
    exec(exercise.answer_text(), answer)
    other = {**WRONG, next(iter(WRONG)): next(choice for choice in exercise.choices
                                               if choice != WRONG[next(iter(WRONG))])}
    for tried in (WRONG, WRONG, WRONG, other, other, WRONG, answer["tahmin"], answer["tahmin"]):
        kontrol(EXERCISE, tried)
    assert [record["passed"] for record in kept(copy)] == [False, False, False, True]
    step = next(step for step in progress.steps(progress.records()[0])
                if step.identifier == EXERCISE)
    assert step.state == "✔ geçti (4 deneme)"


# A saved prediction outlives its kernel


def test_a_saved_prediction_is_locked_in_a_new_kernel_and_the_verdict_compares_with_it(copy,
                                                                                        capsys):
    predicted, measured = choices(CHOICE)[:2]
    save_prediction(CHOICE, predicted)
    forget()  # the kernel restarts; its measurement cell runs before its form's
    tahmin_sonucu(CHOICE, measured)
    verdict = one_line(REGISTRY.predictions[CHOICE].verdict(predicted, measured))
    assert one_line(capsys.readouterr().out) == verdict
    forget()
    _, field, button, status = tahmin_et(CHOICE).children
    assert (field.value, field.disabled, button.disabled) == (predicted, True, True)
    assert shown(status.value) == sentence("saved_before", value=predicted)
    button.click()  # a click that reaches a locked form changes nothing
    field.value = choices(CHOICE)[2]
    tahmin_sonucu(CHOICE, measured)
    assert one_line(capsys.readouterr().out) == verdict  # the saved one, not the field's
    assert [record["kind"] for record in kept(copy)] == ["prediction", "verdict"]


def test_a_saved_prediction_the_form_cannot_take_asks_afresh(copy):
    (copy / PROGRESS_FILE).write_text(json.dumps(
        {"kind": "prediction", "id": CHOICE, "value": "no such choice"}) + "\n", encoding="utf-8")
    _, field, button, status = tahmin_et(CHOICE).children
    assert not field.disabled and status.value == "" and CHOICE not in SAVED


# Where nothing records


def test_in_the_lessons_folder_nothing_is_written_and_ilerleme_says_one_constant_sentence(
        tmp_path, monkeypatch, capsys):
    course = copy_course(tmp_path, only=(LESSON,))
    warm()
    monkeypatch.chdir(course / "lessons")
    before = sorted(path.name for path in (course / "lessons").iterdir())
    predicted, measured = choices(CHOICE)[:2]
    save_prediction(CHOICE, predicted)
    tahmin_sonucu(CHOICE, measured)
    kontrol(EXERCISE, WRONG).children[0].children[1].click()
    capsys.readouterr()
    assert ilerleme() is None and ilerleme(sifirla=True) is None
    said = capsys.readouterr().out
    assert said == 2 * (wrap_text(SAID["progress_not_here"]) + "\n")
    assert sorted(path.name for path in (course / "lessons").iterdir()) == before
    assert progress.progress_path() is None


def test_the_instructors_lessons_folder_is_no_place_to_record(monkeypatch):
    monkeypatch.chdir(ROOT / "lessons")
    assert progress.progress_path() is None
    monkeypatch.chdir(ROOT)
    assert progress.progress_path() is None


def test_in_the_browser_the_kernels_folder_is_the_place(tmp_path, monkeypatch):
    """The lite course's kernel works among the course's files, which the browser keeps."""
    warm()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert progress.progress_path() == tmp_path / PROGRESS_FILE
    assert progress.record("answer", id=EXERCISE) is None
    assert kept(tmp_path) == [{"kind": "answer", "id": EXERCISE}]


def test_preparing_the_copy_again_leaves_the_progress_as_it_is(tmp_path):
    course = copy_course(tmp_path, only=(LESSON,))
    folder = study.copy_folder(course, STRINGS["tr"])
    study.prepare(course, folder, STRINGS["tr"])
    assert (folder / STUDY_MARKER).is_file() and study.RECORD == STUDY_MARKER
    (folder / PROGRESS_FILE).write_bytes(b'{"kind": "answer", "id": "01-x"}\n')
    study.prepare(course, folder, STRINGS["tr"])
    assert (folder / PROGRESS_FILE).read_bytes() == b'{"kind": "answer", "id": "01-x"}\n'


# ilerleme(): the summary


LESSONS = ("01-bir.ipynb", "02-iki.ipynb")
EXERCISE_KIND = PartsPrediction(question="?", how_to_answer=".", why=".", hint=".",
                                expected=lambda: {"a": "x"}, choices=("x", "y"), mistakes={})
MADE_UP = Registry(
    exercises={"01-gecen": EXERCISE_KIND, "01-denenen": EXERCISE_KIND,
               "01-bekleyen": EXERCISE_KIND, "02-son": EXERCISE_KIND},
    predictions={"01-tutan": Prediction("?", ("a", "b"), {"b": "B sanıldı."}),
                 "01-tutmayan": Prediction("?", ("a", "b"), {"b": "B sanıldı."}),
                 "01-olculmeyen": Prediction("?", (), {}),
                 "02-bos": Prediction("?", (), {})})
RECORDS = [
    {"kind": "prediction", "id": "01-tutan", "value": "a"},
    {"kind": "verdict", "id": "01-tutan", "value": "a", "measured": "a", "held": True,
     "assumption": None},
    {"kind": "verdict", "id": "01-tutmayan", "value": "b", "measured": "a", "held": False,
     "assumption": "B sanıldı."},
    {"kind": "prediction", "id": "01-olculmeyen", "value": 7},
    {"kind": "check", "id": "01-gecen", "passed": False},
    {"kind": "check", "id": "01-gecen", "passed": True},
    {"kind": "check", "id": "01-denenen", "passed": False},
    {"kind": "answer", "id": "01-denenen"},
    {"kind": "check", "id": "99-baska-kurstan", "passed": True},  # no longer in the course
]


@pytest.fixture
def made_up_course(copy, monkeypatch):
    monkeypatch.setattr(progress, "course_registry", lambda: MADE_UP)
    monkeypatch.setattr(progress, "course_lessons", lambda: LESSONS)
    progress_file.append(copy / PROGRESS_FILE, RECORDS)
    return copy


FIRST_LESSON = [
    "01-bir: 3/6 tamam (%50)",
    "  Tahminler:",
    "  • 01-tutan: ✔ tuttu (ölçülen a)",
    "  • 01-tutmayan: ✘ tutmadı: tahmininiz b, ölçülen a; çürüyen varsayım: B",
    "    sanıldı.",
    "  • 01-olculmeyen: … henüz değil: tahmininiz (7) kaydedildi, ölçüm hücresini",
    "    çalıştırın",
    "  Alıştırmalar:",
    "  • 01-gecen: ✔ geçti (2 deneme)",
    "  • 01-denenen: ✘ denendi (1 deneme); cevabı gösterildi",
    "  • 01-bekleyen: … henüz değil"]
SECOND_LESSON = [
    "02-iki: 0/2 tamam (%0)",
    "  Tahminler:",
    "  • 02-bos: … henüz değil",
    "  Alıştırmalar:",
    "  • 02-son: … henüz değil"]
TOTAL = "İlerlemeniz: 3/8 tamam (%38)."
NEXT = "Sıradaki adım: 01-bir dersinde “01-olculmeyen” tahmini."


def test_the_whole_summary_gives_each_lessons_predictions_exercises_share_and_the_next_step(
        made_up_course, capsys):
    summary = ilerleme(hepsi=True)
    assert capsys.readouterr().out == ""
    assert str(summary).splitlines() == [TOTAL, *FIRST_LESSON, *SECOND_LESSON, NEXT]
    page = summary._repr_html_()
    assert ('<p>Sıradaki adım: <a href="01-bir.ipynb">01-bir</a> dersinde “01-olculmeyen” '
            "tahmini.</p>") in page
    assert "<code>01-tutmayan</code>: ✘ tutmadı: tahmininiz b, ölçülen a; çürüyen varsayım: " \
           "B sanıldı.</li>" in page
    assert "<code>02-son</code>" in page and "hepsi=True" not in page


@pytest.mark.parametrize(("session", "shown"), [
    (None, FIRST_LESSON),  # the kernel knows no notebook: the next step's lesson
    ("/kurs/calisma/02-iki.ipynb", SECOND_LESSON),
    ("/kurs/calisma/02-iki.yeni.ipynb", SECOND_LESSON),  # a newer copy beside it
    ("/kurs/calisma/taslak.ipynb", FIRST_LESSON),  # no lesson of the course
])
def test_the_summary_shows_the_course_in_a_line_and_this_lesson_in_full(
        made_up_course, monkeypatch, session, shown):
    if session is None:
        monkeypatch.delenv(progress.SESSION_NAME, raising=False)
    else:
        monkeypatch.setenv(progress.SESSION_NAME, session)
    summary = ilerleme()
    assert str(summary).splitlines() == [TOTAL, *shown, NEXT, SAID["progress_whole"]]
    page = summary._repr_html_()
    assert (f"<code>{shown[2].split()[1].rstrip(':')}</code>" in page
            and f"<p>{SAID['progress_whole']}</p>" in page)
    other = SECOND_LESSON if shown is FIRST_LESSON else FIRST_LESSON
    assert f"<code>{other[2].split()[1].rstrip(':')}</code>" not in page


def test_the_next_step_is_the_first_thing_not_done_in_course_order(made_up_course):
    progress.record("verdict", id="01-olculmeyen", value=7, measured="7", held=True,
                    assumption=None)
    assert str(ilerleme(hepsi=True)).endswith(
        "Sıradaki adım: 01-bir dersinde “01-denenen” alıştırması.")
    for exercise_id in ("01-denenen", "01-bekleyen"):
        progress.record("check", id=exercise_id, passed=True)
    assert str(ilerleme(hepsi=True)).endswith("Sıradaki adım: 02-iki dersinde “02-bos” tahmini.")
    progress.record("verdict", id="02-bos", value=1, measured="1", held=True, assumption=None)
    progress.record("check", id="02-son", passed=True)
    summary = ilerleme(hepsi=True)
    assert str(summary).splitlines()[0] == "İlerlemeniz: 8/8 tamam (%100)."
    assert str(summary).endswith(SAID["progress_all_done"])
    assert "<a href" not in summary._repr_html_()


def test_the_reset_asks_first_and_clears_on_the_button(made_up_course, capsys):
    save_prediction(CHOICE, choices(CHOICE)[0])
    panel = ilerleme(sifirla=True)
    question, button, status = panel.children
    assert shown(question.value) == sentence("reset_question", count=len(RECORDS) + 1)
    assert len(kept(made_up_course)) == len(RECORDS) + 1  # nothing deleted before the button
    assert panel._repr_mimebundle_()[0]["text/plain"] == SAID["reset_unrun"]
    button.click()
    assert shown(status.value) == SAID["reset_done"] and button.disabled
    assert (made_up_course / PROGRESS_FILE).read_bytes() == b"" and CHOICE not in SAVED
    assert str(ilerleme()).splitlines()[0] == "İlerlemeniz: 0/8 tamam (%0)."
    _, field, _, _ = tahmin_et(CHOICE).children
    assert not field.disabled
    assert capsys.readouterr().out == ""


# A broken file never gets in the way


def run_a_lesson(capsys) -> str:
    """What a student reads while predicting, measuring, checking and asking for the answer,
    and in the summary: printed, and in the widgets."""
    predicted, measured = choices(CHOICE)[:2]
    panel = tahmin_et(CHOICE)
    _, field, button, status = panel.children
    if not field.disabled:
        field.value = predicted
        button.click()
    tahmin_sonucu(CHOICE, measured)
    help_panel = kontrol(EXERCISE, WRONG)
    help_panel.children[0].children[1].click()
    summary = ilerleme()
    return " ".join([shown(status.value), shown(help_panel.children[2].value),
                     one_line(capsys.readouterr().out), one_line(str(summary))])


def assert_the_lesson_worked(read: str) -> None:
    assert "✘ Tahmininiz:" in read and "Ölçümün çürüttüğü varsayım:" in read
    assert "✘ Henüz değil." in read and "Neden?" in read
    assert f"• {CHOICE}: ✘ tutmadı" in read and f"• {EXERCISE}: ✘ denendi (1 deneme); " \
                                                "cevabı gösterildi" in read


def test_a_folder_in_the_files_place_costs_the_record_not_the_lesson(copy, capsys):
    (copy / PROGRESS_FILE).mkdir()
    read = run_a_lesson(capsys)
    assert_the_lesson_worked(read)  # kept in the kernel's memory meanwhile
    assert read.count(sentence("progress_unusable")) == 1
    assert (copy / PROGRESS_FILE).is_dir()


def test_a_file_not_in_utf_8_keeps_its_readable_lines(copy, capsys):
    good = {"kind": "check", "id": "00-ascii", "passed": True}
    latin = json.dumps({"kind": "answer", "id": "00-çığ"}, ensure_ascii=False).encode("cp1254")
    (copy / PROGRESS_FILE).write_bytes(latin + b"\n" + json.dumps(good).encode() + b"\n" + latin)
    read = run_a_lesson(capsys)
    assert_the_lesson_worked(read)
    assert read.count(sentence("progress_kept", count=2, kept=progress_file.SKIPPED_FILE)) == 1
    assert kept(copy)[0] == good and len(kept(copy)) == 5
    assert (copy / progress_file.SKIPPED_FILE).read_bytes() == latin + b"\n" + latin + b"\n"


def test_a_byte_order_mark_costs_no_record(copy):
    """Saved by Windows Notepad, the file starts with UTF-8's byte order mark."""
    first = {"kind": "prediction", "id": "00-patlayan", "value": "koştu"}
    (copy / PROGRESS_FILE).write_bytes(progress_file.BYTE_ORDER_MARK
                                       + json.dumps(first).encode() + b"\r\n")
    forget()
    assert progress.saved_prediction("00-patlayan") == ("koştu", None)


def test_a_second_corruption_in_one_kernel_is_said_again_and_loses_nothing(copy):
    forget()
    for junk in (b"\x00\xffbozuk\n", b"\x13yine bozuk\n"):
        (copy / PROGRESS_FILE).write_bytes(junk)
        found, said = progress.records()
        assert found == [] and said is not None and "1 satırı" in said
    assert (copy / progress_file.SKIPPED_FILE).read_bytes() == (
        b"\x00\xffbozuk\n\x13yine bozuk\n")


def test_an_empty_file_is_no_record_and_says_nothing(copy, capsys):
    (copy / PROGRESS_FILE).write_bytes(b"")
    read = run_a_lesson(capsys)
    assert_the_lesson_worked(read)
    assert "İlerleme dosyanız" not in read


def test_a_line_cut_short_costs_only_itself(copy):
    path = copy / PROGRESS_FILE
    progress_file.append(path, [{"kind": "answer", "id": "01-a"}])
    with path.open("ab") as file:
        file.write(b'{"kind": "check", "id": "01-b", "pas')  # a kernel killed mid-write
    progress_file.append(path, [{"kind": "answer", "id": "01-c"}])
    reading = progress_file.read(path)
    assert [record["id"] for record in reading.records] == ["01-a", "01-c"]
    assert reading.skipped == 1 and progress_file.read(path).skipped == 0  # mended



@pytest.mark.parametrize("line", [
    '{"kind": "prediction", "id": "00-a", "value": true}',  # JSON's true is no whole number
    '{"kind": "verdict", "id": "00-a", "value": false, "measured": "1", "held": true, '
    '"assumption": null}',
    '{"kind": "check", "id": "00-a", "passed": null}',
    '{"kind": "check", "id": "00-a", "passed": 1}',
    '{"kind": "answer", "id": 3}',
    '{"kind": "answer", "id": "00-a", "time": 5}',
    '{"kind": "tahmin", "id": "00-a"}',
    '{"id": "00-a"}',
    '["answer", "00-a"]',
])
def test_a_line_of_the_wrong_shape_is_set_aside_not_read(copy, line):
    good = b'{"kind": "answer", "id": "00-b"}\n'
    (copy / PROGRESS_FILE).write_bytes(line.encode() + b"\n" + good)
    reading = progress_file.read(copy / PROGRESS_FILE)
    assert reading.records == [{"kind": "answer", "id": "00-b"}] and reading.skipped == 1
    assert (copy / progress_file.SKIPPED_FILE).read_bytes() == line.encode() + b"\n"
    assert (copy / PROGRESS_FILE).read_bytes() == good


@pytest.mark.skipif(not progress_file.LOCKING or not Path("/proc/locks").exists(),
                    reason="no flock here, or no /proc/locks to see a writer wait")
def test_a_writer_that_waited_for_the_lock_writes_to_the_file_put_in_place_meanwhile(copy):
    """A reading that mends the file puts a new one in its place while another kernel waits
    for the old one's lock: the waiting write goes to the new file, not the old one."""
    import fcntl
    import threading
    path = copy / PROGRESS_FILE
    path.write_bytes(b'{"kind": "answer", "id": "00-once"}\n')
    held = os.open(path, os.O_RDWR)
    fcntl.flock(held, fcntl.LOCK_EX)
    waiting = threading.Thread(target=progress_file.append,
                               args=(path, [{"kind": "answer", "id": "00-sonra"}]))
    waiting.start()
    inode = f":{path.stat().st_ino} "
    deadline = time.monotonic() + 60
    while not any("->" in lock and inode in lock  # the writer waits for this file's lock
                  for lock in Path("/proc/locks").read_text().splitlines()):
        assert time.monotonic() < deadline, "the writer never waited for the lock"
        time.sleep(0.01)
    mended = copy / "mended"
    mended.write_bytes(b'{"kind": "answer", "id": "00-once"}\n')
    os.replace(mended, path)
    os.close(held)
    waiting.join(timeout=60)
    assert [record["id"] for record in kept(copy)] == ["00-once", "00-sonra"]

RECORD = st.one_of(
    st.fixed_dictionaries({"kind": st.just("prediction"), "id": st.text(max_size=12),
                           "value": st.one_of(st.text(max_size=12), st.integers())}),
    st.fixed_dictionaries({"kind": st.just("verdict"), "id": st.text(max_size=12),
                           "value": st.one_of(st.text(max_size=12), st.integers()),
                           "measured": st.text(max_size=12), "held": st.booleans(),
                           "assumption": st.one_of(st.none(), st.text(max_size=30))}),
    st.fixed_dictionaries({"kind": st.just("check"), "id": st.text(max_size=12),
                           "passed": st.booleans()}),
    st.fixed_dictionaries({"kind": st.just("answer"), "id": st.text(max_size=12)},
                          optional={"time": st.text(max_size=25)}))
# JSON that is not a record: another type, a field missing or of another type, an unknown kind
NOT_A_RECORD = st.one_of(
    st.none(), st.booleans(), st.integers(), st.text(), st.lists(st.integers(), max_size=3),
    st.fixed_dictionaries({"kind": st.just("check"), "id": st.integers(),
                           "passed": st.booleans()}),
    st.fixed_dictionaries({"kind": st.just("check"), "id": st.text(),
                           "passed": st.sampled_from([0, 1, "yes", None])}),
    st.fixed_dictionaries({"kind": st.just("prediction"), "id": st.text(),
                           "value": st.one_of(st.booleans(), st.floats(), st.none())}),
    st.fixed_dictionaries({"kind": st.sampled_from(["", "Check", "tahmin", 3])}),
    st.fixed_dictionaries({"kind": st.just("answer")}),
    st.fixed_dictionaries({"kind": st.just("answer"), "id": st.text(),
                           "time": st.integers()}))


@st.composite
def corrupted(draw) -> tuple[str, list[bytes], bytes]:
    """The way, the lines of a valid file, and the file broken in that way, one of those a
    disk, an editor or a hand breaks one."""
    lines = [progress_file.line(record) for record in draw(st.lists(RECORD, max_size=8))]
    data = b"".join(lines)
    way = draw(st.sampled_from(["insert", "replace", "truncate", "junk", "wrong types",
                                "not utf-8", "empty"]))
    if way == "insert":
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.binary(min_size=1, max_size=16)) + data[at:]
    elif way == "replace":
        at = draw(st.integers(0, len(data)))
        end = draw(st.integers(at, min(len(data), at + 16)))
        data = data[:at] + draw(st.binary(max_size=16)) + data[end:]
    elif way == "truncate":
        data = data[:draw(st.integers(0, len(data)))]
    elif way in ("junk", "wrong types"):
        junk = st.binary(max_size=40) if way == "junk" else NOT_A_RECORD.map(
            lambda value: json.dumps(value).encode())
        swapped = [draw(junk) + b"\n" if draw(st.booleans()) else line for line in lines]
        data = b"".join(swapped)
    elif way == "not utf-8":
        data = data.decode("utf-8").encode("cp1254", errors="replace")
    else:
        data = b""
    return way, lines, data


def is_subsequence(part: list, whole: list) -> bool:
    rest = iter(whole)
    return all(any(item == other for other in rest) for item in part)


@settings(derandomize=True, max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(corrupted())
def test_reading_a_broken_file_keeps_every_intact_line_and_says_so_once(broken):
    way, lines, data = broken
    warm()
    with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder):
        (Path(folder) / STUDY_MARKER).write_text("{}", encoding="utf-8")
        (Path(folder) / PROGRESS_FILE).write_bytes(data)
        forget()
        found, said = progress.records()
        intact = [json.loads(line) for line in data.split(b"\n") if line + b"\n" in lines]
        assert is_subsequence(intact, found) and all(map(progress_file.valid, found))
        if way == "wrong types":  # what replaced a line is no record, by its making
            assert found == intact
        skipped = progress_file.parse(data)[1]
        assert (said and one_line(said)) == (sentence(
            "progress_kept", count=len(skipped), kept=progress_file.SKIPPED_FILE)
            if skipped else None)
        moved = Path(folder) / progress_file.SKIPPED_FILE
        assert (moved.read_bytes() if moved.exists() else b"") == b"".join(skipped)
        again, said_again = progress.records()
        assert again == found and said_again is None  # the file mended, nothing said again
        assert progress.record("answer", id="00-sonra") is None
        after, _ = progress.records()
        assert after[:-1] == found and after[-1]["id"] == "00-sonra"
        forget()


# Read-only, and two processes: real processes, real permissions


def without_root(command: list[str]) -> list[str]:
    """`command` as a process that file permissions hold: root ignores them, unless it drops
    the capabilities to (Linux's setpriv)."""
    if os.geteuid() != 0:
        return command
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv, which a read-only file needs to hold")
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--", *command]


STUDENT = textwrap.dedent("""
    import contextlib, html, io, json, re, sys
    from checks.student.tr import kontrol
    from checks.student.tr import ilerleme
    from checks.student.tr import tahmin_et, tahmin_sonucu

    prediction, predicted, measured, exercise, wrong = json.loads(sys.argv[1])

    def shown(value):
        return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", value)).split())

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        _, field, button, status = tahmin_et(prediction).children
        if not field.disabled:
            field.value = predicted
            button.click()
        tahmin_sonucu(prediction, measured)
        help_panel = kontrol(exercise, wrong)
        help_panel.children[0].children[1].click()
        print(ilerleme())
    print(json.dumps({"field": [field.value, field.disabled], "status": shown(status.value),
                      "answer": shown(help_panel.children[2].value),
                      "printed": " ".join(out.getvalue().split())}))
""")


def student_copy(tmp_path: Path) -> Path:
    """A student's copy of a course with LESSON, as the study command prepares it."""
    course = copy_course(tmp_path / "kurs", only=(LESSON,))
    folder = study.copy_folder(course, STRINGS["tr"])
    study.prepare(course, folder, STRINGS["tr"])
    return folder


def student(folder: Path, predicted: str, measured: str, wrap=lambda command: command) -> dict:
    """A kernel started in `folder` that predicts, measures, checks a wrong answer, reveals the
    answer and shows the summary: what the student read."""
    arguments = json.dumps([CHOICE, predicted, measured, EXERCISE, WRONG])
    result = subprocess.run(wrap([sys.executable, "-c", STUDENT, arguments]), cwd=folder,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])


@pytest.mark.slow
def test_a_prediction_saved_before_a_restart_is_locked_after_it(tmp_path):
    folder = student_copy(tmp_path)
    predicted, measured, other = choices(CHOICE)[:3]
    first = student(folder, predicted, measured)
    assert first["status"].startswith(f"Kaydedildi: {predicted}.")
    second = student(folder, other, measured)  # a new kernel: the form is locked
    assert second["field"] == [predicted, True]
    assert second["status"] == sentence("saved_before", value=predicted)
    verdict = one_line(REGISTRY.predictions[CHOICE].verdict(predicted, measured))
    assert second["printed"].startswith(verdict)
    # the same wrong answer, checked again in the new kernel, is no second try
    assert f"• {EXERCISE}: ✘ denendi (1 deneme); cevabı gösterildi" in second["printed"]
    assert [record["kind"] for record in kept(folder)] == [
        "prediction", "verdict", "check", "answer", "answer"]


def read_only(path: Path) -> None:
    path.chmod(stat.S_IMODE(path.stat().st_mode) & ~0o222)


@pytest.mark.slow
@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_read_only_file_or_folder_never_stops_a_check_or_a_prediction(tmp_path, what):
    folder = student_copy(tmp_path)
    predicted, measured = choices(CHOICE)[:2]
    if what == "file":  # a prediction saved, and a line broken, before it was made read-only
        progress_file.append(folder / PROGRESS_FILE, [
            {"kind": "prediction", "id": CHOICE, "value": predicted}])
        progress_file.append_raw(folder / PROGRESS_FILE, b"\xff bozuk\n")
    read_only(folder / PROGRESS_FILE if what == "file" else folder)
    before = {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}
    try:
        read = student(folder, predicted, measured, without_root)
    finally:
        folder.chmod(0o755)
    assert read["field"] == [predicted, True]
    printed = read["printed"]
    if what == "file":  # the broken line skipped, not set aside: the file cannot be mended
        skipping = sentence("progress_skipped", count=1) + " "
        assert printed.startswith(skipping)
        printed = printed.removeprefix(skipping)
    assert printed.startswith(one_line(REGISTRY.predictions[CHOICE].verdict(predicted,
                                                                            measured)))
    assert "✘ Henüz değil." in printed and read["answer"].startswith("Neden?")
    everything = " ".join([read["status"], read["answer"], printed])
    assert everything.count(sentence("progress_unusable")) == 1
    assert f"• {CHOICE}: ✘ tutmadı" in printed  # kept in the kernel's memory
    assert {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()} \
        == before


WRITER = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    from checks.student import progress

    name, count = sys.argv[1], int(sys.argv[2])
    Path(f"hazir-{name}").touch()
    while not Path("basla").exists():
        time.sleep(0.001)
    for number in range(count):
        said = progress.record("check", id=f"{name}-{number}", passed=True)
        assert said is None, said
        if number % 50 == 0:
            progress.records()  # reading, and mending, between the writes
""")


@pytest.mark.slow
def test_two_kernels_writing_at_once_lose_nothing(copy):
    (copy / PROGRESS_FILE).write_bytes(b'{"kind": "answer", "id": "00-once"}\n\xff bozuk\n')
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, name, "300"], cwd=copy,
                                stderr=subprocess.PIPE, text=True) for name in ("a", "b")]
    deadline = time.monotonic() + 60
    while not all((copy / f"hazir-{name}").exists() for name in "ab"):
        assert time.monotonic() < deadline, "the writers did not start"
        time.sleep(0.01)
    (copy / "basla").touch()
    for writer in writers:
        _, errors = writer.communicate(timeout=120)
        assert writer.returncode == 0, errors
    reading = progress_file.read(copy / PROGRESS_FILE)
    ids = Counter(record["id"] for record in reading.records)
    assert reading.skipped == 0 and len(reading.records) == 601
    assert ids == Counter(["00-once", *(f"{name}-{n}" for name in "ab" for n in range(300))])
