"""Grading a class's submitted notebooks with the course's own checks (`build.py grade`)."""
