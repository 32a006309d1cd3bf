"""The round trips of a socket move, with the drivers the service uses and nothing else.

What the game socket's move must send and wait for to keep the service's guarantees (SPEC,
docs/RELIABILITY.md §9), here without Django's ORM, transaction machinery, the engine or the
representation: on a pool thread (as the service's synchronous services run under Channels),

1. the player's row read again (credentials are re-checked before every action),
2. the player's shared budget of game actions charged in Redis (``INCR``; ``EXPIRE`` once a window),
3. ``BEGIN``; the game row locked (``SELECT … FOR UPDATE``); the version-checked update and its
   log row in one statement; ``COMMIT``,
4. the change published (``PUBLISH``) after the commit,

on one psycopg connection per thread (binary, statements prepared on the server from their first
run) and one redis-py client per process. :func:`move_async` makes the same round trips on the
event loop instead (psycopg's ``AsyncConnection``, one per socket, and ``redis.asyncio``, one
client per process): no thread hop, the async limit. The tables are the bench's own
(``floor_*`` in the perf database), one player and one game per client.
"""

from __future__ import annotations

import os
import threading

import psycopg
import redis
import redis.asyncio

PLAYER = "SELECT id, name, suspended_at FROM floor_player WHERE id = %s"
LOCK = "SELECT version, state FROM floor_game WHERE id = %s FOR UPDATE"
SAVE = (
    "WITH changed AS (UPDATE floor_game SET version = %s, state = %s, updated_at = now() "
    "WHERE id = %s AND version = %s RETURNING id) "
    "INSERT INTO floor_event (game_id, seq, kind, positions, created_at) "
    "SELECT id, %s, 'move', %s, now() FROM changed"
)
SCHEMA = """
DROP TABLE IF EXISTS floor_event, floor_game, floor_player;
CREATE TABLE floor_player (id bigint PRIMARY KEY, name text NOT NULL, suspended_at timestamptz);
CREATE TABLE floor_game (id bigint PRIMARY KEY, owner_id bigint NOT NULL, version integer NOT NULL,
                         state text NOT NULL, updated_at timestamptz NOT NULL);
CREATE TABLE floor_event (id bigserial PRIMARY KEY, game_id bigint NOT NULL, seq integer NOT NULL,
                          kind text NOT NULL, positions text NOT NULL,
                          created_at timestamptz NOT NULL, UNIQUE (game_id, seq));
"""
#: A game's state is about this long in the service (104 cards and the log's tail).
STATE = "x" * 420

_local = threading.local()
_redis: redis.Redis | None = None
_async_redis: redis.asyncio.Redis | None = None


def create_tables(database_url: str, games: int) -> None:
    """The bench's tables, with ``games`` players and games (ids 1 … games) at version 0."""
    with psycopg.connect(database_url, autocommit=True) as connection:
        connection.execute(SCHEMA)
        with connection.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO floor_player (id, name) VALUES (%s, %s)",
                [(i, f"floor{i}") for i in range(1, games + 1)],
            )
            cursor.executemany(
                "INSERT INTO floor_game (id, owner_id, version, state, updated_at) "
                "VALUES (%s, %s, 0, %s, now())",
                [(i, i, STATE) for i in range(1, games + 1)],
            )


def _connection() -> psycopg.Connection:
    connection = getattr(_local, "connection", None)
    if connection is None:
        url = os.environ["FLOOR_DATABASE_URL"]  # autocommit: BEGIN and COMMIT as Django sends them
        connection = psycopg.connect(url, autocommit=True, prepare_threshold=0)
        _local.connection = connection
    return connection


def _client() -> redis.Redis:
    global _redis
    if _redis is None:
        _redis = redis.Redis.from_url(os.environ["FLOOR_REDIS_URL"])
    return _redis


def _charge(client: redis.Redis, game_id: int) -> None:
    """The player's budget of game actions: one ``INCR`` (``EXPIRE`` once a window)."""
    budget = f"floor:throttle:{game_id}"
    if client.incr(budget) == 1:
        client.expire(budget, 1)


def _save(connection: psycopg.Connection, game_id: int, version: int, positions: str):
    """The version-checked update with its log row, one statement (its cursor)."""
    return connection.execute(SAVE, (version + 1, STATE, game_id, version, version + 1, positions))


