"""The simulation's per-message trace (`izle=True`): it changes no count, it agrees with every
count it can be held to, and a message's trace does not depend on the other messages while
consumers are unlimited (what lesson 04's explorer relies on to draw five messages)."""

from itertools import pairwise

import pytest
from hypothesis import given, strategies as st

from kernel.hizmet.ayarlar import KuyrukAyari, Tuketiciler
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.iz import Iz
from kernel.hizmet.sonuc import SAYIM_KURALLARI, SERVIS_KURALLARI, Kurallar
from kernel.hizmet.yuk import DERS_YUKU, Ileti

ILETILER = st.lists(st.builds(Ileti, st.integers(1, 40), st.booleans(),
                              st.booleans()).filter(lambda i: not (i.zehirli and i.coken)),
                    min_size=1, max_size=12)
SECENEKLER = st.fixed_dictionaries({
    "kurallar": st.sampled_from([SAYIM_KURALLARI, SERVIS_KURALLARI,
                                 Kurallar(tavan_herkese=True, bayat_makbuz_siler=False)]),
    "ayar": st.builds(KuyrukAyari, st.integers(1, 6), st.none() | st.integers(20, 200)),
    "tuketiciler": st.builds(Tuketiciler, st.none() | st.integers(1, 3),
                             st.none() | st.integers(1, 12),
                             st.sampled_from(["yok", "okumada", "yazmada"])),
})


def traced(iletiler, gorunurluk, ufuk=None, **secenekler):
    benzetim = Benzetim(iletiler, gorunurluk, izle=True, **secenekler)
    sonuc = benzetim.calistir(ufuk)
    assert isinstance(benzetim.iz, Iz)
    return sonuc, benzetim.iz.iletiler


@given(ILETILER, st.integers(1, 30), SECENEKLER)
def test_tracing_changes_no_count_and_agrees_with_every_count(iletiler, gorunurluk, secenekler):
    ufuk = 2000  # the strict rule can loop forever; both runs stop at the same horizon
    plain = Benzetim(iletiler, gorunurluk, **secenekler).calistir(ufuk)
    sonuc, izler = traced(iletiler, gorunurluk, ufuk, **secenekler)
    assert sonuc == plain
    assert sorted(izler) == list(range(len(iletiler)))
    alislar = [alis for iz in izler.values() for alis in iz.alislar]
    assert len(alislar) == sonuc.teslim
    assert sum(iz.kosut_islendi for iz in izler.values()) == sonuc.cift
    sonlar = [iz.son[0] for iz in izler.values() if iz.son is not None]
    assert sonlar.count("silindi") == sonuc.silinen
    assert sonlar.count("ölü mektup kutusuna") == sonuc.olu_tasinan
    assert sonlar.count("saklamada silindi") == sonuc.saklamada_silinen
    assert sum(alis.isleyis == "basarisiz" for alis in alislar) == sonuc.zehirli_teslim
    assert sum(alis.isleyis == "coktu" for alis in alislar) == sonuc.cokme
    okumada = sonuc.bekci_eledi if secenekler["tuketiciler"].bekci == "okumada" else 0
    assert sum(alis.isleyis == "eledi" for alis in alislar) == sonuc.bos_uyanma + okumada
    for iz in izler.values():
        assert [alis.alinma for alis in iz.alislar] == list(range(1, len(iz.alislar) + 1))
        for alis in iz.alislar:  # hidden from its receipt on, never past the message's end
            assert alis.an <= alis.gizli_bitis
            assert alis.bitis >= alis.an
        for once, sonra in pairwise(iz.alislar):  # received again only once visible again
            assert once.gizli_bitis <= sonra.an
        if iz.son is not None and iz.alislar:
            assert iz.alislar[-1].gizli_bitis <= iz.son[1]


