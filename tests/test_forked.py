"""A forked copy's answer, the work done here when the copy fails, and when not to fork."""

import os
import pickle
import sys
import threading
import time

import pytest

from publish import forked
from publish.forked import Forked, can_fork

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the system does not fork")


def test_the_answer_comes_from_the_copy():
    here = os.getpid()
    work = Forked(os.getpid)
    assert work.result() != here
    assert work.result() == work.result()  # waited for once, then kept


def test_the_work_is_done_here_when_the_copy_fails(monkeypatch):
    def broken_pipe(*_):
        raise OSError("the copy cannot answer")
    monkeypatch.setattr(pickle, "dumps", broken_pipe)  # the copy's only use of it
    assert Forked(os.getpid).result() == os.getpid()


@pytest.mark.skipif(sys.platform != "linux", reason="a pipe of a set size is Linux's")
def test_a_copy_ends_before_its_answer_is_read(tmp_path):
    """An answer bigger than a pipe holds by default is all in the pipe when the copy ends:
    this process reads it at once rather than in turns with the copy."""
    answer, said = "ç" * 300_000, tmp_path / "copy"
    work = Forked(lambda: (said.write_text(str(os.getpid())), answer)[1])
    deadline = time.monotonic() + 60
    while not said.exists() or not said.read_text():  # the copy says which process it is
        assert time.monotonic() < deadline, "the copy never started its work"
        threading.Event().wait(0.01)
    copy = int(said.read_text())
    while os.waitid(os.P_PID, copy, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:  # not reaped
        assert time.monotonic() < deadline, "the copy waits for its answer to be read"
        threading.Event().wait(0.01)
    assert work.result() == answer


def test_an_error_in_the_work_is_raised_here():
    def failing() -> int:
        raise ValueError("bad course")
    with pytest.raises(ValueError, match="bad course"):
        Forked(failing).result()


def test_close_stops_a_copy_whose_answer_is_not_wanted(tmp_path):
    flag = tmp_path / "finished"

    def slow() -> None:
        threading.Event().wait(5)
        flag.write_text("yes")
    work = Forked(slow)
    work.close()
    assert not flag.exists()
    work.close()  # a second close does nothing


def test_no_copy_while_another_thread_runs(monkeypatch):
    monkeypatch.setattr(forked, "usable_cpus", lambda: 2)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert not can_fork()
    finally:
        stop.set()
        other.join()
    monkeypatch.setattr(forked.threading, "active_count", lambda: 1)  # whatever tests left
    assert can_fork() == (sys.platform != "darwin")


def test_no_copy_on_one_processor(monkeypatch):
    monkeypatch.setattr(forked, "usable_cpus", lambda: 1)
    assert not can_fork()
