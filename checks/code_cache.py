"""Python code compiled once a machine: jinja2's bytecode cache keeps it in a folder of the user's
own under the temporary folder, by a name and the checksum of what it was made from, so that a
changed source is compiled again. The site's templates (publish.pages) and the notebook schema's
check (checks.notebook_schema) are kept there: compiling them took about a twentieth of a clean
build of this course, and a fifth of a lint."""

from collections.abc import Callable
from types import CodeType

import jinja2
from jinja2.bccache import Bucket


class CodeCache(jinja2.FileSystemBytecodeCache):
    """jinja2's cache of compiled code, which a build may go without: code it cannot store is
    compiled again next time."""

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:  # a full or read-only disk
            pass


def code_cache() -> CodeCache | None:
    """The cache in its folder, or None where that folder cannot be made safely."""
    try:
        return CodeCache()
    except (OSError, RuntimeError):  # jinja2 refuses a folder another user could write to
        return None


def cached_code(name: str, checksum: str, compile_code: Callable[[], CodeType]) -> CodeType:
    """The code kept as `name`, if it was made from what `checksum` sums up; else
    `compile_code()`, kept for the next time."""
    cache = code_cache()
    bucket = Bucket(None, name, checksum)  # type: ignore[arg-type]  # no template environment
    if cache is not None:
        cache.load_bytecode(bucket)
    if bucket.code is None:
        bucket.code = compile_code()
        if cache is not None:
            cache.dump_bytecode(bucket)
    return bucket.code
