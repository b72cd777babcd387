"""The seed's two executors and two task types, native coroutines, and exceptions in tasks."""

import queue
from collections.abc import Coroutine, Generator
from typing import Any

import pytest

from refusals import Refusals, refusal_test
from test_lesson_outputs import SEED_05, lesson_05_figures, seed_05_figures
from kernel.yurutucu.cok_gorev import kostur_kuyruk
from kernel.yurutucu.gorevler import BirKezDuraklar, HemenHazir, duraklayan, kanaldakiler
from kernel.yurutucu.korutin import Durakla, KorutinGelecegi
from kernel.yurutucu.sozlesme import Baglam, Bekliyor, Gelecek, Hazir, Uyandirma, Yanit
from kernel.yurutucu.tek_gorev import iki_yurutucu, kostur, kostur_dongu


def kostur_kuyrukta_yalniz(gorev: Any) -> tuple[Any, int]:
    """The many-tasks executor given a single task: (value, polls) as the other two return."""
    [biten] = kostur_kuyruk([gorev])
    return biten.deger, biten.yoklama


SEED_EXECUTORS = [kostur, kostur_dongu]
EXECUTORS = [kostur, kostur_dongu, kostur_kuyrukta_yalniz]


class CountingWaker(Uyandirma):
    def __init__(self) -> None:
        self.calls = 0

    def uyandir(self) -> None:
        self.calls += 1


class CountedCoroutine(Coroutine[Any, Any, Any]):
    """Wraps a coroutine, counting send() calls; a send after it finished counts too."""

    def __init__(self, inner: Coroutine[Any, Any, Any]) -> None:
        self.inner, self.sends, self.finished = inner, 0, False

    def send(self, value: Any) -> Any:
        self.sends += 1
        try:
            return self.inner.send(value)
        except StopIteration:
            self.finished = True
            raise

    def throw(self, *args: Any) -> Any:
        return self.inner.throw(*args)

    def close(self) -> None:
        self.inner.close()

    def __await__(self) -> Generator[Any, None, Any]:
        return self.inner.__await__()


def test_the_two_executor_program_prints_the_seeds_figures_and_returns_what_it_printed(capsys):
    olcu, kayitlar = iki_yurutucu()
    printed = lesson_05_figures(capsys.readouterr().out)
    assert printed == seed_05_figures(SEED_05.read_text("utf-8"))
    assert printed["polls"] == {tur: (olcu[tur, "kostur"][1], olcu[tur, "kostur_dongu"][1])
                                for tur in ("BirKezDuraklar", "HemenHazir")}
    assert all(deger == f"{tur}/{ad}" for (tur, ad), (deger, _) in olcu.items())
    assert kayitlar == sorted(deger for deger, _ in olcu.values())


def test_the_pausing_task_wakes_its_waker_then_answers_pending_then_ready():
    kanal: queue.Queue[str] = queue.Queue()
    gorev, waker = BirKezDuraklar("d", kanal), CountingWaker()
    assert gorev.yokla(Baglam(waker)) == Bekliyor()
    assert waker.calls == 1 and kanaldakiler(kanal) == []
    assert gorev.yokla(Baglam(waker)) == Hazir("d")
    assert waker.calls == 1 and kanaldakiler(kanal) == ["d"]


def test_the_ready_task_reports_at_once_and_never_touches_its_waker():
    kanal: queue.Queue[str] = queue.Queue()
    waker = CountingWaker()
    assert HemenHazir("h", kanal).yokla(Baglam(waker)) == Hazir("h")
    assert waker.calls == 0 and kanaldakiler(kanal) == ["h"]


@pytest.mark.parametrize("yurutucu", SEED_EXECUTORS)
def test_the_task_that_pauses_once_takes_two_polls_and_reports_once(yurutucu):
    kanal: queue.Queue[str] = queue.Queue()
    assert yurutucu(BirKezDuraklar("d", kanal)) == ("d", 2)
    assert kanaldakiler(kanal) == ["d"]


