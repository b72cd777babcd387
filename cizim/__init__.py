"""Derslerin şekilleri: çekirdeğin ölçtüğü kayıtlardan, zaman içinde olanı çizen SVG'ler.

Şekiller `drawsvg` ile çizilir: saf Python'dur, Pyodide'de de kurulur, çıktısı SVG metnidir.
Ortak parçalar (tema, işaretler, eksenler) `cizim.sekil`, `cizim.isaretler` ve
`cizim.cerceve`'dedir; her dersin şekilleri kendi modülündedir (`cizim.ders00` ...).
Çekirdek (`kernel/`) çizim kütüphanesi içe aktarmaz: şekil, ölçümün döndürdüğünü alır.
"""
