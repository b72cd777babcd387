"""Dersin başlattığı süreçlerin gözetmeni: her çocuk kendi süreç grubunda başlar ve durdurulur.

Bir çocuk dört yoldan durur: `with` bloğu bittiğinde ya da hata fırlattığında (`__exit__`),
nesnesi unutulduğunda (`weakref.finalize`), yorumlayıcı kapanırken (`atexit`; çekirdeğin yeniden
başlatılması da budur) ve çekirdek öldürüldüğünde (Linux'ta `PR_SET_PDEATHSIG`: ebeveyni ölen
çocuğa çekirdek SIGKILL gönderir; "ebeveyn", çocuğu başlatan iş parçacığıdır: süreçler
hücrenin kendi iş parçacığında başlatılmalı). Durdurmak, bütün gruba SIGTERM, süreç sınırlı
bir süre içinde çıkmazsa SIGKILL göndermektir; bekleme sürecin kendisini bekler, hiç uyunmaz.

Süreçler yazdıklarıyla eşgüdümlenir: okuyucu, çocuğun çıktısında ya da bir işaret kanalında
beklenen satırı cömert bir süre sınırıyla bekler, gelmezse neyin gelmediğini söyleyen bir
hatayla durur. Linux ve macOS içindir (`mkfifo`, süreç grupları).
"""

import atexit
import ctypes
import os
import selectors
import signal
import subprocess
import sys
import time
import weakref
from collections import deque
from collections.abc import Callable, Sequence

BEKLEME_SURESI = 30.0  # saniye: bir sürecin hazır satırı ya da bir görevin işareti için
DURDURMA_SURESI = 5.0  # saniye: SIGTERM'den sonra SIGKILL'e dek
PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


class BeklemeAsildi(TimeoutError):
    """Beklenen satır süre sınırı içinde gelmedi."""


class CiktiKapandi(RuntimeError):
    """Süreç, beklenen satırı yazmadan çıktısını kapattı (çoğu zaman: çıktı)."""


class SatirOkuyucu:
    """Bir dosya tanımlayıcısından satır satır okur; beklenen satırı süre sınırıyla bekler.

    Beklenmeyen satırlar saklanır: sonraki bir bekleme, önceden gelmiş işaretini de bulur.
    """

    def __init__(self, fd: int, kaynak: str) -> None:
        self.fd = fd
        self.kaynak = kaynak
        self.satirlar: deque[str] = deque(maxlen=1000)
        self.okunan: list[str] = []  # gelen her satır, geliş sırasıyla
        self._tampon = b""

    def _ayir(self) -> None:
        *tam, self._tampon = self._tampon.split(b"\n")
        yeni = [s.decode(errors="replace").rstrip("\r") for s in tam]
        self.satirlar.extend(yeni)
        self.okunan.extend(yeni)

    def _bul(self, uyan: Callable[[str], bool]) -> str | None:
        for satir in self.satirlar:
            if uyan(satir):
                self.satirlar.remove(satir)
                return satir
        return None

    def bekle(self, isaret: str | Callable[[str], bool], sure: float = BEKLEME_SURESI,
              ne: str | None = None) -> str:
        """`isaret`i içeren (ya da `isaret(satir)` doğru olan) ilk satırı döndürür; `sure`
        saniyede gelmezse `BeklemeAsildi`."""
        if isinstance(isaret, str):
            ne = ne or f"'{isaret}' satırı"
            isaret = _iceren(isaret)
        ne = ne or "beklenen satır"
        bitis = time.monotonic() + sure
        with selectors.DefaultSelector() as secici:
            secici.register(self.fd, selectors.EVENT_READ)
            while (satir := self._bul(isaret)) is None:
                kalan = bitis - time.monotonic()
                if kalan <= 0:
                    raise BeklemeAsildi(f"{self.kaynak}: {ne} {sure:g} saniye içinde gelmedi"
                                        f"{self._son_satirlar()}")
                if not secici.select(kalan):
                    continue
                parca = os.read(self.fd, 65536)
                if not parca:
                    raise CiktiKapandi(f"{self.kaynak}: çıktısını {ne} gelmeden kapattı"
                                       f"{self._son_satirlar()}")
                self._tampon += parca
                self._ayir()
        return satir

    def hazir_olani_oku(self) -> None:
        """Beklemeden, o an okunabilen her şeyi okur (sonraki `bekle` de onları bulur)."""
        with selectors.DefaultSelector() as secici:
            secici.register(self.fd, selectors.EVENT_READ)
            while secici.select(0):
                parca = os.read(self.fd, 65536)
                if not parca:
                    return
                self._tampon += parca
                self._ayir()

    def _son_satirlar(self) -> str:
        son = list(self.satirlar)[-5:]
        return "; son satırlar:\n" + "\n".join(son) if son else "; hiçbir satır yazmadı."


