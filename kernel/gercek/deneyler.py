"""Dersin beş deneyi, gerçek kütüphanelerle: her biri süreçlerini başlatır, ölçer, durdurur.

Sonuçlar yalnız zamana bağlı olmayan şeyleri tutar: sayılar, sınıflar, olayların sırası. Süreler
ve kimlikler basılmaz; gerektiğinde (yeniden denemelerin aralığı) iddia hücreleri okur.
"""

import os
import signal
from collections.abc import Callable

from kernel.gercek.celery_deneyi import CeleryDeneyi
from kernel.gercek.huey_deneyi import HueyDeneyi
from kernel.gercek.isaret import IsaretKanali, Olay
from kernel.gercek.onay import Ayar, onay_ani
from kernel.gercek.sonuclar import (Adim, CocukOlumSonucu, DenemeSonucu, GorunurlukSonucu,
                                    IstekSonucu, KilitSonucu, OlumSonucu)
from kernel.olcum import Gunluk, sinifla


GORUNURLUK = 2  # saniye: Celery'nin Redis'teki görünürlük süresi, deney 3 ve 4'te


def kucuk_resim_istegi(gonder: Callable[[str], object], kanal: IsaretKanali) -> str:
    """Ders 01'in isteği, gerçek bir kütüphaneyle: `kucukResim`i gönderir, sınıfını döndürür."""
    Gunluk.yeni_istek()
    Gunluk.yola("kaydet")
    Gunluk.yola("kucukResim")
    Gunluk.kostu("kaydet")
    gonder("kucukResim")
    if kanal.geldi_mi("bitti", ad="kucukResim", pid=os.getpid()):
        Gunluk.kostu("kucukResim")
    else:
        Gunluk.ertele("kucukResim")
    return sinifla("kucukResim")


def _nerede(olay: Olay) -> str:
    return "istek süreci" if olay.alanlar["pid"] == str(os.getpid()) else "işçi süreci"


def kostugu_yer(kanal: IsaretKanali, ad: str) -> str:
    """Görev `ad`ın koştuğu yer, başladı işaretinden: isteğin ya da işçinin süreci; hiç
    başlamadıysa hiçbir yer."""
    baslayan = _baslayanlar(kanal, ad)
    return _nerede(baslayan[0]) if baslayan else "hiçbir yerde"


def sonu(kanal: IsaretKanali, ad: str) -> str:
    """Görev `ad`ın sonu, işaretlerinden: bitti işareti geldiyse başardı, gelmediyse
    başarısız."""
    return "başardı" if _bitenler(kanal, ad) else "başarısız"


def huey_istegi(hemen: bool) -> IstekSonucu:
    """Huey ile istek: `hemen` ise immediate kipi (görev istek içinde), değilse kuyruk."""
    with HueyDeneyi(hemen=hemen) as deney:
        if not hemen:
            deney.tuketici()
        sinif = kucuk_resim_istegi(deney.gorevler.rapor, deney.kanal)
        olay = deney.kanal.bekle("bitti", ad="kucukResim")
        return IstekSonucu("Huey immediate" if hemen else "Huey", sinif, _nerede(olay), "",
                           deney.bekleyen())


def celery_istegi(adres: str, hemen: bool) -> IstekSonucu:
    """Celery ile istek: `hemen` ise eager kipi (görev istek içinde), değilse Redis'teki kuyruk."""
    with CeleryDeneyi(adres, hemen=hemen) as deney:
        if not hemen:
            deney.isci("A")
        gorev = deney.app.tasks["kurs.rapor"]
        sinif = kucuk_resim_istegi(gorev.delay, deney.kanal)
        olay = deney.kanal.bekle("bitti", ad="kucukResim")
        deney.onaylandi()
        return IstekSonucu("Celery eager" if hemen else "Celery", sinif, _nerede(olay), "",
                           deney.kuyrukta())


YENI_GOREV = "kucukResimV2"  # isteğin gönderdiği, işçinin hiç kaydetmediği görev adı


