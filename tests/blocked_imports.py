"""What a module loads of `kernel.gercek` where the queue libraries are missing, as in Pyodide."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUEUE_LIBRARIES = ("celery", "huey", "redis", "kombu")


def gercek_loaded_without_queues(*statements: str) -> list[str]:
    """The `kernel.gercek` modules loaded by `statements`, run in a Python where importing a
    queue library fails; the run must succeed."""
    code = "\n".join([
        "import sys",
        f"sys.modules.update(dict.fromkeys({QUEUE_LIBRARIES!r}))",
        *statements,
        "print(*sorted(m for m in sys.modules if m.startswith('kernel.gercek.')))"])
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout.split()
