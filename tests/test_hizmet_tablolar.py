"""The seed's workload, its two closed-form tables, and JavaScript's number rules behind them."""

import math
from pathlib import Path

import pytest

from kernel.hizmet import fanout, gorunurluk
from kernel.hizmet.jsayi import KESIN_SINIR, kesin, metin, tam_yuvarla
from kernel.hizmet.yuk import (
    ARTIS,
    CARPAN,
    COKEN,
    KUMELER,
    MODUL,
    DERS_YUKU,
    ZEHIRLI,
    IsYuku,
    kume,
)

SEED_SWEEP = """\
gorunurluk   cift isleme  toplam teslim  kurtarma gecikmesi  olu kutuya dusme
5                    102            745                   5                25
10                    40            562                  10                50
20                    28            505                  20               100
30                    11            480                  30               150
60                     5            469                  60               300
120                    0            464                 120               600
ileti: 400, zehirli: 12, tuketicisi coken: 16, en uzun is: 69 birim, tohum: 20260518"""

SEED_FANOUT = """\
tuketici   kuyruk teslim  kuyruk kalem  konu teslim  konu kalem
1                    400             5          400           8
2                    400             5          800          14
3                    400             5         1200          20
4                    400             5         1600          26
tuketici basina is: kuyrukta 100, konuda 400 (dort tuketicide)"""


HARFSIZ = str.maketrans("çğıöşüÇĞİÖŞÜ", "cgiosuCGIOSU")
EXPECTED = Path(__file__).parent / "expected"


def harfsiz(metin: str) -> str:
    """The text as the seed's programs print it: Turkish letters without their marks."""
    return metin.translate(HARFSIZ)


@pytest.mark.parametrize("tablo,seed,words", [
    (gorunurluk.tablo, SEED_SWEEP, ["görünürlük", "çift işleme", "ölü kutuya düşme",
                                    "tüketicisi çöken", "en uzun iş"]),
    (fanout.tablo, SEED_FANOUT, ["tüketici", "tüketici başına iş", "dört tüketicide"])])
def test_the_tables_are_the_seeds_figure_for_figure_with_turkish_letters(tablo, seed, words):
    """Every figure and every space where the seed prints it; a word differs from the seed's
    only by the marks of its Turkish letters, which it keeps."""
    printed = tablo()
    assert harfsiz(printed) == seed
    assert all(word in printed for word in words)
    assert [len(line) for line in printed.splitlines()] == [len(line) for line in seed.splitlines()]


@pytest.mark.parametrize("name,seed", [("04-gorunurluk.txt", SEED_SWEEP),
                                       ("04-fanout.txt", SEED_FANOUT)])
def test_the_lessons_expected_blocks_are_the_seeds_tables(name, seed):
    """tests/expected holds the block the lesson prints: the kernel's table, the seed's own
    once its letters are folded."""
    block = (EXPECTED / name).read_text(encoding="utf-8")
    assert harfsiz(block) == seed + "\n"
    tablo = {"04-gorunurluk.txt": gorunurluk.tablo, "04-fanout.txt": fanout.tablo}[name]
    assert block == tablo() + "\n"


def test_the_workload_has_the_seeds_counts():
    assert (DERS_YUKU.ileti, DERS_YUKU.zehirli, DERS_YUKU.coken) == (400, 12, 16)
    assert DERS_YUKU.cakisan == 0
    assert DERS_YUKU.en_uzun == 69
    assert sum(DERS_YUKU.saglam.values()) == 400 - 12 - 16


def test_the_first_durations_are_node_s():
    # node, running the seed's generator: [5,3,5,2,6,3,6,5,6,2,2,3]
    assert DERS_YUKU.sureler[:12] == [5, 3, 5, 2, 6, 3, 6, 5, 6, 2, 2, 3]


def test_the_generator_rounds_like_doubles_not_like_exact_integers():
    exact = (20260518 * 1103515245 + 12345) % 2147483648
    double = (20260518.0 * CARPAN + ARTIS) % MODUL
    assert (exact, double) == (1070348519, 1070348520.0)  # node prints 1070348520


def test_an_exact_integer_generator_would_print_another_table():
    d, durations = 20260518, []
    for _ in range(400):
        d = (d * 1103515245 + 12345) % 2147483648
        p = d / 2147483648
        d = (d * 1103515245 + 12345) % 2147483648
        k = next(k for k in KUMELER if p < k.esik)
        durations.append(k.taban + math.floor(d / 2147483648 * k.genislik))
    assert durations != DERS_YUKU.sureler


def test_every_duration_lies_in_its_cluster():
    for sure in IsYuku(ileti=5000).sureler:
        assert kume(sure) in {"olagan", "toplu", "gecikmis"}
    assert [kume(s) for s in (2, 6, 12, 31, 40, 69)] == ["olagan", "olagan", "toplu", "toplu",
                                                       "gecikmis", "gecikmis"]


