"""The course site: a static, offline, sanitised HTML rendering of the lessons."""

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from checks.findings import Finding


class SiteError(Exception):
    """A problem that stops the site build, located by path (and cell, where there is one)."""

    def __init__(self, path: Path, message: str, cell: int | None = None) -> None:
        # imported here, as below: the highlighting process imports this package, and needs
        # none of the linter's modules
        from checks.findings import located
        self.path, self.message, self.cell = path, message, cell
        super().__init__(f"{located(path, cell)}: {message}")


class LintFailed(Exception):
    """The linter found errors: the build stops before it writes anything. `findings` holds
    its warnings too, for the report; the message counts only the errors, which stopped it."""

    def __init__(self, findings: list["Finding"]) -> None:
        from checks.findings import error_count
        self.findings = findings
        super().__init__(f"the linter found {error_count(findings)} error(s); nothing was "
                         "written")