def move(game_id: int, expected_version: int, positions: str, frame: str) -> int | None:
    """One move's round trips; the new version, or None when the game was not at
    ``expected_version`` (nothing written)."""
    connection, client = _connection(), _client()
    if connection.execute(PLAYER, (game_id,)).fetchone() is None:
        raise LookupError(f"no floor player {game_id}")
    _charge(client, game_id)
    with connection.transaction():
        version, _state = connection.execute(LOCK, (game_id,)).fetchone()
        if (
            version != expected_version
            or _save(connection, game_id, version, positions).rowcount != 1
        ):
            return None
    client.publish(f"floor:game:{game_id}", frame)
    return version + 1


def move_pipelined(game_id: int, expected_version: int, positions: str, frame: str) -> int | None:
    """:func:`move`'s statements in four round trips instead of seven: psycopg's pipeline mode
    sends ``BEGIN``, the player's read and the locked read together, then the update and
    ``COMMIT`` together (the budget is charged before, not after, the player's read)."""
    connection, client = _connection(), _client()
    _charge(client, game_id)
    with connection.pipeline(), connection.transaction():
        player = connection.execute(PLAYER, (game_id,))
        locked = connection.execute(LOCK, (game_id,))
        if player.fetchone() is None:
            raise LookupError(f"no floor player {game_id}")
        version, _state = locked.fetchone()
        if version != expected_version:
            return None
        saved = _save(connection, game_id, version, positions)
    if saved.rowcount != 1:  # known once the pipeline has been synchronised
        return None
    client.publish(f"floor:game:{game_id}", frame)
    return version + 1


async def connect_async() -> psycopg.AsyncConnection:
    """A socket's own connection for :func:`move_async` (autocommit, prepared statements)."""
    url = os.environ["FLOOR_DATABASE_URL"]
    return await psycopg.AsyncConnection.connect(url, autocommit=True, prepare_threshold=0)


def _async_client() -> redis.asyncio.Redis:
    global _async_redis
    if _async_redis is None:  # one client (its pool) per process: daphne runs one event loop
        _async_redis = redis.asyncio.Redis.from_url(os.environ["FLOOR_REDIS_URL"])
    return _async_redis


async def move_async(
    connection: psycopg.AsyncConnection,
    game_id: int,
    expected_version: int,
    positions: str,
    frame: str,
) -> int | None:
    """:func:`move`'s seven round trips awaited on the event loop, on the socket's
    ``connection``: the same statements in the same order, no pool thread."""
    client = _async_client()
    player = await connection.execute(PLAYER, (game_id,))
    if await player.fetchone() is None:
        raise LookupError(f"no floor player {game_id}")
    budget = f"floor:throttle:{game_id}"
    if await client.incr(budget) == 1:
        await client.expire(budget, 1)
    async with connection.transaction():
        locked = await connection.execute(LOCK, (game_id,))
        version, _state = await locked.fetchone()
        if version != expected_version:
            return None
        saved = await connection.execute(
            SAVE, (version + 1, STATE, game_id, version, version + 1, positions)
        )
        if saved.rowcount != 1:
            return None
    await client.publish(f"floor:game:{game_id}", frame)
    return version + 1


#: The route of the socket floor making the round trips on the event loop (:func:`move_async`).
ASYNC_ROUTE = "floor-async"

#: The ways the floors make the round trips: (label, route of the floor's endpoints, function).
VARIANTS = (
    ("+ I/O", "floor-io", move),
    ("+ I/O pipelined", "floor-pipelined", move_pipelined),
)


def main() -> None:
    """CPU time per move of the round trips alone, in this one thread (no server, no other
    thread holding the interpreter): what the drivers cost before any contention."""
    import argparse
    import time

    from .env import DATABASE_URL, REDIS_URL, prepare
    from .measure import emit

    parser = argparse.ArgumentParser(description=main.__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=3000)
    args = parser.parse_args()
    prepare()
    os.environ.setdefault("FLOOR_DATABASE_URL", DATABASE_URL)
    os.environ.setdefault("FLOOR_REDIS_URL", REDIS_URL)
    result = {"measurement": "floor_io", "moves": args.moves}
    for _label, route, io in VARIANTS:
        create_tables(DATABASE_URL, 1)
        for version in range(100):  # warm up: connections made, statements prepared
            io(1, version, "P1+P7", "{}")
        started_cpu, started = time.process_time(), time.perf_counter()
        for version in range(100, 100 + args.moves):
            assert io(1, version, "P1+P7", "{}") == version + 1
        cpu, wall = time.process_time() - started_cpu, time.perf_counter() - started
        result[route] = {
            "cpu_us_per_move": round(cpu / args.moves * 1e6),
            "wall_us_per_move": round(wall / args.moves * 1e6),
        }
    emit(result)


if __name__ == "__main__":
    main()
