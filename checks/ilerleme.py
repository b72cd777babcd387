"""The import lessons made of `ilerleme` before the student's tools moved to
checks.student.tr: kept so that a student's copy of an earlier lesson, their work in it, still
runs."""

from checks.student.tr import ilerleme

__all__ = ["ilerleme"]
