"""The instructor's tool: build the course site (default; `--lite` adds a JupyterLite site that
runs the lessons in the browser; `--instructor --out DIR`, the instructor's pages with the answer
key, into a folder of their own), preview it as it changes (`serve`), lint only (`check`), or
run lessons in a fresh kernel to store their outputs (`run LESSON...`), or start a lesson
(`new NN-name "Title"`), or grade a class's submitted notebooks (`grade SUBMISSIONS --out DIR`),
or write the lessons' PDF handouts (`handout [LESSON...]`; with `--instructor --out DIR`, the
answer key's PDF too), or their slides (`slides [LESSON...]`).
And the student's: `study` prepares their own copy of the course and opens it in JupyterLab.
`mark` marks each glossary term where its lesson introduces it."""

import argparse
import gc
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import NamedTuple, NoReturn, Protocol, cast

from checks import findings
from checks.findings import has_errors
from checks.linter.report import format_findings, in_ci
from publish import LintFailed, SiteError
from publish.inputs import DEFINITION
from publish.site import build_site

DEFAULT_PORT = 8000


class Program(NamedTuple):
    """How the command line is called, and the course it serves when given no --root."""

    name: str  # first on a usage error's line
    command: str  # what to ask for --help
    root: str  # the course by default, checked as a --root is
    root_said: str  # the default in --help's words


# Installed (pyproject.toml's [project.scripts]): the course of the folder it is run in.
# build.py, this repository's entry, says its own.
KURS = Program("kurs", "kurs", ".", "the current folder")

# jsonschema, which nbformat imports, loads optional checkers for string formats (IRIs, colours,
# durations...); one of them builds a grammar for most of a second. Notebook validation checks
# no formats, so this tool opts out of them all: a None entry makes their import fail quietly.
FORMAT_CHECKERS = ("rfc3987_syntax", "rfc3987", "rfc3986_validator", "rfc3339_validator",
                   "webcolors", "jsonpointer", "uri_template", "isoduration", "fqdn")
# checks.course and what imports it load nbformat, and publish.preview the HTTP server and the
# file watcher: they are imported where needed, so that an up-to-date site is answered fast.


def skip_format_checkers() -> None:
    """Keep jsonschema's format checkers from loading; call before anything imports nbformat."""
    modules = cast(dict[str, ModuleType | None], sys.modules)
    for module in FORMAT_CHECKERS:
        modules.setdefault(module, None)


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Pause Python's cycle collector for one lint or build. A build keeps every lesson's parsed
    markdown and code in memory until it ends, and the collector walked them all, again and again,
    for about a tenth of a clean build while freeing almost nothing: reference counting frees
    what a build drops, since its trees hold no cycles."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()  # every object the build made moves to the oldest generation, unscanned,
        gc.unfreeze()  # or the first collection after it would walk them all
        if enabled:
            gc.enable()


class Parser(argparse.ArgumentParser):
    """Usage errors in one line, with where to read more, and exit status 2."""

    def __init__(self, program: Program) -> None:
        super().__init__(prog=program.name, description=__doc__)
        self.command = program.command

    def error(self, message: str) -> NoReturn:
        """The message's first line, then where to read more, then its other lines."""
        first, *rest = message.split("\n")
        self.exit(2, "".join([f"{self.prog}: error: {first}; see {self.command} --help\n",
                              *(f"{line}\n" for line in rest)]))


def port_number(text: str) -> int:
    """A TCP port, 0 to 65535 (0 lets the system pick a free one)."""
    if not text.isdecimal() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text} is not a port (0-65535)")
    return int(text)


def course_root(text: str) -> Path:
    """A course's repository: a folder holding course/course.toml. Outside one, no course says
    which language its students read (a student's `study` in the wrong folder, say): the
    message is said again in each language of the interface but English."""
    if not (Path(text) / DEFINITION).is_file():
        from publish.strings import STRINGS
        said = [strings["not_a_course"].format(folder=Path(text).resolve(),
                                               definition=DEFINITION.as_posix())
                for language, strings in STRINGS.items() if language != "en"]
        raise argparse.ArgumentTypeError("\n".join([
            f"{text} is not a course's repository (it has no {DEFINITION.as_posix()})",
            *said]))
    return Path(text)


def check(root: Path) -> bool:
    """Lint the course and print the findings; True when there are no errors."""
    from checks.linter.lint import lint_course
    with no_cycle_collection():
        findings = lint_course(root)
    print(format_findings(findings, github=in_ci()),
          file=sys.stderr if has_errors(findings) else sys.stdout)
    return not has_errors(findings)


