"""Exercises and predictions of lesson 00, "Work in the Request"."""

from checks.exercises.kinds import PartsPrediction, Prediction

CHORES = ("send_welcome_email", "make_thumbnail")  # what a signup asks for, in order


def signups(users: tuple[str, ...], queued: bool) -> tuple[list, list]:
    """What ran during the signup requests of `users`, and what they left on the queue: the
    lesson's `signup_inline` (`queued` false) or `signup_queued`, one request a user."""
    ran: list[tuple[str, str]] = []
    queue: list[tuple[str, str]] = []
    for user in users:
        for chore in CHORES:
            (queue if queued else ran).append((chore, user))
    return ran, queue


def two_queued_signups() -> dict[str, str]:
    ran, queue = signups(("ada", "grace"), queued=True)
    return {"run in the requests": str(len(ran)), "waiting on the queue": str(len(queue))}


EXERCISES = {
    "00-two-signups": PartsPrediction(
        question="Two users, ada and grace, sign up one after the other through "
                 "signup_queued, starting from an empty ran and an empty queue. Once both "
                 "responses have gone back, how many jobs have run in the requests, and how "
                 "many wait on the queue?",
        how_to_answer='Give each part one of the choices, as text: '
                      'prediction = {"run in the requests": ..., "waiting on the queue": ...}',
        why="The queued handler only appends its chores to the list and calls none of them, "
            "so every chore of every signup is still waiting when the responses go back.",
        hint="Count what each request appends to the queue, and what it calls.",
        expected=two_queued_signups,
        choices=("0", "2", "4"),
        mistakes={
            ("run in the requests", "2"): "Appending a job to the list does not call its "
                                          "function: which line of signup_queued would run it?",
            ("run in the requests", "4"): "Appending a job to the list does not call its "
                                          "function: which line of signup_queued would run it?",
            ("waiting on the queue", "2"): "Each signup leaves two jobs, and nothing has taken "
                                           "the first signup's jobs off the list yet.",
        },
    ),
}

PREDICTIONS = {
    "00-run-before-response": Prediction(
        question="signup_queued appends both chores to the queue instead of calling them. "
                 "How many jobs run before its response goes back?",
        choices=("0", "1", "2"),
        assumptions={
            "1": "that appending a job to the list starts it: only a call runs a function, "
                 "and signup_queued calls none",
            "2": "that a queue changes where the jobs are written down but not when they run",
        },
    ),
}
