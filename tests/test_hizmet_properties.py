"""Properties of the queue-service simulation for any seed, size, timeout, cap and schedule."""

import math

from hypothesis import given, settings, strategies as st

from kernel.hizmet import konu
from kernel.hizmet.ayarlar import KuyrukAyari, Tuketiciler
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.gorunurluk import kosum
from kernel.hizmet.jsayi import KESIN_SINIR
from kernel.hizmet.sonuc import Kurallar
from kernel.hizmet.yuk import KUMELER, Ileti, IsYuku, kume

seeds = st.integers(min_value=0, max_value=KESIN_SINIR - 1)
sizes = st.integers(min_value=1, max_value=900)  # past 403, where a poison message also crashes
timeouts = st.integers(min_value=1, max_value=150)
caps = st.integers(min_value=1, max_value=8)
durations = st.integers(min_value=1, max_value=200)
slow = settings(max_examples=60, deadline=None)


def healthy(yuk: IsYuku, gorunurluk: int) -> list[int]:
    """Rounds of each message that is neither poison nor crashed."""
    return [math.ceil(i.sure / gorunurluk) for i in yuk.iletiler() if not (i.zehirli or i.coken)]


@slow
@given(seeds, sizes, timeouts, caps)
def test_under_the_seeds_rules_the_simulation_counts_what_the_closed_form_counts(
        tohum, ileti, gorunurluk, azami):
    yuk = IsYuku(tohum, ileti)
    row = kosum(yuk, gorunurluk, azami)
    s = Benzetim(yuk.iletiler(), gorunurluk, ayar=KuyrukAyari(azami=azami)).calistir()
    assert (s.teslim, s.cift, s.kurtarma_toplam) == (row.teslim, row.cift, row.bekleme_toplam)
    assert s.olu_sureleri == (row.olu,) * yuk.zehirli
    assert s.zehirli_teslim == yuk.zehirli * azami
    assert s.cokme == row.coken - yuk.cakisan  # the seed's divisor counts the overlap too


@slow
@given(seeds, sizes, timeouts, caps)
def test_a_cap_on_every_message_removes_exactly_the_deliveries_beyond_it(
        tohum, ileti, gorunurluk, azami):
    yuk = IsYuku(tohum, ileti)
    seed = Benzetim(yuk.iletiler(), gorunurluk, ayar=KuyrukAyari(azami=azami)).calistir()
    capped = Benzetim(yuk.iletiler(), gorunurluk, ayar=KuyrukAyari(azami=azami),
                      kurallar=Kurallar(tavan_herkese=True)).calistir()
    over = sum(1 for rounds in healthy(yuk, gorunurluk) if rounds > azami)
    crashed_over = (yuk.coken - yuk.cakisan) if azami < 2 else 0
    assert capped.teslim == seed.teslim - seed.tavan_ustu_teslim
    assert capped.islenirken_tasinan == over
    assert seed.tavan_asan == over + crashed_over
    assert capped.olu_kutuda == yuk.zehirli + over + crashed_over


@given(durations, timeouts, st.integers(min_value=1, max_value=150), st.booleans())
def test_heartbeats_no_slower_than_the_timeout_keep_one_delivery_under_either_rule(
        sure, gorunurluk, kalp, lenient):
    kalp = min(kalp, gorunurluk)
    s = Benzetim([Ileti(sure)], gorunurluk, tuketiciler=Tuketiciler(kalp=kalp),
                 kurallar=Kurallar(bayat_makbuz_siler=lenient)).calistir()
    assert (s.teslim, s.cift, s.silinen, s.reddedilen_uzatma) == (1, 0, 1, 0)
    assert s.uzatma == math.ceil(sure / kalp) - 1


@given(durations, timeouts, caps)
def test_without_heartbeats_the_strict_rule_never_deletes_a_job_longer_than_the_timeout(
        sure, gorunurluk, azami):
    s = Benzetim([Ileti(sure)], gorunurluk, ayar=KuyrukAyari(azami=azami),
                 kurallar=Kurallar(tavan_herkese=True, bayat_makbuz_siler=False)).calistir()
    if sure <= gorunurluk:
        assert (s.teslim, s.silinen, s.olu_kutuda) == (1, 1, 0)
    else:
        assert (s.teslim, s.silinen, s.olu_kutuda) == (azami, 0, 1)
        assert s.etki == azami  # every copy ran to the end and wrote its effect


@given(st.lists(st.integers(min_value=0, max_value=300), min_size=1, max_size=60),
       st.integers(min_value=0, max_value=200), st.integers(min_value=0, max_value=200),
       st.integers(min_value=70, max_value=300))
def test_an_outage_loses_exactly_the_messages_that_outlived_retention_while_waiting(
        gelis, start, length, saklama):
    end = start + length
    s = Benzetim([Ileti(69)] * len(gelis), 120, gelis=gelis,
                 tuketiciler=Tuketiciler(kesinti=(start, end)),
                 ayar=KuyrukAyari(saklama=saklama)).calistir()
    lost = sum(1 for g in gelis if start <= g and g + saklama <= end)
    assert s.islenmeden_silinen == lost
    assert s.islenen == len(gelis) - lost


@slow
@given(seeds, st.integers(min_value=1, max_value=400), timeouts)
def test_a_check_before_processing_stops_no_parallel_duplicate_a_write_check_stops_all(
        tohum, ileti, gorunurluk):
    iletiler = IsYuku(tohum, ileti).iletiler()
    runs = {b: Benzetim(iletiler, gorunurluk, tuketiciler=Tuketiciler(bekci=b)).calistir()
            for b in ("yok", "okumada", "yazmada")}
    assert runs["okumada"].etki == runs["yok"].etki
    assert runs["yazmada"].etki == runs["yok"].islenen
    assert runs["yok"].etki - runs["yok"].islenen == sum(
        rounds - 1 for rounds in healthy(IsYuku(tohum, ileti), gorunurluk))


@slow
@given(seeds, st.integers(min_value=1, max_value=400),
       st.sets(st.sampled_from([k.ad for k in KUMELER])), st.integers(min_value=1, max_value=6))
def test_a_filter_at_the_subscription_saves_what_a_filter_at_the_consumer_wastes(
        tohum, ileti, kumeler, tuketici):
    yuk = IsYuku(tohum, ileti)
    wanted = sum(1 for sure in yuk.sureler if kume(sure) in kumeler)
    at_sub, at_consumer = konu.yayinla([konu.Abonelik("a", frozenset(kumeler)),
                                        konu.Abonelik("a", frozenset(kumeler), "tuketici")], yuk)
    assert (at_sub.saklanan, at_sub.teslim, at_sub.bos_uyanma) == (wanted, wanted, 0)
    assert (at_consumer.saklanan, at_consumer.teslim) == (ileti, ileti)
    assert at_consumer.bos_uyanma == ileti - wanted
    assert at_sub.islenen == at_consumer.islenen == wanted
    shares = konu.kuyruk_paylasimi(tuketici, yuk)
    assert len(shares) == tuketici and sum(shares) == ileti


@slow
@given(seeds, st.integers(min_value=1, max_value=300), timeouts,
       st.one_of(st.none(), st.integers(min_value=1, max_value=5)))
def test_the_same_input_gives_the_same_result(tohum, ileti, gorunurluk, tuketici):
    iletiler = IsYuku(tohum, ileti).iletiler()
    tuketiciler = Tuketiciler(sayi=tuketici)
    first = Benzetim(iletiler, gorunurluk, tuketiciler=tuketiciler).calistir()
    assert Benzetim(iletiler, gorunurluk, tuketiciler=tuketiciler).calistir() == first