def huey_bilinmeyen() -> IstekSonucu:
    """İstek, tüketicinin tanımadığı bir görevi gönderir: tüketici onunla ne yapar?"""
    with HueyDeneyi() as deney:
        deney.tuketici()
        yeni = deney.huey.task(name=YENI_GOREV)(deney.gorevler.rapor.func)  # koşsa işaret bırakır
        sinif = kucuk_resim_istegi(yeni, deney.kanal)
        kayit = deney.kanal.bekle("kayit", ne="tüketicinin hata kaydı", kutuphane="huey")
        return IstekSonucu("Huey", sinif, kostugu_yer(deney.kanal, "kucukResim"),
                           kayit.alanlar["hata"], deney.bekleyen())


def celery_bilinmeyen(adres: str) -> IstekSonucu:
    """İstek, işçinin tanımadığı bir görevi adıyla gönderir: işçi onunla ne yapar?"""
    with CeleryDeneyi(adres) as deney:
        isci = deney.isci("A")
        sinif = kucuk_resim_istegi(
            lambda ad: deney.app.send_task(f"kurs.{YENI_GOREV}", args=[ad]), deney.kanal)
        deney.kanal.bekle("celery", ne="işçinin bilinmeyen görev bildirimi", sinyal="unknown")
        satir = isci.bekle("unregistered task", ne="işçinin hata kaydı")
        deney.onaylandi()
        return IstekSonucu("Celery", sinif, kostugu_yer(deney.kanal, "kucukResim"),
                           satir.split("] ", 1)[-1], deney.kuyrukta())


def _araliklar(olaylar: list[Olay]) -> tuple[float, ...]:
    anlar = [float(olay.alanlar["an"]) for olay in olaylar]
    return tuple(sonra - once for once, sonra in zip(anlar, anlar[1:], strict=False))


def _baslayanlar(kanal: IsaretKanali, ad: str) -> list[Olay]:
    return [olay for olay in kanal.olaylar if olay.uyar("basladi", {"ad": ad})]


def _bitenler(kanal: IsaretKanali, ad: str) -> list[Olay]:
    return [olay for olay in kanal.olaylar if olay.uyar("bitti", {"ad": ad})]


def huey_yeniden_deneme() -> DenemeSonucu:
    """Huey'nin `retries`/`retry_delay` ayarıyla her seferinde hata veren görev."""
    with HueyDeneyi() as deney:
        deney.tuketici()
        deney.gorevler.kirilgan("kirilgan")
        deney.kanal.bekle("huey", ne="son hatanın bildirimi", sinyal="error", kalan=0)
        baslayan = _baslayanlar(deney.kanal, "kirilgan")
        return DenemeSonucu("Huey", len(baslayan), sonu(deney.kanal, "kirilgan"),
                            _araliklar(baslayan))


def celery_yeniden_deneme(adres: str) -> DenemeSonucu:
    """Celery'nin `autoretry_for`/`max_retries` ayarıyla her seferinde hata veren görev."""
    with CeleryDeneyi(adres) as deney:
        deney.isci("A")
        deney.app.tasks["kurs.kirilgan"].delay("kirilgan")
        deney.kanal.bekle("celery", ne="son hatanın bildirimi", sinyal="failure")
        deney.onaylandi()
        baslayan = _baslayanlar(deney.kanal, "kirilgan")
        return DenemeSonucu("Celery", len(baslayan), sonu(deney.kanal, "kirilgan"),
                            _araliklar(baslayan))


def _adimlar(olaylar: list[Olay], kimin: Callable[[Olay], str]) -> tuple[Adim, ...]:
    """İşaretlerden sıralı adımlar: görevlerinki işçisiyle, defterin notları `kim` alanıyla."""
    adlar = {"basladi": "başladı", "bitti": "bitti", "olduruldu": "öldürüldü"}
    return tuple(Adim(olay.alanlar.get("kim") or kimin(olay), adlar[olay.tur])
                 for olay in olaylar if olay.tur in adlar)


