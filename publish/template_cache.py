"""The site's templates, compiled once a machine: jinja2 keeps each template's Python code in a
folder of the user's own under the temporary folder, by the template's name and the checksum of
its text, so that an edited template is compiled again. Compiling them took about a twentieth
of a clean build of this course."""

import jinja2


class TemplateCache(jinja2.FileSystemBytecodeCache):
    """jinja2's cache of compiled templates, which a build may go without: a template it cannot
    store is compiled again next time."""

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:  # a full or read-only disk
            pass


def template_cache() -> TemplateCache | None:
    """The cache in its folder, or None where that folder cannot be made safely."""
    try:
        return TemplateCache()
    except (OSError, RuntimeError):  # jinja2 refuses a folder another user could write to
        return None
