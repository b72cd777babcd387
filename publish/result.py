"""What a site build did, and how the command line says it."""

from dataclasses import dataclass
from pathlib import Path

from checks.findings import command


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
                    f"`{command()} check` lists them") if self.warnings else ""
            return f"site is up to date (no input changed) in {where}{note}"
        return f"built the site ({len(self.made)} file(s) made, {len(self.reused)} " \
               f"unchanged) in {where}"
