"""This repository's entry to the instructor's command line (publish/cli.py), for the course in
this file's folder unless --root names another. Installed, the same command line is `kurs`."""

import sys
from pathlib import Path

from publish.cli import Program, main

if __name__ == "__main__":
    sys.exit(main(program=Program("build.py", "python build.py", str(Path(__file__).parent),
                                  "this file's folder")))
