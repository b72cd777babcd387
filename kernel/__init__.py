"""Kuyruk kursunun ölçüm çekirdeği: derslerin içe aktardığı, belirlenimci modeller.

Her dersin modeli dersin adını taşır: `olcum` (00), `isler` (01) ve `olaylar` (02) birer
modül; `ara_katman` (03), `hizmet` (04), `yurutucu` (05) ve `gercek` (06; gerçek kuyrukların
süreçleri) birer paket.
"""
