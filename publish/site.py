"""Build the course site: nothing at all when no input changed, else only what changed."""

import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path

from publish.cache import digest, outputs_intact, read_manifest, tree_digest

PACKAGE = Path(__file__).parent
TEMPLATES, ASSETS = Path("course") / "templates", Path("course") / "assets"
INPUTS = (Path("course") / "course.toml", Path("lessons"), Path("kernel"))
# What the pages are made with, beside this package: the lesson format's markers and reader.
BUILDER_PACKAGES = ("checks",)


@dataclass(frozen=True)
class BuildResult:
    """What a build did: files made anew, files reused, and the linter's warnings."""

    out: Path
    made: list[str]
    reused: list[str]
    findings: list
    warnings: int
    up_to_date: bool = False

    def summary(self) -> str:
        where = f"{self.out.resolve()}; open {self.out.resolve() / 'index.html'}"
        if self.up_to_date:
            note = (f"; {self.warnings} linter warning(s) when it was built, "
                    "`python build.py check` lists them") if self.warnings else ""
            return f"site is up to date (no input changed) in {where}{note}"
        return f"built the site ({len(self.made)} file(s) made, {len(self.reused)} " \
               f"unchanged) in {where}"


def builder_fingerprint(root: Path) -> str:
    """The version of everything that turns lessons into pages, other than the lessons."""
    packages = [Path(importlib.util.find_spec(name).origin).parent for name in BUILDER_PACKAGES]
    return digest(tree_digest(PACKAGE, *packages, root / TEMPLATES, root / ASSETS),
                  sys.version_info[:2])


def build_site(root: Path, out: Path | None = None) -> BuildResult:
    """Lint the course under `root`, then build its site into `out` (default `root/_site`).

    Raises LintFailed or SiteError, with nothing written."""
    out = out or root / "_site"
    builder = builder_fingerprint(root)
    fingerprint = digest(builder, tree_digest(*(root / path for path in INPUTS)))
    previous = read_manifest(out)
    if previous.get("fingerprint") == fingerprint and outputs_intact(out, previous):
        return BuildResult(out, [], sorted(previous["files"]), [], previous["warnings"],
                           up_to_date=True)
    # Imported only here: an up-to-date site is answered without the renderers' second of imports.
    from publish.builder import build
    return build(root, out, builder, fingerprint, previous)
