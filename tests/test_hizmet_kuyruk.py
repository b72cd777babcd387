"""The managed queue on a virtual clock: receipts, delete, visibility, redrive, retention."""

import pytest

from kernel.hizmet.kuyruk import Kuyruk, Saat, Yonlendirme


def queue(gorunurluk: float = 10, azami: int | None = None, **options):
    clock = Saat()
    dead = Kuyruk(clock, gorunurluk, saklama=options.get("saklama"))
    redrive = Yonlendirme(dead, azami) if azami is not None else None
    return clock, Kuyruk(clock, gorunurluk, yonlendirme=redrive, **options), dead


def test_a_receive_hides_the_message_for_the_timeout_and_counts_it():
    clock, q, _ = queue()
    q.gonder(7)
    (first,) = q.al()
    assert (first.govde, first.alinma) == (7, 1)
    clock.simdi = 9.5
    assert q.al() == []
    assert q.siradaki_gorunur() == 10
    clock.simdi = 10
    (second,) = q.al()
    assert second.alinma == 2 and second.makbuz != first.makbuz
    assert q.sayac.teslim == 2


def test_the_depth_counts_visible_and_in_flight_messages_as_the_clock_moves():
    clock, q, _ = queue()
    for body in (1, 2, 3):
        q.gonder(body)
    assert q.derinlik() == (3, 0)
    first, second = q.al(2)
    assert q.derinlik() == (1, 2)
    q.sil(first.makbuz)
    assert q.derinlik() == (1, 1)
    clock.simdi = 10  # the unfinished one reappears: nothing tells it from a fresh message
    assert q.derinlik() == (2, 0)


def test_visible_messages_come_earliest_first_then_in_send_order():
    clock, q, _ = queue(gorunurluk=5)
    for body in (1, 2, 3):
        q.gonder(body)
    assert [t.govde for t in q.al(2)] == [1, 2]
    clock.simdi = 1
    q.gonder(4)
    assert [t.govde for t in q.al(5)] == [3, 4]
    clock.simdi = 5
    assert [t.govde for t in q.al(5)] == [1, 2]


def test_a_message_made_visible_at_once_regains_its_send_order_place():
    _, q, _ = queue()
    for body in (1, 2, 3):
        q.gonder(body)
    (first,) = q.al()
    assert q.gorunurlugu_degistir(first.makbuz, 0)
    assert [t.govde for t in q.al(3)] == [1, 2, 3]


def test_a_send_at_the_instant_of_a_half_received_head_waits_behind_it():
    """The head's bucket is already sorted when 4 arrives: 4 takes its place, not the front."""
    _, q, _ = queue()
    for body in (1, 2, 3):
        q.gonder(body)
    q.al()
    q.gonder(4)
    assert [t.govde for t in q.al(3)] == [2, 3, 4]


def test_a_later_send_that_becomes_visible_sooner_comes_first():
    clock, q, _ = queue()
    q.gonder(1)
    q.al()
    assert q.siradaki_gorunur() == 10
    clock.simdi = 5
    q.gonder(2)
    assert q.siradaki_gorunur() == 5
    assert [t.govde for t in q.al(2)] == [2]
    clock.simdi = 10
    assert [t.govde for t in q.al(2)] == [1]


def test_delete_with_the_latest_receipt_removes_the_message():
    _, q, _ = queue()
    q.gonder(1)
    (t,) = q.al()
    assert q.sil(t.makbuz) is True
    assert len(q) == 0 and q.sayac.silinen == 1
    assert q.sil(t.makbuz) is False and q.sayac.bos_silme == 1


@pytest.mark.parametrize("lenient", [True, False])
def test_a_stale_receipt_deletes_only_under_the_lenient_rule(lenient):
    clock, q, _ = queue(bayat_makbuz_siler=lenient)
    q.gonder(1)
    (old,) = q.al()
    clock.simdi = 10
    (new,) = q.al()
    assert q.sil(old.makbuz) is lenient
    assert len(q) == (0 if lenient else 1)
    assert (q.sayac.bayat_silinen, q.sayac.reddedilen_silme) == ((1, 0) if lenient else (0, 1))
    if not lenient:
        assert q.sil(new.makbuz) is True


def test_a_receipt_the_queue_never_issued_deletes_nothing():
    _, q, _ = queue()
    q.gonder(1)
    assert q.sil(999) is False and len(q) == 1


def test_visibility_changes_only_with_the_latest_receipt_and_counts_from_now():
    clock, q, _ = queue()
    q.gonder(1)
    (old,) = q.al()
    clock.simdi = 4
    assert q.gorunurlugu_degistir(old.makbuz, 10) is True
    clock.simdi = 10
    assert q.al() == []
    clock.simdi = 14
    (new,) = q.al()
    assert q.gorunurlugu_degistir(old.makbuz, 100) is False
    assert (q.sayac.uzatma, q.sayac.reddedilen_uzatma) == (1, 1)
    assert q.gorunurlugu_degistir(new.makbuz, 0) is True
    assert [t.govde for t in q.al()] == [1]


def test_a_message_is_delivered_at_most_the_cap_then_moved_with_its_count():
    clock, q, dead = queue(gorunurluk=5, azami=3)
    q.gonder(9)
    for n in range(3):
        clock.simdi = 5 * n
        assert [t.alinma for t in q.al()] == [n + 1]
    clock.simdi = 15
    assert q.al() == []
    assert (len(q), len(dead), q.sayac.olu_tasinan) == (0, 1, 1)
    assert q.tasimalar[0] == (9, 15, 15)
    assert [t.alinma for t in dead.al()] == [4]  # the receive count was carried over


def test_the_redrive_policy_applies_only_to_the_bodies_it_covers():
    clock = Saat()
    dead = Kuyruk(clock, 5)
    q = Kuyruk(clock, 5, yonlendirme=Yonlendirme(dead, 1, lambda body: body == 2))
    q.gonder(1)
    q.gonder(2)
    q.al(2)
    clock.simdi = 5
    assert [t.govde for t in q.al(2)] == [1]
    assert len(dead) == 1


def test_redrive_back_resets_the_count():
    clock, q, dead = queue(gorunurluk=5, azami=1)
    q.gonder(3)
    q.al()
    clock.simdi = 5
    q.al()
    assert dead.geri_bas(q) == 1
    assert (len(dead), [t.alinma for t in q.al()]) == (0, [1])


def test_retention_deletes_silently_at_its_end_visible_or_hidden():
    clock, q, _ = queue(gorunurluk=100, saklama=30)
    q.gonder(1)
    clock.simdi = 10
    q.gonder(2)
    q.al()  # body 1 is in flight
    clock.simdi = 29.9
    assert len(q) == 2
    clock.simdi = 30
    assert len(q) == 1 and q.saklamada_silinenler == [1]
    clock.simdi = 40
    assert q.al() == [] and q.sayac.saklamada_silinen == 2


def test_a_dead_letter_keeps_its_original_send_time_for_retention():
    clock, q, dead = queue(gorunurluk=5, azami=1, saklama=12)
    q.gonder(1)
    q.al()
    clock.simdi = 5
    q.al()
    assert len(dead) == 1
    clock.simdi = 12
    assert len(dead) == 0 and dead.saklamada_silinenler == [1]


@pytest.mark.parametrize("options,message", [
    ({"gorunurluk": 0}, "gorunurluk"), ({"saklama": 0}, "saklama"), ({"azami": 0}, "azami")])
def test_bad_settings_are_refused(options, message):
    with pytest.raises(ValueError, match=message):
        queue(**options)
