"""A JupyterLab server of its own for a test: free port, token, settings in a temporary folder,
all given through Jupyter's configuration, so that the command under test is started as a
student types it."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TOKEN = "kuyruk-kursu-sinav"
# Every cell in the page at once (JupyterLab otherwise renders only the cells in view).
WINDOWING = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"}}
# And, for a plain JupyterLab, no question about news (the student's copy says so itself).
SETTINGS = {
    **WINDOWING,
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False},
}
PLAIN = [sys.executable, "-m", "jupyterlab",  # as the README starts it
         "--KernelManager.transport_encryption=auto"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except OSError:
        return False


def configure(home: Path, port: int, user_settings: dict) -> dict[str, str]:
    """Jupyter's configuration and `user_settings` under `home`: the environment to start
    with."""
    settings = home / "settings"
    for name, values in user_settings.items():
        (settings / name).parent.mkdir(parents=True, exist_ok=True)
        (settings / name).write_text(json.dumps(values), encoding="utf-8")
    config = {"ServerApp": {"port": port, "port_retries": 0, "open_browser": False,
                            "allow_root": True},
              "IdentityProvider": {"token": TOKEN},
              "LabApp": {"news_url": None,
                         "check_for_updates_class": "jupyterlab.NeverCheckForUpdate"}}
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "jupyter_server_config.json").write_text(json.dumps(config),
                                                                encoding="utf-8")
    folders = {"JUPYTER_CONFIG_DIR": home / "config", "JUPYTER_RUNTIME_DIR": home / "runtime",
               "JUPYTERLAB_SETTINGS_DIR": settings, "IPYTHONDIR": home / "ipython",
               "JUPYTERLAB_WORKSPACES_DIR": home / "workspaces"}
    return {**os.environ, **{key: str(value) for key, value in folders.items()}}


@contextmanager
def jupyterlab(command: list[str], cwd: Path, home: Path, user_settings: dict = SETTINGS,
               timeout: float = 90) -> Iterator[str]:
    """Run `command`, JupyterLab or what becomes it, in `cwd`, with the student's
    `user_settings`; yields the server's address once it answers. The server, and every kernel
    it started, is stopped whatever happens."""
    port = free_port()
    log = home / "server.log"
    server = subprocess.Popen(command, cwd=cwd, env=configure(home, port, user_settings),
                              stdout=log.with_suffix(".out").open("w"), stderr=log.open("w"),
                              start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while not _answers(f"{base}/api/status?token={TOKEN}"):
            if server.poll() is not None or time.monotonic() > deadline:
                said = log.read_text(encoding="utf-8")[-3000:]
                raise RuntimeError(f"JupyterLab did not start:\n{said}")
            time.sleep(0.2)
        yield base
    finally:
        server.terminate()  # the server shuts its kernels down
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(server.pid, signal.SIGKILL)  # whatever of its group is left
        except ProcessLookupError:
            pass
        server.wait()
