"""The instructor's tool: build the course site (default), preview it (`serve`), lint only
(`check`), or run lessons in a fresh kernel to store their outputs (`run LESSON...`)."""

import argparse
import sys
from pathlib import Path

from checks.findings import has_errors
from checks.report import format_findings, in_ci
from publish import LintFailed, SiteError
from publish.site import build_site

# jsonschema, which nbformat imports, loads optional checkers for string formats (IRIs, colours,
# durations...); one of them builds a grammar for most of a second. Notebook validation checks
# no formats, so this tool opts out of them all: a None entry makes their import fail quietly.
FORMAT_CHECKERS = ("rfc3987_syntax", "rfc3987", "rfc3986_validator", "rfc3339_validator",
                   "webcolors", "jsonpointer", "uri_template", "isoduration", "fqdn")
for module in FORMAT_CHECKERS:
    sys.modules.setdefault(module, None)
# checks.course and what imports it load nbformat, and publish.serve the HTTP server: they are
# imported where needed, so that an up-to-date site is answered fast.


def check(root: Path) -> bool:
    """Lint the course and print the findings; True when there are no errors."""
    from checks.lint import lint_course
    findings = lint_course(root)
    print(format_findings(findings, github=in_ci()),
          file=sys.stderr if has_errors(findings) else sys.stdout)
    return not has_errors(findings)


def publish(root: Path, out: Path | None, port: int | None) -> int:
    """Build the site and say where it is; with a `port`, then serve it until interrupted."""
    try:
        result = build_site(root, out)
    except LintFailed as failure:
        print(format_findings(failure.findings, github=in_ci()),
              file=sys.stderr)
        print(f"error: {failure}", file=sys.stderr)
        return 1
    except SiteError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if not result.up_to_date:
        print(format_findings(result.findings, github=in_ci()))
    print(result.summary())
    if port is None:
        return 0
    from publish.serve import address, make_server
    try:
        server = make_server(result.out, port)
    except OSError as error:
        print(f"error: cannot serve on port {port}: {error}", file=sys.stderr)
        return 1
    print(f"serving the site at {address(server)} (Ctrl+C stops)", flush=True)
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", type=Path, default=Path(__file__).parent,
                        help="the course repository (default: this file's folder)")
    parser.add_argument("command", nargs="?", choices=["check", "run", "serve"],
                        help="none: lint, then build the site; serve: build, then preview it "
                             "on localhost; check: only lint the course, changing nothing; "
                             "run: execute the given lessons and store their outputs")
    parser.add_argument("lessons", nargs="*", type=Path, help="with run: lesson notebooks")
    parser.add_argument("--out", type=Path, help="where the site goes (default: ROOT/_site)")
    parser.add_argument("--port", type=int, default=8000, help="with serve: the port "
                        "on 127.0.0.1 (default: 8000; 0 picks a free one)")
    args = parser.parse_args(argv)
    if (args.command == "run") != bool(args.lessons):
        parser.error("lesson paths go with 'run', and 'run' needs at least one")
    if args.command in (None, "serve"):
        return publish(args.root, args.out, args.port if args.command == "serve" else None)
    from checks.course import CourseError
    from checks.run_lesson import run_lesson
    for lesson in args.lessons:
        try:
            run_lesson(lesson)
        except CourseError as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
        print(f"ran {lesson}")
    return 0 if check(args.root) else 1


if __name__ == "__main__":
    sys.exit(main())