def _iceren(aranan: str) -> Callable[[str], bool]:
    def uyan(satir: str) -> bool:
        return aranan in satir
    return uyan


def _olumu_bagla() -> Callable[[], None] | None:
    """Linux'ta çocuğun, onu başlatan iş parçacığı ölünce SIGKILL almasını sağlayan hazırlık;
    başka yerde `None`. Ebeveyn çocuk hazırlanırken ölmüşse çocuk kendini öldürür."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None
    ebeveyn = os.getpid()

    def hazirla() -> None:
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != ebeveyn:
            os.kill(os.getpid(), signal.SIGKILL)

    return hazirla


def _gruba(pgid: int, sinyal: int) -> None:
    try:
        os.killpg(pgid, sinyal)
    except (ProcessLookupError, PermissionError):
        pass


def _grubu_durdur(popen: subprocess.Popen[bytes], sure: float) -> None:
    """Sürecin grubuna SIGTERM; süreç `sure` saniyede çıkmazsa SIGKILL; grupta kalanlara da."""
    if popen.poll() is None:
        _gruba(popen.pid, signal.SIGTERM)
        try:
            popen.wait(sure)
        except subprocess.TimeoutExpired:
            _gruba(popen.pid, signal.SIGKILL)
            popen.wait()
    _gruba(popen.pid, signal.SIGKILL)
    if popen.stdout is not None:
        popen.stdout.close()


_CANLI: "weakref.WeakSet[Surec]" = weakref.WeakSet()


def canli() -> list["Surec"]:
    """Başlatılmış ve hâlâ çalışan her çocuk süreç."""
    return [surec for surec in list(_CANLI) if surec.calisiyor]


@atexit.register
def hepsini_durdur() -> None:
    """Hâlâ çalışan her çocuğu durdurur (yorumlayıcı kapanırken kendiliğinden çağrılır)."""
    for surec in list(_CANLI):
        surec.durdur()


class Surec:
    """Kendi süreç grubunda çalışan, çıktısı okunan ve çekirdekle birlikte ölen çocuk süreç.

    Çıktısı (stdout ve stderr birlikte) bir borudan okunur: çok yazan bir süreç, okunmadıkça
    boru dolunca durur; böyle süreçler günlüklerini bir dosyaya yazmalı.
    """

    def __init__(self, komut: Sequence[str], ad: str | None = None, *,
                 klasor: str | None = None, ortam: dict[str, str] | None = None,
                 durdurma_suresi: float = DURDURMA_SURESI) -> None:
        self.ad = ad or os.path.basename(komut[0])
        self.popen = subprocess.Popen(
            list(komut), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, cwd=klasor, env=ortam, start_new_session=True,
            preexec_fn=_olumu_bagla())
        assert self.popen.stdout is not None
        self.cikti = SatirOkuyucu(self.popen.stdout.fileno(), self.ad)
        self._durdur = weakref.finalize(self, _grubu_durdur, self.popen, durdurma_suresi)
        _CANLI.add(self)

    @property
    def pid(self) -> int:
        return self.popen.pid

    @property
    def calisiyor(self) -> bool:
        return self.popen.poll() is None

    def bekle(self, isaret: str, sure: float = BEKLEME_SURESI, ne: str | None = None) -> str:
        """Sürecin çıktısında `isaret`i içeren satırı bekler (bkz. `SatirOkuyucu.bekle`)."""
        return self.cikti.bekle(isaret, sure, ne)

    def durdur(self) -> None:
        """Bütün süreç grubunu durdurur; ikinci çağrı bir şey yapmaz."""
        self._durdur()

    def oldur(self) -> None:
        """Gruba hemen SIGKILL: bir makinenin çöküşü gibi, süreç hiçbir şeyi toparlayamaz."""
        _gruba(self.popen.pid, signal.SIGKILL)
        self.popen.wait()
        self._durdur()

    def __enter__(self) -> "Surec":
        return self

    def __exit__(self, *hata: object) -> None:
        self.durdur()