def build(root: Path, out: Path | None, lite: bool, instructor: bool) -> Path | None:
    """Build the site and say where it is; None, once the errors are printed, if it cannot."""
    try:
        with no_cycle_collection():
            result = build_site(root, out, lite, instructor)
    except LintFailed as failure:
        print(format_findings(failure.findings, github=in_ci()),
              file=sys.stderr)
        print(f"error: {failure}", file=sys.stderr)
        return None
    except SiteError as error:
        print(f"error: {error}", file=sys.stderr)
        return None
    if not result.up_to_date:
        print(format_findings(result.findings, github=in_ci()))
    print(result.summary())
    return result.out


def publish(root: Path, out: Path | None, port: int | None, lite: bool,
            instructor: bool) -> int:
    """Build the site and say where it is; with a `port`, take the port first, then build and
    serve the site until Ctrl+C or SIGTERM."""
    if port is None:
        return 0 if build(root, out, lite, instructor) else 1
    from publish.preview import preview
    return preview(root, port, lite, lambda: build(root, out, lite, instructor))


def study(root: Path, lab_options: list[str]) -> int:
    """Prepare the student's copy of the course, say what went beside a changed lesson, then
    become JupyterLab in it, with `lab_options`; where a JupyterLab already serves the copy,
    open that one in the browser instead and return 0. Otherwise returns only on an error."""
    from checks.definition import CourseError, read_definition
    from publish import study as copy
    from publish.strings import interface_strings
    folder = root
    try:
        definition = read_definition(root)
        strings = interface_strings(definition.interface_language, definition.path)
        folder = copy.copy_folder(root, strings)
        for line in copy.prepare(root, folder, strings):
            print(line)
        if (address := copy.running_lab(folder)) is not None:
            import webbrowser  # loaded only to open a running JupyterLab: 9 ms of every start
            print(strings["study_running"].format(address=address))
            webbrowser.open(address)
            return 0
        print(strings["study_ready"].format(folder=f"{folder}{os.sep}",
                                            lessons=len(dict.fromkeys(definition.lessons))))
        copy.open_lab(folder, root, definition.interface_language, lab_options)
    except (CourseError, SiteError) as error:
        print(f"error: {error}", file=sys.stderr)
    except OSError as error:
        print(f"error: {error.filename or folder}: {error.strerror}", file=sys.stderr)
    return 1


def mark(root: Path) -> int:
    """Mark the glossary's unmarked terms; 1 when a term could not be marked, or a lesson or
    the glossary could not be read."""
    from checks.definition import CourseError
    from checks.marking import mark_course
    try:
        done = mark_course(root)
    except CourseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    for term in done:
        print(term, file=sys.stdout if term.cell is not None else sys.stderr)
    return 0 if all(term.cell is not None for term in done) else 1


def init(folder: Path, language: str, title: str | None) -> int:
    """Start a course in `folder`; say what was written and what comes next. 1, with nothing
    written, when it cannot."""
    from publish.new_course import NewCourseError, new_course
    try:
        written = new_course(folder, language, title)
    except NewCourseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {shown(folder / path)}")
    where = shown(folder)
    place = "" if where == Path() else f"in {where}, "
    print(f"next: {place}`{findings.COMMAND} new 00-first-lesson \"First Lesson\"` starts its "
          f"first lesson; `{findings.COMMAND} check` lints it")
    return 0


