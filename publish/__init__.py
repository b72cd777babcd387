"""The course site: a static, offline, sanitised HTML rendering of the lessons."""

from pathlib import Path

from checks.findings import located


class SiteError(Exception):
    """A problem that stops the site build, located by path (and cell, where there is one)."""

    def __init__(self, path: Path, message: str, cell: int | None = None) -> None:
        self.path, self.message, self.cell = path, message, cell
        super().__init__(f"{located(path, cell)}: {message}")


class LintFailed(Exception):
    """The linter found errors: the build stops before it writes anything."""

    def __init__(self, findings: list) -> None:
        self.findings = findings
        super().__init__(f"the linter found {len(findings)} problem(s); nothing was written")
