"""The file a student's progress is kept in: one JSON object a line, each appended whole by one
write under an exclusive lock, so that two kernels writing at once lose nothing and a line cut
short costs at most itself. Reading keeps every valid line and skips the rest; the skipped lines
are added, as they were, to a file beside it (SKIPPED_FILE), and only then is the file rewritten
with the kept lines (a temporary file put in its place), so the next reading finds it clean and
nothing the student had is lost. A byte order mark (a file saved by Windows Notepad) is no
line's part. Nothing here prints: a problem comes back as data for `checks.student.progress`
to say."""

import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import NoneType

try:
    import fcntl
except ImportError:  # no flock (Windows): whole-line appends still rarely interleave
    fcntl = None  # type: ignore[assignment]

PROGRESS_FILE = "ilerleme.jsonl"
SKIPPED_FILE = "ilerleme-atlanan.txt"  # beside it: every line a reading skipped, as it was
BYTE_ORDER_MARK = b"\xef\xbb\xbf"
# The study command's record of what it wrote to the copy (publish/study.py): a folder holding
# it is a student's copy of the course, where `checks.student.progress` records.
STUDY_MARKER = ".kurs.json"
# In the browser (Pyodide) one kernel a page writes to the page's storage: no flock there, and
# a file's identity is not worth checking.
LOCKING = fcntl is not None and sys.platform != "emscripten"
REOPENINGS = 5  # how often the file may be replaced under a waiting writer before it gives up

# Each kind of record, with its fields and their types: a line that does not fit is skipped.
KINDS: dict[str, dict[str, tuple[type, ...]]] = {
    "prediction": {"id": (str,), "value": (str, int)},  # saved in the form
    "verdict": {"id": (str,), "value": (str, int), "measured": (str,), "held": (bool,),
                "assumption": (str, NoneType)},  # given by the measurement
    "check": {"id": (str,), "passed": (bool,)},  # an exercise checked, right or wrong
    "answer": {"id": (str,)},  # an exercise's answer revealed
}
# when it was recorded, for a person reading the file; of a check, a fingerprint of the answer
# it checked (the same answer run again is no new try)
OPTIONAL = {"time": (str,), "given": (str,)}

Record = dict[str, object]


def fits(value: object, types: tuple[type, ...]) -> bool:
    """`isinstance`, but a bool is no int (JSON's `true` is not a whole-number prediction)."""
    return isinstance(value, types) and (bool in types or not isinstance(value, bool))


def valid(record: object) -> bool:
    """Whether a parsed line is a record this toolkit writes."""
    kind = record.get("kind") if isinstance(record, dict) else None
    if not isinstance(record, dict) or not isinstance(kind, str) or kind not in KINDS:
        return False
    wanted = KINDS[kind]
    return all(name in record and fits(record[name], types) for name, types in wanted.items()) \
        and all(fits(record[name], types) for name, types in OPTIONAL.items() if name in record)


def line(record: Record) -> bytes:
    """A record as a line, its letters as they are (a student may read the file); escaped
    where UTF-8 cannot hold a character (a lone surrogate)."""
    try:
        return json.dumps(record, ensure_ascii=False).encode() + b"\n"
    except UnicodeEncodeError:
        return json.dumps(record).encode() + b"\n"


def parse(data: bytes) -> tuple[list[Record], list[bytes]]:
    """The valid records in a file's bytes, in order, and the non-empty lines that were not
    (each ending with its line break). A byte order mark at the start is skipped."""
    records, bad = [], []
    for raw in data.removeprefix(BYTE_ORDER_MARK).split(b"\n"):
        if not raw.strip():
            continue
        try:
            record = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            record = None
        if valid(record):
            records.append(record)
        else:
            bad.append(raw + b"\n")
    return records, bad


@dataclass
class Reading:
    """What a reading found: the valid records; how many lines it skipped, and whether they
    are kept in SKIPPED_FILE; whether the file could not be read at all (a folder in its
    place, no permission)."""

    records: list[Record] = field(default_factory=list)
    skipped: int = 0
    unreadable: bool = False
    kept: bool = False


