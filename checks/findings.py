"""What the linter reports, and the rule type its tables are made of."""

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ERROR, WARNING = "error", "warning"
Found = Iterator[tuple[int | None, dict[str, Any]]]  # what a rule's check yields


def located(path: Path, cell: int | None) -> str:
    """`path`, or `path: cell N` where there is a cell."""
    return f"{path}: cell {cell}" if cell is not None else str(path)


@dataclass(frozen=True)
class Finding:
    path: Path
    cell: int | None
    rule: str
    severity: str
    message: str

    def __str__(self) -> str:
        label = "" if self.severity == ERROR else f"{self.severity}: "
        return f"{located(self.path, self.cell)}: {label}{self.message} [{self.rule}]"


@dataclass(frozen=True)
class Rule:
    """One row of a rule table: `check` yields (cell, fields) for the message template.

    A field "path" in what `check` yields names another file than the one being checked.
    """

    id: str
    severity: str
    message: str
    check: Callable[..., Found]

    def findings(self, path: Path, *subject: Any) -> list[Finding]:
        return [Finding(fields.get("path", path), cell, self.id, self.severity,
                        self.message.format(**fields))
                for cell, fields in self.check(*subject)]


def has_errors(findings: list[Finding]) -> bool:
    return any(finding.severity == ERROR for finding in findings)


def error_count(findings: list[Finding]) -> int:
    """How many findings are errors; the rest are warnings, advice that stops nothing."""
    return sum(finding.severity == ERROR for finding in findings)
