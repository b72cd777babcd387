"""Worker properties for any jobs, failure patterns, exception types and retry limits."""

from hypothesis import given, strategies as st

from kernel.isler import BellekSurucusu, IsSinifi

ERRORS = (RuntimeError, ValueError, KeyError, ZeroDivisionError, OSError)


class Scripted(IsSinifi):
    """Raises `errors[n - 1]` on attempt n while the script lasts, then succeeds."""

    def __init__(self, name: str, errors: list[type[Exception]]):
        self.name, self.errors = name, errors

    def ad(self) -> str:
        return self.name

    def calistir(self) -> None:
        if self.deneme <= len(self.errors):
            raise self.errors[self.deneme - 1]("hata")


scripts = st.lists(st.lists(st.sampled_from(ERRORS), max_size=6), max_size=8)
limits = st.integers(min_value=1, max_value=6)


def run(script: list[list[type[Exception]]], limit: int):
    driver = BellekSurucusu(deneme_hakki=limit)
    jobs = [Scripted(f"is{i}", errors) for i, errors in enumerate(script)]
    for job in jobs:
        driver.gonder(job)
    return driver, jobs, driver.isle()


def parse(line: str) -> tuple[str, int, str]:
    name, rest = line.split(" deneme ")
    attempt, outcome = rest.split(": ")
    return name, int(attempt), outcome


@given(scripts, limits)
def test_each_job_ends_exactly_once(script, limit):
    driver, jobs, log = run(script, limit)
    succeeded = [parse(line)[0] for line in log if line.endswith(": koştu")]
    failed = [job.ad() for job in driver.basarisiz]
    assert sorted(succeeded + failed) == sorted(job.ad() for job in jobs)
    assert driver.bekleyen() == 0


@given(scripts, limits)
def test_a_job_succeeds_exactly_when_its_failures_fit_under_the_limit(script, limit):
    driver, jobs, _ = run(script, limit)
    assert driver.basarisiz == [job for job in jobs if len(job.errors) >= limit]
    for job in jobs:
        assert job.deneme == min(len(job.errors) + 1, limit)


@given(scripts, limits)
def test_no_attempt_above_the_limit_and_each_failure_names_its_exception(script, limit):
    _, jobs, log = run(script, limit)
    by_name = {job.ad(): job for job in jobs}
    for name, attempt, outcome in map(parse, log):
        assert 1 <= attempt <= limit
        errors = by_name[name].errors
        expected = errors[attempt - 1].__name__ if attempt <= len(errors) else "koştu"
        assert outcome == expected
    assert len(log) == sum(job.deneme for job in jobs)


@given(scripts, limits)
def test_requeue_at_the_end_works_in_rounds(script, limit):
    _, _, log = run(script, limit)
    entries = [parse(line) for line in log]
    rounds = sorted(entries, key=lambda entry: (entry[1], int(entry[0][2:])))
    assert entries == rounds


@given(scripts, limits)
def test_the_same_input_gives_the_same_log(script, limit):
    assert run(script, limit)[2] == run(script, limit)[2]
