"""The password hasher: Django's Argon2id (argon2-cffi) with OWASP's recommended parameters.

Django's own defaults (100 MiB, 2 passes, 8 lanes) take close to a second of a small server's
two cores per sign-in, which makes every sign-in attempt an easy way to load the service;
OWASP's Password Storage Cheat Sheet gives 19 MiB, 2 passes, 1 lane as the minimum for
Argon2id, about a tenth of a second here. Hashes made with other parameters are still checked,
and rewritten with these when they are (Django's ``must_update``).
"""

from django.contrib.auth import hashers


class Argon2PasswordHasher(hashers.Argon2PasswordHasher):
    time_cost = 2
    memory_cost = 19 * 1024  # KiB
    parallelism = 1
