"""What following credentials costs a socket action and a sign-in, measured in one run.

* A socket action reads its token again before it runs (the query REST pays per request:
  ``realtime.credentials.current_player``); printed as a share of the action itself (a tap,
  with its transaction, locked read and update), both timed in turn on one connection.
* The token lookup of every request (one query), with and without the coarse last-use write
  it makes at most once a minute.
* A sign-up with a taken username beside one with a free name (the password is hashed before
  the name is looked up, so the two should take the same time: the test suite checks the order
  of the work, ``tests/accounts/test_credentials.py``, and this prints the times).
* A sign-in refusal (the Argon2id check, ``halfmoon_service.hashers``) beside a known floor:
  the same number of SHA-256 hashes of the password, to show what the hasher's cost is.

Run from the repository root: ``.venv/bin/python bench/credentials.py`` (PostgreSQL from
``BENCH_DATABASE_URL``, see ``bench/common.py``). Figures depend on the machine; the ratios are
the point.
"""

from __future__ import annotations

import contextlib
import hashlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import prepare_database

ROUNDS = 2000


def timed(call, rounds: int = ROUNDS) -> float:
    """Median seconds of ``call()`` over ``rounds`` calls."""
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    prepare_database()
    import datetime as dt

    from games import actions
    from games.accounts import passwords
    from games.core import clock
    from games.players import authentication, services
    from realtime.credentials import current_player

    player, token = services.create_player("bench")
    game = actions.start_game(player).game
    authenticate = authentication.authenticate
    recheck = timed(lambda: current_player(player))
    tap = timed(lambda: actions.tap(player, game.pk, "P1"))
    lookup = timed(lambda: authenticate(token))
    real_now = clock.now
    offset = [0]

    def stale_lookup():  # a minute later each time: the last use is written back
        offset[0] += 61
        clock.now = lambda: real_now() + dt.timedelta(seconds=offset[0])
        authenticate(token)

    touched = timed(stale_lookup, 500)
    clock.now = real_now
    from games.accounts import services as accounts
    from games.accounts.errors import UsernameUnavailable

    password = "a long enough bench password"
    accounts.add_credentials(services.create_player("owner")[0], "bench_taken", password)
    signups = {"taken": [], "free": []}
    for index in range(15):
        for case in ("taken", "free"):
            newcomer = services.create_player(f"{case}{index}")[0]
            name = "bench_taken" if case == "taken" else f"bench_free_{index}"
            start = time.perf_counter()
            with contextlib.suppress(UsernameUnavailable):  # the taken name: refused
                accounts.add_credentials(newcomer, name, password)
            signups[case].append(time.perf_counter() - start)
    taken, free = (statistics.median(signups[case]) for case in ("taken", "free"))
    check = timed(lambda: passwords.check("not the password", None), 30)
    floor = timed(lambda: hashlib.sha256(b"not the password").digest(), 30)
    print("credentials, medians (PostgreSQL):")
    print(
        f"  socket tap {tap * 1e3:.3f} ms; its credentials re-check {recheck * 1e3:.3f} ms"
        f" ({100 * recheck / tap:.1f} % of the tap)"
    )
    print(
        f"  token lookup {lookup * 1e3:.3f} ms; with the last-use write (once a minute)"
        f" {touched * 1e3:.3f} ms"
    )
    print(
        f"  sign-up with a taken username {taken * 1e3:.1f} ms, with a free one {free * 1e3:.1f} ms"
        f" (x{taken / free:.2f})"
    )
    print(
        f"  sign-in refusal (Argon2id check) {check * 1e3:.1f} ms;"
        f" one SHA-256 {floor * 1e6:.1f} µs (x{check / floor:,.0f})"
    )


if __name__ == "__main__":
    main()
