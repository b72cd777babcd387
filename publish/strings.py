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
        "download_note": "Defter hiçbir çıktı taşımaz: her ölçüm, siz tahmin edip hücreyi "
                         "çalıştırınca görünür. Kursun kurulu olduğu bir ortamda açın; kurs "
                         "deposunda “{command} study” bütün dersleri, sözlükle "
                         "birlikte, kendi çalışma klasörünüze yazar ve JupyterLab'i orada açar.",
        "run": "Tarayıcıda çalıştır",
        "run_note": "Ders, hiçbir şey kurmadan tarayıcınızda açılır ve çalışır (JupyterLite); "
                    "ilk açılış biraz sürebilir.",
        "run_needs_server": "Dersi tarayıcıda çalıştırmak için site bir sunucudan açılmalı: "
                            "JupyterLite, dosyadan (file://) açılan bir sayfada çalışmaz. Kurs "
                            "deposunun kökünde şu komut siteyi sunar:",
        "not_in_browser": "Bu ders tarayıcıda çalışmaz:",
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
        "show_code": "Kodu göster",
        "show_output": "Çıktıyı göster",
        "show_result": "Tahmin ettim, sonucu göster",
        "show_discussion": "Tahmin ettim, tartışmayı göster",
        "show_section": "Tahminlerimi yaptım, bu bölümü göster",
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
        "reference": "Başvuru",
        "glossary": "Sözlük",
        "glossary_intro": "Kursun terimleri ve gerçek sistemlerin belgelerindeki adları; her "
                          "terim onu tanıtan derse bağlanır.",
        "glossary_lessons": "Geçtiği dersler",
        "key_points": "Önemli noktalar",
        "key_points_intro": "Her dersin özeti, kursun sırasıyla.",
        "instructor": "Eğitmen görünümü",
        "instructor_intro": "Her dersin hedefleri, süreleri, alıştırmaları ve tahminleri. "
                            "Eğitmen notları yalnız eğitmen sayfalarında görünür; öğrencinin "
                            "sayfasında ve indirdiği defterde yoktur.",
        "instructor_note": "Eğitmen notu",
        "learner_view": "Öğrenci görünümü",
        "timing": "Süre",
        "timing_teaching": "anlatım {n} dk",
        "timing_exercises": "alıştırmalar {n} dk",
        "exercises": "Alıştırmalar",
        "predictions": "Tahminler",
        "kind_PartsPrediction": "tahmin (parça parça)",
        "kind_LogPrediction": "tahmin (günlük satırları)",
        "kind_FunctionTask": "fonksiyon yazma",
        "kind_ModifyTask": "çalışan kodu değiştirme",
        "answer_key": "Cevap anahtarı",
        "answer_key_note": "Yalnız bu eğitmen sayfasında: öğrencinin sayfasında, indirdiği "
                           "defterde ve tarayıcıdaki kursta yoktur. Bir tahminin doğru seçeneği, "
                           "dersin son çalıştırılışının ölçtüğüdür.",
        "answer_key_right": "Doğru seçenek (dersin ölçtüğü)",
        "answer_key_wrong": "Yanlış tahmin",
        "answer_key_assumption": "Ortaya çıkardığı varsayım",
        "answer_key_fewer": "ölçülenden az",
        "answer_key_more": "ölçülenden çok",
        "answer_key_answer": "Cevap",
        "answer_key_why": "Neden",
        "study_ready": "Çalışma kopyanız {folder} klasöründe ({lessons} ders); JupyterLab "
                       "orada açılıyor.",
        "study_beside": "Dersin yeni sürümü, değiştirdiğiniz {name} dosyasının yanına yazıldı: "
                        "{beside}",
        "study_newer": "yeni",
        "study_broken": "{name} bir defter olarak okunamıyor (bozuk JSON) ve olduğu gibi "
                        "bırakıldı; dersin temiz hâli için dosyayı silip bu komutu yeniden "
                        "çalıştırın.",
        "study_folder": "calisma",
        "study_running": "Çalışma kopyanızı zaten bir JupyterLab sunuyor; tarayıcıda "
                         "açılıyor: {address}",
        "not_a_course": "{folder} bir kursun klasörü değil ({definition} yok); komutu kursun "
                        "klasöründe çalıştırın.",
        "search_more": "{total} sonuç bulundu; ilk {n} tanesi gösteriliyor.",
        "preview_failed": "Site yeniden oluşturulamadı; bu sayfa son başarılı oluşturmayı "
                          "gösteriyor. Hata giderilince sayfa kendiliğinden yenilenir.",
        "slides": "Sunum",
        "slides_note": "dersin slaytları, derste yansıtmak için (S tuşu konuşmacı görünümünü "
                       "açar).",
        "slides_notes": "Ok tuşları slaytlar arasında gezdirir; S konuşmacı görünümünü açar, "
                        "eğitmen notları orada görünür. Adresin sonuna ?print-pdf ekleyip "
                        "yazdırınca her slayt bir sayfa olur.",
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
        "download_note": "The notebook carries no outputs: each measurement shows once you "
                         "have predicted it and run its cell. Open it where the course is "
                         "installed; in the course repository, “{command} study” writes "
                         "every lesson, with the glossary, into a folder of your own and opens "
                         "JupyterLab there.",
        "run": "Run in the browser",
        "run_note": "The lesson opens and runs in your browser with nothing to install "
                    "(JupyterLite); the first start may take a moment.",
        "run_needs_server": "Running the lesson in the browser needs the site opened from a "
                            "server: JupyterLite does not work in a page opened from a file "
                            "(file://). From the course repository's root, this command serves "
                            "the site:",
        "not_in_browser": "This lesson does not run in the browser:",
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
        "show_code": "Show the code",
        "show_output": "Show the output",
        "show_result": "I have made my prediction: show the result",
        "show_discussion": "I have made my prediction: show the discussion",
        "show_section": "I have made my predictions: show this section",
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
        "reference": "Reference",
        "glossary": "Glossary",
        "glossary_intro": "The course's terms and their names in the real systems' "
                          "documentation; each term links to the lesson that introduces it.",
        "glossary_lessons": "Used in",
        "key_points": "Key points",
        "key_points_intro": "Every lesson's summary, in course order.",
        "instructor": "Instructor view",
        "instructor_intro": "Each lesson's objectives, timing, exercises and predictions. "
                            "Instructor notes show only on the instructor pages, not on the "
                            "learner's page or in the notebook a learner downloads.",
        "instructor_note": "Instructor note",
        "learner_view": "Learner view",
        "timing": "Timing",
        "timing_teaching": "teaching {n} min",
        "timing_exercises": "exercises {n} min",
        "exercises": "Exercises",
        "predictions": "Predictions",
        "kind_PartsPrediction": "prediction (part by part)",
        "kind_LogPrediction": "prediction (log lines)",
        "kind_FunctionTask": "write a function",
        "kind_ModifyTask": "modify working code",
        "answer_key": "Answer key",
        "answer_key_note": "Only on this instructor page: not on the learner's page, in the "
                           "notebook a learner downloads or in the course in the browser. A "
                           "prediction's right choice is what the lesson's last run measured.",
        "answer_key_right": "Right choice (what the lesson measured)",
        "answer_key_wrong": "Wrong prediction",
        "answer_key_assumption": "The assumption it reveals",
        "answer_key_fewer": "fewer than measured",
        "answer_key_more": "more than measured",
        "answer_key_answer": "Answer",
        "answer_key_why": "Why",
        "study_ready": "Your copy of the course is in {folder} ({lessons} lesson(s)); "
                       "JupyterLab opens there.",
        "study_beside": "The course's new version of {name}, which you changed, was written "
                        "beside it: {beside}",
        "study_newer": "new",
        "study_broken": "{name} cannot be read as a notebook (broken JSON) and was left as it "
                        "is; for the lesson as new, delete the file and run this command "
                        "again.",
        "study_folder": "study",
        "study_running": "A JupyterLab already serves your copy; opening it in the browser: "
                         "{address}",
        "not_a_course": "{folder} is not a course's folder (it has no {definition}); run the "
                        "command in the course's folder.",
        "search_more": "{total} results found; showing the first {n}.",
        "preview_failed": "The site could not be rebuilt; this page shows the last good "
                          "build. It reloads by itself once the error is fixed.",
        "slides": "Slides",
        "slides_note": "the lesson's slides, to project in class (S opens the speaker view).",
        "slides_notes": "The arrow keys move between slides; S opens the speaker view, where "
                        "the instructor's notes show. Add ?print-pdf to the address and print: "
                        "each slide is a page.",
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
