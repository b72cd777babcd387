"""Deneylerin işleri ve küçük ara katmanları; bir planı koşturan, izini anlatan yardımcılar."""

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal, get_args

from kernel.ara_katman.sozlesme import AraKatman, AraKatmanliIs, IsciCoktu, Sonraki
from kernel.ara_katman.surucu import AraKatmanliSurucu, IzKaydi
from kernel.ara_katman.yerlesikler import RateLimited, Timeout, WithoutOverlapping
from kernel.dogrula import biri, eksi_degil, tam_sayi, tur
from kernel.isler import IsSinifi

Adim = Literal["başarı", "hata", "çökme"]
Plan = Sequence[tuple[float, IsSinifi]]  # (gönderildikten kaç saniye sonra hazır, iş)


class OrnekIs(AraKatmanliIs):
    """Deneylerin işi: adı, sanal süresi, ara katmanları ve her denemede ne olacağı.

    `senaryo[n - 1]` n. denemeyi söyler: "hata" RuntimeError fırlatır, "çökme" işçiyi öldürür;
    senaryo bitince iş başarır. Başaran gövde adını ortak günlüğe yazar: işin etkisi budur.
    Ortamı AraKatmanliSurucu bağladığı için o sürücüyle çalışır.
    """

    def __init__(self, ad: str, sure: float = 0.0, katmanlar: Sequence[AraKatman] = (),
                 senaryo: Sequence[Adim] = ()) -> None:
        self._ad, self.sure = ad, eksi_degil("sure", sure)
        self._katmanlar = [tur("katmanlar öğesi", katman, AraKatman) for katman in katmanlar]
        self.senaryo = [biri("senaryo adımı", adim, get_args(Adim)) for adim in senaryo]

    def ad(self) -> str:
        return self._ad

    def ara_katmanlar(self) -> list[AraKatman]:
        return list(self._katmanlar)

    def calistir(self) -> None:
        adim = self.senaryo[self.deneme - 1] if self.deneme <= len(self.senaryo) else "başarı"
        if adim == "hata":
            raise RuntimeError("geçici hata")
        if adim == "çökme":
            raise IsciCoktu(self._ad)
        self.ortam.yaz(self._ad)


class IceAktarmaIsi(OrnekIs):
    """Queuety belgelerinin birleşik örneği (`ImportProductsJob`): bir tedarikçinin ürünlerini
    içe aktaran iş."""

    def __init__(self, tedarikci_id: int, sure: float, senaryo: Sequence[Adim] = (),
                 ad: str | None = None) -> None:
        super().__init__(ad or f"tedarikçi {tedarikci_id}", sure, senaryo=senaryo)
        self.tedarikci_id = tam_sayi("tedarikci_id", tedarikci_id, en_az=1)

    def ara_katmanlar(self) -> list[AraKatman]:
        return [
            Timeout(seconds=300),
            WithoutOverlapping(key=f"import_supplier_{self.tedarikci_id}", release_after=600),
            RateLimited(max=5, window=60),
        ]


class SiraYazan(AraKatman):
    """İşten önce ve sonra adını ortak günlüğe yazar; soğanın katmanları görünür olur."""

    def __init__(self, ad: str) -> None:
        self.ad = ad

    def isle(self, is_: AraKatmanliIs, sonraki: Sonraki) -> None:
        is_.ortam.yaz(self.ad)
        sonraki(is_)
        is_.ortam.yaz(self.ad)


class KayitTutan(AraKatman):
    """Başlangıcı ve bitişi sanal saatle yazar; iş hata verse de bitiş yazılır (finally)."""

    def isle(self, is_: AraKatmanliIs, sonraki: Sonraki) -> None:
        ortam, baslangic = is_.ortam, is_.ortam.simdi
        ortam.yaz(f"t={baslangic:g}: {is_.ad()} başladı")
        try:
            sonraki(is_)
        finally:
            ortam.yaz(f"t={ortam.simdi:g}: {is_.ad()} bitti, {ortam.simdi - baslangic:g} sn")


