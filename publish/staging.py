"""The output folder: a new site is written beside the old one and swapped in whole."""

import os
import shutil
import tempfile
from pathlib import Path, PurePosixPath

from publish import SiteError
from publish.cache import MANIFEST


def safe_relative(relative: str) -> PurePosixPath:
    """`relative` as a path that stays inside the site, or a SiteError."""
    path = PurePosixPath(relative)
    if (not relative or "\\" in relative or path.is_absolute()
            or any(part in ("", ".", "..") for part in relative.split("/"))):
        raise SiteError(Path(relative), "this name would write outside the site's folder")
    return path


class StagedSite:
    """A site being written into a hidden folder beside `out`; `commit` swaps it in.

    One build at a time per `out`: a new one clears the folders a killed build left behind."""

    def __init__(self, out: Path) -> None:
        if out.exists() and not (out / MANIFEST).is_file() and \
                (not out.is_dir() or any(out.iterdir())):
            raise SiteError(out, "refusing to replace it: it is not a site this tool built "
                                 "(choose a new or empty folder)")
        out.parent.mkdir(parents=True, exist_ok=True)
        for kind in ("new", "old"):  # folders a killed build left behind
            for stale in out.parent.glob(f".{out.name}-{kind}-*"):
                shutil.rmtree(stale, ignore_errors=True)
        self.out = out
        self.folder = Path(tempfile.mkdtemp(prefix=f".{out.name}-new-", dir=out.parent))

    def write(self, relative: str, data: bytes) -> None:
        target = self.folder.joinpath(*safe_relative(relative).parts)
        if not target.resolve().is_relative_to(self.folder.resolve()):
            raise SiteError(Path(relative), "this name would write outside the site's folder")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)

    def commit(self) -> None:
        """Put the new site in place of the old one; the old one is removed after the swap."""
        os.chmod(self.folder, 0o755)
        if not self.out.exists():
            self.folder.rename(self.out)
            return
        old = Path(tempfile.mkdtemp(prefix=f".{self.out.name}-old-", dir=self.out.parent))
        self.out.rename(old / self.out.name)
        try:
            self.folder.rename(self.out)
        except OSError:
            (old / self.out.name).rename(self.out)
            raise
        shutil.rmtree(old)

    def discard(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)
