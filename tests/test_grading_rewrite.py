"""What the grader runs of a submission's cell: its `kontrol("id", ...)` calls go to the run's
capture, and a cell the grader cannot read as Python runs as it is, never stopping the grader."""

from grading.rewrite import graded_source


def test_each_check_with_an_id_goes_to_the_capture_and_nothing_else_changes():
    source = 'kontrol("01-a", tahmin)\nkontrol(kimlik, tahmin)\nprint(kontrol)'
    assert graded_source(source, "yakala").splitlines() == [
        "yakala('01-a', tahmin)", "kontrol(kimlik, tahmin)", "print(kontrol)"]


def test_a_cell_that_is_not_python_or_too_deep_to_read_runs_as_it_is():
    for source in ["kontrol(", "x = " + "-" * 100_000 + "1"]:
        assert graded_source(source, "yakala") == source
