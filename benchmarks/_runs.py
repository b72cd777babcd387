"""The benchmarks' `--runs N`: how many times each is timed, at least once (a median needs one).

Use as `parser.add_argument("--runs", type=run_count, ...)`; a benchmark run as a script
(`python benchmarks/NAME.py`) imports it as `_runs`, its folder being first on the path."""

import argparse


def run_count(text: str) -> int:
    """An argparse type: a whole number of runs, at least 1."""
    if not text.strip().isdecimal() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number, at least 1 (not {text})")
    return int(text)
