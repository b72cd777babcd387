"""JupyterLab as it starts in the project's environment, before any lesson is opened: no
extension installed here (the lite build's tools included) logs an error as the page loads."""

import pytest

from lab_server import PLAIN, TOKEN, jupyterlab


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> str:
    home = tmp_path_factory.mktemp("plain-jupyterlab")
    (home / "notebooks").mkdir()
    with jupyterlab(PLAIN, home / "notebooks", home) as base:
        yield base


def test_a_plain_jupyterlab_page_logs_no_error(browser, lab):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page, problems = context.new_page(), []
    page.on("console", lambda message: message.type == "error" and problems.append(
        f"console error: {message.text}"))
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.goto(f"{lab}/lab?token={TOKEN}&reset")
    # The launcher shows once every extension has loaded and the workspace is restored.
    page.locator(".jp-LauncherCard").first.wait_for(timeout=60_000)
    context.close()
    assert problems == []
