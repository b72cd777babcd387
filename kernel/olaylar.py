"""Olaylar ve dinleyiciler: denetleyici bir olayı duyurur, o ada bağlı dinleyiciler tepki verir."""

from abc import ABC, abstractmethod
from dataclasses import dataclass

from kernel.dogrula import tam_sayi, tur
from kernel.isler import IsSinifi, Surucu
from kernel.olcum import Gunluk


@dataclass(frozen=True)
class Olay:
    """Duyurulan bir olay: adı ve hangi yazıyla ilgili olduğu."""

    ad: str
    yazi_id: int


class Dinleyici(ABC):
    """Bir olaya tepki veren parça; `ad()` ölçülen parçanın adıdır."""

    kuyrukta: bool = False  # True: tepki istekte değil, kuyruğa konan bir işte çalışır

    @abstractmethod
    def ad(self) -> str: ...

    @abstractmethod
    def tepki(self, olay: Olay) -> bool | None:
        """Olaya tepki verir; istekte çalışırken False döndürürse sonrakiler çalışmaz."""


class DinleyiciIsi(IsSinifi):
    """Kuyruktaki dinleyicinin işi: işçi çalıştırınca dinleyici olaya tepki verir."""

    def __init__(self, dinleyici: Dinleyici, olay: Olay) -> None:
        self.dinleyici, self.olay = dinleyici, olay

    def ad(self) -> str:
        return self.dinleyici.ad()

    def calistir(self) -> None:
        self.dinleyici.tepki(self.olay)  # dönen değere bakılmaz: yayılımı durduramaz


class Dagitici:
    """Dinleyicileri olay adıyla kaydeder; duyurulan olayı o ada bağlı olanlara dağıtır."""

    def __init__(self, kuyruk: Surucu) -> None:
        self.kuyruk = tur("kuyruk", kuyruk, Surucu)
        self._kayitlar: list[tuple[str, Dinleyici]] = []  # (olay adı, dinleyici), sırayla
        self.duyurulanlar: list[str] = []  # bu dağıtıcının duyurduğu olay adları, sırayla

    def dinle(self, olay_adi: str, dinleyici: Dinleyici) -> None:
        self._kayitlar.append((olay_adi, dinleyici))

    def bagli(self, olay_adi: str) -> list[Dinleyici]:
        """Bu ada kaydedilmiş dinleyiciler, kayıt sırasıyla."""
        return [dinleyici for ad, dinleyici in self._kayitlar if ad == olay_adi]

    def duyur(self, olay: Olay) -> None:
        """Bağlı her dinleyici yola konur; kuyruktakiler ertelenir, ötekiler hemen koşar."""
        self.duyurulanlar.append(olay.ad)
        bagli = self.bagli(olay.ad)
        for dinleyici in bagli:
            Gunluk.yola(dinleyici.ad())
        for dinleyici in bagli:
            if dinleyici.kuyrukta:
                self.kuyruk.gonder(DinleyiciIsi(dinleyici, olay))
                continue
            Gunluk.kostu(dinleyici.ad())
            if dinleyici.tepki(olay) is False:
                return  # yayılım durdu

    def duyurulmayanlar(self) -> list[tuple[str, str]]:
        """(olay adı, dinleyici) çiftleri, kayıt sırasıyla: adı hiç duyurulmamış kayıtlar."""
        return [(olay_adi, dinleyici.ad()) for olay_adi, dinleyici in self._kayitlar
                if olay_adi not in self.duyurulanlar]


class YazanDinleyici(Dinleyici):
    """Tepkisini ortak bir etki listesine yazar; `durdurur` ise ardından False döndürür."""

    def __init__(self, ad: str, etkiler: list[str], kuyrukta: bool = False,
                 durdurur: bool = False) -> None:
        self._ad, self.etkiler = ad, tur("etkiler", etkiler, list)
        self.kuyrukta = tur("kuyrukta", kuyrukta, bool)
        self.durdurur = tur("durdurur", durdurur, bool)

    def ad(self) -> str:
        return self._ad

    def tepki(self, olay: Olay) -> bool | None:
        self.etkiler.append(f"{self._ad}: yazı {olay.yazi_id}")
        return False if self.durdurur else None


class KirilganDinleyici(Dinleyici):
    """Kuyrukta çalışır; ilk `basarisiz_deneme` tepkisinde RuntimeError fırlatır."""

    kuyrukta = True

    def __init__(self, ad: str, basarisiz_deneme: int) -> None:
        self._ad, self.cagri = ad, 0
        self.basarisiz_deneme = tam_sayi("basarisiz_deneme", basarisiz_deneme, en_az=0)

    def ad(self) -> str:
        return self._ad

    def tepki(self, olay: Olay) -> bool | None:
        self.cagri += 1
        if self.cagri <= self.basarisiz_deneme:
            raise RuntimeError("geçici hata")
        return None


class DuyuranDenetleyici:
    """Yazıyı kaydeder ve 'yazi.kaydedildi' olayını duyurur; dinleyicileri tanımaz."""

    OLAY = "yazi.kaydedildi"

    def __init__(self, dagitici: Dagitici) -> None:
        self.dagitici = tur("dagitici", dagitici, Dagitici)

    def kaydet(self, yazi_id: int) -> tuple[int, str]:
        Gunluk.yeni_istek()
        Gunluk.yola("kaydet")
        Gunluk.kostu("kaydet")
        self.dagitici.duyur(Olay(self.OLAY, yazi_id))
        return 201, "kaydedildi"