def test_poison_and_crash_positions_are_fixed_and_first_meet_at_403():
    assert [i for i in range(400) if i in ZEHIRLI][:3] == [7, 40, 73]
    assert [i for i in range(400) if i in COKEN][:3] == [3, 28, 53]
    assert not any(i in ZEHIRLI and i in COKEN for i in range(403))
    assert 403 in ZEHIRLI and 403 in COKEN
    assert (IsYuku(ileti=403).cakisan, IsYuku(ileti=404).cakisan) == (0, 1)


@pytest.mark.parametrize("tohum,ileti,message", [
    (-1, 400, "tohum"), (KESIN_SINIR, 400, "tohum"), (1, 0, "ileti"), (1, -3, "ileti")])
def test_bad_workloads_are_refused(tohum, ileti, message):
    with pytest.raises(ValueError, match=message):
        IsYuku(tohum, ileti)


def test_the_largest_safe_seed_is_accepted():
    assert len(IsYuku(KESIN_SINIR - 1, 3).sureler) == 3


def test_the_closed_form_counts_each_kind_of_message():
    row = gorunurluk.kosum(DERS_YUKU, 5)
    assert (row.cift, row.teslim, row.bekleme, row.olu) == (102, 745, 5.0, 25)
    assert row.bekleme_toplam == 16 * 5


def test_with_no_crashed_message_the_delay_is_nan_and_the_table_prints_a_dash():
    row = gorunurluk.kosum(IsYuku(ileti=3), 5)
    assert row.coken == 0 and math.isnan(row.bekleme)
    assert gorunurluk.tablo(ileti=3).splitlines()[1].split()[3] == "—"


def test_past_403_the_seed_averages_over_a_crash_that_never_happened():
    row = gorunurluk.kosum(IsYuku(ileti=1000), 60)
    assert (row.coken, row.bekleme_toplam) == (40, 39 * 60)
    assert row.bekleme == 58.5
    assert gorunurluk.tablo(ileti=1000, sureler=[60]).splitlines()[1].split()[3] == "59"


def test_the_cap_multiplies_the_timeout_into_the_dead_letter_time():
    assert [r.olu for r in gorunurluk.tarama(DERS_YUKU, azami=3)] == [15, 30, 60, 90, 180, 360]


@pytest.mark.parametrize("call,message", [
    (lambda: gorunurluk.kosum(DERS_YUKU, 0), "görünürlük"),
    (lambda: gorunurluk.kosum(DERS_YUKU, 5, azami=0), "azami"),
    (lambda: gorunurluk.tarama(DERS_YUKU, []), "sureler boş"),
    (lambda: gorunurluk.kosum(DERS_YUKU, 2**52), "2\\^53"),
    (lambda: fanout.fanout(0), "ileti"),
    (lambda: fanout.fanout(400, []), "tuketici boş"),
    (lambda: fanout.fanout(400, [2, 0]), "tüketici"),
    (lambda: fanout.fanout(2**50, [16]), "2\\^53"),
])
def test_bad_parameters_are_refused_with_a_message(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_the_fanout_closing_line_follows_the_largest_count():
    assert fanout.tablo(400, [2, 3]).splitlines()[-1] == (
        "tüketici başına iş: kuyrukta 133.33333333333334, konuda 400 (üç tüketicide)")
    assert fanout.tablo(7, [12]).splitlines()[-1] == (
        "tüketici başına iş: kuyrukta 0.5833333333333334, konuda 7 (12 tüketicide)")


def test_a_topic_adds_six_settings_per_subscriber():
    assert [fanout.konu_kalemi(k) for k in range(5)] == [2, 8, 14, 20, 26]


@pytest.mark.parametrize("x,js", [
    (100.0, "100"), (100.25, "100.25"), (400 / 3, "133.33333333333334"), (1e-5, "0.00001"),
    (1e-6, "0.000001"), (1e-7, "1e-7"), (1.5e-10, "1.5e-10"), (2.0**53, "9007199254740992"),
    (1e21, "1e+21"), (0.1, "0.1")])
def test_numbers_print_as_javascript_s_string(x, js):
    assert metin(x) == js


@pytest.mark.parametrize("x,js", [
    (58.5, "59"), (2.5, "3"), (0.5, "1"), (4.875, "5"), (0.49999999999999994, "0"),
    (120.0, "120"), (0.0, "0"), (math.nan, "NaN")])
def test_to_fixed_zero_rounds_halves_up_not_to_even(x, js):
    assert tam_yuvarla(x) == js


def test_only_integers_javascript_holds_exactly_pass():
    assert kesin("x", KESIN_SINIR) == KESIN_SINIR
    with pytest.raises(ValueError, match="x 9007199254740993"):
        kesin("x", KESIN_SINIR + 1)
