"""The course site: a static, offline, sanitised HTML rendering of the lessons."""

from pathlib import Path

from checks.findings import Finding, error_count, located


class SiteError(Exception):
    """A problem that stops the site build, located by path (and cell, where there is one)."""

    def __init__(self, path: Path, message: str, cell: int | None = None) -> None:
        self.path, self.message, self.cell = path, message, cell
        super().__init__(f"{located(path, cell)}: {message}")


class LintFailed(Exception):
    """The linter found errors: the build stops before it writes anything. `findings` holds
    its warnings too, for the report; the message counts only the errors, which stopped it."""

    def __init__(self, findings: list[Finding]) -> None:
        self.findings = findings
        super().__init__(f"the linter found {error_count(findings)} error(s); nothing was "
                         "written")
