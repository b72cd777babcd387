"""The grading sandbox runs a student's cells for real: each test starts a kernel of its own, gives
it hostile or careless code, and checks what came back, what was left behind, and what the
confined kernel could not touch."""

import contextlib
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import tracemalloc
from pathlib import Path

import pytest

from grading.confine import landlock_abi, network_can_be_left
from grading.sandbox import (
    CELL_TIMEOUT,
    FILE_BYTES,
    KERNEL_DIED,
    KERNEL_START,
    MESSAGE_BYTES,
    NOTEBOOK_TIMEOUT,
    Limits,
    Run,
    SetupFailed,
    run_cells,
)
from processes import command_line, descendants, gone
from unavailable import needs

pytestmark = pytest.mark.slow  # each test starts a kernel: not in the quick subset

MIMETYPE = "application/x-grading-test+json"
SETUP = ("from IPython.display import publish_display_data\n"
         f"def capture(payload):\n    publish_display_data({{{MIMETYPE!r}: payload}})\n")
QUICK = Limits(cell_seconds=10, notebook_seconds=60)
ABI = landlock_abi()
SANDBOX = "the grading sandbox's confinement tests"
needs_landlock = needs(
    ABI == 0, "this system offers no Landlock (Linux 5.13 or later, with landlock among its "
              "security modules): the kernel runs unconfined", SANDBOX)
needs_signal_scoping = needs(ABI < 6, f"Landlock ABI {ABI} cannot forbid signals (version 6 can)",
                             SANDBOX)
needs_tcp_rules = needs(ABI < 4, f"Landlock ABI {ABI} cannot forbid TCP (version 4 can)", SANDBOX)
needs_own_network = needs(not network_can_be_left(),
                          "this system lets no process make a network namespace", SANDBOX)
needs_unshare = needs(shutil.which("unshare") is None, "util-linux's unshare is not installed",
                      SANDBOX)


def run(cells: list[str], limits: Limits = QUICK, packages: tuple[str, ...] = ()) -> Run:
    return run_cells(cells, setup=SETUP, capture_mimetype=MIMETYPE, notebook=b'{"cells": []}',
                     packages=packages, limits=limits)


def attempt(action: str) -> str:
    """A cell capturing what `action` raised, or "done"."""
    return (f"import os, signal\ntry:\n    {action}\n    capture('done')\n"
            f"except Exception as error:\n    capture(type(error).__name__)")


@pytest.fixture
def other_submission(tmp_path: Path) -> Path:
    """Another student's submission, in a folder beside the run's under the temporary folder."""
    folder = tmp_path / "other-student"
    folder.mkdir()
    (folder / "01.ipynb").write_text("the other student's answers")
    return folder / "01.ipynb"


@pytest.fixture
def listeners():
    """A TCP server and a UDP socket on this machine's loopback, waiting for a student's code."""
    tcp = socket.create_server(("127.0.0.1", 0))
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", 0))
    with tcp, udp:
        yield tcp, udp


def reach(tcp: socket.socket, udp: socket.socket) -> list[str]:
    """Cells connecting to the TCP server and sending the UDP socket a datagram."""
    return [attempt(f"import socket; socket.create_connection({tcp.getsockname()}, timeout=5)"),
            attempt("import socket; socket.socket(socket.AF_INET, socket.SOCK_DGRAM)"
                    f".sendto(b'answers', {udp.getsockname()})")]


def reached(tcp: socket.socket, udp: socket.socket) -> tuple[bool, bool]:
    """Whether a connection waits at the TCP server, and a datagram at the UDP socket."""
    tcp.setblocking(False)
    udp.setblocking(False)
    arrived = []
    for take in (tcp.accept, lambda: udp.recv(64)):
        try:
            take()
            arrived.append(True)
        except BlockingIOError:
            arrived.append(False)
    return arrived[0], arrived[1]


def test_captures_arrive_in_order_and_nothing_else_is_kept():
    ran = run(["capture({'n': 1})", "print('between')", "capture([2, 'iki'])",
               "from IPython.display import display; display({'not': 'captured'})",
               "capture('üç')"])
    assert ran.captured == ({"n": 1}, [2, "iki"], "üç")
    assert (ran.cells_run, ran.failure, ran.failed_cell, ran.detail) == (5, None, None, "")
    assert ran.output == "between\n"
    assert ran.confined == (ABI > 0)


