"""The lesson's experiments return exactly these lines; a change in the model shows up here."""

from kernel.ara_katman.deneyler import (
    cakismasiz_deneyi, cakismasiz_kosusu, cokme_deneyi, cokme_kosusu, hiz_siniri_deneyi,
    istisna_kisma_deneyi, ithalat_ornegi, kisa_devre, sogan_izi, tekil_is_deneyi,
    zaman_asimi_deneyi, zamanli_gunluk,
)
from kernel.ara_katman.ornekler import OrnekIs, cakisan_sure, kos
from kernel.ara_katman.ortam import KilitOmru


def test_onion_trace():
    assert " → ".join(sogan_izi()) == "A → B → C → iş → C → B → A"


def test_logging_layer_on_the_virtual_clock():
    assert zamanli_gunluk() == [
        "t=0: rapor başladı", "rapor", "t=30: rapor bitti, 30 sn",
        "t=30: yedek başladı", "t=120: yedek bitti, 90 sn",
        "t=120: yedek başladı", "yedek", "t=210: yedek bitti, 90 sn"]


def test_short_circuit_is_measured_as_skipped():
    assert kisa_devre() == {"rapor": "koştu", "eposta": "atlandı"}


def test_rate_limited_at_its_boundary():
    assert hiz_siniri_deneyi() == [
        *[f"t=0        işçi 0  hız-{n} deneme 1: tamamlandı" for n in range(1, 6)],
        "t=0        işçi 0  hız-6 deneme 1: HizSiniriAsildi (OrnekIs: 60 sn'de en çok 5)"
        " → kuyrukta, t=0",
        "t=0        işçi 0  hız-7: geri kondu → kuyrukta, t=60",
        "t=0        işçi 0  hız-6: geri kondu → kuyrukta, t=60",
        "t=60       işçi 0  hız-7 deneme 1: tamamlandı",
        "t=60       işçi 0  hız-6 deneme 2: tamamlandı"]


def test_throttles_exceptions_at_its_boundary():
    fast = "RuntimeError (OrnekIs: 3 istisna, kısıldı) → gömüldü"
    assert istisna_kisma_deneyi() == [
        "t=0–10     işçi 0  api-1 deneme 1: RuntimeError (geçici hata) → gömüldü",
        "t=10–20    işçi 0  api-2 deneme 1: RuntimeError (geçici hata) → gömüldü",
        "t=20–30    işçi 0  api-3 deneme 1: RuntimeError (geçici hata) → gömüldü",
        f"t=30       işçi 0  api-4 deneme 1: {fast}",
        f"t=89       işçi 0  geç-1 deneme 1: {fast}",
        "t=90–100   işçi 0  geç-2 deneme 1: tamamlandı"]


def test_both_timeouts_at_their_boundary():
    assert zaman_asimi_deneyi() == [
        "t=0–300    işçi 0  Timeout-300 deneme 1: tamamlandı",
        "t=0–301    işçi 1  Timeout-301 deneme 1: tamamlandı",
        "t=0–300    işçi 2  DurustTimeout-300 deneme 1: tamamlandı",
        "t=0–300    işçi 3  DurustTimeout-301 deneme 1: TimeoutError"
        " (301 sn sürecekti, t=300 sınırında kesildi) → gömüldü",
        "gövdesi biten: Timeout-300, Timeout-301, DurustTimeout-300"]


def test_unique_job_at_its_boundary():
    assert tekil_is_deneyi() == [
        "t=0–60     işçi 0  rapor-1 deneme 1: tamamlandı",
        "t=0        işçi 1  rapor-2: atlandı",
        "t=59       işçi 1  rapor-3: atlandı",
        "t=60–120   işçi 0  rapor-4 deneme 1: tamamlandı"]


def test_without_overlapping_long_enough_and_too_short():
    assert cakismasiz_deneyi(600) == ["t=0–100    işçi 0  ithalat-1 deneme 1: tamamlandı",
                                      "t=50       işçi 1  ithalat-2: atlandı"]
    assert cakismasiz_deneyi(30) == ["t=0–100    işçi 0  ithalat-1 deneme 1: tamamlandı",
                                     "t=50–150   işçi 1  ithalat-2 deneme 1: tamamlandı"]


