"""Kuyruk ve konu servisleri: tohumun iki tablosu ve onlarla uyuşan olay güdümlü bir benzetim.

- `yuk`: tohumun iş yükü (OS7, OS8), üreteci JavaScript'in çift duyarlıklı aritmetiğiyle.
- `gorunurluk`, `fanout`: tohumun kapalı biçimdeki iki sayımı ve bastığı iki tablo.
- `jsayi`: o tabloları basan JavaScript sayı kuralları (String, toFixed, 2^53).
- `kuyruk`: sanal saatte yönetilen kuyruk; `benzetim`: tüketicileriyle olay olay koşumu;
  `sonuc`: kuralları ve sayımları; `konu`: abonelik başına bir kuyrukla konu servisi.
- `deneyler`: dersin benzetimle ölçtükleri.

Komut satırı: `python -m kernel.hizmet gorunurluk|fanout --help`.
"""
