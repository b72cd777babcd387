"""Build the course site: nothing at all when no input changed, else only what changed."""

import sys
from pathlib import Path

import checks
from publish import SiteError
from publish.cache import (
    digest,
    load_manifest,
    nothing_to_reuse,
    outputs_intact,
    tree_digest,
    trusted,
)
from publish.inputs import ASSETS, TEMPLATES, course_inputs
from publish.installed import metadata_folders
from publish.result import BuildResult
from publish.staging import check_replaceable

# What the pages are made with, beside the course: this package (its default templates and
# assets too), the lesson format's markers and reader, and the libraries that read, render and
# sanitise (by their distribution names).
BUILDER_PACKAGES = (Path(__file__).parent, Path(checks.__file__).parent)
RENDERING_LIBRARIES = ("babel", "jinja2", "markdown-it-py", "markupsafe", "nbformat", "nh3",
                       "pygments", "pyyaml", "snowballstemmer")


def builder_fingerprint(root: Path) -> str:
    """The version of everything that turns lessons into pages, other than the lessons."""
    return digest(tree_digest(*BUILDER_PACKAGES, root / TEMPLATES, root / ASSETS),
                  metadata_folders(RENDERING_LIBRARIES), sys.version_info[:2])


PUBLIC = "_site"  # the public site's folder, in the course's root, unless --out says another


def check_instructors_folder(root: Path, out: Path) -> None:
    """A SiteError unless `out` is a folder of the instructor's own: neither the public site's
    default folder nor a public build, nor inside either, where a deployment would take it."""
    public = (root / PUBLIC).resolve()
    for folder in (out.resolve(), *out.resolve().parents):
        manifest = load_manifest(folder)
        public_build = manifest and not (manifest.get("instructor") or manifest.get("slides"))
        if folder == public or public_build:
            raise SiteError(out, f"{folder} holds the public site: the instructor's pages, "
                                 "with the answer key, go into a folder of their own, outside "
                                 "it (choose another --out)")


def build_site(root: Path, out: Path | None = None, lite: bool = False,
               instructor: bool = False) -> BuildResult:
    """Lint the course under `root`, then build its site into `out` (default `root/_site`),
    with a lite site of its lessons under `lite/` if asked. The site is public: no answer key,
    no link to one. An `instructor` build adds the instructor's pages with the answer key and
    links to them, into an `out` of its own (`check_instructors_folder`).

    Raises LintFailed or SiteError, with nothing written."""
    if instructor:
        if out is None:
            raise SiteError(root, "the instructor's pages are built into a folder of their "
                                  "own: say which (--out DIR)")
        check_instructors_folder(root, out)
    out = out or root / PUBLIC
    manifest = load_manifest(out)  # read once: it holds every lesson's search record
    # before an up-to-date answer too: a stray file would be deployed
    check_replaceable(out, manifest)
    previous = trusted(manifest)
    clean = nothing_to_reuse(out, previous)  # every page made anew: not up to date either
    ahead = None
    if clean:  # the highlighting starts now, while the fingerprint is made and the renderers load
        from publish.highlight_ahead import start_highlighting
        ahead = start_highlighting(root)
    try:
        builder = builder_fingerprint(root)
        inputs = [tree_digest(*course_inputs(root))]
        if lite:  # imported here: it loads importlib.metadata
            from publish.lite.inputs import lite_fingerprint
            inputs.append(lite_fingerprint(root))
        fingerprint = digest(builder, *inputs, instructor)
        if previous.get("fingerprint") == fingerprint and outputs_intact(out, previous):
            return BuildResult(out, [], sorted(previous["files"]), [], previous["warnings"],
                               up_to_date=True)
        # Imported only here: an up-to-date site is answered without the renderers' imports.
        from publish.builder import build
        from publish.highlight import highlight_code
        return build(root, out, builder, fingerprint, previous, clean, lite, instructor,
                     ahead.highlight if ahead else highlight_code)
    finally:
        if ahead:
            ahead.close()
