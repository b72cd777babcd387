"""Findings as text: `path: cell N: message [rule]`, plus GitHub annotations in CI."""

import os

from checks.findings import Finding, error_count


def in_ci() -> bool:
    """Whether the environment says it is CI (GitHub sets CI=true); CI=false says it is not."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _escape(text: str, *, in_property: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if in_property else text


def github_annotation(finding: Finding) -> str:
    where = f"cell {finding.cell}: " if finding.cell is not None else ""
    properties = (f"file={_escape(str(finding.path), in_property=True)},"
                  f"title={_escape(finding.rule, in_property=True)}")
    return f"::{finding.severity} {properties}::{_escape(where + finding.message)}"


def format_findings(findings: list[Finding], github: bool) -> str:
    """One line a finding (and its annotation when `github`), then a count."""
    lines = []
    for finding in findings:
        lines.append(str(finding))
        if github:
            lines.append(github_annotation(finding))
    errors = error_count(findings)
    lines.append(f"{errors} error(s), {len(findings) - errors} warning(s)")
    return "\n".join(lines)
