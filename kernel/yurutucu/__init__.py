"""Yürütücüler (ders 05): gelecek sözleşmesi, elle yazılmış üç yürütücü ve koşturdukları görevler.

- `sozlesme`: yoklamanın iki yanıtı (`Hazir`, `Bekliyor`), uyandırıcı, bağlam ve gelecek.
- `korutin`: `async def` korutinini geleceğe uyduran bağdaştırıcı ve `Durakla`.
- `gorevler`: yürütücülerin koşturduğu görevler ve adlarını yazdıkları kanal.
- `tek_gorev`: tek görev koşturan iki yürütücü (`kostur`, `kostur_dongu`) ve ikisinin deneyi.
- `cok_gorev`: görevleri bir hazır kuyruğundan yoklayan yürütücü (`kostur_kuyruk`).
- `iz`: her yürütücüyle çalışan yoklama izi.
- `dis_kaynak`: başka bir iş parçacığının uyandırdığı görev.
"""
