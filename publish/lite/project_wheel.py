"""The project's own wheel for the browser: the modules lessons import, and nothing else.

It is written byte for byte the same from the same sources (fixed dates, sorted entries), and
its version carries their hash, so that a browser never takes an older wheel for a newer one."""

import base64
import hashlib
import zipfile
from pathlib import Path

from publish import SiteError
from publish.cache import skipped, tree_digest
from publish.lite.inputs import REQUIREMENTS, SHIPPED

NAME = "kuyruk-kursu"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def shipped_files(root: Path) -> dict[str, bytes]:
    """Each shipped module's files, by their path in the wheel."""
    files = {}
    for shipped in SHIPPED:
        path = root / shipped
        if not path.exists():
            raise SiteError(path, "not found; the lite site ships it to the browser")
        for file in sorted(path.rglob("*")) if path.is_dir() else [path]:
            if file.is_file() and not skipped(file.relative_to(root)):
                files[file.relative_to(root).as_posix()] = file.read_bytes()
    return files


def _record_line(name: str, data: bytes) -> str:
    hashed = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={hashed},{len(data)}"


def write_project_wheel(root: Path, folder: Path) -> Path:
    """Write the wheel into `folder`; returns its path."""
    files = shipped_files(root)
    version = "0+" + tree_digest(*(root / path for path in SHIPPED))[:12]
    dist_info = f"{NAME.replace('-', '_')}-{version}.dist-info"
    requires = "".join(f"Requires-Dist: {requirement}\n" for requirement in REQUIREMENTS)
    files[f"{dist_info}/METADATA"] = (f"Metadata-Version: 2.1\nName: {NAME}\n"
                                      f"Version: {version}\n{requires}").encode()
    files[f"{dist_info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: kuyruk-kursu build.py\n"
                                   b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    record = [_record_line(name, data) for name, data in files.items()]
    files[f"{dist_info}/RECORD"] = "\n".join([*record, f"{dist_info}/RECORD,,", ""]).encode()
    wheel = folder / f"{NAME.replace('-', '_')}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            entry = zipfile.ZipInfo(name, ZIP_DATE)
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data, zipfile.ZIP_DEFLATED)
    return wheel
