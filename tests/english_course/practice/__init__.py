"""The exercises and predictions of "Counting Work", one module a lesson. The course has no
model package: each module replays its lesson's handlers and worker with plain lists, so that
every right answer comes from running them."""