def test_an_exception_in_a_cell_is_recorded_and_the_run_goes_on():
    ran = run(["capture(1)", "1 / 0", "capture(2)"])
    assert ran.captured == (1, 2)
    assert (ran.cells_run, ran.failure) == (3, None)
    assert "ZeroDivisionError: division by zero" in ran.output
    assert ran.errors == ((1, "ZeroDivisionError: division by zero"),)  # the cell, named
    assert "\x1b[" not in ran.output  # tracebacks without colours


def test_sys_exit_is_caught_by_ipython_and_the_run_goes_on():
    ran = run(["capture(1)", "import sys; sys.exit(1)", "capture(2)"])
    assert ran.captured == (1, 2)
    assert (ran.cells_run, ran.failure) == (3, None)
    assert "SystemExit: 1" in ran.output


def test_an_endless_cell_is_a_cell_timeout_and_stops_the_run():
    ran = run(["capture(1)", "while True: pass", "capture(2)"],
              Limits(cell_seconds=2, notebook_seconds=60))
    assert ran.captured == (1,)
    assert (ran.cells_run, ran.failure, ran.failed_cell) == (1, CELL_TIMEOUT, 1)
    assert ran.detail == "cell 1 used more than 2 s of processor time"


def test_the_processor_time_of_what_a_cell_starts_counts_too():
    ran = run(["capture(1)", "import subprocess, sys\n"
               "subprocess.run([sys.executable, '-c', 'while True: pass'])", "capture(2)"],
              Limits(cell_seconds=2, notebook_seconds=60))
    assert ran.captured == (1,)
    assert (ran.cells_run, ran.failure, ran.failed_cell) == (1, CELL_TIMEOUT, 1)


def test_a_cell_waiting_longer_than_its_processor_time_is_not_cut():
    """A cell is limited by the processor time it uses, not by the clock: a machine busy with
    other work, or a cell that waits, does not cut it short (the notebook's own deadline does)."""
    ran = run(["capture(1)", "import threading\nthreading.Event().wait(2)", "capture(2)"],
              Limits(cell_seconds=1, notebook_seconds=60))
    assert ran.captured == (1, 2)
    assert (ran.cells_run, ran.failure) == (3, None)


def test_the_whole_run_has_a_deadline():
    """By the clock, from before the kernel starts: 15 s leave a loaded machine time to start
    it and run the first cell; the waiting cell uses no processor time, so only this stops it."""
    ran = run(["capture(1)", "import time; time.sleep(600)", "capture(2)"],
              Limits(cell_seconds=30, notebook_seconds=15))
    assert ran.captured == (1,)
    assert (ran.cells_run, ran.failure, ran.failed_cell) == (1, NOTEBOOK_TIMEOUT, 1)


def test_huge_output_is_capped_as_it_comes():
    limits = Limits(output_bytes=1000)
    tracemalloc.start()
    try:
        ran = run(["capture(1)", "print('x' * 10**8)", "capture(2)",
                   "for line in range(100_000): print('satır', line)", "capture(3)"], limits)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert ran.captured == (1, 2, 3)  # the 100 MB message is lost, not what comes after it
    assert (ran.cells_run, ran.failure) == (5, None)
    assert ran.truncated and len(ran.output.encode()) <= limits.output_bytes
    assert peak < 3 * MESSAGE_BYTES  # never the 100 MB, nor the 1 MB the loop printed, at once


def test_a_kernel_that_exits_is_a_dead_kernel():
    ran = run(["capture(1)", "import os; os._exit(3)", "capture(2)"])
    assert ran.captured == (1,)
    assert (ran.cells_run, ran.failure, ran.failed_cell) == (1, KERNEL_DIED, 1)
    assert ran.detail == "the kernel died in cell 1 (exit code 3)"


def test_a_segfault_is_a_dead_kernel():
    ran = run(["capture(1)", "import ctypes; ctypes.string_at(0)", "capture(2)"])
    assert ran.captured == (1,)
    assert (ran.failure, ran.failed_cell) == (KERNEL_DIED, 1)
    assert "SIGSEGV" in ran.detail


def test_a_memory_bomb_is_a_memory_error_or_a_dead_kernel():
    ran = run(["capture(1)", "b = bytearray(8 * 1024**3)", "capture(2)"],
              Limits(memory_bytes=1024**3))
    if ran.failure is None:
        assert ran.captured == (1, 2)
        assert "MemoryError" in ran.output
    else:
        assert (ran.captured, ran.failure, ran.failed_cell) == ((1,), KERNEL_DIED, 1)


