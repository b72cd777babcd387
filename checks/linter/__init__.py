"""The course linter: its rules over the course definition and every lesson, what it found and
how that is reported. Run by the instructor's commands, never in a student's kernel (whose
tools are `checks.student`)."""
