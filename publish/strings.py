"""The site's interface strings, as a table per language (Turkish first, English by choice)."""

from pathlib import Path

from publish import SiteError

STRINGS: dict[str, dict[str, str]] = {
    "tr": {
        "skip": "İçeriğe atla",
        "home": "Ana sayfa",
        "lessons": "Dersler",
        "objectives": "Bu derste",
        "updated": "Güncelleme",
        "license": "Lisans",
        "source": "Bu ders şu kaynaktan uyarlanmıştır:",
        "contents": "Bu sayfada",
        "previous": "Önceki ders",
        "next": "Sonraki ders",
        "download": "Defteri indir (.ipynb)",
        "download_note": "Defteri JupyterLab'de kurs deposunun kökünden açın; ölçüm çekirdeği "
                         "oradan içe aktarılır.",
        "run": "Tarayıcıda çalıştır",
        "run_note": "Ders, hiçbir şey kurmadan tarayıcınızda açılır ve çalışır (JupyterLite); "
                    "ilk açılış biraz sürebilir.",
        "run_needs_server": "Dersi tarayıcıda çalıştırmak için site bir sunucudan açılmalı: "
                            "JupyterLite, dosyadan (file://) açılan bir sayfada çalışmaz. Kurs "
                            "deposunun kökünde şu komut siteyi sunar:",
        "exercise": "Alıştırma",
        "exercise_note": "Bu hücreyi JupyterLab'de defterin içinde çözün ve çalıştırın: hücrenin "
                         "sonundaki denetim cevabınızı orada sınar. Burada hücrenin cevapsız "
                         "çalıştığındaki çıktısı görünür.",
        "widget": "Etkileşimli bölüm (bir form ya da kaşif): defteri JupyterLab'de "
                  "çalıştırınca burada görünür.",
        "widget_lite": "Etkileşimli bölüm (bir form ya da kaşif): defteri JupyterLab'de ya da "
                       "sayfanın başındaki “Tarayıcıda çalıştır” bağlantısıyla tarayıcıda "
                       "çalıştırınca burada görünür.",
        "output": "Çıktı",
        "search": "Ara",
        "search_label": "Derslerde ara",
        "search_title": "Arama",
        "search_none": "Sonuç bulunamadı.",
        "search_count": "{n} sonuç",
        "search_noscript": "Arama için JavaScript gerekir; dersler ana sayfada listelidir.",
        "nav": "Ders gezintisi",
        "not_found_title": "Sayfa bulunamadı",
        "not_found_text": "Bu adreste bir sayfa yok: adres yanlış yazılmış ya da sayfa "
                          "kaldırılmış olabilir.",
        "not_found_home": "Ana sayfaya dön",
    },
    "en": {
        "skip": "Skip to content",
        "home": "Home",
        "lessons": "Lessons",
        "objectives": "In this lesson",
        "updated": "Updated",
        "license": "License",
        "source": "This lesson is adapted from:",
        "contents": "On this page",
        "previous": "Previous lesson",
        "next": "Next lesson",
        "download": "Download the notebook (.ipynb)",
        "download_note": "Open the notebook in JupyterLab from the course repository's root; "
                         "the measurement kernel is imported from there.",
        "run": "Run in the browser",
        "run_note": "The lesson opens and runs in your browser with nothing to install "
                    "(JupyterLite); the first start may take a moment.",
        "run_needs_server": "Running the lesson in the browser needs the site opened from a "
                            "server: JupyterLite does not work in a page opened from a file "
                            "(file://). From the course repository's root, this command serves "
                            "the site:",
        "exercise": "Exercise",
        "exercise_note": "Solve and run this cell in the notebook in JupyterLab: the check at "
                         "the end of the cell tests your answer there. Shown here is what the "
                         "cell prints unanswered.",
        "widget": "Interactive part (a form or an explorer): it appears here when the "
                  "notebook runs in JupyterLab.",
        "widget_lite": "Interactive part (a form or an explorer): it appears here when the "
                       "notebook runs in JupyterLab, or in the browser from the “Run in the "
                       "browser” link at the top of this page.",
        "output": "Output",
        "search": "Search",
        "search_label": "Search the lessons",
        "search_title": "Search",
        "search_none": "No results.",
        "search_count": "{n} result(s)",
        "search_noscript": "Search needs JavaScript; the lessons are listed on the home page.",
        "nav": "Lesson navigation",
        "not_found_title": "Page not found",
        "not_found_text": "There is no page at this address: it may be mistyped, or the page "
                          "may have been removed.",
        "not_found_home": "Go to the home page",
    },
}


def cell_strings(strings: dict[str, str], lite: bool) -> dict[str, str]:
    """The strings a lesson's cells are rendered with: with a lite site, the note in place of
    a form or an explorer also points to it."""
    return {**strings, "widget": strings["widget_lite"]} if lite else strings


def interface_strings(language: str, where: Path) -> dict[str, str]:
    """The table for `language`; `where` names the file that chose it, for the error."""
    if language not in STRINGS:
        raise SiteError(where, f"no interface strings for language {language!r} "
                               f"(available: {', '.join(STRINGS)})")
    return STRINGS[language]
