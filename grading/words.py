"""The words of the feedback pages, as a table per language with the same keys and format fields
in each, looked up in the course's language. A language with no table takes the English one, as
the student tools' words do (checks/words.py)."""

WORDS: dict[str, dict[str, str]] = {
    "tr": {
        "title": "Değerlendirme: {student}",
        "intro": "Gönderdiğiniz defterler, kursun kendi denetimleriyle değerlendirildi. Her "
                 "alıştırmanın altındaki metin, kontrol(...) aynı cevap için ne yazıyorsa odur.",
        "summary": "{lessons}/{all_lessons} ders gönderildi · {right}/{exercises} alıştırma "
                   "doğru · {made}/{predictions} tahmin yapıldı",
        "source": "Gönderilen dosya",
        "failure": "Bu defter bütünüyle değerlendirilemedi; ondan önce bulunanlar yine de "
                   "sayıldı. Nedeni:",
        "exercises": "Alıştırmalar ({right}/{count} doğru)",
        "predictions": "Tahminler ({made}/{count} yapıldı)",
        "right": "✔ doğru",
        "wrong": "✘ yanlış",
        "unanswered": "… cevap yok",
        "made": "✔ yapıldı",
        "not_made": "… yapılmadı",
        "answer": "Cevap",
        "index_title": "Sınıfın değerlendirmesi",
        "student": "Öğrenci",
        "lessons": "Gönderilen dersler",
        "right_exercises": "Doğru alıştırmalar",
        "made_predictions": "Yapılan tahminler",
        "failures": "Bütünüyle değerlendirilemeyen defterler",
        "flags": "İncelenecekler",
        "flags_intro": "Eğitmenin bakması gerekenler:",
        "unplaced": "Değerlendirilmeyen dosyalar",
        "file": "Dosya",
        "reason": "Nedeni",
        # grading/submissions.py: why a file was not graded
        "no_student": "Kimin olduğu belli değil: her öğrencinin dosyaları kendi klasöründe "
                      "olmalı ya da dosyanın adı ÖĞRENCİ{separator}ad.ipynb biçiminde.",
        "not_a_notebook": "Bir Jupyter defteri (.ipynb) değil.",
        "unreadable": "Defter okunamadı: {problem}.",
        # why, by the linter's rule that refused it (checks/course.py, checks/front_matter.py)
        "unreadable_not-json": "JSON değil (dosya yarım kalmış ya da bozulmuş olabilir)",
        "unreadable_not-utf8": "metni UTF-8 değil",
        "unreadable_notebook": "geçerli bir Jupyter defteri (nbformat 4) değil",
        "unreadable_front-matter": "ilk hücresindeki ön bilgi (front matter) eksik ya da "
                                   "okunamıyor; defteri kursun kendi dersinden başlatın",
        "unknown_lesson": "Ön bilgisindeki başlık ({title!r}) kursun hiçbir dersinin değil.",
        "not_in_assignment": "Bu ödevin ({assignment}) derslerinden birinin defteri değil.",
        "duplicate": "Öğrencinin aynı ders için başka defteri de var ({others}): hangisinin "
                     "notlanacağı belli olmadığından hiçbiri notlanmadı; birini bırakıp yeniden "
                     "notlayın.",
        # grading/grader.py: an exercise that got no verdict, and why a run stopped
        "not_run": "Bu alıştırmanın kontrol(...) satırı çalışmadı: defterde yok ya da ondan "
                   "önce bir hücre çalışmayı durdurdu.",
        "not_run_error": "Bu alıştırmanın kontrol(...) satırı çalışmadı: hücresi ({cell}. kod "
                         "hücresi) hata verdi: {error}",
        "failure_cell_timeout": "{cell}. kod hücresi işlemci süresi sınırını aştı (sonsuz bir "
                                "döngü mü?); sonraki hücreler çalıştırılmadı.",
        "failure_notebook_timeout": "Defter, bütünü için tanınan süreyi {cell}. kod hücresinde "
                                    "aştı; sonraki hücreler çalıştırılmadı.",
        "failure_kernel_died": "Çekirdek {cell}. kod hücresinde durdu (os._exit, bellek sınırı "
                               "ya da bir çökme); sonraki hücreler çalıştırılmadı.",
        "failure_kernel_start": "Defteri çalıştıracak çekirdek başlatılamadı: {detail}",
        # grading/grader.py: what the instructor should look at
        "tampered": "Bu defterin kodu notlamanın kendisine uzanıyor ({cell}. kod hücresi: "
                    "{what}); alıştırmaları puan almadı. Eğitmeninize danışın.",
        "flag_reach": "{cell}. kod hücresi notlamaya uzanıyor: {what}",
        "flag_error": "{cell}. kod hücresi hata verdi: {error}",
        "flag_unreadable": "{item} için denetimin okuyamadığı bir gözlem geldi (bozuk ya da "
                           "sahte); puan almadı",
        "repeated": "Bu alıştırma, defterde kontrol çağrısının yazıldığından daha çok kez "
                    "denetlendi (bir döngü her cevabı denemiş ya da gözlem taklit edilmiş "
                    "olabilir); puan almadı. Eğitmeninize danışın.",
        "flag_repeated": "{item}, kontrol çağrısının yazıldığından daha çok kez denetlendi "
                         "(döngü ya da taklit?); puan almadı",
        # grading/command.py
        "unchanged": "{notebooks} defter, not defterindeki hâlinden ve kurstan bu yana "
                     "değişmediği için yeniden çalıştırılmadı (--force hepsini çalıştırır).",
        "graded": "{notebooks} defter değerlendirildi, {unplaced} dosya değerlendirilemedi; "
                  "not defteri ve geri bildirim sayfaları: {out}",
    },
    "en": {
        "title": "Feedback: {student}",
        "intro": "The notebooks you submitted were graded with the course's own checks. The "
                 "text under each exercise is what check(...) prints for the same answer.",
        "summary": "{lessons}/{all_lessons} lessons submitted · {right}/{exercises} exercises "
                   "right · {made}/{predictions} predictions made",
        "source": "File submitted",
        "failure": "This notebook could not be graded wholly; what was found before counts "
                   "all the same. Why:",
        "exercises": "Exercises ({right}/{count} right)",
        "predictions": "Predictions ({made}/{count} made)",
        "right": "✔ right",
        "wrong": "✘ wrong",
        "unanswered": "… no answer",
        "made": "✔ made",
        "not_made": "… not made",
        "answer": "Answer",
        "index_title": "The class's grades",
        "student": "Student",
        "lessons": "Lessons submitted",
        "right_exercises": "Exercises right",
        "made_predictions": "Predictions made",
        "failures": "Notebooks not graded wholly",
        "flags": "To look at",
        "flags_intro": "What the instructor should look at:",
        "unplaced": "Files not graded",
        "file": "File",
        "reason": "Why",
        "no_student": "Whose it is is unknown: each student's files go in a folder of their "
                      "own, or are named STUDENT{separator}name.ipynb.",
        "not_a_notebook": "Not a Jupyter notebook (.ipynb).",
        "unreadable": "The notebook could not be read: {problem}.",
        "unreadable_not-json": "it is not JSON (the file may be cut short or damaged)",
        "unreadable_not-utf8": "its text is not UTF-8",
        "unreadable_notebook": "it is not a valid Jupyter notebook (nbformat 4)",
        "unreadable_front-matter": "the front matter in its first cell is missing or cannot be "
                                   "read; start the notebook from the course's own lesson",
        "unknown_lesson": "The title in its front matter ({title!r}) is no lesson of the course.",
        "not_in_assignment": "Not a notebook of one of the lessons of this assignment "
                             "({assignment}).",
        "duplicate": "The student handed in another notebook of the same lesson too ({others}): "
                     "which one counts is unknown, so neither was graded; keep one and grade "
                     "again.",
        "not_run": "This exercise's check(...) line never ran: it is not in the notebook, or "
                   "a cell before it stopped the run.",
        "not_run_error": "This exercise's check(...) line never ran: its cell (code cell "
                         "{cell}) raised {error}",
        "failure_cell_timeout": "Code cell {cell} ran out of processor time (an endless loop?); "
                                "the cells after it did not run.",
        "failure_notebook_timeout": "The notebook ran out of its time in all at code cell "
                                    "{cell}; the cells after it did not run.",
        "failure_kernel_died": "The kernel stopped at code cell {cell} (os._exit, the memory "
                               "limit or a crash); the cells after it did not run.",
        "failure_kernel_start": "No kernel could be started to run the notebook: {detail}",
        "tampered": "This notebook's code reaches for the grading itself (code cell {cell}: "
                    "{what}); its exercises earned nothing. Ask your instructor.",
        "flag_reach": "code cell {cell} reaches for the grading: {what}",
        "flag_error": "code cell {cell} raised an error: {error}",
        "flag_unreadable": "an observation the check cannot read (malformed or forged) came "
                           "for {item}; it earned nothing",
        "repeated": "This exercise was checked more often than its check call is written in "
                    "the notebook (a loop trying every answer, or a forged observation); it "
                    "earned nothing. Ask your instructor.",
        "flag_repeated": "{item} was checked more often than its check call is written (a "
                         "loop, or a forgery?); it earned nothing",
        "unchanged": "{notebooks} notebooks unchanged since they were graded, with the same "
                     "course, were not run again (--force runs them all).",
        "graded": "{notebooks} notebooks graded, {unplaced} files not graded; the gradebook "
                  "and the feedback pages are in {out}",
    },
}
FALLBACK = "en"  # for a course in a language the grader has no words for


def words_language(language: str) -> str:
    """The language the pages speak for a course in `language`: its own, or English."""
    return language if language in WORDS else FALLBACK
