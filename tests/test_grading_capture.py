"""The capture that replaces `kontrol` in a graded kernel publishes once for every call,
whatever the answer does, so a forged observation beside a written call is one too many."""

import ast
from collections.abc import Mapping
from types import SimpleNamespace

import IPython
import IPython.display
import pytest

from course_copies import ROOT
from grading.capture import CAPTURE_PREFIX, Capture, install
from grading_class import FIRST_ID

MIMETYPE = "text/x-test"


class Interrupting(Mapping):
    """An answer whose reading stops the cell, as a KeyboardInterrupt or SystemExit does."""

    def __init__(self, error: type[BaseException]) -> None:
        self.error = error

    def __getitem__(self, key):
        raise self.error

    def __iter__(self):
        raise self.error

    def __len__(self):
        raise self.error


@pytest.fixture
def capture(monkeypatch):
    """The capture installed in a stand-in shell, and what it published."""
    names: dict = {}
    published: list[dict] = []
    monkeypatch.setattr(IPython, "get_ipython", lambda: SimpleNamespace(user_ns=names))
    monkeypatch.setattr(IPython.display, "publish_display_data",
                        lambda data: published.append(ast.literal_eval(data[MIMETYPE])))
    install("_kontrol_test", MIMETYPE, "alistirmalar", str(ROOT))
    return names["_kontrol_test"], published


@pytest.mark.parametrize("error", [KeyboardInterrupt, SystemExit])
def test_an_answer_that_stops_the_cell_is_still_published_as_failed(capture, error):
    check, published = capture
    with pytest.raises(error):
        check(FIRST_ID, Interrupting(error))
    assert published == [{"id": FIRST_ID, "failed": error.__name__}]


def test_every_call_publishes_once(capture):
    check, published = capture
    check(FIRST_ID, {})
    check("no-such-exercise", 1)
    check(FIRST_ID, Interrupting(ValueError))
    assert [found["id"] for found in published] == [FIRST_ID, "no-such-exercise", FIRST_ID]


def test_the_cells_as_run_do_not_hold_the_secret_of_the_message_type():
    made = Capture.made()
    assert made.function.removeprefix(CAPTURE_PREFIX) not in made.mimetype
