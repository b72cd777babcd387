"""Run a student's cells in a fresh kernel, confined and limited, and collect what the grader's
capture code published there (`build.py grade`). Nothing here judges an answer.

Each run has a temporary folder of its own, removed afterwards (`grading.kernel_launch`): the
kernel works in `work/`, which holds the submission alone, beside its home, its temporary files,
and the connection file and Unix sockets the grader reaches it by. The kernel starts through
`grading.kernel_launch`, which limits it, takes it off the network and confines it before any
code of the student's runs; at the end, the kernel and every process it started are killed.
"""

import asyncio
from concurrent.futures import ThreadPoolExecutor
import math
import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import nbformat
import zmq
import zmq.asyncio
from ipykernel.kernelspec import get_kernel_dict
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.channels import AsyncZMQSocketChannel
from jupyter_client.kernelspec import KernelSpec
from jupyter_client.manager import AsyncKernelManager
from jupyter_client.provisioning import LocalProvisioner
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError
from traitlets import default

from checks.run_lesson import TRANSPORT_ENCRYPTION
from grading.confine import landlock_abi, network_can_be_left
from grading.kernel_launch import (
    DEVICES,
    Launch,
    environment,
    kill_family,
    lay_out,
    processor_seconds,
    readable,
    remove,
)

# Why a run stopped early (Run.failure).
CELL_TIMEOUT, NOTEBOOK_TIMEOUT = "cell-timeout", "notebook-timeout"
KERNEL_DIED, KERNEL_START = "kernel-died", "kernel-start"

FILE_BYTES = 64 * 1024**2  # the largest file a kernel may write
# The largest message part taken from a kernel: for a larger one (a print of 100 MB at once) zmq
# cuts the kernel's channel; it is joined again, and what the kernel sent meanwhile is lost.
MESSAGE_BYTES = 16 * 1024**2
QUEUED_MESSAGES = 32  # of a kernel's messages, the most that wait in the grader; more, in it
KERNEL_OPTIONS = ["--InteractiveShell.colors=nocolor", "--HistoryManager.enabled=False"]
LAST_WORDS = 2000  # bytes of the kernel's own log told when it does not start
ERROR_CHARACTERS = 300  # of a cell's exception as its item's feedback names it
WATCH_SECONDS = 0.2  # how often a cell's processor time is read


@dataclass(frozen=True)
class Limits:
    """What one submission may take."""

    cell_seconds: float = 30  # one cell's processor time (its processes'), not the clock's
    notebook_seconds: float = 300  # the whole run's, from the kernel's start (wall clock)
    memory_bytes: int = 2 * 1024**3  # the kernel's address space (RLIMIT_AS)
    output_bytes: int = 64 * 1024  # of the cells' output kept; the rest is dropped as it comes


@dataclass(frozen=True)
class Run:
    """What a submission's run left: the capture payloads, and why it stopped if it did."""

    captured: tuple[object, ...]  # each capture display_data's payload, in order
    cells_run: int  # the cells that finished, with an error or not
    failure: str | None  # None, CELL_TIMEOUT, NOTEBOOK_TIMEOUT, KERNEL_DIED or KERNEL_START
    failed_cell: int | None  # the index of the cell it happened in, when it did in one
    detail: str  # the failure, for people
    confined: bool  # whether the kernel ran confined (Landlock); else it could read anything
    offline: bool  # whether it ran off the network (a namespace of its own); else only TCP was shut
    output: str  # the cells' stream text and tracebacks, at most output_bytes of it
    truncated: bool  # whether output had to be cut (or a message too large to take was lost)
    # (cell, "SyntaxError: invalid syntax") for each of `cells` that ended with an exception
    errors: tuple[tuple[int, str], ...] = ()


class SetupFailed(RuntimeError):
    """The grader's own setup code raised an exception: no capture can be trusted."""


