"""Dersin kendi Redis'i: geçici bir klasörde, boş bir portta, kalıcılığı kapalı `redis-server`.

Sunucu `surec.Surec` olarak başlar (çekirdekle birlikte ölür) ve "Ready to accept connections"
satırını yazana dek beklenir. `redis-server` kurulu değilse `RedisYok`, nasıl kurulacağını
söyleyen tek bir cümleyle.
"""

import shutil
import socket
import tempfile

from kernel.gercek.surec import BEKLEME_SURESI, CiktiKapandi, Surec

HAZIR = "Ready to accept connections"
KURULUM = ("Bu ders redis-server ister ama bulunamadı: Debian ya da Ubuntu'da "
           "`sudo apt-get install redis-server`, macOS'ta `brew install redis` (başka "
           "sistemlerde kendi paket yöneticisi) ile kurup çekirdeği yeniden başlatın.")
ATLANDI = "Celery deneyi atlandı: redis-server yok (kurulumu yukarıdaki hücre söylüyor)."
DENEME = 3  # boş bulunan port, sunucu bağlanana dek başkasınca alınmış olabilir


class RedisYok(RuntimeError):
    """`redis-server` PATH üzerinde yok."""

    def __init__(self) -> None:
        super().__init__(KURULUM)


def bos_port() -> int:
    """127.0.0.1 üzerinde şu an boş bir TCP portu."""
    with socket.socket() as soket:
        soket.bind(("127.0.0.1", 0))
        port: int = soket.getsockname()[1]
        return port


class RedisSunucusu:
    """Çalışan bir `redis-server`: `adres()` ile bağlanılır, `with` bloğu bitince durur."""

    def __init__(self, sure: float = BEKLEME_SURESI) -> None:
        program = shutil.which("redis-server")
        if program is None:
            raise RedisYok()
        self._klasor = tempfile.TemporaryDirectory(prefix="kuyruk-redis-")
        for deneme in range(DENEME):
            self.port = bos_port()
            self.surec = Surec([program, "--port", str(self.port), "--bind", "127.0.0.1",
                                "--save", "", "--appendonly", "no", "--dir", self._klasor.name],
                               ad="redis-server", klasor=self._klasor.name)
            try:
                self.surec.bekle(HAZIR, sure, ne="redis-server'ın hazır satırı")
                return
            except CiktiKapandi:
                self.surec.durdur()
                if deneme == DENEME - 1:
                    self._klasor.cleanup()
                    raise
            except BaseException:
                self.durdur()
                raise

    def adres(self, veritabani: int = 0) -> str:
        """Sunucunun `veritabani` numaralı veritabanının adresi."""
        return f"redis://127.0.0.1:{self.port}/{veritabani}"

    def durdur(self) -> None:
        """Sunucuyu durdurur ve geçici klasörünü siler."""
        self.surec.durdur()
        self._klasor.cleanup()

    def __enter__(self) -> "RedisSunucusu":
        return self

    def __exit__(self, *hata: object) -> None:
        self.durdur()
