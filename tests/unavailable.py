"""What a test does where this machine lacks what it needs (a browser, a program, a kernel
feature): it is skipped, saying why; in CI, which must run every check for real, it fails."""

import functools
from collections.abc import Callable
from typing import NoReturn, TypeVar, cast

import pytest

from checks.linter.report import in_ci

Test = TypeVar("Test", bound=Callable[..., object])


def unavailable(reason: str, what: str) -> NoReturn:
    """Skip the test with `reason`; in CI fail it: `what` must run there."""
    if in_ci():
        pytest.fail(f"{what} must run in CI: {reason}")
    pytest.skip(reason)


def needs(missing: bool, reason: str, what: str) -> Callable[[Test], Test]:
    """A decorator for a test of what this system may not offer: where `missing`, the test is
    skipped with `reason`, and fails in CI (`what` must run there)."""
    def decorate(test: Test) -> Test:
        if not missing:
            return test

        @functools.wraps(test)
        def cannot(*args, **kwargs):
            unavailable(reason, what)
        return cast(Test, cannot)
    return decorate