class _Output:
    """Text up to a number of bytes; what comes after is dropped."""

    def __init__(self, limit: int) -> None:
        self.parts: list[bytes] = []
        self.left = limit
        self.truncated = False

    def add(self, text: str) -> None:
        data = text[:self.left].encode()  # a character is a byte or more: no more is encoded
        if len(text) > self.left or len(data) > self.left:
            self.truncated = True
            data = data[:self.left]
        self.parts.append(data)
        self.left -= len(data)

    def text(self) -> str:
        return b"".join(self.parts).decode(errors="ignore")


def _cut(text: str, limit: int) -> str:
    return text.encode()[:limit].decode(errors="ignore")


class _BoundedClient(AsyncKernelClient):
    """A client on its manager's zmq context, whose sockets hold QUEUED_MESSAGES at most and
    take no message part over MESSAGE_BYTES: zmq then cuts the channel for good, and the iopub
    channel is joined anew."""

    @default("context")
    def _manager_context(self) -> zmq.asyncio.Context:
        manager = self.parent
        assert isinstance(manager, AsyncKernelManager)
        return manager.context

    def join_iopub_anew(self) -> AsyncZMQSocketChannel:
        """Connect a new iopub channel in place of the current one, and hand that one back, to
        be closed once nothing reads it (closing it now could race zmq's reading of it)."""
        cut = self.iopub_channel
        self._iopub_channel = None
        self.iopub_channel.start()
        return cut


class _ConfinedKernelManager(AsyncKernelManager):
    """This Python's ipykernel (never a kernel spec found on the machine), started through
    `grading.kernel_launch`."""

    def __init__(self, launch: Launch, **kwargs: Any) -> None:
        context = zmq.asyncio.Context()
        context.setsockopt(zmq.MAXMSGSIZE, MESSAGE_BYTES)
        context.setsockopt(zmq.RCVHWM, QUEUED_MESSAGES)
        super().__init__(kernel_name="python3", context=context, client_factory=_BoundedClient,
                         **kwargs)
        self.launch = launch

    @property
    def kernel_spec(self) -> KernelSpec:
        return KernelSpec(resource_dir="", **get_kernel_dict())

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        return self.launch.command(super().format_kernel_cmd(extra_arguments))


class _Collector(NotebookClient):
    """nbclient as the grader's front end: it keeps the capture payloads and the output up to
    its limit, stores nothing in the notebook, and mimics no widget (an Output widget would
    keep all it is shown)."""

    def __init__(self, notebook: Any, km: _ConfinedKernelManager, capture_mimetype: str,
                 output_bytes: int, **kwargs: Any) -> None:
        super().__init__(notebook, km, **kwargs)
        self.capture_mimetype = capture_mimetype
        self.captured: list[object] = []
        self.kept = _Output(output_bytes)
        self.errors: dict[int, str] = {}  # by the index of the cell in the notebook run
        self.clock_seconds = 0.0  # the cell's time by the clock: what the run has left
        # nbclient takes any number of seconds, though its type says whole ones
        self.timeout_func = cast(Callable[..., int], lambda cell: self.clock_seconds)

    def output(self, outs: list, msg: dict[str, Any], display_id: str | None,
               cell_index: int) -> None:
        content = msg["content"]
        kind = msg["msg_type"]
        if kind == "display_data" and self.capture_mimetype in content.get("data", {}):
            self.captured.append(content["data"][self.capture_mimetype])
        elif kind == "stream":
            self.kept.add(content.get("text", ""))
        elif kind == "error":
            self.kept.add("\n".join(content.get("traceback", [])) + "\n")
            error = f"{content.get('ename', '')}: {content.get('evalue', '')}"
            self.errors.setdefault(cell_index, error[:ERROR_CHARACTERS])

    def handle_comm_msg(self, outs: list, msg: dict[str, Any], cell_index: int) -> None:
        pass


def _how_it_ended(returncode: int | None) -> str:
    if returncode is None:
        return "it stopped answering"
    if returncode < 0:
        return f"killed by {signal.Signals(-returncode).name}"
    return f"exit code {returncode}"


