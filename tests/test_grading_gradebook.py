"""The gradebook (grading/gradebook.py) and the CSV an LMS imports (grading/export.py)."""

import csv
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from course_copies import ROOT
from grading import command
from grading.export import LessonOutline, csv_rows, write_csv
from grading.gradebook import GRADEBOOK, Gradebook, GradebookError
from grading.results import (EXERCISE, MADE, NOT_MADE, PREDICTION, RIGHT, UNANSWERED, WRONG,
                             ItemGrade, LessonGrade, Unplaced)

NOW = datetime(2026, 5, 4, 9, 30, tzinfo=UTC)
LATER = NOW + timedelta(days=1)


def exercise(item: str, verdict: str, feedback: str = "") -> ItemGrade:
    return ItemGrade(item, EXERCISE, verdict, feedback, answer=f"answer of {item}")


def prediction(item: str, verdict: str) -> ItemGrade:
    return ItemGrade(item, PREDICTION, verdict)


def lesson(student: str, name: str, *items: ItemGrade, failure: str | None = None,
           sha: str = "aa", flags: tuple[str, ...] = ()) -> LessonGrade:
    return LessonGrade(student, name, f"{student}/{name}.ipynb", sha * 32, items, failure,
                       flags)


A1 = lesson("ali", "00-ders", exercise("00-a", RIGHT, "✔ Doğru.\n  iki satır"),
            exercise("00-b", WRONG), prediction("00-t", MADE))
A2 = lesson("ali", "01-ders", exercise("01-a", UNANSWERED), prediction("01-t", NOT_MADE),
            failure="Defter çalıştırılamadı: SyntaxError",
            flags=("2. kod hücresi hata verdi: SyntaxError", "3. kod hücresi notlamaya uzanıyor"))
B1 = lesson("ayşe", "00-ders", exercise("00-a", WRONG), exercise("00-b", RIGHT))


@pytest.fixture
def book(tmp_path):
    with Gradebook(tmp_path / GRADEBOOK) as opened:
        for grade in (A1, A2, B1):
            opened.record(grade, NOW)
        yield opened


def test_what_is_recorded_reads_back_as_the_data_model(book):
    assert book.students() == ["ali", "ayşe"]
    assert book.lessons_of("ali") == ["00-ders", "01-ders"]
    assert book.grades_of("ali") == [A1, A2]  # items in their order, feedback and answers too
    assert book.class_grades() == {"ali": [A1, A2], "ayşe": [B1]}
    assert book.grades_of("nobody") == []


def test_a_regrade_replaces_that_lesson_of_that_student_and_nothing_else(book, tmp_path):
    before = rows(tmp_path)
    regraded = lesson("ali", "00-ders", exercise("00-a", WRONG, "✘ Henüz değil."),
                      prediction("00-t", NOT_MADE), sha="bb")
    book.record(regraded, LATER)
    assert book.grades_of("ali") == [regraded, A2]
    assert book.grades_of("ayşe") == [B1]
    after = rows(tmp_path)
    changed = {row[:2] for row in before ^ after}
    assert changed == {("ali", "00-ders")}
    assert ("ali", "00-ders", "00-b") not in {row[:3] for row in after}  # gone with the regrade


def rows(tmp_path) -> set[tuple]:
    """The `grades` view, a row an item: what an instructor sees at the sqlite3 prompt."""
    with sqlite3.connect(tmp_path / GRADEBOOK) as connection:
        return set(connection.execute("SELECT * FROM grades"))


def test_the_view_has_a_row_an_item_with_its_submission(book, tmp_path):
    assert ("ali", "00-ders", "00-a", EXERCISE, RIGHT, "✔ Doğru.\n  iki satır",
            "ali/00-ders.ipynb", "aa" * 32, "2026-05-04T09:30:00+00:00", None) in rows(tmp_path)
    assert len(rows(tmp_path)) == 7


def test_a_failed_record_changes_nothing(book):
    twice = lesson("ali", "00-ders", exercise("00-a", RIGHT), exercise("00-a", WRONG))
    with pytest.raises(GradebookError, match="UNIQUE"):
        book.record(twice, LATER)
    assert book.grades_of("ali") == [A1, A2]


