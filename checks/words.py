"""The words of the student tools (checks, forms, predictions), as a table per language with the
same keys and format fields in each: looked up when a tool speaks, in the language of the course
the kernel works in. A language the toolkit has no words for takes the English ones, as its
section titles do. Imported in the lite site's kernel too: nothing here needs more than Python."""

from checks import kernel_course

WORDS: dict[str, dict[str, str]] = {
    "tr": {
        # checks/exercises/kinds.py: what a check says
        "right": "✔ Doğru.",
        "not_yet": "✘ Henüz değil.",
        "waiting": "… Cevap bekleniyor.",
        "hint": "İpucu{number}: {hint}",
        "unchanged": "kod, verildiği gibi ölçülüyor: hedefe ulaştıracağını düşündüğünüz "
                     "değişikliği yapıp hücreyi yeniden çalıştırın",
        "wrong_shape": "Cevabın biçimi uygun değil.",
        "choices": "Seçenekler: {choices}.",
        # publish/student.py: the first line of a discussion the student's notebook keeps
        # folded, all that JupyterLab shows of it; plain text, as it shows it unrendered
        "discussion_folded": "Tartışma (katlı): tahmininizi kaydedip ölçümü çalıştırdıktan "
                             "sonra açmak için bu satıra tıklayın.",
        # the same for a discussion that is a section of its own (the summary), named by its title
        "section_folded": "{title} (katlı): ölçümlerden sonra açmak için bu satıra tıklayın.",
        "not_a_dict": "Cevap bir sözlük olmalı; verilen: {given}.",
        "missing_parts": "eksik parça: {parts}",
        "unexpected_parts": "beklenmeyen parça: {parts}",
        "not_a_choice": "{part}: {choice!r} bir seçenek değil",
        "spelled": "; {meant!r} yazın: seçenekler Türkçe harflerle ve küçük harfle yazılır",
        "parts_checked": "{count} parçanın tahminini, senaryoyu çekirdekte gerçekten koşturup "
                         "çıkan sonuçla karşılaştırdım.",
        "parts_right": "{right} parça doğru; tutmayan: {wrong}",
        "not_lines": "Cevap satırlardan oluşan bir liste (ya da çok satırlı bir metin) olmalı.",
        "lines_checked": "Tahmininizi satır satır, {compared_with} karşılaştırdım.",
        "first_lines_right": "ilk {count} satır doğru",
        "no_line_right": "hiçbir satır tutmuyor",
        "line_wrong": "{number}. satırınız tutmuyor: {line!r}",
        "line_count_wrong": "satır sayısı tutmuyor",
        "raised_hint": "Önce {error} hatasını giderin: hata veren bir durumun sonucu "
                       "karşılaştırılamaz. Hatanın hangi satırda çıktığını görmek için "
                       "fonksiyonunuzu yeni bir hücrede o durumla çağırın: {call}",
        "wanted_type": "Her durumda {type} türünde bir değer döndürün",
        "returned_none": "{wanted}: return'ü olmayan bir yol None döndürür.",
        "returned_float": "{wanted}: Python'da / bölmesi her zaman float verir; tam sayı "
                          "bölmesi // ile.",
        "returned_other_type": "{wanted}; sonucunuz {type} türünde ve Python farklı türden iki "
                               "değeri, yazılışları benzese de, eşit saymaz.",
        "not_a_function": "Cevap bir fonksiyon olmalı; verilen: {given}.",
        "your_function": "fonksiyonunuz",
        "returns_nothing": "fonksiyonunuz henüz bir değer döndürmüyor",
        "cases_checked": "Fonksiyonunuzu {count} durumda çağırdım; her durumun doğru sonucunu "
                         "{found_by} buldum.",
        "cases_right": "{right}/{count} durum doğru",
        "case_raised": "{call} hata verdi: {error}: {message}",
        "case_wrong_type": "{call} {result} döndürdü (türü {type}); beklenen tür: {wanted}",
        "case_wrong": "yanlış sonuç veren bir durum: {call}",
        "cannot_call": "{signature} bu parametrelerle çağrılamıyor; beklenen: {wanted}.",
        "not_measurable": "Kurduğunuz nesne ölçülemedi: {error}: {message}",
        "goal": "Hedef: {goal}.",
        "measured_now": "şimdiki kodla: {measured}",
        # a whole-number prediction's `assumptions` keys: below and above the measurement
        "fewer": "az",
        "more": "çok",
        "prediction_held": "✔ Tahmininiz tuttu: ölçülen {shown}.",
        "prediction_missed": "✘ Tahmininiz: {predicted}. Ölçülen: {shown}.",
        "contradicted": "Ölçümün çürüttüğü varsayım: {assumption}",
        "measured_not_a_choice": "ölçülen {measured!r} seçeneklerden biri değil: {choices}",
        # checks/student/exercise.py: the exercise form and the hint and answer buttons
        "unknown_exercise": "{id!r} adında bir alıştırma yok; bilinenler: {known}",
        # a form left with a row unchosen; a row's choices may be classes, fates, places, counts
        "choose_every_row": "Her satır için bir seçenek seçin.",
        "form_unrun": "[Alıştırma formu: hücreyi çalıştırınca burada görünür.]",
        "buttons_unrun": "[İpucu ve cevap düğmeleri: hücreyi çalıştırınca burada görünür; "
                         "cevap yalnız düğmeye basınca yazılır.]",
        "show_answer": "Cevabı göster",
        "hide_answer": "Cevabı gizle",
        "answers_hidden": "Bu kursta cevap gösterilmez",
        "answers_hidden_why": "Bu kurs notlandırılıyor: cevabı eğitmeniniz değerlendirir. "
        "İpuçları açık.",
        "give_hint": "İpucu ver",
        "no_hint_right": "Cevabınız doğru: ipucuna gerek yok.",
        "no_hint_left": "Bu cevap için başka ipucu yok: cevabınızı değiştirip yeniden deneyin.",
        "paste_whole_cell": "Bu kodu hücrenin tamamının yerine yapıştırıp hücreyi çalıştırın:",
        "paste_before_check": "Bu kodu, alıştırmanın kontrol(...) hücresinde kontrol satırından "
                              "önceki her şeyin yerine yapıştırıp hücreyi çalıştırın:",
        "why": "Neden? {why}",
        "lines_placeholder": "Her satıra bir satır yazın",
        "lines_first": "Önce satırlarınızı yazın.",
        "no_form": "{id!r} için form yok; cevabınızı bir hücrede kontrol(...) ile denetleyin.",
        "check": "Kontrol et",
        # checks/student/prediction.py: the prediction form and what the measurement says of it
        "unknown_prediction": "{id!r} adında bir tahmin yok; bilinenler: {known}",
        "predict_unrun": "[Tahmin edin: {question}{choices} Form, hücreyi çalıştırınca burada "
                         "görünür.]",
        "predict_question": "**Tahmin edin.** {question}{choices}",
        "form_choices": " Seçenekler: {choices}.",
        "form_whole_number": " Cevap bir tam sayı.",
        "prediction": "Tahmin",
        "a_whole_number": "bir tam sayı",
        "not_a_whole_number": "“{typed}” olmaz: 0 ya da daha büyük bir tam sayıyı rakamlarla "
                              "yazın (örneğin 12).",
        "choose_first": "Önce bir seçenek seçin.",
        "type_first": "Önce tahmininizi bir tam sayı olarak yazın.",
        "save": "Tahminimi kaydet",
        "saved": "Kaydedildi: {value}. Şimdi ölçüm hücresini çalıştırın.",
        "not_saved": "Tahmininizi kaydetmediniz: formda “{draft}” {how}, ama “{save}” "
                     "düğmesine basılmadığı için ölçüm onunla karşılaştırılmadı.",
        "chosen": "seçili",
        "typed": "yazılı",
        "saved_before": "Kaydedilmiş tahmininiz: {value}. Ölçüm hücresi onunla karşılaştırır.",
        # checks/student/progress.py: the student's progress, recorded in their own copy
        "progress_not_here": "İlerleme burada kaydedilmez: kendi çalışma kopyanızda (study "
                             "komutunun hazırladığı klasörde) ya da tarayıcıdaki kursta "
                             "ilerleme(), tahminlerinizi, alıştırmalarınızı ve sıradaki adımı "
                             "gösterir.",
        "progress_skipped": "İlerleme dosyanızın ({file}) okunamayan {count} satırı atlandı; "
                            "okunabilen her kayıt duruyor.",
        "progress_kept": "İlerleme dosyanızın ({file}) okunamayan {count} satırı atlandı ve "
                         "olduğu gibi {kept} dosyasına eklendi; okunabilen her kayıt duruyor.",
        "progress_unusable": "İlerleme dosyanız ({file}) okunamıyor ya da yazılamıyor; "
                             "ilerlemeniz bu oturumda yalnız bellekte tutuluyor, tahminleriniz "
                             "ve alıştırmalarınız her zamanki gibi çalışır.",
        "progress_title": "İlerlemeniz: {done}/{total} tamam (%{percent}).",
        "progress_lesson": "{lesson}: {done}/{total} tamam (%{percent})",
        "progress_predictions": "Tahminler",
        "progress_exercises": "Alıştırmalar",
        "progress_held": "✔ tuttu (ölçülen {shown})",
        "progress_missed": "✘ tutmadı: tahmininiz {predicted}, ölçülen {shown}",
        "progress_assumption": "çürüyen varsayım: {assumption}",
        "progress_measure": "… henüz değil: tahmininiz ({value}) kaydedildi, ölçüm hücresini "
                            "çalıştırın",
        "progress_predict": "… henüz değil",
        "progress_passed": "✔ geçti ({tries} deneme)",
        "progress_tried": "✘ denendi ({tries} deneme)",
        "progress_untried": "… henüz değil",
        "progress_answer_shown": "cevabı gösterildi",
        "progress_next": "Sıradaki adım: {lesson} dersinde {what}.",
        "progress_next_prediction": "“{id}” tahmini",
        "progress_next_exercise": "“{id}” alıştırması",
        "progress_all_done": "Her tahmin ölçüldü, her alıştırma geçildi: sıradaki adım kalmadı.",
        "progress_whole": "Bütün derslerin ayrıntısı: ilerleme(hepsi=True)",
        "reset_question": "İlerlemenizin kaydı ({count} kayıt) silinsin mi? Silinen geri gelmez.",
        "reset_button": "Evet, ilerlememi sil",
        "reset_done": "İlerlemeniz silindi; kayıt baştan başlıyor.",
        "reset_unrun": "[İlerlemeyi silme onayı: hücreyi çalıştırınca burada görünür.]",
    },
    "en": {
        "right": "✔ Right.",
        "not_yet": "✘ Not yet.",
        "waiting": "… Waiting for your answer.",
        "hint": "Hint{number}: {hint}",
        "unchanged": "the code is measured as it was given: make the change you think reaches "
                     "the goal and run the cell again",
        "wrong_shape": "The answer is not in the form asked for.",
        "choices": "Choices: {choices}.",
        "discussion_folded": "Discussion (folded): click this line to open it once you have "
                             "saved your prediction and run the measurement.",
        "section_folded": "{title} (folded): click this line to open it after the "
                          "measurements.",
        "not_a_dict": "The answer must be a dict; given: {given}.",
        "missing_parts": "missing parts: {parts}",
        "unexpected_parts": "unexpected parts: {parts}",
        "not_a_choice": "{part}: {choice!r} is not one of the choices",
        "spelled": "; write {meant!r}: a choice is written exactly as it is listed",
        "parts_checked": "I compared your prediction for each part ({count} in all) with what "
                         "the scenario gives when it really runs.",
        "parts_right": "parts right: {right}; wrong: {wrong}",
        "not_lines": "The answer must be a list of lines (or a text of several lines).",
        "lines_checked": "I compared your prediction, line by line, with {compared_with}.",
        "first_lines_right": "right up to line {count}",
        "no_line_right": "no line matches",
        "line_wrong": "your line {number} does not match: {line!r}",
        "line_count_wrong": "the number of lines does not match",
        "raised_hint": "First fix the {error}: a case that raises has no result to compare. "
                       "To see which line raises it, call your function with that case in a "
                       "new cell: {call}",
        "wanted_type": "Return a value of type {type} in every case",
        "returned_none": "{wanted}: a path with no return returns None.",
        "returned_float": "{wanted}: in Python, / always gives a float; whole-number division "
                          "is //.",
        "returned_other_type": "{wanted}; your result is of type {type}, and Python does not "
                               "count two values of different types as equal, however alike "
                               "they look.",
        "not_a_function": "The answer must be a function; given: {given}.",
        "your_function": "your_function",
        "returns_nothing": "your function returns no value yet",
        "cases_checked": "I called your function with each case ({count} in all) and found "
                         "each case's right result {found_by}.",
        "cases_right": "{right}/{count} cases right",
        "case_raised": "{call} raised {error}: {message}",
        "case_wrong_type": "{call} returned {result} (of type {type}); the type expected: "
                           "{wanted}",
        "case_wrong": "a case with a wrong result: {call}",
        "cannot_call": "{signature} cannot be called with these arguments; expected: {wanted}.",
        "not_measurable": "What you built could not be measured: {error}: {message}",
        "goal": "Goal: {goal}.",
        "measured_now": "with the code as it is: {measured}",
        "fewer": "fewer",
        "more": "more",
        "prediction_held": "✔ Your prediction held: measured {shown}.",
        "prediction_missed": "✘ Your prediction: {predicted}. Measured: {shown}.",
        "contradicted": "The assumption the measurement contradicts: {assumption}",
        "measured_not_a_choice": "the measured {measured!r} is not one of the choices: "
                                 "{choices}",
        "unknown_exercise": "There is no exercise {id!r}; the known ones: {known}",
        "choose_every_row": "Choose one of the choices for every row.",
        "form_unrun": "[Exercise form: it appears here when the cell is run.]",
        "buttons_unrun": "[Hint and answer buttons: they appear here when the cell is run; "
                         "the answer is written only when its button is pressed.]",
        "show_answer": "Show the answer",
        "hide_answer": "Hide the answer",
        "answers_hidden": "No answers in this course",
        "answers_hidden_why": "This course is graded: your instructor judges the answer. "
        "The hints are open.",
        "give_hint": "Give a hint",
        "no_hint_right": "Your answer is right: no hint needed.",
        "no_hint_left": "No other hint for this answer: change your answer and try again.",
        "paste_whole_cell": "Paste this code over the whole cell and run the cell:",
        "paste_before_check": "Paste this code over everything before the check line of the "
                              "exercise's check(...) cell, and run the cell:",
        "why": "Why? {why}",
        "lines_placeholder": "Write each line on a line of its own",
        "lines_first": "Write your lines first.",
        "no_form": "There is no form for {id!r}; check your answer in a cell with "
                   "check(...).",
        "check": "Check",
        "unknown_prediction": "There is no prediction {id!r}; the known ones: {known}",
        "predict_unrun": "[Predict: {question}{choices} The form appears here when the cell is "
                         "run.]",
        "predict_question": "**Predict.** {question}{choices}",
        "form_choices": " Choices: {choices}.",
        "form_whole_number": " The answer is a whole number.",
        "prediction": "Prediction",
        "a_whole_number": "a whole number",
        "not_a_whole_number": "“{typed}” will not do: write a whole number, 0 or more, in "
                              "digits (for example 12).",
        "choose_first": "Choose one of the choices first.",
        "type_first": "Write your prediction as a whole number first.",
        "save": "Save my prediction",
        "saved": "Saved: {value}. Now run the measurement's cell.",
        "not_saved": "You did not save your prediction: “{draft}” is {how} in the form, but "
                     "“{save}” was not pressed, so the measurement was not compared with it.",
        "chosen": "chosen",
        "typed": "typed",
        "saved_before": "Your saved prediction: {value}. The measurement's cell compares with "
                        "it.",
        "progress_not_here": "Progress is not recorded here: in your own copy of the course "
                             "(the folder the study command prepares) or in the course in the "
                             "browser, progress() shows your predictions, your exercises and "
                             "the next step.",
        "progress_skipped": "{count} lines of your progress file ({file}) could not be read "
                            "and were skipped; every record that could be read is kept.",
        "progress_kept": "{count} lines of your progress file ({file}) could not be read: they "
                         "were moved, as they were, to {kept}; every record that could be read "
                         "is kept.",
        "progress_unusable": "Your progress file ({file}) cannot be read or written; your "
                             "progress is kept in memory for this session only, and your "
                             "predictions and exercises work as always.",
        "progress_title": "Your progress: {done}/{total} done ({percent}%).",
        "progress_lesson": "{lesson}: {done}/{total} done ({percent}%)",
        "progress_predictions": "Predictions",
        "progress_exercises": "Exercises",
        "progress_held": "✔ held (measured {shown})",
        "progress_missed": "✘ missed: your prediction {predicted}, measured {shown}",
        "progress_assumption": "the assumption contradicted: {assumption}",
        "progress_measure": "… not yet: your prediction ({value}) is saved, run the "
                            "measurement's cell",
        "progress_predict": "… not yet",
        "progress_passed": "✔ passed (tries: {tries})",
        "progress_tried": "✘ tried (tries: {tries})",
        "progress_untried": "… not yet",
        "progress_answer_shown": "answer shown",
        "progress_next": "Next step: {what} in {lesson}.",
        "progress_next_prediction": "the prediction “{id}”",
        "progress_next_exercise": "the exercise “{id}”",
        "progress_all_done": "Every prediction measured, every exercise passed: no step left.",
        "progress_whole": "Every lesson in full: progress(all_lessons=True)",
        "reset_question": "Delete the record of your progress ({count} records)? What is "
                          "deleted does not come back.",
        "reset_button": "Yes, delete my progress",
        "reset_done": "Your progress is deleted; recording starts afresh.",
        "reset_unrun": "[Confirming the deletion of your progress: it appears here when the "
                       "cell is run.]",
    },
}
FALLBACK = "en"  # for a course in a language the toolkit has no words for


def words_in(language: str) -> dict[str, str]:
    """The student tools' words in `language`; in English for a language not in WORDS."""
    return WORDS.get(language, WORDS[FALLBACK])


def words() -> dict[str, str]:
    """The student tools' words in the language of the course the kernel works in."""
    return words_in(kernel_course.course_language())
