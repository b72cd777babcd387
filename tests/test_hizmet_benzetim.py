"""The event-driven queue service: single messages, the seed's workload, the lesson's figures."""

import gc
import math
import subprocess
import sys

import pytest

from kernel.hizmet import deneyler, konu
from kernel.hizmet.ayarlar import KuyrukAyari, Tuketiciler
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.gorunurluk import AZAMI, SURELER, kosum
from kernel.hizmet.sonuc import SERVIS_KURALLARI, Kurallar
from kernel.hizmet.yuk import DERS_YUKU, Ileti


def run(iletiler, gorunurluk, ufuk=None, **options):
    return Benzetim(iletiler, gorunurluk, **options).calistir(ufuk)


@pytest.mark.parametrize("sure,deliveries", [(9, 1), (10, 1), (11, 2), (20, 2), (21, 3)])
def test_a_job_ending_as_its_message_reappears_is_done(sure, deliveries):
    s = run([Ileti(sure)], 10)
    assert (s.teslim, s.etki, s.silinen) == (deliveries, deliveries, 1)
    assert s.cift == (deliveries > 1)
    assert s.bitis == sure + 10 * (deliveries - 1)


def test_the_first_finisher_deletes_with_its_stale_receipt_under_the_seeds_rule():
    s = run([Ileti(25)], 10)
    assert (s.silinen, s.bayat_silinen, s.bos_silme) == (1, 1, 2)


def test_a_poison_message_fails_the_cap_times_and_reaches_the_dlq_after_cap_times_timeout():
    s = run([Ileti(3, zehirli=True)], 30)
    assert (s.teslim, s.zehirli_teslim, s.etki) == (5, 5, 0)
    assert s.olu_sureleri == (150,)
    assert (s.olu_kutuda, s.kuyrukta) == (1, 0)


def test_a_crashed_consumer_hides_its_message_for_one_timeout():
    s = run([Ileti(4, coken=True)], 20)
    assert (s.teslim, s.cokme, s.kurtarma, s.etki) == (2, 1, 20, 1)


def test_under_the_seeds_rule_a_long_recovery_holds_its_message():
    seed = run([Ileti(16, coken=True)], 5)
    real = run([Ileti(16, coken=True)], 5, kurallar=Kurallar(kurtarma_tek_teslim=False))
    assert (seed.teslim, seed.cift, seed.uzatma) == (2, 0, 3)
    assert (real.teslim, real.cift) == (5, 1)


def test_with_no_crash_the_average_delay_is_nan():
    assert math.isnan(run([Ileti(3)], 5).kurtarma)


def test_heartbeats_every_timeout_keep_a_69_unit_job_at_one_delivery():
    # each beat lands as the message would reappear: a tie
    s = run([Ileti(69)], 10, tuketiciler=Tuketiciler(kalp=10))
    assert (s.teslim, s.uzatma, s.silme, s.istek, s.cift) == (1, 6, 1, 8, 0)


def test_the_requests_are_receives_extensions_refused_or_not_and_deletes():
    s = run([Ileti(69)], 10, tuketiciler=Tuketiciler(kalp=15))  # every beat is refused
    assert (s.teslim, s.uzatma, s.reddedilen_uzatma) == (7, 0, 7)
    # 7 consumers finish and delete: the first deletes with a stale receipt, six find nothing
    assert (s.silinen, s.bayat_silinen, s.bos_silme, s.silme) == (1, 1, 6, 7)
    assert s.istek == 7 + 7 + 7
    strict = run([Ileti(69)], 10, kurallar=Kurallar(bayat_makbuz_siler=False), ufuk=100)
    assert strict.reddedilen_silme > 0 and strict.silme == strict.reddedilen_silme


def test_heartbeats_slower_than_the_timeout_are_refused_and_each_consumer_stops():
    s = run([Ileti(69)], 10, tuketiciler=Tuketiciler(kalp=15))
    assert (s.teslim, s.uzatma, s.reddedilen_uzatma, s.cift) == (7, 0, 7, 1)


def test_a_finite_pool_shares_the_work_and_delays_recovery():
    s = run([Ileti(1, coken=True), Ileti(10)], 5, tuketiciler=Tuketiciler(sayi=1, kalp=5))
    assert s.tuketici_basina == (3,) and s.teslim == 3
    assert s.kurtarma == 10  # reappears at 5, but the only consumer is busy until 10
    two = Tuketiciler(sayi=2, kalp=5)
    assert run([Ileti(1, coken=True), Ileti(10)], 5, tuketiciler=two).kurtarma == 5


def test_the_strict_rule_without_a_limit_needs_a_horizon():
    # in a child process: without the refusal the run would never end
    code = ("from kernel.hizmet.benzetim import Benzetim; from kernel.hizmet.sonuc import Kurallar;"
            "from kernel.hizmet.yuk import Ileti;"
            "Benzetim([Ileti(69)], 10, kurallar=Kurallar(bayat_makbuz_siler=False)).calistir()")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=60)
    assert "ValueError" in done.stderr and "bir ufuk verin" in done.stderr
    s = run([Ileti(69)], 10, ufuk=100, kurallar=Kurallar(bayat_makbuz_siler=False))
    assert (s.teslim, s.silinen, s.kuyrukta) == (11, 0, 1)