def new(root: Path, name: str, title: str) -> int:
    """Start a lesson: its skeleton, its registrations and its place in the course's order;
    say what was written and what comes next. 1, with nothing written, when it cannot."""
    from checks.definition import CourseError
    from publish.new_lesson import NewLessonError, new_lesson
    try:
        written = new_lesson(root, name, title)
    except (NewLessonError, CourseError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    for path in written:
        did = "added the lesson to" if path.suffix == ".toml" else "wrote"
        print(f"{did} {shown(root / path)}")
    lesson = shown(root / written[0])
    print(f"next: write the lesson (`{findings.COMMAND} check` names each TODO left), "
          f"`{findings.COMMAND} run {lesson}`, then `{findings.COMMAND} check`")
    return 0


class Made(Protocol):
    """What a command that writes files (the handouts, the slides) says of what it did."""

    @property
    def findings(self) -> list: ...

    def summary(self) -> str: ...


def made(make: Callable[[], Made], out: Path | None, root: Path) -> int:
    """Run `make` and say what it wrote: its findings, then its summary; 1, with the errors
    said and nothing written, when the course or the folder cannot be used."""
    from checks.definition import CourseError
    try:
        with no_cycle_collection():
            result = make()
    except LintFailed as failure:
        print(format_findings(failure.findings, github=in_ci()), file=sys.stderr)
        print(f"error: {failure}", file=sys.stderr)
        return 1
    except (SiteError, CourseError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"error: {error.filename or out or root}: {error.strerror}", file=sys.stderr)
        return 1
    if result.findings:
        print(format_findings(result.findings, github=in_ci()))
    print(result.summary())
    return 0


def handout(root: Path, out: Path | None, lessons: list[str], instructor: bool) -> int:
    """Write the lessons' PDF handouts (all when none is named) and say where they are."""
    from publish.handout.builder import build_handouts
    return made(lambda: build_handouts(root, out, lessons, instructor), out, root)


def slides(root: Path, lessons: list[str], out: Path | None) -> int:
    """Write the decks of the given lessons (all when none is named) and say where they are."""
    from publish.slides.command import build_slides
    return made(lambda: build_slides(root, lessons, out), out, root)


def grade(args: argparse.Namespace) -> int:
    """Grade the submissions under the given folder into --out."""
    from grading.command import Request, grade_class
    return grade_class(Request(args.root, Path(args.lessons[0]), args.out, args.csv,
                               args.with_answers, args.scheduler, args.workers,
                               assignment=args.assignment, force=args.force))


def positive(text: str) -> int:
    """A whole number, 1 or more."""
    if not text.isdecimal() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a whole number of 1 or more")
    return int(text)


def folder_path(text: str) -> Path:
    """An argparse type: a folder to write, its `..` taken lexically (`a/../b` is `b`), so that
    a folder that does not exist yet cannot lead past the checks of what the path holds."""
    return Path(os.path.normpath(text))


def shown(path: Path) -> Path:
    """A path as a command given in the current folder reaches it: relative, where it can be."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        return path


# Each command, what it does, and the words its arguments stand for in its usage line.
COMMANDS = {
    "init": ("start a course in DIR (made if missing): course.toml with every key explained, "
             "its exercises and models packages, its glossary, a README and a pyproject.toml; "
             "refused where a course is already", "DIR"),
    "check": ("only lint the course, changing nothing", ""),
    "run": ("execute the given lessons and store their outputs", "LESSON [LESSON ...]"),
    "serve": ("build, then preview it on localhost, rebuilding it and reloading its pages on "
              "every save", ""),
    "study": ("prepare the student's copy of the course in a folder of ROOT named in its "
              "language (calisma, study; a changed lesson is never overwritten) and open it in "
              "JupyterLab, or the JupyterLab already serving it; JupyterLab's own options go "
              "after --", "[-- JUPYTERLAB_OPTION ...]"),
    "mark": ("link each glossary term at its first mention in the lesson that introduces it, "
             "unless it is marked there already", ""),
    "new": ("start a lesson, its skeleton and its exercises' module, in the course's order",
            "NN-name TITLE"),
    "handout": ("write a PDF handout of each LESSON named (by default every lesson, and the "
                "course book, with its table of contents) into ROOT/_handouts or DIR; for the "
                "instructor, the answer key too", "[LESSON ...]"),
    "slides": ("write each LESSON's slides (by default every lesson's) into ROOT/_slides or "
               "--out DIR, a self-contained HTML deck each: a slide a section, a prediction "
               "before its measurement, the instructor's notes as speaker notes", "[LESSON ...]"),
    "grade": ("run each student's notebooks (a folder per student, or files named "
              "STUDENT__name.ipynb) in a confined kernel, judge them with the course's own "
              "checks, and write DIR/gradebook.sqlite and a feedback page per student",
              "SUBMISSIONS --out DIR"),
}
BUILD = None  # no command: lint, then build the site
# Each option: the commands it goes with (BUILD for none), and its argparse settings; `help`
# is said without the commands, which --help adds.
OPTIONS: dict[str, tuple[tuple[str | None, ...], dict]] = {
    "--out": ((BUILD, "serve", "grade", "handout", "slides"), {
        "type": folder_path, "metavar": "DIR", "help": "where it writes: the site (default: "
        "ROOT/_site), the handouts (default: ROOT/_handouts), the slides (default: "
        "ROOT/_slides), or, grading, the gradebook and the feedback pages (required)"}),
    "--csv": (("grade",), {"action": "store_true", "help": "also write DIR/gradebook.csv, a "
                           "row a student and a column an exercise"}),
    "--with-answers": (("grade",), {"action": "store_true", "help": "show each exercise's "
                                    "answer on the feedback pages"}),
    "--scheduler": (("grade",), {"metavar": "ADDRESS", "help": "run the submissions on the "
                                 "Dask cluster whose scheduler is at ADDRESS (tcp://host:8786) "
                                 "instead of this machine's cores"}),
    "--assignment": (("grade",), {"metavar": "NAME", "help": "grade only the lessons and "
                                  "exercises that course.toml's [assignments.NAME] covers: "
                                  "the scores, pages and CSV count them alone"}),
    "--force": (("grade",), {"action": "store_true", "help": "run every notebook again, also "
                             "one graded before from the same bytes with the same course"}),
    "--workers": (("grade",), {"type": positive, "metavar": "N", "help": "how many "
                               "submissions run at once on this machine (default: one a core)"}),
    "--language": (("init",), {"metavar": "LANG", "help": "the course's language, a code "
                               "such as en or tr (default: en): its site's words and its "
                               "student's tools follow it"}),
    "--title": (("init",), {"metavar": "TITLE", "help": "the course's title (default: from "
                            "the folder's name)"}),
    "--port": (("serve",), {"type": port_number, "help": "the port on 127.0.0.1 (default: "
                            f"{DEFAULT_PORT}; 0 picks a free one)"}),
    "--lite": ((BUILD, "serve"), {"action": "store_true", "help": "add a JupyterLite site under "
                                  "lite/ that runs the lessons in the browser, all but those "
                                  "whose front matter says not_in_browser (the first build "
                                  "downloads Pyodide and wheels into ROOT/_lite_cache)"}),
    "--instructor": ((BUILD, "serve", "handout"), {
        "action": "store_true", "help": "with --out DIR: the site with the instructor's pages "
        "too (each lesson's plan and answer key, linked from its page), or the handouts with "
        "the answer key's PDF too, into DIR, a folder of their own: never the public site's or "
        "handouts', nor inside them"}),
}


def _goes_with(commands: tuple[str | None, ...]) -> str:
    """What an option goes with, as --help and a usage error say it: building the site (no
    command, or 'serve') or 'grade'."""
    named = " or ".join(f"'{command}'" for command in commands if command not in (BUILD, "serve"))
    if BUILD not in commands:
        return " or ".join(f"'{command}'" for command in commands)
    site = "building the site (no command, or 'serve')"
    return f"{site} or {named}" if named else site


def _add_root(parser: argparse.ArgumentParser, program: Program) -> None:
    """--root, checked as given; its default is checked after parsing, as `init` has none."""
    parser.add_argument("--root", type=course_root,
                        help=f"the course repository (default: {program.root_said})")


def command_parser(program: Program, command: str) -> Parser:
    """The parser whose --help is `kurs COMMAND --help`: the command's own usage, words and
    options."""
    said, arguments = COMMANDS[command]
    parser = Parser(program)
    parser.prog, parser.description = f"{program.name} {command}", said[0].upper() + said[1:] + "."
    parser.usage = f"%(prog)s [options] {arguments}".rstrip()
    if command != "init":
        _add_root(parser, program)
    for option, (commands, settings) in OPTIONS.items():
        if command in commands:
            parser.add_argument(option, **settings)
    return parser


def asked_help_of(argv: list[str]) -> str | None:
    """The command whose help `argv` asks for (`grade --help`), if it asks for one."""
    if not {"-h", "--help"} & set(argv):
        return None
    return next((word for word in argv if word in COMMANDS), None)


def parse_arguments(argv: list[str] | None, program: Program) -> argparse.Namespace:
    given = sys.argv[1:] if argv is None else argv
    if (command := asked_help_of(given)) is not None:
        command_parser(program, command).print_help()
        sys.exit(0)
    parser = Parser(program)
    _add_root(parser, program)
    parser.add_argument("command", nargs="?", choices=list(COMMANDS),
                        help="none: lint, then build the site; " + "; ".join(
                            f"{command}{' ' + arguments if arguments else ''}: {said}"
                            for command, (said, arguments) in COMMANDS.items())
                        + f"; {program.command} COMMAND --help says more")
    parser.add_argument("lessons", nargs="*", help="with run: lesson notebooks; with new: the "
                        "lesson's name (NN-words-with-dashes) and its title; with grade: the "
                        "folder of submissions; with init: the new course's folder; with "
                        "handout: the lessons to write (default: all)")
    for option, (commands, settings) in OPTIONS.items():
        parser.add_argument(option, **{**settings, "help": f"with {_goes_with(commands)}: "
                                       f"{settings['help']}"})
    # After `--`, JupyterLab's own options, for `study` (`study -- --port=8890`).
    given, lab_options = ((given[:given.index("--")], given[given.index("--") + 1:])
                          if "--" in given else (given, []))
    # Intermixed: options may stand between the command and its lesson paths (run --lite X),
    # and the check below then names the option, not the path.
    args = parser.parse_intermixed_args(given)
    args.lab_options = lab_options
    if lab_options and args.command != "study":
        parser.error("options after -- are JupyterLab's, and go with 'study'")
    if args.command == "init":
        if len(args.lessons) != 1:
            parser.error("'init' takes the new course's folder: init DIR")
        if args.root is not None:
            parser.error("'init' takes the new course's folder, not --root: init DIR")
    elif args.root is None:
        try:
            args.root = course_root(program.root)
        except argparse.ArgumentTypeError as error:
            parser.error(f"argument --root: {error}")
    if args.command == "new":
        if len(args.lessons) != 2:
            parser.error("'new' takes the lesson's name and title: new NN-name \"Title\"")
    elif args.command == "grade":
        if len(args.lessons) != 1 or args.out is None:
            parser.error("'grade' takes one folder of submissions and --out DIR")
        if args.scheduler and args.workers:
            parser.error("--workers goes with grading on this machine, not with --scheduler")
    elif (args.command not in ("init", "handout", "slides")
          and (args.command == "run") != bool(args.lessons)):
        parser.error("lesson paths go with 'run', and 'run' needs at least one")
    if args.instructor and args.out is None and args.command == "handout":
        parser.error("--instructor goes with 'handout' and --out DIR, a folder of its own")
    if args.instructor and args.out is None:
        parser.error("--instructor goes with building the site (no command, or 'serve') and "
                     "--out DIR, a folder of its own")
    for option, (commands, _) in OPTIONS.items():
        given = getattr(args, option[2:].replace("-", "_"))
        if given not in (None, False) and args.command not in commands:
            parser.error(f"{option} goes with {_goes_with(commands)}")
    return args


def main(argv: list[str] | None = None, program: Program = KURS) -> int:
    """Run the command line `argv` and return its exit status; with none, run the program's
    own (sys.argv), and after a build or a check leave at once."""
    arguments = parse_arguments(argv, program)
    said, findings.COMMAND = findings.COMMAND, program.command  # what messages suggest running
    try:
        status = run_command(arguments)
    finally:
        findings.COMMAND = said
    # `run` and `serve` stop kernels and servers at exit; a profiler or coverage writes then
    if (argv is None and arguments.command in (None, "check")
            and sys.getprofile() is sys.gettrace() is None):
        exit_now(status)
    return status


def run_command(args: argparse.Namespace) -> int:
    skip_format_checkers()
    if args.command is None:
        return publish(args.root, args.out, None, args.lite, args.instructor)
    if args.command == "serve":
        return publish(args.root, args.out, DEFAULT_PORT if args.port is None else args.port,
                       args.lite, args.instructor)
    if args.command == "study":
        return study(args.root, args.lab_options)
    if args.command == "mark":
        return mark(args.root)
    if args.command == "init":
        return init(Path(args.lessons[0]), args.language or "en", args.title)
    if args.command == "new":
        return new(args.root, *args.lessons)
    if args.command == "grade":
        return grade(args)
    if args.command == "slides":
        return slides(args.root, args.lessons, args.out)
    if args.command == "handout":
        return handout(args.root, args.out, args.lessons, args.instructor)
    from checks.definition import CourseError
    from checks.run_lesson import run_lesson
    for lesson in map(Path, args.lessons):
        try:
            run_lesson(lesson)
        except CourseError as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
        print(f"ran {lesson}")
    return 0 if check(args.root) else 1


def exit_now(status: int) -> NoReturn:
    """Leave without tearing down every object a build made (each lesson's parsed trees): that
    took a sixth of a clean build, and the build has written and closed all it makes."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)
