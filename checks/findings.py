"""What the linter reports, and the rule type its tables are made of."""

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ERROR, WARNING = "error", "warning"
Found = Iterator[tuple[int | None, dict[str, Any]]]  # what a rule's check yields
# What would break a finding's line, or a terminal that shows it: control characters and
# Unicode's line and paragraph separators, which a message shows escaped, as Python writes them
UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
# How a message names the command line an author runs, `{command} run LESSON`: this
# repository's `python build.py` unless the command line says it is another (`kurs`, installed).
COMMAND = "python build.py"


def command() -> str:
    """The command line's name, as messages suggest a command: COMMAND as it is set now."""
    return COMMAND


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

    def __post_init__(self) -> None:
        """A finding is one line, whatever text of a lesson its message quotes."""
        escaped = UNPRINTABLE.sub(lambda found: repr(found[0])[1:-1], self.message)
        object.__setattr__(self, "message", escaped)

    def __str__(self) -> str:
        label = "" if self.severity == ERROR else f"{self.severity}: "
        return f"{located(self.path, self.cell)}: {label}{self.message} [{self.rule}]"


@dataclass(frozen=True)
class Rule:
    """One row of a rule table: `check` yields (cell, fields) for the message template, in
    which `{command}` is the command line's name (COMMAND).

    A field "path" in what `check` yields names another file than the one being checked.
    A rule `settled_by_run` reports what `run` settles (a lesson's outputs and counts, the tags
    and front matter it mends): on a lesson never run, one `not-run` finding stands for all of
    them.
    """

    id: str
    severity: str
    message: str
    check: Callable[..., Found]
    settled_by_run: bool = False

    def findings(self, path: Path, *subject: Any) -> list[Finding]:
        return [Finding(fields.get("path", path), cell, self.id, self.severity,
                        self.message.format(**{"command": command(), **fields}))
                for cell, fields in self.check(*subject)]


def has_errors(findings: list[Finding]) -> bool:
    return any(finding.severity == ERROR for finding in findings)


def error_count(findings: list[Finding]) -> int:
    """How many findings are errors; the rest are warnings, advice that stops nothing."""
    return sum(finding.severity == ERROR for finding in findings)