def test_a_kernel_that_cannot_start_is_told():
    ran = run(["capture(1)"], Limits(memory_bytes=1024**2))
    assert (ran.captured, ran.cells_run, ran.failure, ran.failed_cell) == \
        ((), 0, KERNEL_START, None)
    assert "Kernel died before replying" in ran.detail


def test_failing_setup_code_is_the_graders_error():
    with pytest.raises(SetupFailed, match="NameError"):
        run_cells(["capture(1)"], setup="undefined_name", capture_mimetype=MIMETYPE,
                  notebook=b"{}", packages=(), limits=QUICK)


def test_an_unknown_package_is_refused_before_any_kernel():
    with pytest.raises(ValueError, match="no installed package or module is named 'yok_boyle'"):
        run(["capture(1)"], packages=("yok_boyle",))


def test_the_run_folder_holds_the_submission_and_is_removed_whatever_happens():
    ran = run(["import os; capture([os.getcwd(), os.listdir(), open('submission.ipynb').read()])",
               "open('left-behind.txt', 'w').write('x'); os.chmod('.', 0)", "os._exit(1)"])
    (work, listed, text), = ran.captured
    assert (listed, text) == (["submission.ipynb"], '{"cells": []}')
    assert ran.failure == KERNEL_DIED
    assert not Path(work).parent.exists()


def test_no_process_the_kernel_started_survives_the_run():
    escape = ("r, w = os.pipe()\n"
              "if os.fork() == 0:\n"
              "    os.setsid()\n"
              "    if os.fork() == 0:\n"
              "        os.write(w, str(os.getpid()).encode())\n"
              "        os.execvp('sleep', ['sleep', '1002'])\n"
              "    os._exit(0)\n"
              "capture(int(os.read(r, 20)))")
    ran = run(["import os, subprocess; capture(os.getpid())",
               "capture(subprocess.Popen(['sleep', '1000']).pid)",
               "capture(subprocess.Popen(['sleep', '1001'], start_new_session=True).pid)",
               escape])
    assert ran.failure is None and len(ran.captured) == 4
    assert all(gone(pid) for pid in ran.captured)


def test_the_graders_process_is_left_as_it_was():
    limits = (resource.RLIMIT_AS, resource.RLIMIT_FSIZE, resource.RLIMIT_CORE)

    def state() -> tuple:
        return ([resource.getrlimit(limit) for limit in limits],
                [signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)],
                os.getcwd(), dict(os.environ), sorted(os.listdir("/proc/self/fd")),
                threading.active_count())

    before = state()
    ran = run(["import os; os.environ['HOME'] = '/'; capture(1)", "os._exit(0)"])
    assert ran.captured == (1,)
    assert state() == before


@needs_landlock
def test_the_kernel_cannot_change_another_folder(other_submission: Path):
    ran = run([attempt(f"os.remove({str(other_submission)!r})"),
               attempt(f"open({str(other_submission.with_name('new.txt'))!r}, 'w')"),
               attempt(f"open({str(other_submission)!r}, 'a')")])
    assert ran.captured == ("PermissionError",) * 3
    assert other_submission.read_text() == "the other student's answers"
    assert os.listdir(other_submission.parent) == ["01.ipynb"]


@needs_landlock
def test_the_kernel_leaves_nothing_in_the_machines_shared_memory():
    name = f"/dev/shm/kurs-{os.getpid()}"
    ran = run([attempt(f"open({name!r}, 'w').write('x')"),
               attempt("import multiprocessing; multiprocessing.Lock()")])
    assert ran.captured == ("PermissionError", "PermissionError")
    assert not os.path.exists(name)


@needs_landlock
def test_the_kernel_cannot_read_another_submission(other_submission: Path):
    ran = run([attempt(f"open({str(other_submission)!r}).read()"),
               attempt(f"os.listdir({str(other_submission.parent)!r})"),
               attempt(f"os.listdir({str(other_submission.parent.parent)!r})")])
    assert ran.captured == ("PermissionError",) * 3


@needs_landlock
def test_the_course_packages_are_read_but_not_the_repository_around_them():
    root = Path(__file__).resolve().parent.parent
    ran = run(["import checks, kernel, alistirmalar, ipywidgets; capture('imported')",
               attempt(f"os.listdir({str(root)!r})"),
               attempt(f"open({str(root / 'pyproject.toml')!r}).read()")],
              packages=("checks", "kernel", "alistirmalar"))
    assert ran.captured == ("imported", "PermissionError", "PermissionError")


