"""The lite site: JupyterLite under the course site, every lesson runnable in the browser on
Pyodide (all but those whose front matter says `not_in_browser`), with the runtime and every
wheel a lesson needs shipped beside it."""

from publish import SiteError


class LiteUnavailable(SiteError):
    """The lite build cannot run here: a tool it needs is missing, or a download failed."""