def test_a_dlq_move_is_traced_at_the_time_the_service_records():
    sonuc, izler = traced([Ileti(3, zehirli=True)], 30)
    (iz,) = izler.values()
    assert [alis.an for alis in iz.alislar] == [0, 30, 60, 90, 120]
    assert [alis.gizli_bitis for alis in iz.alislar] == [30, 60, 90, 120, 150]
    assert {alis.isleyis for alis in iz.alislar} == {"basarisiz"}
    assert iz.son == ("ölü mektup kutusuna", 150) and sonuc.olu_sureleri == (150,)


def test_a_slow_job_is_received_again_while_its_first_consumer_works():
    _, izler = traced([Ileti(25)], 10)
    (iz,) = izler.values()
    assert [(a.an, a.gizli_bitis, a.bitis, a.kosut) for a in iz.alislar] == [
        (0, 10, 25, False), (10, 20, 35, True), (20, 25, 45, True)]
    assert iz.son == ("silindi", 25)  # the first to finish deletes with its stale receipt


def test_a_crashed_consumer_leaves_its_message_hidden_and_unworked_for_one_timeout():
    _, izler = traced([Ileti(4, coken=True)], 20)
    (iz,) = izler.values()
    assert [(a.isleyis, a.an, a.bitis, a.gizli_bitis) for a in iz.alislar] == [
        ("coktu", 0, 0, 20), ("isledi", 20, 24, 24)]


def test_heartbeats_keep_one_receipt_hidden_until_the_job_deletes_it():
    _, izler = traced([Ileti(69)], 10, tuketiciler=Tuketiciler(kalp=5))
    (iz,) = izler.values()
    assert [(a.an, a.gizli_bitis, a.bitis) for a in iz.alislar] == [(0, 69, 69)]
    assert iz.son == ("silindi", 69)


def test_retention_ends_a_message_in_the_trace():
    sonuc, izler = traced([Ileti(3)], 10, ayar=KuyrukAyari(saklama=50),
                          tuketiciler=Tuketiciler(kesinti=(0, 100)))
    assert sonuc.saklamada_silinen == 1
    assert izler[0].alislar == [] and izler[0].son == ("saklamada silindi", 50)


def test_a_message_pushed_back_from_the_dlq_starts_a_new_trace():
    benzetim = Benzetim([Ileti(3, zehirli=True)], 10, izle=True)
    benzetim.calistir()
    benzetim.olu.geri_bas(benzetim.kuyruk)
    benzetim.calistir()
    assert benzetim.iz is not None
    iz = benzetim.iz.iletiler[0]
    assert (iz.gonderim, iz.alislar[0].an, iz.son) == (50, 50, ("ölü mektup kutusuna", 100))


def test_an_untraced_run_keeps_no_trace():
    benzetim = Benzetim([Ileti(3)], 10)
    benzetim.calistir()
    assert benzetim.iz is None


def test_izle_must_be_a_bool():
    with pytest.raises(TypeError, match="izle"):
        Benzetim([Ileti(3)], 10, izle="evet")  # type: ignore[arg-type]


@given(st.sets(st.integers(0, len(DERS_YUKU.iletiler()) - 1), min_size=1, max_size=6),
       st.integers(1, 120), st.none() | st.integers(1, 120),
       st.sampled_from([SAYIM_KURALLARI, SERVIS_KURALLARI]))
def test_with_unlimited_consumers_a_messages_trace_does_not_depend_on_the_others(
        siralar, gorunurluk, kalp, kurallar):
    iletiler = DERS_YUKU.iletiler()
    tuketiciler = Tuketiciler(kalp=kalp)
    _, hepsi = traced(iletiler, gorunurluk, kurallar=kurallar, tuketiciler=tuketiciler)
    secilen = sorted(siralar)
    _, yalniz = traced([iletiler[s] for s in secilen], gorunurluk, kurallar=kurallar,
                       tuketiciler=tuketiciler)
    for yeni, sira in enumerate(secilen):
        assert (yalniz[yeni].alislar, yalniz[yeni].son) == (hepsi[sira].alislar, hepsi[sira].son)
