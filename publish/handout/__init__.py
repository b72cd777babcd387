"""The lessons' PDF handouts (`kurs handout`): each lesson, the course book and, for the
instructor, the answer key, set with Typst from the cells the learner's page shows."""
