"""The output folder: a new site is written beside the old one and swapped in whole; then its
manifest replaces the old one beside it."""

import os
import shutil
import tempfile
from pathlib import Path, PurePosixPath

from publish import SiteError
from publish.cache import foreign_files, load_manifest, manifest_path
from publish.uninterrupted import uninterrupted


def safe_relative(relative: str) -> PurePosixPath:
    """`relative` as a path that stays inside the site, or a SiteError."""
    path = PurePosixPath(relative)
    if (not relative or "\\" in relative or path.is_absolute()
            or any(part in ("", ".", "..") for part in relative.split("/"))):
        raise SiteError(Path(relative), "this name would write outside the site's folder")
    return path


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def check_replaceable(out: Path, manifest: dict) -> None:
    """A SiteError, naming the first file in the way, unless a build may replace `out` whole:
    nothing is there yet, or a site this tool built and nothing else (its `manifest`, as
    loaded, lists every file)."""
    if not out.exists():
        return
    if not out.is_dir():
        raise SiteError(out, "not a folder: the site is built into a folder (choose a new or "
                             "empty one)")
    foreign = min(foreign_files(out, manifest), default=None)
    if foreign is not None:
        raise SiteError(foreign, f"not a file this tool wrote; a build replaces {out} whole, so "
                                 "it stops here (move that file out of the folder, or choose a "
                                 "new or empty one)")


def clear_staging(out: Path) -> None:
    """Remove every folder and manifest a build of `out` was staging: one build at a time per
    `out`, so they are a stopped or killed build's, however far it got."""
    for kind in ("new", "old"):
        for stale in out.parent.glob(f".{out.name}-{kind}-*"):
            _remove(stale)


class StagedSite:
    """A site being written into a hidden folder beside `out`; `commit` swaps it in."""

    def __init__(self, out: Path) -> None:
        check_replaceable(out, load_manifest(out))
        out.parent.mkdir(parents=True, exist_ok=True)
        clear_staging(out)
        self.out = out
        self.folder = Path(tempfile.mkdtemp(prefix=f".{out.name}-new-", dir=out.parent))

    def write(self, relative: str, data: bytes) -> None:
        target = self.folder.joinpath(*safe_relative(relative).parts)
        if not target.resolve().is_relative_to(self.folder.resolve()):
            raise SiteError(Path(relative), "this name would write outside the site's folder")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)

    def commit(self, manifest: bytes) -> None:
        """Put the new site in place of the old one (removed after the swap), then its manifest
        in place of the old one's; a stop signal waits until both are in place."""
        with uninterrupted():
            self._commit(manifest)

    def _commit(self, manifest: bytes) -> None:
        os.chmod(self.folder, 0o755)
        if self.out.exists():
            self._swap()
        else:
            self.folder.rename(self.out)
        handle, temporary = tempfile.mkstemp(prefix=f".{self.out.name}-new-", suffix=".json",
                                             dir=self.out.parent)
        with os.fdopen(handle, "wb") as file:
            file.write(manifest)
        os.replace(temporary, manifest_path(self.out))

    def _swap(self) -> None:
        old = Path(tempfile.mkdtemp(prefix=f".{self.out.name}-old-", dir=self.out.parent))
        self.out.rename(old / self.out.name)
        try:
            self.folder.rename(self.out)
        except OSError:
            (old / self.out.name).rename(self.out)
            old.rmdir()
            raise
        shutil.rmtree(old)
