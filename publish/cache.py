"""Content hashes for incremental builds, and the manifest a built site keeps of them.

The manifest is a hidden file beside the site's folder, never in it, so that nothing internal
is served or deployed: `_site` has `._site.manifest.json`."""

import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path

MANIFEST_VERSION = 1
LEGACY_MANIFEST = ".site-manifest.json"  # inside the folder, where older builds kept it


def skipped(relative: Path) -> bool:
    """A file no build reads: under a hidden folder (JupyterLab's `.ipynb_checkpoints`), hidden
    itself, or Python's cache."""
    return any(map(_skipped_name, relative.parts))


def _skipped_name(name: str) -> bool:
    return name.startswith(".") or name == "__pycache__"


def digest(*parts: object) -> str:
    """A hash of JSON-able parts (bytes are hashed first)."""
    hashed = [hashlib.sha256(part).hexdigest() if isinstance(part, bytes) else part
              for part in parts]
    return hashlib.sha256(json.dumps(hashed, sort_keys=True, ensure_ascii=False,
                                     default=str).encode()).hexdigest()


def _read_files(path: Path) -> list[tuple[str, ...]]:
    """The files under `path` (a file or a folder) that a build reads, as their names' parts from
    `path`'s own name on, in the order of their paths."""
    if _skipped_name(path.name):
        return []
    if not path.is_dir():
        return [(path.name,)] if path.is_file() else []
    found = []
    # os.walk, not Path.rglob: several times faster, and it too leaves linked folders unentered
    for folder, folders, names in os.walk(path):
        folders[:] = [name for name in folders if not _skipped_name(name)]
        parts = (path.name, *Path(folder).relative_to(path).parts)
        found += [(*parts, name) for name in names
                  if not _skipped_name(name) and os.path.isfile(os.path.join(folder, name))]
    return sorted(found)


def tree_digest(*paths: Path) -> str:
    """A hash of the names and bytes of every file under `paths` (files or folders)."""
    hasher = hashlib.sha256()
    for path in paths:
        for parts in _read_files(path):
            hasher.update(f"{'/'.join(parts)}\0".encode())
            hasher.update(hashlib.sha256(path.parent.joinpath(*parts).read_bytes()).digest())
    return hasher.hexdigest()


def file_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def manifest_path(site: Path) -> Path:
    """Where the manifest of the site in `site` is kept: beside it, hidden."""
    return site.parent / f".{site.name}.manifest.json"


def load_manifest(site: Path) -> dict:
    """The manifest of the site in `site`, whatever version of the tool wrote it; an empty one
    when there is none."""
    try:
        manifest = json.loads(manifest_path(site).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return manifest if isinstance(manifest, dict) else {}


def trusted(manifest: dict) -> dict:
    """`manifest` if this version of the tool wrote it, else an empty one: none to trust."""
    return manifest if manifest.get("version") == MANIFEST_VERSION else {}


# What a file manager leaves in a folder it shows; in a built site, it is not someone's work.
FILE_MANAGER_LITTER = frozenset({".DS_Store", "Thumbs.db", "desktop.ini"})


def foreign_files(site: Path, manifest: dict) -> Iterator[Path]:
    """What in the folder `site` this tool did not write there: the files its `manifest` (as
    loaded, of any version) does not list; nothing if it holds a manifest inside, as older
    builds left it."""
    if not (site / LEGACY_MANIFEST).is_file():
        listed = manifest.get("files")
        listed = listed if isinstance(listed, dict) else {}
        yield from (path for path in site.rglob("*")
                    if not path.is_dir() and path.relative_to(site).as_posix() not in listed
                    and not (listed and path.name in FILE_MANAGER_LITTER))


def manifest_bytes(fingerprint: str, files: dict[str, dict], records: dict[str, dict],
                   warnings: int, instructor: bool) -> bytes:
    manifest = {"version": MANIFEST_VERSION, "fingerprint": fingerprint, "files": files,
                "records": records, "warnings": warnings, "instructor": instructor}
    # on one line: only the builder reads it, and json writes indented JSON far slower
    return json.dumps(manifest, ensure_ascii=False, sort_keys=True,
                      separators=(",", ":")).encode()


def previous_output(site: Path, manifest: dict, relative: str, key: str) -> bytes | None:
    """The bytes the last build wrote to `relative`, if made from the same key and untouched."""
    entry = manifest.get("files", {}).get(relative)
    if not isinstance(entry, dict) or entry.get("key") != key:
        return None
    try:
        data = (site / relative).read_bytes()
    except OSError:
        return None
    return data if file_hash(data) == entry.get("sha256") else None


def nothing_to_reuse(site: Path, manifest: dict) -> bool:
    """Whether a build makes every page anew: no lesson page of the last build is there."""
    return not any((site / page).is_file() for page in manifest.get("records", {}))


def outputs_intact(site: Path, manifest: dict) -> bool:
    """Whether every file the manifest lists is still there, byte for byte."""
    files = manifest.get("files", {})
    return bool(files) and all(
        previous_output(site, manifest, relative, entry.get("key")) is not None
        for relative, entry in files.items())
