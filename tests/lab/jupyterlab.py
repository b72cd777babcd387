"""A JupyterLab server of its own for a test: free port, token, settings in a temporary folder."""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TOKEN = "kuyruk-kursu-sinav"
# Every cell in the page at once (JupyterLab otherwise renders only the cells in view), and
# no question about news, which would also try to reach the network.
SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False},
}


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


@contextmanager
def jupyterlab(notebooks: Path, home: Path, timeout: float = 90) -> Iterator[str]:
    """Serve `notebooks` with JupyterLab; yields the address of its file tree, token included."""
    settings = home / "settings"
    for name, values in SETTINGS.items():
        (settings / name).parent.mkdir(parents=True, exist_ok=True)
        (settings / name).write_text(json.dumps(values), encoding="utf-8")
    environment = {"JUPYTER_CONFIG_DIR": home / "config", "JUPYTER_RUNTIME_DIR": home / "runtime",
                   "JUPYTERLAB_SETTINGS_DIR": settings, "IPYTHONDIR": home / "ipython",
                   "JUPYTERLAB_WORKSPACES_DIR": home / "workspaces"}
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}",
         "--ServerApp.port_retries=0", f"--IdentityProvider.token={TOKEN}",
         f"--ServerApp.root_dir={notebooks}", "--LabApp.news_url=None",
         "--KernelManager.transport_encryption=auto",  # as the README starts it
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
        env={**os.environ, **{key: str(value) for key, value in environment.items()}},
        stdout=subprocess.DEVNULL, stderr=(home / "server.log").open("w"))
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while not _answers(f"{base}/api/status?token={TOKEN}"):
            if server.poll() is not None or time.monotonic() > deadline:
                log = (home / "server.log").read_text(encoding="utf-8")
                raise RuntimeError(f"JupyterLab did not start:\n{log[-3000:]}")
            time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)
