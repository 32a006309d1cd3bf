"""Crash safety under load, longer than the test: stop the server repeatedly, count moves.

    .venv/bin/python bench/crash.py [--clients 8] [--kills 5] [--seconds 5]
                                    [--signal kill|term] [--server daphne|drain|gunicorn]

Client threads play over HTTP; every ``--seconds`` the server gets the signal (SIGKILL by
default; SIGTERM to compare shutdowns) and is restarted. The server is plain ``daphne``,
``python -m halfmoon_service.serve`` (drains on SIGTERM) or gunicorn with
``deploy/gunicorn.conf.py`` (the HTTP workers of docker-compose.yml). Then every acknowledged
change is looked up in the database by game id and log seq, and every game's log is replayed
(``games.play.verification``). Prints acknowledged vs found, and how many requests got no answer
although they had been applied.

Also how many changes were in flight (sent, not answered yet) at the moment of each signal:
whether a stop hits a request is a matter of timing, so it is a figure here and never an
assertion of the test (``tests/reliability/test_crash.py``). "Without a response" counts more:
the requests cut by a stop and those sent to the server while it was down.
"""

import argparse
import time

from common import prepare_database

from tests.support.load import LoadRun, check_stored
from tests.support.servers import ServerProcess

#: Changes acknowledged after each restart before the next stop: play resumed.
ACKS_AFTER_RESTART = 20


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--kills", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--signal", choices=["kill", "term"], default="kill")
    parser.add_argument("--server", choices=["daphne", "drain", "gunicorn"], default="daphne")
    args = parser.parse_args()
    env = prepare_database()
    env.update(
        HALFMOON_THROTTLE_GAME_ACTION="100000/s", HALFMOON_THROTTLE_PLAYER_CREATE="100000/min"
    )
    server = ServerProcess(env, kind=args.server).start()
    exits, in_flight = [], []
    try:
        run = LoadRun(server.url, clients=args.clients).start()
        for _ in range(args.kills):
            time.sleep(args.seconds)  # the load runs this long between stops (pacing)
            before = len(run.acks)
            in_flight.append(run.in_flight)
            if args.signal == "kill":
                server.kill()
            else:
                exits.append(server.terminate(timeout=30))
            server.start()
            run.wait_for_acks(before + ACKS_AFTER_RESTART)
        run.wait_for_acks(len(run.acks) + ACKS_AFTER_RESTART)
        run.finish()
    finally:
        server.close()
    stored = check_stored(run)
    print(
        f"server={args.server} signal=SIG{args.signal.upper()} clients={args.clients} "
        f"stops={args.kills} seconds_between={args.seconds} exit_statuses={exits or '-'}"
    )
    print(
        f"changes sent: {run.counts['sent']}  acknowledged: {stored.acknowledged}  "
        f"found after restarts: {stored.found}  missing: {len(stored.missing)}"
    )
    print(
        f"without a response: {run.counts['lost']} (committed anyway: "
        f"{stored.unacknowledged_applied})  games verified: {len(run.game_ids)}  "
        f"verification problems: {len(stored.problems)}"
    )
    print(
        f"changes in flight at each signal: {in_flight}  signals that caught at least one: "
        f"{sum(n > 0 for n in in_flight)} of {len(in_flight)}"
    )
    for problem in stored.problems[:10]:
        print("  ", problem)
    print(
        "replies other than 200:",
        {k: v for k, v in run.counts.items() if k.startswith("http_")} or "none",
    )
    return 1 if stored.missing or stored.problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
