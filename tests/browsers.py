"""Where the browser for the browser tests is, how it starts, and why it may be missing."""

from pathlib import Path

# Debian's old headless shell: Chromium's engine without the browser's window machinery. The
# browser tests took 28% (the lite site) to 39% (the site's pages) less processor in it than in
# Debian's chromium (`chromium --headless`), measured side by side on 2026-12-06.
CHROMIUM = Path("/usr/bin/chromium-headless-shell")
# This machine's network is closed: without the background-networking flags chromium keeps
# trying to reach Google's hosts.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    if not CHROMIUM.exists():
        return (f"Debian's chromium-headless-shell is not installed at {CHROMIUM} "
                "(apt-get install -y chromium-headless-shell)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install -e '.[test]')"
    return None


def chromium_with_a_profile(playwright, profile: Path, **options):
    """Chromium with a profile on disk, as a student's browser has: it keeps what it compiled
    (the Pyodide runtime's WebAssembly), so that the next kernel starts without compiling it
    again. A browser context, with a page open."""
    return playwright.chromium.launch_persistent_context(
        profile, executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, **options)