def _last_words(log: Path) -> str:
    with log.open("rb") as file:
        file.seek(max(0, log.stat().st_size - LAST_WORDS))
        text = file.read().decode(errors="replace").strip()
    return f"; the kernel's log ends:\n{text}" if text else ""


class _Session:
    """One submission's run, from the kernel's start to its end."""

    def __init__(self, folder: Path, launch: Launch, limits: Limits, capture_mimetype: str,
                 setup: str, cells: Sequence[str]) -> None:
        self.folder = folder
        self.limits = limits
        self.cells = cells
        self.deadline = time.monotonic() + limits.notebook_seconds
        self.cells_run = 0
        self.overran = False  # whether a cell used more processor time than it may
        self.rejoining: asyncio.Task[None] | None = None
        self.cut: list[AsyncZMQSocketChannel] = []
        runtime = folder / "runtime"
        self.km = _ConfinedKernelManager(launch, transport="ipc", ip=str(runtime / "kernel"),
                                         transport_encryption=TRANSPORT_ENCRYPTION,
                                         connection_file=str(runtime / "kernel.json"))
        notebook = nbformat.v4.new_notebook(
            cells=[nbformat.v4.new_code_cell(source) for source in (setup, *cells)])
        self.client = _Collector(notebook, self.km, capture_mimetype, limits.output_bytes,
                                 record_timing=False, store_widget_state=False,
                                 shutdown_kernel="immediate", extra_arguments=KERNEL_OPTIONS)

    def left(self) -> float:
        return self.deadline - time.monotonic()

    def ended(self, failure: str | None = None, cell: int | None = None,
              detail: str = "") -> Run:
        return Run(captured=tuple(self.client.captured), cells_run=self.cells_run,
                   failure=failure, failed_cell=cell,
                   detail=_cut(detail, self.limits.output_bytes),
                   confined=self.km.launch.confined, offline=self.km.launch.offline,
                   output=self.client.kept.text(),
                   truncated=self.client.kept.truncated,
                   errors=tuple((cell - 1, error) for cell, error  # the setup is cell 0
                                in sorted(self.client.errors.items()) if cell > 0))

    async def run(self) -> Run:
        try:
            return await self._start() or await self._cells()
        finally:
            await self._stop()

    async def _start(self) -> Run | None:
        log = self.folder / "kernel.log"
        try:
            with log.open("wb") as output:
                await self.client.async_start_new_kernel(
                    cwd=str(self.folder / "work"), env=environment(self.folder),
                    stdout=output, stderr=subprocess.STDOUT)
            self.client.startup_timeout = max(1, math.ceil(self.left()))
            kernel = await self.client.async_start_new_kernel_client()
        except (RuntimeError, OSError) as error:
            return self.ended(KERNEL_START, detail=f"{error}{_last_words(log)}")
        assert isinstance(kernel, _BoundedClient)
        self.rejoining = asyncio.create_task(self._keep_joined(kernel))
        return None

    async def _keep_joined(self, kernel: _BoundedClient) -> None:
        """Join the kernel's iopub channel anew each time it is cut, until cancelled: what the
        kernel sent meanwhile is lost, and the output counts as cut."""
        while True:
            socket = kernel.iopub_channel.socket
            monitor = socket.get_monitor_socket(zmq.EVENT_DISCONNECTED)
            try:
                await monitor.recv_multipart()
            finally:
                socket.disable_monitor()
                monitor.close(linger=0)
            self.client.kept.truncated = True
            self.cut.append(kernel.join_iopub_anew())

    async def _cell(self, index: int) -> str | None:
        """Run the notebook's cell `index`; why the run must stop, if it must."""
        left = self.left()
        if left <= 0:
            return NOTEBOOK_TIMEOUT
        self.client.clock_seconds = left
        watch = asyncio.create_task(self._watch(self.limits.cell_seconds))
        stopped = None
        try:
            await self.client.async_execute_cell(self.client.nb.cells[index], index)
        except CellTimeoutError:
            stopped = NOTEBOOK_TIMEOUT
        except DeadKernelError:
            stopped = KERNEL_DIED
        finally:
            watch.cancel()
            await asyncio.wait([watch])
        return CELL_TIMEOUT if self.overran else stopped

    async def _watch(self, seconds: float) -> None:
        """Kill the kernel once its processes have used `seconds` of processor time more than
        when this began: a machine busy with other work makes a cell slower by the clock, not
        by this count."""
        kernel = self._kernel()
        if kernel is None:
            return
        start = processor_seconds(kernel)
        while processor_seconds(kernel) - start < seconds:
            await asyncio.sleep(WATCH_SECONDS)
        self.overran = True
        kill_family(kernel)

    async def _cells(self) -> Run:
        self.client.allow_errors = False
        try:
            stopped = await self._cell(0)
        except CellExecutionError as error:
            raise SetupFailed(f"the grader's setup code failed:\n{error}") from None
        if stopped:
            return self.ended(stopped, detail=self._why(stopped, "the setup code"))
        self.client.allow_errors = True
        for index in range(len(self.cells)):
            stopped = await self._cell(index + 1)
            if stopped:
                return self.ended(stopped, index, self._why(stopped, f"cell {index}"))
            self.cells_run += 1
        return self.ended()

    def _why(self, failure: str, where: str) -> str:
        if failure == CELL_TIMEOUT:
            return f"{where} used more than {self.limits.cell_seconds:g} s of processor time"
        if failure == NOTEBOOK_TIMEOUT:
            return f"the run was longer than {self.limits.notebook_seconds:g} s at {where}"
        provisioner = self.km.provisioner
        process = provisioner.process if isinstance(provisioner, LocalProvisioner) else None
        status = process.poll() if process else None
        return f"the kernel died in {where} ({_how_it_ended(status)})"

    def _kernel(self) -> int | None:
        """The kernel's process id, once it started."""
        provisioner = self.km.provisioner
        return provisioner.pid if isinstance(provisioner, LocalProvisioner) else None

    async def _stop(self) -> None:
        """Kill the kernel and all it started; then let jupyter_client reap it and close."""
        kernel = self._kernel()
        if kernel is not None:
            kill_family(kernel)
        if self.rejoining is not None:
            self.rejoining.cancel()
            await asyncio.wait([self.rejoining])
        if self.client.kc is not None:
            self.client.kc.stop_channels()
        for channel in self.cut:
            channel.close()
        if self.km.has_kernel:
            await self.km.shutdown_kernel(now=True)
        self.km.context.destroy(linger=0)


