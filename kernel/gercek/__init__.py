"""Gerçek kuyruklar (ders 06): kursun ölçümleri iki gerçek kütüphanede, gerçek süreçlerle.

- `surec`: kendi süreç grubunda başlayan, çekirdekle birlikte ölen çocuk süreç (`Surec`) ve
  yazdığı satırı sınırlı bir süre bekleyen okuyucu.
- `isaret`: görevlerin işaretlerini sırasıyla taşıyan adlı boru (`IsaretKanali`) ve görevin
  defter açana dek beklediği kapı (`kapida_bekle`).
- `redis_sunucusu`: geçici bir klasörde, boş bir portta, kalıcılığı kapalı `redis-server`.
- `huey_gorevleri`, `huey_tuketicisi`, `huey_deneyi`: Huey'nin görevleri, tüketici süreci ve
  defterin tarafı (SQLite kuyruğu).
- `celery_gorevleri`, `celery_iscisi`, `celery_deneyi`: Celery'nin görevleri, işçi süreci ve
  defterin tarafı (Redis kuyruğu).
- `onay`: onayın anından görevin akıbetini söyleyen küçük model; `tahmin`: modellerin iki durum
  (ölen işçi, aşılan görünürlük süresi) için söylediği sayımlar ve adımlar.
- `deneyler`: dersin beş deneyi; `sonuclar`: onların süreç başlatmayan sonuçları.
"""
