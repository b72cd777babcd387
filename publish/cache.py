"""Content hashes for incremental builds, and the manifest a built site keeps of them."""

import hashlib
import json
from pathlib import Path

MANIFEST = ".site-manifest.json"
MANIFEST_VERSION = 1
SKIPPED_FOLDERS = {"__pycache__", ".ipynb_checkpoints"}


def digest(*parts: object) -> str:
    """A hash of JSON-able parts (bytes are hashed first)."""
    hashed = [hashlib.sha256(part).hexdigest() if isinstance(part, bytes) else part
              for part in parts]
    return hashlib.sha256(json.dumps(hashed, sort_keys=True, ensure_ascii=False,
                                     default=str).encode()).hexdigest()


def tree_digest(*paths: Path) -> str:
    """A hash of the names and bytes of every file under `paths` (files or folders)."""
    hasher = hashlib.sha256()
    for path in paths:
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        for file in files:
            if file.is_file() and not SKIPPED_FOLDERS & set(file.parts):
                hasher.update(f"{file.relative_to(path.parent)}\0".encode())
                hasher.update(hashlib.sha256(file.read_bytes()).digest())
    return hasher.hexdigest()


def file_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_manifest(site: Path) -> dict:
    """The manifest of the site in `site`, or an empty one when there is none to trust."""
    try:
        manifest = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return manifest if isinstance(manifest, dict) and \
        manifest.get("version") == MANIFEST_VERSION else {}


def manifest_bytes(fingerprint: str, files: dict[str, dict], records: dict[str, dict],
                   warnings: int) -> bytes:
    manifest = {"version": MANIFEST_VERSION, "fingerprint": fingerprint, "files": files,
                "records": records, "warnings": warnings}
    return json.dumps(manifest, ensure_ascii=False, sort_keys=True, indent=1).encode()


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


def outputs_intact(site: Path, manifest: dict) -> bool:
    """Whether every file the manifest lists is still there, byte for byte."""
    files = manifest.get("files", {})
    return bool(files) and all(
        previous_output(site, manifest, relative, entry.get("key")) is not None
        for relative, entry in files.items())