def test_consumers_take_nothing_during_an_outage():
    s = run([Ileti(2)], 10, gelis=[5], tuketiciler=Tuketiciler(kesinti=(0, 50)))
    assert s.bitis == 52


def test_retention_during_an_outage_loses_what_waited_too_long():
    s = run([Ileti(2)] * 10, 100, gelis=list(range(10)),
            tuketiciler=Tuketiciler(kesinti=(0, 20)), ayar=KuyrukAyari(saklama=15))
    # sent at 0..5: gone by 20 unseen; sent at 6 and 7: expire at 21 and 22, in flight
    assert (s.saklamada_silinen, s.islenmeden_silinen, s.islenen) == (8, 6, 4)


def test_a_message_deleted_by_retention_in_flight_still_gets_its_work_done():
    s = run([Ileti(30)], 100, ayar=KuyrukAyari(saklama=10))
    assert (s.saklamada_silinen, s.islenmeden_silinen, s.etki, s.bos_silme) == (1, 0, 1, 1)


def test_a_run_leaves_the_garbage_collector_alone(monkeypatch):
    """The collector is the whole process's: a run neither switches it off nor tunes it."""
    seen, was, enable, disable = [], gc.isenabled(), gc.enable, gc.disable

    def refuse(*_):
        raise AssertionError("the simulation touched the garbage collector")

    enable()
    for name in ("disable", "enable", "freeze", "set_threshold"):
        monkeypatch.setattr(gc, name, refuse)
    try:
        s = run(DERS_YUKU.iletiler(), 5,
                tuketiciler=Tuketiciler(ilgi=lambda ileti: seen.append(gc.isenabled()) or True))
    finally:
        (enable if was else disable)()
    assert s.teslim == 745 and len(seen) == s.etki == 669 and all(seen)


@pytest.mark.parametrize("gorunurluk", SURELER)
def test_the_simulation_reproduces_every_row_of_the_seeds_table(gorunurluk):
    row = kosum(DERS_YUKU, gorunurluk)
    s = run(DERS_YUKU.iletiler(), gorunurluk)
    assert (s.cift, s.teslim, s.kurtarma, s.olu_sureleri) == (
        row.cift, row.teslim, row.bekleme, (row.olu,) * 12)


def test_the_seeds_cited_figures():
    five, hundred_twenty = kosum(DERS_YUKU, 5), kosum(DERS_YUKU, 120)
    assert (five.cift, five.teslim) == (102, 745)
    assert (hundred_twenty.cift, hundred_twenty.bekleme, hundred_twenty.olu) == (0, 120, 600)
    assert deneyler.zehirli_teslimleri() == {t: 60 for t in SURELER}


def test_the_cap_the_table_does_not_enforce():
    assert deneyler.tavan_asimi(5) == deneyler.TavanAsimi(5, 745, 22, 76, 669, 22, 34)
    assert deneyler.tavan_asimi(10) == deneyler.TavanAsimi(10, 562, 6, 11, 551, 6, 18)
    assert deneyler.tavan_asimi(20).asan_ileti == 0
    assert deneyler.tavan_asimi(20).servis_kutuda == DERS_YUKU.zehirli


def test_under_the_cap_on_every_message_the_dead_letter_queue_holds_the_jobs_longer_than_it():
    """The poison messages, and every healthy job longer than `azami` timeouts, none other."""
    for gorunurluk in (3, 5, 10, 20):
        uzun = sum(n for sure, n in DERS_YUKU.saglam.items() if sure > AZAMI * gorunurluk)
        t = deneyler.tavan_asimi(gorunurluk)
        assert t.servis_kutuda == DERS_YUKU.zehirli + uzun
        assert uzun == t.islenirken_tasinan


def test_the_service_rules_move_slow_healthy_messages_while_they_run():
    s = run(DERS_YUKU.iletiler(), 5, kurallar=SERVIS_KURALLARI)
    assert (s.islenirken_tasinan, s.olu_kutuda) == (22, 34)


def test_a_redrive_without_a_fix_costs_sixty_more_deliveries():
    assert deneyler.geri_basma() == deneyler.GeriBasma(60, 12, 12, 60, 12)


@pytest.mark.parametrize("ceiling", [3, 8])
def test_a_redriven_message_gets_the_whole_new_ceiling_its_count_starts_again(ceiling):
    """A ceiling changed just before the redrive holds for the redriven messages in full, even
    one below the five deliveries each already had."""
    assert deneyler.geri_basma(sonra_azami=ceiling) == \
        deneyler.GeriBasma(60, 12, 12, 12 * ceiling, 12)