def huey_oldurme() -> OlumSonucu:
    """Huey: tüketici görevin ortasında SIGKILL alır; yerine yenisi başlar."""
    with HueyDeneyi() as deney:
        ilk = deney.tuketici()
        deney.gorevler.uzun("uzun")
        deney.kanal.bekle("basladi", ad="uzun")
        ilk.oldur()
        deney.kanal.not_et("olduruldu", kim="işçi 1")
        sonra = (deney.bekleyen(), None)  # Huey'de onaysız ileti diye bir şey yok
        ikinci = deney.tuketici()
        deney.gorevler.rapor("sonraki")  # kuyrukta kalsaydı, uzun ondan önce başlardı
        deney.kanal.bekle("bitti", ad="sonraki")
        kimler = {str(ilk.pid): "işçi 1", str(ikinci.pid): "işçi 2"}
        uzun = [olay for olay in deney.kanal.olaylar if olay.alanlar.get("ad", "uzun") == "uzun"]
        return OlumSonucu("Huey", len(_baslayanlar(deney.kanal, "uzun")),
                          sum(olay.uyar("bitti", {"ad": "uzun"}) for olay in uzun), sonra,
                          _adimlar(uzun, lambda olay: kimler[olay.alanlar["pid"]]))


def celery_oldurme(adres: str, ayar: Ayar) -> OlumSonucu:
    """Celery: işçi görevin ortasında SIGKILL alır; yerine yenisi başlar. Onaysız kalan ileti,
    görünürlük süresi dolunca yeni işçiye yeniden verilir; onaylanmışsa gider."""
    with CeleryDeneyi(adres, acks_late=ayar.acks_late, havuz=ayar.havuz,
                      gorunurluk=GORUNURLUK) as deney:
        ilk = deney.isci("A")
        deney.app.tasks["kurs.uzun"].delay("uzun")
        deney.kanal.bekle("basladi", ad="uzun")
        if onay_ani(ayar) == "baslarken":
            deney.onaylandi()  # onayın Redis'e ulaştığını görmeden öldürmek yarışa döner
        ilk.oldur()
        deney.kanal.not_et("olduruldu", kim="işçi 1")
        sonra = (deney.kuyrukta(), deney.onaysiz())
        deney.isci("B")
        if any(sonra):
            yeniden = deney.kanal.bekle("basladi", ad="uzun", isci="B@kurs")
            deney.kanal.kapiyi_ac(yeniden)
            deney.kanal.bekle("bitti", ad="uzun")
            deney.onaylandi()
        kimler = {"A@kurs": "işçi 1", "B@kurs": "işçi 2"}
        return OlumSonucu(ayar.ad, len(_baslayanlar(deney.kanal, "uzun")),
                          len(_bitenler(deney.kanal, "uzun")), sonra,
                          _adimlar(deney.kanal.olaylar, lambda olay: kimler[olay.alanlar["isci"]]))


def celery_cocuk_oldurme(adres: str, reddet: bool) -> CocukOlumSonucu:
    """Celery, `acks_late`: görevin ortasında yalnız onu koşturan çocuk süreç SIGKILL alır;
    işçinin ana süreci yaşar ve yeni bir çocuk açar. `reddet`: `task_reject_on_worker_lost`."""
    with CeleryDeneyi(adres, acks_late=True, reddet=reddet) as deney:
        deney.isci("A")
        deney.app.tasks["kurs.uzun"].delay("uzun")
        ilk = deney.kanal.bekle("basladi", ad="uzun")
        os.kill(int(ilk.alanlar["pid"]), signal.SIGKILL)
        if reddet:  # ileti kuyruğa döner; işçinin yeni çocuğu onu alır
            yeniden = deney.kanal.bekle("basladi", ne="ikinci başlamanın işareti", ad="uzun")
            deney.kanal.kapiyi_ac(yeniden)
            deney.kanal.bekle("bitti", ad="uzun")
        deney.onaylandi()
        return CocukOlumSonucu(reddet, len(_baslayanlar(deney.kanal, "uzun")),
                               len(_bitenler(deney.kanal, "uzun")),
                               (deney.kuyrukta(), deney.onaysiz()))


