"""Kuyruk ve konu servisleri: uyarlanan dersin iki tablosu ve onlarla uyuşan bir benzetim.

- `yuk`: dersin iş yükü (OS7, OS8); üreteci JavaScript'in çift duyarlıklı aritmetiğiyle.
- `gorunurluk`, `fanout`: uyarlanan dersin JavaScript modellerindeki iki sayım ve iki tablo.
- `jsayi`: o tabloları basan JavaScript sayı kuralları (String, toFixed, 2^53).
- `kuyruk`: sanal saatte yönetilen kuyruk; `benzetim`: tüketicileriyle olay olay koşumu;
  `ayarlar`: kuyruğun ve tüketicilerin ayarları; `sonuc`: kuralları ve sayımları; `konu`:
  abonelik başına bir kuyrukla konu servisi; `takvim`: kuyruğun ve benzetimin olay takvimi.
- `deneyler`: dersin benzetimle ölçtükleri.

Komut satırı: `python -m kernel.hizmet gorunurluk|fanout --help`.
"""
