"""What the lock needs to know of a wheel: its name, version, requirements, and what it lets a
notebook import."""

import email.parser
import zipfile
from dataclasses import dataclass
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import NormalizedName, canonicalize_name

from publish import SiteError


@dataclass(frozen=True)
class Wheel:
    path: Path
    name: str  # as its metadata spells it
    version: str
    requires: tuple[Requirement, ...]
    requires_python: str | None
    imports: tuple[str, ...]  # its top-level modules and packages

    @property
    def key(self) -> NormalizedName:
        return canonicalize_name(self.name)


def top_level_names(files: list[str]) -> tuple[str, ...]:
    """The modules and packages a wheel's files put at the top of `site-packages`."""
    names = set()
    for file in files:
        first, _, rest = file.partition("/")
        if first.endswith((".dist-info", ".data")):
            continue
        if not rest and first.endswith(".py"):
            names.add(first.removesuffix(".py"))
        elif rest and first.isidentifier():
            names.add(first)
    return tuple(sorted(names))


def read_wheel(path: Path) -> Wheel:
    try:
        with zipfile.ZipFile(path) as archive:
            files = archive.namelist()
            metadata_file = next(file for file in files
                                 if file.count("/") == 1 and file.endswith(".dist-info/METADATA"))
            metadata = email.parser.BytesParser().parsebytes(archive.read(metadata_file))
    except (OSError, zipfile.BadZipFile, StopIteration) as error:
        raise SiteError(path, f"not a readable wheel ({error or 'no METADATA'})") from None
    return Wheel(path, metadata["Name"], metadata["Version"],
                 tuple(Requirement(line) for line in metadata.get_all("Requires-Dist", [])),
                 metadata["Requires-Python"], top_level_names(files))