def run_cells(cells: Sequence[str], *, setup: str, capture_mimetype: str, notebook: bytes,
              packages: Sequence[str], limits: Limits = Limits(), definition: bytes = b"") -> Run:
    """Run `setup`, then each of `cells`, in a fresh kernel that may read Python's folders,
    the `packages`' own folders and the system's, and write only its run's temporary folder
    (where `notebook` lies as `work/submission.ipynb`, and the course's `definition` as
    `work/course/course.toml`: the kernel works in the course that grades it). An exception in
    a cell is the student's: the run goes on. A cell over its time, the run over its time, or a
    dead kernel stops it: what was captured so far is kept. SetupFailed when `setup` raises.
    It blocks, its event loop in a thread of its own: a caller's running loop (a test's) is
    never in the way."""
    read = readable(packages)
    folder = Path(tempfile.mkdtemp(prefix="grading-"))
    try:
        lay_out(folder, notebook, definition)
        launch = Launch(memory_bytes=limits.memory_bytes, file_bytes=FILE_BYTES, read=read,
                        write=(str(folder), *DEVICES), confined=landlock_abi() > 0,
                        offline=network_can_be_left(), grader=os.getpid())
        session = _Session(folder, launch, limits, capture_mimetype, setup, cells)
        with ThreadPoolExecutor(max_workers=1) as own:
            return own.submit(asyncio.run, session.run()).result()
    finally:
        remove(folder)
