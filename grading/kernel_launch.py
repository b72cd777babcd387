"""A grading kernel's process, from its start to its end: what it may read, the run's folder it
may write, the launcher it starts through, and how it is killed with all it started.

`python -m grading.kernel_launch SETTINGS -- KERNEL...` limits this process, ties it to its
grader, confines it as SETTINGS (`Launch`, as JSON) say, then becomes the kernel (execv): the
student's code runs only after all of it."""

import json
import os
import resource
import shutil
import signal
import sys
import sysconfig
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from importlib.util import find_spec
from pathlib import Path
from typing import NamedTuple

from checks.definition import COURSE_FILE

from grading.confine import (
    PR_SET_CHILD_SUBREAPER,
    PR_SET_PDEATHSIG,
    confine,
    leave_network,
    prctl,
)

# What Python and the programs a student may start read besides Python's own folders: shared
# libraries and programs, the process tables, the processor count, randomness, and of the
# system's settings those that name users, hosts, time zones and file types.
SETTINGS = ("ld.so.cache", "localtime", "timezone", "passwd", "group", "nsswitch.conf", "hosts",
            "host.conf", "resolv.conf", "gai.conf", "services", "protocols", "ssl", "mime.types",
            "locale.alias")
SYSTEM = ("/usr", "/lib", "/lib64", "/bin", "/proc", "/sys/devices/system/cpu", "/dev/urandom",
          "/dev/random", "/dev/zero", *(f"/etc/{name}" for name in SETTINGS))
# Written too: the null device. Not the machine's shared memory (/dev/shm): what a kernel left
# there would outlive its run, and it could reach others' files. No lesson's code needs it under
# the grader: Huey's consumer runs threads, and Celery's prefork pool, which keeps semaphores
# there, needs a Redis server the kernel cannot reach.
DEVICES = ("/dev/null",)
SUBMISSION = "submission.ipynb"
PASSED_ON = ("PATH", "LANG", "LC_ALL", "TZ")  # of the grader's environment; nothing else
STOP_ROUNDS = 1000  # bound on the rounds of stopping a kernel's processes
TICKS = os.sysconf("SC_CLK_TCK")  # of /proc's processor times, a second


@dataclass(frozen=True)
class Launch:
    """How a kernel is limited and confined."""

    memory_bytes: int  # its address space
    file_bytes: int  # the largest file it may write
    read: tuple[str, ...]  # what it may read and run
    write: tuple[str, ...]  # where it may write
    confined: bool  # whether `read` and `write` are enforced (Landlock)
    offline: bool  # whether it runs in a network namespace of its own
    grader: int  # the process id of the grader: the kernel dies with it

    def command(self, kernel: list[str]) -> list[str]:
        """The command that starts `kernel` so."""
        return [sys.executable, "-m", __name__, json.dumps(asdict(self)), "--", *kernel]


def package_folders(packages: Sequence[str]) -> list[str]:
    """Each package's own folder: given as one (a course's own, in its root), or an installed
    package's (a module's file), found as Python imports it."""
    folders: list[str] = []
    for name in packages:
        if os.path.isabs(name):
            folders.append(name)
            continue
        spec = find_spec(name)
        if spec is None:
            raise ValueError(f"no installed package or module is named {name!r}")
        folders += spec.submodule_search_locations or [str(spec.origin)]
    return folders


def readable(packages: Sequence[str]) -> tuple[str, ...]:
    """What a kernel may read: Python's folders (its prefixes and install paths: not the
    grader's sys.path, which pytest or PYTHONPATH may widen to a whole repository), the named
    packages' own folders, and the system's."""
    python = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
              *sysconfig.get_paths().values()}
    return (*sorted(python), *package_folders(packages), *SYSTEM)


def lay_out(folder: Path, notebook: bytes, definition: bytes = b"") -> None:
    """A run's folder: the submission in `work/`, with the course's `definition` (its
    course.toml, when given) where a lesson's kernel finds its course, and empty places beside
    it."""
    for name in ("work", "home", "tmp", "runtime"):
        (folder / name).mkdir()
    (folder / "work" / SUBMISSION).write_bytes(notebook)
    if definition:
        (folder / "work" / COURSE_FILE).parent.mkdir()
        (folder / "work" / COURSE_FILE).write_bytes(definition)


def environment(folder: Path) -> dict[str, str]:
    """The kernel's environment: a few of the grader's variables; every place a program
    writes to by default in the run's folder."""
    home = folder / "home"
    places = {"HOME": home, "IPYTHONDIR": home / ".ipython",
              "MPLCONFIGDIR": home / ".config" / "matplotlib", "TMPDIR": folder / "tmp",
              "JUPYTER_RUNTIME_DIR": folder / "runtime"}
    passed = {name: os.environ[name] for name in PASSED_ON if name in os.environ}
    return {**passed, **{name: str(path) for name, path in places.items()},
            "PYTHONDONTWRITEBYTECODE": "1", "PYTHONNOUSERSITE": "1"}


