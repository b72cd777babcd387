"""Raw HTML and script outputs render inert; no name writes outside the output folder."""

import shutil
from pathlib import Path

import pytest

from nbformat import from_dict

from site_courses import (PAYLOAD_MARKDOWN, PAYLOAD_OUTPUTS, SVG_PAYLOAD, add_lesson,
                          inject_payloads)
from course_copies import LESSON, edit_notebook
from publish import LintFailed, SiteError
from publish.outputs import render_output, svg_label
from publish.prose import Outline, render_markdown, sanitise
from publish.site import build_site
from publish.staging import StagedSite, clear_staging, safe_relative
from publish.strings import STRINGS

DANGER = ("<script", "onerror", "javascript:", "https://example.com")


def test_script_in_markdown_is_removed_with_its_content():
    html = render_markdown(PAYLOAD_MARKDOWN, Outline())
    assert "Zararsız metin." in html and "bağlantı" in html
    assert not [word for word in DANGER + ("__pwned",) if word in html]


@pytest.mark.parametrize("html, cleaned", [
    ('<p style="color:red">metin</p>', "<p>metin</p>"),
    ('<span class="x" style="color:red">metin</span>', '<span class="x">metin</span>'),
    ('<div class="x" style="position:fixed">metin</div>', '<div class="x">metin</div>'),
    ('<table><tr><td style="width:1px">hücre</td></tr></table>',
     "<table><tbody><tr><td>hücre</td></tr></tbody></table>"),
    ('<img src="data:image/png;base64,AAAA" alt="resim" style="display:none">',
     '<img src="data:image/png;base64,AAAA" alt="resim">'),
    ('<a href="https://example.org/" style="color:red">bağlantı</a>',
     '<a href="https://example.org/" rel="noopener noreferrer">bağlantı</a>'),
])
def test_style_attributes_are_removed_from_every_tag(html, cleaned):
    assert sanitise(html) == cleaned


def test_a_tables_alignment_is_a_class_not_a_style():
    """The pages' content security policy refuses inline styles: markdown-it aligns columns
    with one, the site with a class its stylesheet defines."""
    html = render_markdown("| ad | sayı |\n|:---|---:|\n| a | 1 |\n", Outline())
    assert '<th class="align-left">ad</th>' in html and '<td class="align-right">1</td>' in html
    assert "style" not in html


@pytest.mark.parametrize("html, cleaned", [
    ('<img src="data:image/png;base64,AAAA">', '<img src="data:image/png;base64,AAAA">'),
    ('<img src="https://example.com/izleyici.png">', "<img>"),
    ('<img src="data:text/html,x">', "<img>"),
    ('<a href=" DATA:text/html,<b>x</b>">bağlantı</a>',
     '<a rel="noopener noreferrer">bağlantı</a>'),
])
def test_images_come_only_from_data_urls_and_links_never_lead_to_one(html, cleaned):
    assert sanitise(html) == cleaned


def test_html_output_is_sanitised_and_javascript_only_shown_as_text():
    rich, script_only, _ = (render_output(from_dict(output), STRINGS["tr"], Outline())
                            for output in PAYLOAD_OUTPUTS)
    assert "<b>kalın</b>" in rich and not [word for word in DANGER if word in rich]
    assert script_only == '<pre class="output result">window.__pwned = &#34;yalnız js&#34;</pre>'


def test_svg_output_becomes_an_image_so_its_scripts_cannot_run():
    svg = {"output_type": "display_data", "metadata": {},
           "data": {"image/svg+xml": "<svg><script>alert(1)</script></svg>"}}
    html = render_output(from_dict(svg), STRINGS["tr"], Outline())
    assert html.startswith('<img class="output" src="data:image/svg+xml;base64,')
    assert "<script" not in html


def test_a_figure_that_describes_itself_is_an_image_whose_alt_text_is_its_description():
    html = render_output(from_dict(PAYLOAD_OUTPUTS[2]), STRINGS["tr"], Outline())
    alt = 'Zararlı şekil. Bir &#34;tırnak&#34;&gt; ve etiket deneyen açıklama.'
    assert html.startswith('<div class="output figure"><img src="data:image/svg+xml;base64,')
    assert html.endswith(f'alt="{alt}"></div>')
    assert not [word for word in ("<script", "onload", "<b>") if word in html]


@pytest.mark.parametrize("svg, label", [
    (SVG_PAYLOAD, 'Zararlı şekil. Bir "tırnak"> ve etiket deneyen açıklama.'),
    ('<svg xmlns="http://www.w3.org/2000/svg"><title>Yalnız başlık.</title></svg>',
     "Yalnız başlık."),
    ('<svg xmlns="http://www.w3.org/2000/svg"><desc>  iki\n satır </desc></svg>', "iki satır."),
    ('<svg xmlns="http://www.w3.org/2000/svg"><title> </title></svg>', None),
    ("<svg><title>ad alanı yok</title></svg>", None),
    ("<svg><title>kapanmamış", None),
])
def test_an_svgs_alt_text_is_its_own_title_and_description_or_nothing(svg, label):
    assert svg_label(svg) == label


