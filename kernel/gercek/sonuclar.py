"""Ders 06'nın deneylerinin sonuçları: yalnız zamana bağlı olmayan sayılar, sınıflar ve sıralar.

Süreç başlatmaz, kütüphane yüklemez: şekiller ve kaşif, tarayıcıdaki kursta da, bunları okur.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Adim:
    """Bir olay, sırasıyla: kim (işçi ya da defter) ne yaptı."""

    kim: str
    ne: str


@dataclass(frozen=True)
class IstekSonucu:
    """Deney 1: bir isteğin `kucukResim` parçasının sınıfı ve görevin nerede koştuğu."""

    ayar: str
    sinif: str
    nerede: str  # "istek süreci", "işçi süreci" ya da "hiçbir yerde"
    isci_kaydi: str  # işçinin kendi kaydından, kimliksiz; kayıt yoksa ""
    kuyrukta: int  # deneyin sonunda kuyrukta kalan ileti


@dataclass(frozen=True)
class DenemeSonucu:
    """Deney 2: her denemede hata veren bir görev kaç kez başladı, sonunda ne oldu."""

    ayar: str
    denemeler: int
    son: str  # kütüphanenin son sözü: başarısız
    araliklar: tuple[float, ...]  # ardışık denemelerin başlangıçları arası, saniye (basılmaz)


@dataclass(frozen=True)
class OlumSonucu:
    """Deney 3: işçi görevin ortasında öldürüldü; görev kaç kez başladı, kaç kez bitti."""

    ayar: str
    baslama: int
    bitis: int
    # ölümden hemen sonra kuyrukta ve onaysız bekleyen ileti; Huey'de onay yok: None
    olumden_sonra: tuple[int, int | None]
    adimlar: tuple[Adim, ...]


@dataclass(frozen=True)
class CocukOlumSonucu:
    """Deney 3b: `acks_late` açık, yalnız görevi koşturan çocuk süreç öldürüldü; işçinin ana
    süreci yaşıyor."""

    reddet: bool  # task_reject_on_worker_lost
    baslama: int
    bitis: int
    sonunda: tuple[int, int]  # her şey durulunca kuyrukta ve onaysız bekleyen ileti


@dataclass(frozen=True)
class GorunurlukSonucu:
    """Deney 4: görünürlük süresinden uzun süren görev, iki işçiyle, kaç kez koştu."""

    baslama: int
    bitis: int
    isciler: int  # görevi koşturan ayrı işçi
    sonunda: tuple[int, int]  # her şey bitince kuyrukta ve onaysız bekleyen ileti
    adimlar: tuple[Adim, ...]


@dataclass(frozen=True)
class KilitSonucu:
    """Deney 5: kilidi tutan görev sürerken gelen ikinci görevin akıbeti."""

    ilk: str
    ikinci: str
    ikinci_basladi: int
    kayit: str  # tüketicinin ikinci görev için kaydı, kimliksiz