def test_a_verdict_must_fit_its_kind(book):
    with pytest.raises(GradebookError, match="CHECK"):
        book.record(lesson("ali", "02-ders", exercise("02-a", MADE)), NOW)
    assert book.lessons_of("ali") == ["00-ders", "01-ders"]


def test_the_grading_time_must_carry_its_zone(book):
    with pytest.raises(ValueError, match="time zone"):
        book.record(B1, datetime(2026, 5, 4, 9, 30))


def test_unplaced_files_are_kept_until_they_are_graded(book):
    note = Unplaced("ali/notlar.ipynb", "ali", "Hangi derse ait olduğu anlaşılamadı.")
    stray = Unplaced("README.txt", None, "Bir defter değil.")
    book.record_unplaced(note, NOW)
    book.record_unplaced(stray, NOW)
    book.record_unplaced(stray, LATER)  # found again: listed once
    assert book.unplaced() == [stray, note]
    book.record(LessonGrade("ali", "02-ders", note.source, "cc" * 32), NOW)
    assert book.unplaced() == [stray]


def test_the_gradebook_is_kept_between_openings(book, tmp_path):
    book.close()
    with Gradebook(tmp_path / GRADEBOOK) as again:
        assert again.class_grades() == {"ali": [A1, A2], "ayşe": [B1]}


