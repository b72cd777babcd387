"""Exercises and predictions of lesson 01, "Draining the Queue"."""

from checks.exercises.kinds import LogMistake, LogPrediction, Prediction

Job = tuple[str, str]  # a chore's name and its user


def drain(queue: list[Job], failures: dict[str, int], max_attempts: int) -> tuple[int, list]:
    """The lesson's worker: take jobs off the front of `queue` until it is empty, each chore
    failing as many times as `failures` says, a failed job put back at the end until it has
    had `max_attempts` attempts. Returns the attempts made and the lines logged."""
    log: list[str] = []
    attempts, tries = 0, dict[Job, int]()
    failures = dict(failures)
    while queue:
        job = queue.pop(0)
        attempts += 1
        tries[job] = tries.get(job, 0) + 1
        if failures.get(job[0], 0) > 0:
            failures[job[0]] -= 1
            if tries[job] < max_attempts:
                queue.append(job)
                log.append(f"retry {job[0]} {job[1]}")
            else:
                log.append(f"gave up {job[0]} {job[1]}")
        else:
            log.append(f"done {job[0]} {job[1]}")
    return attempts, log


def two_users_log() -> list[str]:
    """The exercise's run: ada's and grace's signups queued, the thumbnail service down for
    one call."""
    queue = [(chore, user) for user in ("ada", "grace")
             for chore in ("send_welcome_email", "make_thumbnail")]
    return drain(queue, {"make_thumbnail": 1}, max_attempts=2)[1]


def retried_at_once(lines: list[str], right: list[str]) -> bool:
    """The retry written right after the failure, as if the job went back to the front."""
    return any(line.startswith("retry ") and following == line.replace("retry", "done", 1)
               for line, following in zip(lines, lines[1:], strict=False))


EXERCISES = {
    "01-two-users-log": LogPrediction(
        question="The queue holds ada's two jobs, then grace's, as two calls of signup_queued "
                 "leave them: send_welcome_email and make_thumbnail for each. The thumbnail "
                 "service fails its first call only. What lines does drain(queue, "
                 "max_attempts=2) log?",
        how_to_answer='Write the lines in order, one string a line: '
                      'prediction = ["done send_welcome_email ada", ...]',
        why="The worker always takes the front job, and a failed job goes back at the end of "
            "the queue, so ada's thumbnail waits behind both of grace's jobs before it runs again.",
        hint="Follow the queue job by job: write down what is at its front before each attempt.",
        expected=two_users_log,
        mistakes=(
            LogMistake(retried_at_once, "A failed job goes back at the end of the queue, behind "
                                        "grace's jobs, not at its front."),
            LogMistake(lambda lines, right: not any(line.startswith("retry ") for line in lines),
                       "The thumbnail service fails its first call: one attempt of the jobs "
                       "does not succeed."),
        ),
        compared_with="the lines the worker logs when it really drains that queue",
    ),
}

PREDICTIONS = {
    "01-attempts": Prediction(
        question="The queue holds ada's two jobs, and the thumbnail service fails its first "
                 "call. How many attempts does drain(queue, max_attempts=2) make before the "
                 "queue is empty?",
        choices=("2", "3", "4"),
        assumptions={
            "2": "that a failed job is done with: the worker puts it back on the queue and "
                 "tries it again",
            "4": "that a failure sends the whole queue round again: only the failed job goes "
                 "back, at the end",
        },
    ),
}
