"""Two costs the test process pays on every test, made once-per-process or cheap. Neither
changes what is checked; both are installed in the test processes only (``tests/conftest.py``),
never in the servers a test starts, which run as `make run` does.

* **WhiteNoise's file table.** Every Django test client starts a handler, and WhiteNoise's
  middleware walks, stats and reads the headers of every static file (the finders' 200-odd)
  when a handler starts: about an eighth of the fast suite's CPU (py-spy, 2026-12-05). The
  table is built once per process and given to each later handler: the same files, the same
  headers. A settings change that could alter it (any ``WHITENOISE_*``, the static URL, apps,
  finders or folders) builds a table of its own.
* **Argon2's cost.** Passwords, recovery codes and apps' client secrets are hashed with
  Argon2id at OWASP's parameters (19 MiB, 2 passes: ``halfmoon_service.hashers``), about a
  twelfth of the fast suite's CPU. The test process hashes with the same Argon2id at the
  smallest parameters (64 KiB, 1 pass): the same algorithm, encoding and checks; only the
  cost differs, and ``bench/credentials.py`` measures the service's.
"""

from __future__ import annotations

from django.conf import settings
from whitenoise.middleware import WhiteNoiseMiddleware

from halfmoon_service.hashers import Argon2PasswordHasher

_tables: dict[tuple, dict] = {}
_scan_finders = WhiteNoiseMiddleware.add_files_from_finders


def _table_key() -> tuple:
    names = sorted(name for name in dir(settings) if name.startswith("WHITENOISE_"))
    return (
        repr([(name, getattr(settings, name)) for name in names]),
        settings.STATIC_URL,
        settings.DEBUG,
        repr(settings.STATICFILES_DIRS),
        repr(settings.STATICFILES_FINDERS),
        tuple(settings.INSTALLED_APPS),
    )


def _files_from_finders_once(self) -> None:
    key = _table_key()
    table = _tables.get(key)
    if table is None:
        before = dict(self.files)
        _scan_finders(self)
        table = _tables[key] = {
            url: static for url, static in self.files.items() if before.get(url) is not static
        }
    else:
        self.files.update(table)


class CheapArgon2PasswordHasher(Argon2PasswordHasher):
    """The service's Argon2id at the smallest cost (tests only)."""

    time_cost = 1
    memory_cost = 64  # KiB: argon2's least for one lane is 8
    parallelism = 1


def install() -> None:
    WhiteNoiseMiddleware.add_files_from_finders = _files_from_finders_once
    settings.PASSWORD_HASHERS = [
        "tests.support.process_speed.CheapArgon2PasswordHasher",
        *settings.PASSWORD_HASHERS[1:],
    ]
    from django.contrib.auth.hashers import get_hashers, get_hashers_by_algorithm

    get_hashers.cache_clear()
    get_hashers_by_algorithm.cache_clear()
