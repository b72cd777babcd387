"""Kursun alıştırmaları ve tahminleri, ders başına bir modülde (course/course.toml'un
`exercises` adı). Her denetim kendi isteğinde koşar: öğrencinin Gunluk'ü olduğu gibi kalır."""

from checks.exercises.kinds import run_checks_in
from kernel.olcum import ayri_istek

run_checks_in(ayri_istek)
