"""The import lessons made of `tahmin_et, tahmin_sonucu` before the student's tools moved to
checks.student.tr: kept so that a student's copy of an earlier lesson, their work in it, still
runs."""

from checks.student.tr import tahmin_et, tahmin_sonucu

__all__ = ["tahmin_et", "tahmin_sonucu"]