@pytest.mark.parametrize("yurutucu", SEED_EXECUTORS)
def test_the_ready_task_takes_one_poll_and_reports_once(yurutucu):
    kanal: queue.Queue[str] = queue.Queue()
    assert yurutucu(HemenHazir("h", kanal)) == ("h", 1)
    assert kanaldakiler(kanal) == ["h"]


@pytest.mark.parametrize("yurutucu", EXECUTORS)
@pytest.mark.parametrize("kez", [0, 1, 4])
def test_a_coroutine_is_sent_once_per_poll_and_never_after_it_returns(yurutucu, kez):
    kanal: queue.Queue[str] = queue.Queue()
    korutin = CountedCoroutine(duraklayan("k", kez, kanal))
    assert yurutucu(korutin) == ("k", kez + 1)
    assert korutin.sends == kez + 1 and korutin.finished
    assert kanaldakiler(kanal) == ["k"]


@pytest.mark.parametrize("yurutucu", EXECUTORS)
def test_the_value_is_what_the_coroutine_returns(yurutucu):
    sonuc = {"toplam": 3}

    async def gorev() -> dict[str, int]:
        await Durakla()
        return sonuc

    deger, yoklama = yurutucu(gorev())
    assert deger is sonuc and yoklama == 2


@pytest.mark.parametrize("yurutucu", EXECUTORS)
def test_a_task_that_pauses_once_takes_two_polls_however_it_is_written(yurutucu):
    kanal: queue.Queue[str] = queue.Queue()

    async def elle() -> str:
        await Durakla()
        kanal.put("elle")
        return "elle"

    assert yurutucu(elle())[1] == yurutucu(duraklayan("korutin", 1, kanal))[1] == 2
    assert yurutucu(BirKezDuraklar("gelecek", kanal)) == ("gelecek", 2)
    assert kanaldakiler(kanal) == ["elle", "korutin", "gelecek"]


class Fragile(Gelecek[str]):
    """Pauses once, then raises `hata`."""

    def __init__(self, hata: Exception) -> None:
        self.hata, self.started = hata, False

    def yokla(self, baglam: Baglam) -> Yanit[str]:
        if self.started:
            raise self.hata
        self.started = True
        baglam.uyandirici.uyandir()
        return Bekliyor()


async def fragile(hata: Exception) -> str:
    await Durakla()
    raise hata


@pytest.mark.parametrize("yurutucu", EXECUTORS)
@pytest.mark.parametrize("make", [Fragile, fragile], ids=["future", "coroutine"])
def test_an_exception_in_the_task_reaches_the_caller_unchanged(yurutucu, make):
    hata = KeyError("kayıp")
    with pytest.raises(KeyError) as raised:
        yurutucu(make(hata))
    assert raised.value is hata


@pytest.mark.parametrize("yurutucu", EXECUTORS)
def test_a_coroutine_may_await_only_durakla(yurutucu):
    class Foreign:
        def __await__(self) -> Generator[str, None, None]:
            yield "başka bir döngünün isteği"

    async def gorev() -> None:
        await Foreign()

    with pytest.raises(TypeError, match="yalnız Durakla.da durabilir"):
        yurutucu(gorev())


@pytest.mark.parametrize("yurutucu", EXECUTORS)
def test_what_is_neither_a_future_nor_a_coroutine_is_refused(yurutucu):
    with pytest.raises(TypeError, match="Gelecek ya da korutin olmalı, verilen: function"):
        yurutucu(duraklayan)


REFUSED: Refusals = {  # calls that cannot mean anything (see tests/refusals.py)
    "HemenHazir('a', [])": (lambda: HemenHazir("a", []), TypeError,
                            "kanal bir Queue olmalı; verilen: [] (list)"),
    "BirKezDuraklar('a', [])": (lambda: BirKezDuraklar("a", []), TypeError,
                                "kanal bir Queue olmalı; verilen: [] (list)"),
    "KorutinGelecegi(duraklayan)": (
        lambda: KorutinGelecegi(duraklayan), TypeError,
        "korutin bir Coroutine olmalı; verilen: duraklayan işlevinin kendisi (çağrısı için "
        "duraklayan(...) yazın)"),
}


test_a_constructor_refuses_what_it_cannot_mean_in_a_sentence_naming_the_parameter = \
    refusal_test(REFUSED)