def test_a_lesson_with_payloads_builds_into_inert_pages(course, tmp_path):
    add_lesson(course, "03-zararli.ipynb", "Zararlı Ders", inject_payloads)
    out = build_site(course, tmp_path / "site").out
    html = (out / "03-zararli.html").read_text(encoding="utf-8")
    assert "Zararsız metin." in html and "<b>kalın</b>" in html
    rest = html
    for script in ("scroll-focus.js", "print-folds.js"):  # the site's own, and only those
        own = f'<script src="assets/{script}"></script>'
        assert rest.count(own) == 1
        rest = rest.replace(own, "")
    assert "<script" not in rest and not [word for word in DANGER if word in rest]


@pytest.mark.parametrize("name", ["../outside.html", "/etc/passwd", "a/../../b", "a\\b", "",
                                  "./a"])
def test_names_that_leave_the_site_are_refused(name, tmp_path):
    with pytest.raises(SiteError, match="outside the site's folder"):
        safe_relative(name)
    staged = StagedSite(tmp_path / "site")
    with pytest.raises(SiteError):
        staged.write(name, b"x")
    clear_staging(tmp_path / "site")
    assert [p.name for p in tmp_path.iterdir()] == []


def test_a_lesson_listed_outside_the_lessons_folder_writes_nothing(course, tmp_path):
    definition = course / "course" / "course.toml"
    text = definition.read_text(encoding="utf-8")
    definition.write_text(text.replace(f'"{LESSON}",', f'"{LESSON}", "../../kacak.ipynb",'),
                          encoding="utf-8")
    with pytest.raises(LintFailed):
        build_site(course, tmp_path / "site")
    assert not (tmp_path / "site").exists() and not (tmp_path / "kacak.html").exists()


def test_a_source_link_that_is_not_http_stops_the_build(course, tmp_path):
    def add_source(notebook: dict) -> None:
        front = "".join(notebook["cells"][0]["source"])
        notebook["cells"][0]["source"] = front.replace(
            "license:", "source: javascript:alert(1)\nlicense:")
    edit_notebook(course / "lessons" / LESSON, add_source)
    with pytest.raises(LintFailed) as failure:
        build_site(course, tmp_path / "site")
    assert [(f.path, f.cell, f.rule) for f in failure.value.findings] == [
        (Path("lessons") / LESSON, 0, "bad-source")]
    assert not (tmp_path / "site").exists()


def test_a_folder_that_is_not_a_site_is_never_replaced(course, tmp_path):
    precious = tmp_path / "belgeler"
    precious.mkdir()
    (precious / "tez.txt").write_text("değerli", encoding="utf-8")
    with pytest.raises(SiteError, match="not a file this tool wrote") as refused:
        build_site(course, precious)
    assert refused.value.path == precious / "tez.txt"
    assert [p.name for p in precious.iterdir()] == ["tez.txt"]
    with pytest.raises(SiteError, match="not a file this tool wrote"):
        build_site(course, course)
    assert (course / "course" / "course.toml").is_file()


def test_a_folder_put_where_a_built_site_was_is_never_replaced(course, tmp_path):
    out = build_site(course, tmp_path / "site").out
    shutil.rmtree(out)
    out.mkdir()
    (out / "tez.txt").write_text("değerli", encoding="utf-8")
    with pytest.raises(SiteError, match="not a file this tool wrote"):
        build_site(course, out)
    assert [p.name for p in out.iterdir()] == ["tez.txt"]


@pytest.mark.parametrize("an_input_changed", [False, True])
def test_a_stray_file_in_a_built_site_stops_every_build_and_is_named(course, tmp_path,
                                                                     an_input_changed):
    """Up to date or not: a site that is deployed whole must not carry it along."""
    out = build_site(course, tmp_path / "site").out
    (out / "assets" / "benim.txt").write_text("benim", encoding="utf-8")
    if an_input_changed:
        edit_notebook(course / "lessons" / LESSON, lambda nb: nb["cells"][1].update(
            source="".join(nb["cells"][1]["source"]) + "\n\nEk cümle."))
    with pytest.raises(SiteError, match="not a file this tool wrote") as refused:
        build_site(course, out)
    assert refused.value.path == out / "assets" / "benim.txt"
    assert (out / "assets" / "benim.txt").read_text(encoding="utf-8") == "benim"


def test_what_a_file_manager_leaves_in_a_built_site_does_not_stop_a_rebuild(course, tmp_path):
    out = build_site(course, tmp_path / "site").out
    (out / ".DS_Store").write_bytes(b"\0")
    edit_notebook(course / "lessons" / LESSON, lambda nb: nb["cells"][1].update(
        source="".join(nb["cells"][1]["source"]) + "\n\nEk cümle."))
    assert build_site(course, out).made
    litter = tmp_path / "elle"
    litter.mkdir()
    (litter / ".DS_Store").write_bytes(b"\0")
    with pytest.raises(SiteError, match="not a file this tool wrote"):
        build_site(course, litter)