def test_the_dead_letter_queue_without_a_consumer_loses_its_messages_to_retention():
    assert deneyler.olu_kutu() == deneyler.OluKutu(12, 12, 0, 12)


def test_an_outage_longer_than_retention_loses_readings_silently():
    k = deneyler.saklama_kesintisi()
    assert (k.gonderilen, k.islenen, k.saklamada_silinen, k.kayip) == (400, 308, 98, 92)
    assert deneyler.saklama_kesintisi(saklama=1000).kayip == 0


def test_a_check_before_processing_lets_parallel_duplicates_through():
    assert deneyler.bekci_deneyi() == deneyler.BekciDeneyi(388, 669, 669, 388)
    sequential = deneyler.bekci_deneyi(120)
    assert sequential.bekcisiz == sequential.yazmada == 388


def test_a_check_before_processing_does_stop_a_sequential_redelivery():
    strict = Kurallar(tavan_herkese=True, bayat_makbuz_siler=False)
    guarded = run([Ileti(15)], 10, kurallar=strict, tuketiciler=Tuketiciler(bekci="okumada"))
    # 0: first copy; 10: second copy, before the first wrote; 20: third copy, after it wrote
    assert (guarded.teslim, guarded.etki, guarded.bekci_eledi, guarded.silinen) == (3, 2, 1, 1)
    unguarded = run([Ileti(15)], 10, kurallar=strict)
    assert (unguarded.teslim, unguarded.etki, unguarded.olu_kutuda) == (5, 5, 1)


def test_the_strict_receipt_rule_on_a_long_job():
    rows = {(r.kural, r.kalp): r for r in deneyler.makbuz_deneyi()}
    assert (rows["gevşek", None].teslim, rows["gevşek", None].silindi) == (7, True)
    assert (rows["katı", None].teslim, rows["katı", None].silindi) == (101, False)
    assert (rows["gevşek", None].istek, rows["katı", None].istek) == (14, 195)
    for rule in ("gevşek", "katı"):
        assert (rows[rule, 5].teslim, rows[rule, 5].uzatma, rows[rule, 5].istek) == (1, 13, 15)
        assert rows[rule, 5].silindi
    capped = deneyler.makbuz_deneyi(tavan_herkese=True)
    assert [(r.teslim, r.olu_kutuda) for r in capped] == [(5, True), (1, False)] * 2


def test_heartbeats_cost_requests_and_half_the_timeout_costs_twice_as_many():
    M = deneyler.UzatmaMaliyeti
    assert deneyler.uzatma_maliyeti() == [M(120, None, 1, 0, 1, 2), M(10, 10, 1, 6, 1, 8),
                                          M(10, 5, 1, 13, 1, 15)]


def test_the_gauge_counts_a_dead_consumers_message_in_flight_like_a_running_one():
    early, late = deneyler.gosterge()
    assert (early.an, early.gorunen, early.ucusta, early.isleniyor) == (30, 0, 39, 11)
    # by 70 every healthy job is done; 12 poison and 16 crashed messages wait hidden till 120
    assert (late.an, late.gorunen, late.ucusta, late.isleniyor) == (70, 0, 28, 0)
    assert late.ucusta == DERS_YUKU.zehirli + DERS_YUKU.coken


def test_the_seeds_two_deliveries_per_crash_hide_a_few():
    assert deneyler.kurtarma_farki(5) == deneyler.KurtarmaFarki(5, 32, 38, 4)
    assert deneyler.kurtarma_farki(10) == deneyler.KurtarmaFarki(10, 32, 33, 1)
    assert deneyler.kurtarma_farki(20) == deneyler.KurtarmaFarki(20, 32, 32, 0)


def test_a_topic_copies_each_event_to_every_subscription():
    results = konu.yayinla()
    assert [r.teslim for r in results] == [400] * 4
    assert sum(r.teslim for r in results) == 1600
    assert konu.ayar_kalemi() == 26


def test_a_filter_at_the_subscription_stores_and_delivers_only_what_matters():
    late = frozenset({"gecikmis"})
    at_sub, at_consumer = konu.yayinla([konu.Abonelik("uyari", late),
                                        konu.Abonelik("uyari", late, "tuketici")])
    assert (at_sub.saklanan, at_sub.teslim, at_sub.bos_uyanma, at_sub.islenen) == (9, 9, 0, 9)
    assert (at_consumer.saklanan, at_consumer.teslim, at_consumer.bos_uyanma,
            at_consumer.islenen) == (400, 400, 391, 9)


def test_a_new_subscription_leaves_the_others_counts_as_they_were():
    three = konu.yayinla(konu.ABONELIKLER[:3])
    assert konu.yayinla()[:3] == three and konu.ayar_kalemi(konu.ABONELIKLER[:3]) == 20


def test_a_queue_shares_the_events_among_its_consumers():
    shares = konu.kuyruk_paylasimi()
    assert shares == (110, 97, 92, 101) and sum(shares) == 400
    assert konu.kuyruk_paylasimi(1) == (400,)
