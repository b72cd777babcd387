"""Ara katman (ders 03): Queuety'nin ara katmanları, N işçili bir sürücüde, sanal saatte.

- `sozlesme`: ara katman sözleşmesi, ara katmanlı iş, soğan boru hattı, işçinin çökmesi.
- `ortam`: bir koşunun işçilerinin paylaştığı saat, kilitler, sayaçlar, sınırlayıcı ve günlük.
- `yerlesikler`: belgelerdeki beş yerleşik ara katman ve zaman aşımının dürüst eşi.
- `surucu`: her işi ara katmanlarından geçiren sürücü ve koşusunun zamanlı izi.
- `ornekler`: deneylerin işleri ve küçük ara katmanları; planı koşturan, izi anlatan yardımcılar.
- `deneyler`: dersin ölçtükleri, her biri yazdırılacak satırlarıyla.
"""
