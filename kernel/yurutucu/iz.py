"""Yoklama izi: hangi görev yoklandı, ne yanıt verdi, kimin uyandırıcısı çağrıldı; hazır
kuyruğu olan yürütücüde, o an kuyrukta kimlerin beklediği.

İz, görevi saran bir gelecektir; yürütücülerin koduna dokunmaz, her yürütücüyle çalışır.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, TypeVar

from kernel.yurutucu.cok_gorev import KuyrukUyandiricisi, kostur_kuyruk
from kernel.yurutucu.korutin import Gorev, gelecege_cevir
from kernel.yurutucu.sozlesme import Baglam, Gelecek, Uyandirma, Yanit
from kernel.yurutucu.tek_gorev import kostur, kostur_dongu

T = TypeVar("T")


@dataclass
class Adim:
    """İzdeki bir satır: görevin kaçıncı yoklaması, yanıtı, ardından uyandırıcısı çağrılanlar.

    `yanit` yoklama sürerken (ya da görev hata fırlattıysa) None kalır. `kuyrukta`, hazır
    kuyruğu olan yürütücüde yoklama başlarken kuyrukta sırasını bekleyenlerdir; ötekilerde None.
    """

    gorev: str
    yoklama: int
    yanit: Yanit[object] | None = None
    uyandirilan: list[str] = field(default_factory=list)
    kuyrukta: list[str] | None = None


@dataclass(frozen=True)
class IzliUyandirici(Uyandirma):
    """Asıl uyandırıcıyı sarar: çağrıyı izdeki son satıra yazar, sonra iletir."""

    asil: Uyandirma
    gorev: str
    iz: list[Adim]

    def uyandir(self) -> None:
        self.iz[-1].uyandirilan.append(self.gorev)
        self.asil.uyandir()


class Izli(Gelecek[T]):
    """Bir görevi sarar: her yoklamasını ve uyandırıcısının her çağrılışını ortak ize yazar."""

    def __init__(self, gorev: Gorev[T], ad: str, iz: list[Adim],
                 adlar: Sequence[str] = ()) -> None:
        self.gelecek, self.ad, self.iz, self.yoklama = gelecege_cevir(gorev), ad, iz, 0
        self.adlar = adlar  # yürütücüye verilen bütün görevlerin adları, verildikleri sırayla

    def yokla(self, baglam: Baglam) -> Yanit[T]:
        self.yoklama += 1
        adim = Adim(self.ad, self.yoklama, kuyrukta=self.kuyruktakiler(baglam))
        self.iz.append(adim)
        yanit = self.gelecek.yokla(Baglam(IzliUyandirici(baglam.uyandirici, self.ad, self.iz)))
        adim.yanit = yanit
        return yanit

    def kuyruktakiler(self, baglam: Baglam) -> list[str] | None:
        """Hazır kuyruğunda bekleyenlerin adları (yürütücü bu görevi kuyruktan almıştır);
        uyandırıcı bir hazır kuyruğuna bağlı değilse ya da adlar verilmediyse None."""
        uyandirici = baglam.uyandirici
        if not isinstance(uyandirici, KuyrukUyandiricisi) or not self.adlar:
            return None
        return [self.adlar[sira] for sira in uyandirici.kuyruk.bekleyenler()]


YURUTUCULER: Final[dict[str, Callable[[Sequence[Gelecek[object]]], object]]] = {
    "kostur": lambda gorevler: [kostur(gorev) for gorev in gorevler],  # teker teker
    "kostur_dongu": lambda gorevler: [kostur_dongu(gorev) for gorev in gorevler],
    "kostur_kuyruk": kostur_kuyruk,  # hepsi birlikte
}


def izle(gorevler: Mapping[str, Gorev[object]], yurutucu: str) -> list[Adim]:
    """Adlı görevleri seçilen yürütücüyle koşturur ve izi döndürür."""
    if yurutucu not in YURUTUCULER:
        raise ValueError(f"bilinmeyen yürütücü {yurutucu!r}; seçenekler: {', '.join(YURUTUCULER)}")
    iz: list[Adim] = []
    adlar = list(gorevler)
    YURUTUCULER[yurutucu]([Izli(gorev, ad, iz, adlar) for ad, gorev in gorevler.items()])
    return iz