def celery_gorunurluk(adres: str) -> GorunurlukSonucu:
    """`acks_late` ve iki işçi; görev, görünürlük süresini aşan uzun bir iş. İlk koşu, ileti
    ikinci işçiye yeniden teslim edildikten sonra da sürer: ikinci teslim de süresini aşıp
    ileti kuyruğa bir kez daha dönene dek. Sonra defter ilk koşuyu bitirir; boşalan ilk işçi
    kuyruktaki iletiyi alır: üçüncü koşu. Onu, en son da ikinci koşuyu bitirir. Her adım bir
    işaret ya da Redis'teki bir değişiklik bekler, süre değil."""
    with CeleryDeneyi(adres, acks_late=True, gorunurluk=GORUNURLUK) as deney:
        deney.isci("A")
        deney.isci("B")
        deney.app.tasks["kurs.uzun"].delay("uzun")
        ilk = deney.kanal.bekle("basladi", ad="uzun")
        ikinci = deney.kanal.bekle("basladi", ne="ikinci teslimin işareti", ad="uzun")
        deney.bekle(lambda: deney.kuyrukta() == 1, "iletinin kuyruğa yeniden dönmesi")
        deney.kanal.kapiyi_ac(ilk)
        deney.kanal.bekle("bitti", ad="uzun", isci=ilk.alanlar["isci"])
        ucuncu = deney.kanal.bekle("basladi", ne="üçüncü teslimin işareti", ad="uzun",
                                   isci=ilk.alanlar["isci"])
        for teslim in (ucuncu, ikinci):  # üçüncünün onaysız süresi işliyor; ikincininki bitti
            deney.kanal.kapiyi_ac(teslim)
            deney.kanal.bekle("bitti", ad="uzun", isci=teslim.alanlar["isci"])
        deney.onaylandi()
        sira: dict[str, str] = {}
        for olay in deney.kanal.olaylar:
            if olay.tur == "basladi":
                sira.setdefault(olay.alanlar["isci"], f"işçi {len(sira) + 1}")
        return GorunurlukSonucu(
            len(_baslayanlar(deney.kanal, "uzun")), len(_bitenler(deney.kanal, "uzun")),
            len(sira), (deney.kuyrukta(), deney.onaysiz()),
            _adimlar(deney.kanal.olaylar, lambda olay: sira[olay.alanlar["isci"]]))


def huey_kilit() -> KilitSonucu:
    """Huey'nin `lock_task`ı, iki iş parçacıklı bir tüketicide, aynı kilide iki görev."""
    with HueyDeneyi() as deney:
        deney.tuketici(isci=2)
        deney.gorevler.kilitli("ilk")
        ilk = deney.kanal.bekle("basladi", ad="ilk")
        deney.gorevler.kilitli("ikinci")
        deney.kanal.bekle("huey", ne="kilidin bildirimi", sinyal="locked")
        kayit = deney.kanal.bekle("kayit", ne="kilidin kaydı", duzey="WARNING")
        deney.kanal.kapiyi_ac(ilk)
        deney.kanal.bekle("bitti", ad="ilk")
        ikinci = len(_baslayanlar(deney.kanal, "ikinci"))
        kilitli = any(olay.uyar("huey", {"sinyal": "locked"}) for olay in deney.kanal.olaylar)
        return KilitSonucu("bitti" if _bitenler(deney.kanal, "ilk") else "bitmedi",
                           f"{'kilitli' if kilitli else 'kilitsiz'}: "
                           f"{'koştu' if ikinci else 'koşmadı'}", ikinci,
                           kayit.alanlar["ileti"].split(" not run, ")[-1])
