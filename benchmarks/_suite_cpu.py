"""A pytest plugin for benchmarks/suite.py: each test's wall seconds and the CPU seconds its
worker's processes spent meanwhile (the worker, and the kernels, servers and browsers it
started), one JSON line a test, appended to the file SUITE_CPU_RECORDS names.

A process that ends during a test counts if an ancestor that lives on waited for it (a kernel
its manager stopped); one whose whole family ends (a browser closed at a module's end) takes
its seconds with it, so a test's CPU seconds are never taken below zero."""

import json
import os
import time

import psutil
import pytest

RECORDS = "SUITE_CPU_RECORDS"


def family_cpu(process: psutil.Process) -> float:
    """CPU seconds of `process`, its descendants, and the children they waited for."""
    total = 0.0
    for member in [process, *process.children(recursive=True)]:
        try:
            times = member.cpu_times()
        except psutil.Error:
            continue
        total += times.user + times.system + times.children_user + times.children_system
    return total


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    worker = psutil.Process()
    cpu, wall = family_cpu(worker), time.perf_counter()
    yield
    record = {"test": item.nodeid, "wall": time.perf_counter() - wall,
              "cpu": max(0.0, family_cpu(worker) - cpu)}
    with open(os.environ[RECORDS], "a", encoding="utf-8") as records:
        records.write(json.dumps(record) + "\n")