class HatayiYutan(AraKatman):
    """İşin istisnasını yakalar ve ortak günlüğe yazar."""

    def isle(self, is_: AraKatmanliIs, sonraki: Sonraki) -> None:
        try:
            sonraki(is_)
        except Exception as hata:
            is_.ortam.yaz(f"{is_.ad()}: {type(hata).__name__} yakalandı")


class BakimdaAtla(AraKatman):
    """Bakım modundaysa işi sonrakine vermez: kısa devre, iş sessizce atlanır."""

    def __init__(self, bakimda: bool) -> None:
        self.bakimda = tur("bakimda", bakimda, bool)

    def isle(self, is_: AraKatmanliIs, sonraki: Sonraki) -> None:
        if self.bakimda:
            return
        sonraki(is_)


def kos(plan: Plan, deneme_hakki: int = 3, isci_sayisi: int = 1,
        geri_cekilme: float = 0.0) -> AraKatmanliSurucu:
    """Plandaki işleri sırayla gönderir, kuyruğu işletir ve sürücüyü döndürür."""
    surucu = AraKatmanliSurucu(deneme_hakki, isci_sayisi, geri_cekilme)
    for gecikme, is_ in plan:
        surucu.gonder(is_, gecikme)
    surucu.isle()
    return surucu


def anlat(iz: Sequence[IzKaydi]) -> list[str]:
    """İzdeki olayların dökümü: her olayın anı, işçisi, satırı ve işin sonra nerede olduğu."""
    satirlar = []
    for kayit in iz:
        zaman = f"{kayit.an:g}" if kayit.bitis == kayit.an else f"{kayit.an:g}–{kayit.bitis:g}"
        satir = f"t={zaman:<8} işçi {kayit.isci}  {kayit.satir()}"
        if kayit.ayrinti:
            satir += f" ({kayit.ayrinti})"
        if kayit.hazir is not None:
            satir += f" → kuyrukta, t={kayit.hazir:g}"
        if kayit.gomuldu:
            satir += " → gömüldü"
        satirlar.append(satir)
    return satirlar


@dataclass(frozen=True)
class Akibet:
    """Bir işin koşu bittiğindeki durumu."""

    sonuc: str  # son kaydı: tamamlandı, atlandı ya da gömüldü
    deneme: int  # sayılan denemeleri
    donus: int  # kuyruğa kaç kez döndüğü: başarısız deneme ya da geri konma


def akibetler(iz: Sequence[IzKaydi]) -> dict[str, Akibet]:
    """Her işin akıbeti, işler izde ilk görüldükleri sırayla."""
    son: dict[str, IzKaydi] = {}
    donus: dict[str, int] = {}
    for kayit in iz:
        son[kayit.is_adi] = kayit
        donus[kayit.is_adi] = donus.get(kayit.is_adi, 0) + (kayit.hazir is not None)
    return {ad: Akibet("gömüldü" if kayit.gomuldu else kayit.sonuc, kayit.deneme, donus[ad])
            for ad, kayit in son.items()}


def ozet(iz: Sequence[IzKaydi]) -> list[str]:
    """Her işin akıbeti, ilk görüldüğü sırayla: tamamlandı, atlandı ya da gömüldü; kaç deneme."""
    return [f"{ad:<20} {akibet.sonuc:<10} {akibet.deneme} deneme"
            for ad, akibet in akibetler(iz).items()]


def dokum(surucu: AraKatmanliSurucu) -> list[str]:
    """Bir koşunun olayları, boş bir satır ve her işin akıbeti."""
    return [*anlat(surucu.iz), "", *ozet(surucu.iz)]


def cakisan_sure(iz: Sequence[IzKaydi]) -> float:
    """En az iki gövdenin aynı anda çalıştığı toplam süre (saniye)."""
    araliklar = [(k.an, k.bitis) for k in iz if k.govde and k.bitis > k.an]
    anlar = sorted({an for aralik in araliklar for an in aralik})
    return sum(son - bas for bas, son in pairwise(anlar)
               if sum(a <= bas and son <= b for a, b in araliklar) >= 2)