def _lock(descriptor: int) -> None:
    if LOCKING:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        except OSError:  # a file system without locks: write unlocked
            pass


def _open_locked(path: Path, flags: int) -> int:
    """A descriptor of the file at `path`, locked; the file then in place, if another process
    put a new one there while this one waited for the lock (the lock is the old file's)."""
    for _ in range(REOPENINGS):
        descriptor = os.open(path, flags, 0o644)
        try:
            _lock(descriptor)
            if not LOCKING or os.path.samestat(os.fstat(descriptor), os.stat(path)):
                return descriptor
        except FileNotFoundError:  # replaced, and the new one not there yet
            pass
        except BaseException:
            os.close(descriptor)
            raise
        os.close(descriptor)
    raise OSError(f"{path} was replaced {REOPENINGS} times while waiting for its lock")


def _read_all(descriptor: int) -> bytes:
    os.lseek(descriptor, 0, os.SEEK_SET)
    chunks = []
    while chunk := os.read(descriptor, 1 << 16):
        chunks.append(chunk)
    return b"".join(chunks)


def _write_all(descriptor: int, data: bytes) -> None:
    while data:
        data = data[os.write(descriptor, data):]


def append(path: Path, records: list[Record]) -> None:
    """Add `records` at the end, in one write; a line left cut short before them (a crash) is
    ended first, so it costs only itself. Raises OSError when the file cannot be written."""
    data = b"".join(map(line, records))
    descriptor = _open_locked(path, os.O_RDWR | os.O_APPEND | os.O_CREAT)
    try:
        size = os.fstat(descriptor).st_size
        if size:
            os.lseek(descriptor, size - 1, os.SEEK_SET)
            if os.read(descriptor, 1) != b"\n":
                data = b"\n" + data
        _write_all(descriptor, data)
    finally:
        os.close(descriptor)


def append_raw(path: Path, data: bytes) -> None:
    """Add `data` at the end of the file at `path` (made if absent), in one write."""
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        _write_all(descriptor, data)
    finally:
        os.close(descriptor)


def _replace(path: Path, data: bytes) -> None:
    """Put a file holding `data` in the place of `path` at once: a reader sees the old one or
    the new one, never a part. Raises OSError (a read-only folder, say)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            _write_all(descriptor, data)
        finally:
            os.close(descriptor)
        os.replace(temporary, path)
    except OSError:
        temporary.unlink(missing_ok=True)
        raise


def read(path: Path) -> Reading:
    """Every valid record; the file rewritten with those alone when some line was not one, if
    it can be. Never raises: no file is no record, and a file that cannot be read is
    `unreadable`, with no record."""
    writable = True
    try:
        try:
            descriptor = _open_locked(path, os.O_RDWR)
        except PermissionError:  # a read-only file: read, but leave it as it is
            descriptor, writable = _open_locked(path, os.O_RDONLY), False
    except FileNotFoundError:
        return Reading()
    except OSError:  # a folder in its place, no permission to read
        return Reading(unreadable=True)
    try:
        records, skipped = parse(_read_all(descriptor))
        kept = False
        if skipped and writable:
            try:  # the skipped lines kept first: a file that cannot take them is not rewritten
                append_raw(path.with_name(SKIPPED_FILE), b"".join(skipped))
                kept = True
                _replace(path, b"".join(map(line, records)))
            except OSError:  # it stays as it is; the skipped lines are skipped again next time
                pass
        return Reading(records, len(skipped), kept=kept)
    except OSError:
        return Reading(unreadable=True)
    finally:
        os.close(descriptor)


def clear(path: Path) -> None:
    """An empty file in the place of `path`. Raises OSError when it cannot be."""
    descriptor = _open_locked(path, os.O_RDWR | os.O_CREAT)
    try:
        _replace(path, b"")
    finally:
        os.close(descriptor)