def test_a_lock_too_short_ends_while_its_job_still_runs():
    """The lesson's figure draws this record: each lock, the attempt that took it (its index
    in the trace) and when it ended, here before either job did."""
    assert cakismasiz_kosusu(30).ortam.kilit_omurleri == [KilitOmru(0, "ithalat", 0, 30),
                                                          KilitOmru(1, "ithalat", 50, 80)]
    assert cakismasiz_kosusu(600).ortam.kilit_omurleri == [KilitOmru(0, "ithalat", 0, 100)]


def test_a_crashed_workers_lock_is_recorded_as_it_was_left():
    assert cokme_kosusu(None).ortam.kilit_omurleri == [KilitOmru(0, "rapor", 0, None)]
    assert cokme_kosusu(600).ortam.kilit_omurleri == [KilitOmru(0, "rapor", 0, 600),
                                                      KilitOmru(3, "rapor", 600, 700)]


def test_a_crash_holding_the_lock():
    crash = ["t=0–100    işçi 0  çöken deneme 1: çöktü → kuyrukta, t=100",
             "t=100      işçi 0  çöken: atlandı",
             "t=599      işçi 0  sonraki-1: atlandı"]
    assert cokme_deneyi(None) == [*crash, "t=600      işçi 0  sonraki-2: atlandı"]
    assert cokme_deneyi(600) == [*crash, "t=600–700  işçi 0  sonraki-2 deneme 1: tamamlandı"]


def test_the_documentations_combined_import_job():
    limit = "HizSiniriAsildi (IceAktarmaIsi: 60 sn'de en çok 5)"
    assert ithalat_ornegi() == [
        "t=0–400    işçi 0  tedarikçi 1 deneme 1: tamamlandı",
        "t=0        işçi 1  tedarikçi 1 (yine): atlandı",
        "t=0–10     işçi 1  tedarikçi 2 deneme 1: tamamlandı",
        "t=10–20    işçi 1  tedarikçi 3 deneme 1: tamamlandı",
        "t=20–30    işçi 1  tedarikçi 4 deneme 1: tamamlandı",
        "t=30–40    işçi 1  tedarikçi 5 deneme 1: tamamlandı",
        f"t=40       işçi 1  tedarikçi 6 deneme 1: {limit} → kuyrukta, t=40",
        "t=40       işçi 1  tedarikçi 7: geri kondu → kuyrukta, t=60",
        "t=40       işçi 1  tedarikçi 6: geri kondu → kuyrukta, t=60",
        "t=60–70    işçi 1  tedarikçi 7 deneme 1: RuntimeError (geçici hata) → kuyrukta, t=70",
        "t=70–80    işçi 1  tedarikçi 6 deneme 2: tamamlandı",
        "t=80–90    işçi 1  tedarikçi 7 deneme 2: RuntimeError (geçici hata) → kuyrukta, t=90",
        "t=90–100   işçi 1  tedarikçi 7 deneme 3: RuntimeError (geçici hata) → gömüldü",
        "",
        "tedarikçi 1          tamamlandı 1 deneme",
        "tedarikçi 1 (yine)   atlandı    0 deneme",
        *[f"tedarikçi {n}          tamamlandı 1 deneme" for n in range(2, 6)],
        "tedarikçi 6          tamamlandı 2 deneme",
        "tedarikçi 7          gömüldü    3 deneme"]


def test_the_time_two_bodies_run_at_once():
    """The lifetime prediction's measure: the time at least two bodies run together, counted
    once however many run; a skipped attempt runs no body."""
    assert cakisan_sure(cakismasiz_kosusu(30).iz) == 50
    assert cakisan_sure(cakismasiz_kosusu(600).iz) == 0
    three = kos([(0, OrnekIs("a", 100)), (10, OrnekIs("b", 20)), (20, OrnekIs("c", 100))],
                isci_sayisi=3)
    assert cakisan_sure(three.iz) == 90  # t=10–100; t=20–30, when all three run, counts once
