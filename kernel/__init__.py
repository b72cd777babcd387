"""Kuyruk kursunun ölçüm çekirdeği: derslerin içe aktardığı, belirlenimci modeller."""
