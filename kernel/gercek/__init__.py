"""Gerçek kuyruklar (ders 06): dersin başlattığı gerçek süreçler ve onları durduran gözetmen.

- `surec`: kendi süreç grubunda başlayan, çekirdekle birlikte ölen çocuk süreç (`Surec`), yazdığı
  satırı sınırlı bir süre bekleyen okuyucu ve görevlerin "başladım" işaretini taşıyan kanal
  (`IsaretKanali`, `isaret_birak`).
- `redis_sunucusu`: geçici bir klasörde, boş bir portta, kalıcılığı kapalı `redis-server`
  (`RedisSunucusu`); kurulu değilse nasıl kurulacağını söyleyen `RedisYok`.
"""
