"""A release of a distribution as its installer leaves it, in a folder of its own: its metadata
folder (`name-version.dist-info`) with the METADATA file importlib.metadata reads. Put first on
the path, it is what Python finds installed."""

from pathlib import Path

from publish.installed import normalised


def write_release(folder: Path, name: str, version: str, written_as: str | None = None) -> Path:
    """`folder`, holding release `version` of `name`, its metadata folder's name starting with
    `written_as` (by default the name as installers write it)."""
    metadata = folder / f"{written_as or normalised(name)}-{version}.dist-info"
    metadata.mkdir(parents=True)
    (metadata / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8")
    return folder