def _make_removable(folder: Path) -> None:
    """Give back the owner's rights on every folder a student's code may have shut."""
    folder.chmod(0o700)
    for parent, folders, _ in os.walk(folder):
        for name in folders:
            path = os.path.join(parent, name)
            if not os.path.islink(path):
                os.chmod(path, 0o700)


def remove(folder: Path) -> None:
    _make_removable(folder)
    shutil.rmtree(folder)


def _lower(limit: int, value: int) -> None:
    """Set a resource's limit, soft and hard, to `value`, or keep a lower hard limit."""
    hard = resource.getrlimit(limit)[1]
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(limit, (value, value))


def _die_with(grader: int) -> None:
    """The kernel is killed when the grader's thread that started it ends; if the grader is
    already gone, now."""
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != grader:
        os.kill(os.getpid(), signal.SIGKILL)


def prepare(launch: Launch) -> None:
    """Everything but the kernel: limits, ties, the network, confinement. The kernel stays the
    parent of all it starts (a subreaper): whatever outlives its own parent is still found
    under it."""
    _lower(resource.RLIMIT_AS, launch.memory_bytes)
    _lower(resource.RLIMIT_FSIZE, launch.file_bytes)
    _lower(resource.RLIMIT_CORE, 0)
    _die_with(launch.grader)
    prctl(PR_SET_CHILD_SUBREAPER, 1)
    if launch.offline:
        leave_network()
    if launch.confined:
        confine(launch.read, launch.write)


class _Process(NamedTuple):
    parent: int
    group: int
    session: int


def _stat(pid: int | str) -> list[bytes] | None:
    """The fields of /proc's line on `pid` after its name; None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rpartition(b")")[2].split()
    except OSError:
        return None


def _processes() -> dict[int, _Process]:
    """Each process's parent, group and session, from /proc."""
    return {int(entry.name): _Process(int(fields[1]), int(fields[2]), int(fields[3]))
            for entry in os.scandir("/proc")  # after the name: state, parent, group, session
            if entry.name.isdigit() and (fields := _stat(entry.name)) is not None}


def _family(kernel: int) -> set[int]:
    """The kernel's processes: those of its group and session (it leads both), and all their
    descendants (as a subreaper, it keeps what its children leave)."""
    table = _processes()
    members = {pid for pid, process in table.items() if kernel in (process.group, process.session)}
    while children := {pid for pid, process in table.items()
                       if process.parent in members} - members:
        members |= children
    return members


def _children(pid: int) -> list[int]:
    """`pid`'s children, from each of its threads' list of those it started."""
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    found: list[int] = []
    for thread in threads:
        try:
            with open(f"/proc/{pid}/task/{thread}/children", "rb") as children:
                found.extend(int(child) for child in children.read().split())
        except OSError:
            continue
    return found


def processor_seconds(kernel: int) -> float:
    """The processor time the kernel and its descendants have used, with that of those they
    waited for: a child's time joins its parent's when the parent reaps it, so none counts
    twice. Read from the kernel down, not from the whole process table: a cell reads it often."""
    ticks, pending = 0, [kernel]
    while pending:
        pid = pending.pop()
        fields = _stat(pid)
        if fields is not None:  # after the name, from the 12th: utime, stime, cutime, cstime
            ticks += sum(int(field) for field in fields[11:15])
            pending.extend(_children(pid))
    return ticks / TICKS


def _signal(pids: set[int], number: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, number)
        except ProcessLookupError:
            pass


def kill_family(kernel: int) -> None:
    """Stop the kernel's processes, again until no new one appears (a stopped process forks
    no more), then kill them all."""
    stopped: set[int] = set()
    for _ in range(STOP_ROUNDS):
        new = _family(kernel) - stopped
        if not new:
            break
        _signal(new, signal.SIGSTOP)
        stopped |= new
    _signal(stopped | _family(kernel), signal.SIGKILL)


def main(argv: list[str]) -> None:
    if len(argv) < 3 or argv[1] != "--":
        raise SystemExit("usage: python -m grading.kernel_launch SETTINGS -- KERNEL...")
    settings, _, *kernel = argv
    fields = json.loads(settings)
    prepare(Launch(**{**fields, "read": tuple(fields["read"]), "write": tuple(fields["write"])}))
    os.execv(kernel[0], kernel)


if __name__ == "__main__":
    main(sys.argv[1:])
