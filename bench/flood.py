"""Abuse: does a flood from one (throttled) client slow another client's moves?

    .venv/bin/python bench/flood.py [--requests 300] [--flooders 8] [--replicas 1]
                                    [--server daphne|gunicorn] [--nginx]

One "victim" player plays its game over HTTP (the same tap over and over: select, deselect,
about 20 a second), measuring each request's latency, first alone and then while one other
player floods the service with game actions from ``--flooders`` threads (connections).
The flooder is throttled (``HALFMOON_THROTTLE_GAME_ACTION``, default 30/s): nearly all its
requests get 429. Prints the victim's median and p99 latency in both phases and their ratio.
With ``--replicas N`` the load is spread over N daphne processes (round-robin by client),
as behind the compose file's nginx. With ``--nginx`` every request goes through the deployed
entry point, ``deploy/nginx.conf`` (its per-token write limit refuses most of the flood before
it reaches Python), in front of one server (installed from Debian when missing).
"""

import argparse
import json
import multiprocessing
import subprocess
import threading
import time
from collections import Counter

from common import percentiles, prepare_database

from tests.support import nginx
from tests.support.http import Http, new_player
from tests.support.moves import visible_cards
from tests.support.servers import ServerProcess

#: The victim plays like a fast human (about 20 changes a second), well under its throttle.
VICTIM_PAUSE = 0.05


def victim_latencies(url: str, requests: int) -> list[float]:
    victim = new_player(url, "victim")
    game = victim.post("/api/v1/games", {}).body
    position = visible_cards(game)[0][0]
    samples = []
    for _ in range(requests):
        start = time.perf_counter()
        reply = victim.post(f"/api/v1/games/{game['id']}/taps", {"position": position})
        samples.append(time.perf_counter() - start)
        assert reply.status == 200, (reply.status, reply.body)
        time.sleep(VICTIM_PAUSE)
    return samples


def flood(
    urls: list[str], token: str, game_id: int, position: str, threads: int, stop, replies
) -> None:
    """The flooder: ``threads`` connections sending taps as fast as they are answered.

    Runs in a process of its own so that its threads do not take the measuring client's GIL.
    """
    counts, lock = Counter(), threading.Lock()

    def hammer(index):
        client = Http(urls[index % len(urls)], token)
        while not stop.is_set():
            try:
                status = client.post(f"/api/v1/games/{game_id}/taps", {"position": position}).status
            except OSError:
                status = "error"
            with lock:
                counts[status] += 1

    workers = [threading.Thread(target=hammer, args=(i,)) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    replies.update({str(k): v for k, v in counts.items()})


def ensure_nginx() -> None:
    """Install Debian's nginx when missing (as bench/run_all and .ci/run do)."""
    if not nginx.installed():
        subprocess.run(
            "apt-get update -qq && DEBIAN_FRONTEND=noninteractive "
            "apt-get install -y -qq nginx >/dev/null",
            shell=True,
            check=True,
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--flooders", type=int, default=8)
    parser.add_argument("--replicas", type=int, default=1)
    parser.add_argument("--rate", default="30/s", help="game_action throttle of the service")
    parser.add_argument(
        "--app",
        default="halfmoon_service.asgi:application",
        help="ASGI application to serve (to compare a variant)",
    )
    parser.add_argument(
        "--server",
        choices=["daphne", "gunicorn"],
        default="daphne",
        help="gunicorn: deploy/gunicorn.conf.py, as compose's HTTP workers",
    )
    parser.add_argument(
        "--nginx",
        action="store_true",
        help="every request through deploy/nginx.conf in front of the server",
    )
    args = parser.parse_args()
    if args.nginx and args.replicas != 1:
        parser.error("--nginx runs in front of one server (gunicorn has its own workers)")
    if args.nginx:
        ensure_nginx()
    env = prepare_database()
    env.update(
        HALFMOON_THROTTLE_GAME_ACTION=args.rate, HALFMOON_THROTTLE_PLAYER_CREATE="100000/min"
    )
    servers = [
        ServerProcess(env, app=args.app, kind=args.server).start() for _ in range(args.replicas)
    ]
    if args.nginx:
        servers.append(nginx.Nginx(servers[0].url).start())
    try:
        urls = [servers[-1].url] if args.nginx else [s.url for s in servers]
        victim_url = urls[-1]
        quiet = victim_latencies(victim_url, args.requests)
        flooder = new_player(urls[0], "flooder")
        game = flooder.post("/api/v1/games", {}).body
        stop, replies = multiprocessing.Event(), multiprocessing.Manager().dict()
        flooding = multiprocessing.Process(
            target=flood,
            args=(
                urls,
                flooder.token,
                game["id"],
                visible_cards(game)[0][0],
                args.flooders,
                stop,
                replies,
            ),
        )
        flooding.start()
        time.sleep(1)
        started = time.perf_counter()
        flooded = victim_latencies(victim_url, args.requests)
        elapsed = time.perf_counter() - started
        stop.set()
        flooding.join()
        counts = dict(replies)
    finally:
        for server in servers:
            server.close()
    quiet_stats, flooded_stats = percentiles(quiet), percentiles(flooded)
    report = {
        "server": args.server,
        "nginx": args.nginx,
        "replicas": args.replicas,
        "flooder_threads": args.flooders,
        "throttle": args.rate,
        "victim_alone": quiet_stats,
        "victim_during_flood": flooded_stats,
        "flood_replies": counts,
        "flood_rate_per_s": round(sum(counts.values()) / (elapsed + 1), 1),
        "median_ratio": round(flooded_stats["median_ms"] / quiet_stats["median_ms"], 2),
        "p99_ratio": round(flooded_stats["p99_ms"] / quiet_stats["p99_ms"], 2),
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