def test_a_text_file_is_not_a_gradebook(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("Bu bir not defteri değil.\n" * 20)
    with pytest.raises(GradebookError, match="not an SQLite database") as raised:
        Gradebook(path)
    assert raised.value.path == path and str(path) in str(raised.value)
    assert path.read_text().startswith("Bu bir not")  # left as it was


def test_another_programs_database_is_not_a_gradebook(tmp_path):
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE t (x)")
    connection.close()
    with pytest.raises(GradebookError, match="something else"):
        Gradebook(path)


def test_a_newer_schema_is_refused(tmp_path):
    path = tmp_path / GRADEBOOK
    Gradebook(path).close()
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA user_version = 99")
    connection.close()
    with pytest.raises(GradebookError, match="version 99"):
        Gradebook(path)


def test_a_folder_in_the_way_is_an_error_naming_it(tmp_path):
    (tmp_path / GRADEBOOK).mkdir()
    with pytest.raises(GradebookError, match="cannot be opened"):
        Gradebook(tmp_path / GRADEBOOK)


OUTLINE = [LessonOutline("00-ders", "Giriş", ("00-a", "00-b"), ("00-t",)),
           LessonOutline("01-ders", "Kuyruklar", ("01-a", "01-b"), ("01-t",))]


def test_the_csv_has_a_column_an_exercise_in_the_courses_order_and_the_totals(book):
    assert csv_rows(book.class_grades(), OUTLINE, "tr") == [
        ["student", "00-a", "00-b", "01-a", "01-b", "exercises_right", "percent",
         "predictions_made", "flags"],
        ["ali", "1", "0", "0", "0", "1", "25.0", "1",  # 01-b missing from the submission: 0
         "01-ders: 2. kod hücresi hata verdi: SyntaxError | 01-ders: 3. kod hücresi notlamaya "
         "uzanıyor | 01-ders: Defter çalıştırılamadı: SyntaxError"],
        ["ayşe", "0", "1", "", "", "1", "25.0", "0", ""],  # 01-ders not submitted: not right
    ]


def test_the_csv_names_a_students_files_that_were_not_graded(book):
    duplicate = Unplaced("ayşe/b.ipynb", "ayşe", "aynı ders için başka defter: ayşe/a.ipynb")
    rows = csv_rows(book.class_grades(), OUTLINE, "tr", [duplicate, Unplaced("x.txt", None, "?")])
    assert rows[2][-1] == "ayşe/b.ipynb: aynı ders için başka defter: ayşe/a.ipynb"


def test_the_csv_rows_follow_the_course_languages_alphabet():
    """Turkish's, not the code points' order, where 'Gül' comes before 'ali' and 'Çağla'
    after 'Ömer'."""
    order = ["ali", "Cem", "Çağla", "Gül", "ılgaz", "İsmail", "Ömer", "1"]
    rows = csv_rows({name: [] for name in sorted(order)}, OUTLINE, "tr")
    assert [row[0] for row in rows[1:]] == order


def test_the_csv_file_opens_as_utf8_in_a_spreadsheet_and_is_replaced_whole(book, tmp_path):
    path = tmp_path / "gradebook.csv"
    path.write_text("old")
    write_csv(path, book.class_grades(), OUTLINE, "tr")
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")  # the byte order mark Excel needs to read UTF-8
    with path.open(newline="", encoding="utf-8-sig") as text:
        assert list(csv.reader(text))[2] == ["ayşe", "0", "1", "", "", "1", "25.0", "0", ""]
    assert [file.name for file in tmp_path.iterdir() if file.name.endswith(".tmp")] == []


def test_a_gradebook_that_cannot_be_read_stops_the_class_before_any_kernel_starts(
        tmp_path, monkeypatch, capsys):
    out, submissions = tmp_path / "notlar", tmp_path / "teslimler"
    out.mkdir()
    submissions.mkdir()
    (out / GRADEBOOK).write_bytes(b"not a database at all" * 10)

    def graded(*_, **__):
        raise AssertionError("grading started with a gradebook that cannot be read")
    monkeypatch.setattr(command, "grade", graded)
    assert command.grade_class(command.Request(ROOT, submissions, out)) == 1
    assert "not an SQLite database" in capsys.readouterr().err


def test_a_submission_counts_as_graded_already_only_from_the_same_bytes_and_course(tmp_path):
    with Gradebook(tmp_path / GRADEBOOK) as opened:
        opened.record(A1, NOW, "kurs-1")
        assert opened.graded_already("ali", "00-ders", A1.sha256, "kurs-1")
        assert not opened.graded_already("ali", "00-ders", "bb" * 32, "kurs-1")  # handed in anew
        assert not opened.graded_already("ali", "00-ders", A1.sha256, "kurs-2")  # course changed
        assert not opened.graded_already("ayşe", "00-ders", A1.sha256, "kurs-1")
        opened.record(B1, NOW)  # recorded without knowing what graded it: never skipped
        assert not opened.graded_already("ayşe", "00-ders", B1.sha256, "")


def test_a_gradebook_of_the_first_version_opens_and_grades_its_rows_again(tmp_path):
    """Version 1 kept no fingerprint of what graded a row: it gains the column, and its rows
    match no grading."""
    path = tmp_path / GRADEBOOK
    connection = sqlite3.connect(path)
    connection.executescript(
        "CREATE TABLE submissions (student TEXT NOT NULL, lesson TEXT NOT NULL, "
        "source TEXT NOT NULL, sha256 TEXT NOT NULL, graded_at TEXT NOT NULL, failure TEXT, "
        "PRIMARY KEY (student, lesson));"
        "CREATE TABLE items (student TEXT NOT NULL, lesson TEXT NOT NULL, position INTEGER "
        "NOT NULL, item TEXT NOT NULL, kind TEXT NOT NULL, verdict TEXT NOT NULL, feedback TEXT "
        "NOT NULL, answer TEXT NOT NULL, PRIMARY KEY (student, lesson, item));"
        "CREATE TABLE unplaced (source TEXT PRIMARY KEY, student TEXT, reason TEXT NOT NULL, "
        "graded_at TEXT NOT NULL);"
        "INSERT INTO submissions VALUES ('ali', '00-ders', 'ali/00-ders.ipynb', "
        f"'{'aa' * 32}', '2026-05-04T09:30:00+00:00', NULL);"
        f"PRAGMA application_id = {0x4B47_4231}; PRAGMA user_version = 1;")
    connection.close()
    with Gradebook(path) as opened:
        assert opened.lessons_of("ali") == ["00-ders"]
        assert not opened.graded_already("ali", "00-ders", "aa" * 32, "kurs-1")
        opened.record(A2, LATER, "kurs-1")
        assert opened.graded_already("ali", "01-ders", A2.sha256, "kurs-1")
        assert opened.grades_of("ali")[1] == A2  # its flags too, in a table it gained
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA user_version").fetchone() == (2,)
    connection.close()


def test_a_file_that_cannot_be_replaced_leaves_no_temporary_file(book, tmp_path):
    (tmp_path / "gradebook.csv").mkdir()  # in the way: the replacing fails
    with pytest.raises(OSError):
        write_csv(tmp_path / "gradebook.csv", book.class_grades(), OUTLINE, "tr")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["gradebook.csv", GRADEBOOK]
