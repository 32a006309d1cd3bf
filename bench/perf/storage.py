"""Storage: bytes in PostgreSQL per finished 48-move game (game row, move log, indexes).

Wins ``--games`` games through the services (the deals are found by the test-only
solver, tests/support/solver.py; players never reach it), then compacts the tables
(``VACUUM FULL``) and divides the growth of the game and log tables, with their indexes and
TOAST, by the number of games. Also reports the exact column bytes (``pg_column_size``) of
one game row and its 48 log rows. The deal (shared by every game of a code) is not counted.
"""

from __future__ import annotations

import argparse

from .env import prepare, reset, setup_django
from .measure import emit

TABLES = ("games_game", "games_gameevent")


def sizes(cursor) -> dict:
    cursor.execute("VACUUM FULL games_game")
    cursor.execute("VACUUM FULL games_gameevent")
    out = {}
    for table in TABLES:
        # Summed over the table and its partitions (the move log is partitioned by month on
        # PostgreSQL, migration 0019; a partitioned table's own sizes are 0, and a plain table
        # has no partition tree).
        cursor.execute(
            "SELECT sum(pg_relation_size(relid)), sum(pg_indexes_size(relid)), "
            "sum(pg_total_relation_size(relid)) FROM (SELECT %s::regclass AS relid "
            "UNION SELECT relid FROM pg_partition_tree(%s)) AS tree",
            [table, table],
        )
        heap, indexes, total = cursor.fetchone()
        out[table] = {"heap": heap, "indexes": indexes, "total": total}
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    prepare()
    reset()
    setup_django()
    from django.db import connection

    from games import actions
    from games.players import services as players
    from tests.support.solver import find_winnable_code

    player, _ = players.create_player("storage")
    winners, start = [], 0
    while len(winners) < 5:
        code, moves = find_winnable_code(start=start)
        winners.append((code, moves))
        start = code.number + 1
    with connection.cursor() as cursor:
        before = sizes(cursor)
    for index in range(args.games):
        code, moves = winners[index % len(winners)]
        game = actions.start_game(player, code.text).game
        for move in moves:
            outcome = actions.move(player, game.pk, [p.name for p in move.positions])
        assert outcome.game.status == "won" and outcome.game.moves == 48, outcome.game.status
    with connection.cursor() as cursor:
        after = sizes(cursor)
        cursor.execute("SELECT pg_column_size(g.*) FROM games_game g WHERE id = %s", [game.pk])
        game_row = cursor.fetchone()[0]
        cursor.execute(
            "SELECT count(*), sum(pg_column_size(e.*)) FROM games_gameevent e WHERE game_id = %s",
            [game.pk],
        )
        log_rows, log_bytes = cursor.fetchone()
    per_game = {
        table: {
            part: round((after[table][part] - before[table][part]) / args.games)
            for part in ("heap", "indexes", "total")
        }
        for table in TABLES
    }
    emit(
        {
            "measurement": "storage",
            "games": args.games,
            "bytes_per_game": sum(v["total"] for v in per_game.values()),
            "by_table": per_game,
            "game_row_column_bytes": game_row,
            "log_rows": log_rows,
            "log_column_bytes": log_bytes,
        }
    )


if __name__ == "__main__":
    main()
