"""Komut satırı: `python -m kernel.hizmet gorunurluk|fanout`, uyarlanan dersin iki tablosu."""

import argparse
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from kernel.hizmet import fanout, gorunurluk
from kernel.hizmet.yuk import EN_COK_ILETI, ILETI, TOHUM

PROG = "python -m kernel.hizmet"

# argparse'ın kendi iletilerinin Türkçesi; listede olmayan ileti olduğu gibi geçer.
CEVIRILER = (
    (r"argument (\S+): expected one argument",
     r"\1 bir değer ister (değer eksiyle başlıyorsa \1=DEĞER yazın)"),
    (r"argument (\S+): invalid choice: '([^']*)'.*", r"bilinmeyen komut: \2"),
    (r"argument (\S+): (.*)", r"\1: \2"),
    (r"unrecognized arguments: (.*)", r"tanınmayan argüman: \1"),
    (r"the following arguments are required: (.*)", r"eksik argüman: \1"),
)


def turkcesi(ileti: str) -> str:
    """argparse iletisinin Türkçesi; tanınmayan olduğu gibi kalır."""
    for kalip, yerine in CEVIRILER:
        if re.fullmatch(kalip, ileti):
            return re.sub(kalip, yerine, ileti)
    return ileti


class Bicim(argparse.HelpFormatter):
    """Yardım metni Türkçe başlar."""

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup],
                  prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, "kullanım: " if prefix is None else prefix)


class Ayristirici(argparse.ArgumentParser):
    """Yanlış komut satırı tek satırlık bir hata ve çıkış kodu 2 alır, hiç iz dökümü almaz."""

    def __init__(self, **ayarlar: Any) -> None:  # alt komutlar için argparse ayar ekleyebilir
        super().__init__(formatter_class=Bicim, add_help=False, allow_abbrev=False, **ayarlar)
        self.secenekler = self.add_argument_group("seçenekler")
        self.secenekler.add_argument("-h", "--help", action="help",
                                     help="bu yardımı gösterir ve çıkar")

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: hata: {turkcesi(message)} (yardım: {self.prog} --help)\n")


def tam(metin: str) -> int:
    """Bir tam sayı; değilse argparse'ın tek satırlık hatası."""
    try:
        return int(metin)
    except ValueError:
        raise argparse.ArgumentTypeError(f"tam sayı değil: {metin!r}") from None


def tam_liste(metin: str) -> list[int]:
    """Virgülle ayrılmış tam sayılar; boş metin boş liste (kütüphane reddeder)."""
    return [tam(parca) for parca in metin.split(",")] if metin.strip() else []


def ayristirici() -> tuple[Ayristirici, dict[str, Ayristirici]]:
    """Ana ayrıştırıcı ve adlarıyla alt komutlar (hata, alt komutun adıyla basılsın diye)."""
    ana = Ayristirici(prog=PROG,
                      description="Kuyruk ve konu servisleri dersinin iki tablosunu basar.")
    komutlar = ana.add_subparsers(title="komutlar", dest="komut", metavar="komut", required=True,
                                  parser_class=Ayristirici)
    gor = komutlar.add_parser(
        "gorunurluk", help="görünürlük süresi taraması (gorunurluk.mjs)",
        description="Görünürlük süresi taraması: çift işleme, toplam teslim, kurtarma gecikmesi, "
                    "ölü mektup kutusuna düşme süresi. Her sayı JavaScript'in tam tuttuğu 2^53'ün "
                    "altında kalmalı.")
    gor.secenekler.add_argument("--tohum", type=tam, default=TOHUM, metavar="S",
                                help=f"üretecin tohumu, 0 ya da pozitif (varsayılan: {TOHUM})")
    gor.secenekler.add_argument("--ileti", type=tam, default=ILETI, metavar="N",
                                help=f"iş yükündeki ileti sayısı, 1 ile {EN_COK_ILETI} arası "
                                     f"(varsayılan: {ILETI})")
    gor.secenekler.add_argument("--azami", type=tam, default=gorunurluk.AZAMI, metavar="A",
                                help="zehirli iletinin ölü mektup kutusuna düşmeden önceki "
                                     "azami teslim sayısı, pozitif "
                                     f"(varsayılan: {gorunurluk.AZAMI})")
    gor.secenekler.add_argument("--sureler", type=tam_liste, metavar="T,T,...",
                                default=list(gorunurluk.SURELER),
                                help="taranan görünürlük süreleri, virgülle ayrılmış pozitif tam "
                                     "sayılar (varsayılan: "
                                     f"{','.join(map(str, gorunurluk.SURELER))})")
    fan = komutlar.add_parser(
        "fanout", help="kuyruk ile konu karşılaştırması (fanout.mjs)",
        description="Aynı olaylar kuyruk servisinden ve konu servisinden geçince teslim ve ayar "
                    "kalemi sayısı. Her sayı JavaScript'in tam tuttuğu 2^53'ün altında kalmalı.")
    fan.secenekler.add_argument("--ileti", type=tam, default=ILETI, metavar="N",
                                help=f"olay sayısı, 1 ile 2^53 arası (varsayılan: {ILETI})")
    fan.secenekler.add_argument("--tuketici", type=tam_liste, metavar="K,K,...",
                                default=list(fanout.TUKETICILER),
                                help="tüketici (abone) sayıları, virgülle ayrılmış pozitif tam "
                                     "sayılar (varsayılan: "
                                     f"{','.join(map(str, fanout.TUKETICILER))})")
    return ana, {"gorunurluk": gor, "fanout": fan}


TABLOLAR: dict[str, Callable[[argparse.Namespace], str]] = {
    "gorunurluk": lambda a: gorunurluk.tablo(a.tohum, a.ileti, a.azami, a.sureler),
    "fanout": lambda a: fanout.tablo(a.ileti, a.tuketici),
}


def main(argv: Sequence[str] | None = None) -> int:
    ana, altlar = ayristirici()
    secim = ana.parse_args(argv)
    try:
        metin = TABLOLAR[secim.komut](secim)
    except ValueError as hata:
        altlar[secim.komut].error(str(hata))
    print(metin)
    return 0


if __name__ == "__main__":
    sys.exit(main())