@needs_signal_scoping
def test_the_kernel_cannot_signal_the_grader():
    ran = run([attempt("os.kill(os.getppid(), signal.SIGKILL)")])
    assert ran.captured == ("PermissionError",)


@needs_own_network
def test_the_kernel_reaches_no_network(listeners):
    ran = run(reach(*listeners))
    assert ran.offline is True
    assert ran.captured == ("PermissionError" if ABI >= 4 else "OSError", "OSError")
    assert reached(*listeners) == (False, False)


@needs_tcp_rules
def test_where_it_keeps_the_network_a_confined_kernel_still_has_no_tcp(monkeypatch, listeners):
    monkeypatch.setattr("grading.sandbox.network_can_be_left", lambda: False)
    ran = run(reach(*listeners))
    assert ran.offline is False
    assert ran.captured == ("PermissionError", "done")
    assert reached(*listeners) == (False, True)  # UDP is what the README says it leaves open


@needs_own_network
@needs_unshare
def test_a_user_without_privileges_leaves_the_network_through_a_user_namespace(listeners):
    tcp, _ = listeners
    trial = ("import os, socket\n"
             "from grading.confine import drop_capabilities, leave_network\n"
             "drop_capabilities()\n"
             "leave_network()\n"
             "try:\n"
             f"    socket.create_connection({tcp.getsockname()}, timeout=5)\n"
             "except OSError as error:\n"
             "    print(os.getuid(), error.strerror)\n")
    as_a_user = ["unshare", "--user", "--map-user=1000", "--map-group=1000"]
    ran = subprocess.run([*as_a_user, sys.executable, "-c", trial], capture_output=True,
                         text=True, check=True)
    assert ran.stdout == "1000 Network is unreachable\n"
    assert reached(*listeners)[0] is False


def test_without_landlock_the_run_says_it_was_not_confined(monkeypatch, other_submission):
    monkeypatch.setattr("grading.sandbox.landlock_abi", lambda: 0)
    ran = run([f"capture(open({str(other_submission)!r}).read())"])
    assert ran.confined is False
    assert ran.captured == ("the other student's answers",)


def test_the_kernel_gets_none_of_the_graders_environment_but_what_it_needs(monkeypatch):
    monkeypatch.setenv("KURS_SIR", "öğretmenin anahtarı")
    ran = run(["import os; capture(os.environ.get('KURS_SIR'))",
               "capture(sorted(os.environ))"])
    assert ran.captured[0] is None
    assert "PATH" in ran.captured[1] and "HOME" in ran.captured[1]


def test_a_file_over_the_limit_cannot_be_written():
    ran = run([attempt(f"with open('buyuk', 'wb') as f: f.write(b'x' * {FILE_BYTES + 1})"),
               "capture(os.path.getsize('buyuk'))"])
    assert ran.captured == ("OSError", FILE_BYTES)  # too large (Python ignores SIGXFSZ)


def cpu_seconds(pid: int) -> float:
    """The processor time `pid` has used (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_kernel_dies_with_the_grader_that_started_it():
    """A grader killed in the middle of a run (SIGKILL: no cleanup of its own runs) takes its
    kernel with it, even one whose cell holds the interpreter in C for hours, where
    ipykernel's own watch for a dead parent, a Python thread, never gets to run."""
    script = ("from grading.sandbox import Limits, run_cells\n"
              "run_cells(['sum(range(10**13))'], setup='', capture_mimetype='x/y',\n"
              "          notebook=b'{\"cells\": []}', packages=(),\n"
              "          limits=Limits(cell_seconds=600, notebook_seconds=600))\n")
    grader = subprocess.Popen([sys.executable, "-c", script], cwd=Path(__file__).parent.parent)
    try:  # until the kernel is busy in the cell: seconds of processor beyond its start
        deadline = time.monotonic() + 120  # a bound for a loaded machine, not a wait
        while not (busy := [pid for pid in descendants(grader.pid)
                            if b"ipykernel" in command_line(pid)
                            and cpu_seconds(pid) > 3]):
            assert time.monotonic() < deadline and grader.poll() is None, "no busy kernel"
            time.sleep(0.05)
    finally:
        grader.kill()
        grader.wait()
    try:
        assert all(gone(pid) for pid in busy)
    finally:  # a kernel that outlived its grader is stopped here, whatever happened
        for pid in busy:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
