"""These lessons are no part of this repository's own nbval run: tests/test_second_course.py
runs them in a copy of their course, with its stored-bytes check. (Kept here, not at the course's
root, where pytest would put the course's folder on sys.path and `practice` would be imported
from it, not from the copy.)"""

collect_ignore_glob = ["*.ipynb"]
