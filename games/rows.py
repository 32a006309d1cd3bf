"""The three statements of a game change, as plain SQL built once from the models' metadata.

Every move, tap, undo and resign reads one game row under lock, updates it and appends one
log entry. Through the ORM each of those statements is compiled anew on every call, which
costs more CPU than PostgreSQL spends running them; here the SQL text is built once per
database from ``_meta`` (so new columns are picked up) and values are converted by the
fields themselves (``get_db_prep_value``), exactly as the ORM would. On PostgreSQL they run
as server-side prepared statements (parsed and planned once per connection, parameters sent
apart), inside Django's transaction and error wrapping. Only ``games.services`` calls this
module.
"""
from __future__ import annotations

from contextlib import contextmanager
from functools import lru_cache

from django.db import connections

from .models import Deal, Game, GameEvent, Player

_LOG_FIELDS = ("game_id", "seq", "kind", "positions", "cards", "created_at")
_SAVED_FIELDS = ("version", "state", "status", "score", "moves", "updated_at", "finished_at")


@lru_cache(maxsize=None)
def _statements(alias: str) -> dict:
    connection = connections[alias]
    quote = connection.ops.quote_name
    game_table, deal_table = quote(Game._meta.db_table), quote(Deal._meta.db_table)
    game_columns = [f.column for f in Game._meta.concrete_fields]
    player_columns = [f.column for f in Player._meta.concrete_fields]
    lock = f" FOR UPDATE OF {game_table}" if connection.features.has_select_for_update_of else ""
    statements = {
        "game_fields": [f.attname for f in Game._meta.concrete_fields],
        "player_fields": [f.attname for f in Player._meta.concrete_fields],
        "locked_game": (
            f"SELECT {', '.join(f'{game_table}.{quote(c)}' for c in game_columns)}, "
            f"{deal_table}.{quote('code')} FROM {game_table} INNER JOIN {deal_table} ON "
            f"{deal_table}.{quote('id')} = {game_table}.{quote('deal_id')} "
            f"WHERE {game_table}.{quote('id')} = %s{lock}"),
        "player_by_token": (
            f"SELECT {', '.join(quote(c) for c in player_columns)} FROM "
            f"{quote(Player._meta.db_table)} WHERE {quote('token_hash')} = %s"),
        "update_game": (
            f"UPDATE {game_table} SET "
            f"{', '.join(f'{quote(Game._meta.get_field(n).column)} = %s' for n in _SAVED_FIELDS)}"
            f" WHERE {quote('id')} = %s AND {quote('version')} = %s"),
        "append_log": (
            f"INSERT INTO {quote(GameEvent._meta.db_table)} "
            f"({', '.join(quote(GameEvent._meta.get_field(n).column) for n in _LOG_FIELDS)}) "
            f"VALUES ({', '.join(['%s'] * len(_LOG_FIELDS))})"),
    }
    # PostgreSQL: both writes in one statement (one round trip); the log entry is inserted
    # only when the update found the game still at the version it was read at.
    update, insert = statements["update_game"], statements["append_log"]
    statements["save_change"] = (
        f"WITH changed AS ({update} RETURNING {quote('id')}) "
        + insert.replace(f"VALUES ({', '.join(['%s'] * len(_LOG_FIELDS))})",
                         f"SELECT {quote('id')}, {', '.join(['%s'] * (len(_LOG_FIELDS) - 1))} "
                         "FROM changed")
    ) if connection.vendor == "postgresql" else None
    return statements


def _prepared(model, names, values, connection) -> list:
    return [model._meta.get_field(name).get_db_prep_value(value, connection, prepared=False)
            for name, value in zip(names, values)]


def locked_game(game_id: int, using: str = "default") -> Game | None:
    """The game row locked for update (``SELECT … FOR UPDATE``) with its deal's code."""
    statements = _statements(using)
    with _cursor(using) as execute:
        row = execute(statements["locked_game"], [game_id]).fetchone()
    if row is None:
        return None
    game = Game.from_db(using, statements["game_fields"], _from_db(Game, statements["game_fields"],
                                                                  row[:-1], using))
    game.deal = Deal.from_db(using, ["id", "code"], [game.deal_id, row[-1]])
    return game


def player_by_token_hash(token_hash: str, using: str = "default") -> Player | None:
    statements = _statements(using)
    with _cursor(using) as execute:
        row = execute(statements["player_by_token"], [token_hash]).fetchone()
    if row is None:
        return None
    return Player.from_db(using, statements["player_fields"],
                          _from_db(Player, statements["player_fields"], row, using))


def save_change(game: Game, previous_version: int, entry: dict, using: str = "default") -> bool:
    """Write the game's new state (only if still at ``previous_version``) and its log entry.

    Returns False, writing nothing, when the version moved meanwhile.
    """
    connection = connections[using]
    statements = _statements(using)
    values = _prepared(Game, _SAVED_FIELDS, [getattr(game, n) for n in _SAVED_FIELDS], connection)
    log = _prepared(GameEvent, _LOG_FIELDS, [entry[n] for n in _LOG_FIELDS], connection)
    with _cursor(using) as execute:
        if statements["save_change"]:
            return execute(statements["save_change"],
                           values + [game.pk, previous_version] + log[1:]).rowcount == 1
        if execute(statements["update_game"], values + [game.pk, previous_version]).rowcount != 1:
            return False
        execute(statements["append_log"], log)
    return True


@contextmanager
def _cursor(using: str):
    """``execute(sql, params) -> cursor``: prepared on PostgreSQL, Django's cursor elsewhere."""
    connection = connections[using]
    if connection.vendor != "postgresql":
        with connection.cursor() as cursor:
            yield lambda sql, params: cursor.execute(sql, params) or cursor
        return
    import psycopg

    connection.ensure_connection()
    with connection.wrap_database_errors, psycopg.Cursor(connection.connection) as cursor:
        yield lambda sql, params: cursor.execute(sql, params, prepare=True)


def _from_db(model, names, row, using) -> list:
    """Values as the ORM would hand them over (e.g. SQLite's text dates made datetimes)."""
    converters = _converters(model, tuple(names), using)
    if not converters:
        return list(row)
    values = list(row)
    for index, convert in converters:
        values[index] = convert(values[index])
    return values


@lru_cache(maxsize=None)
def _converters(model, names: tuple, using: str) -> tuple:
    connection = connections[using]
    found = []
    for index, name in enumerate(names):
        field = model._meta.get_field(name)
        functions = (connection.ops.get_db_converters(field.get_col(model._meta.db_table))
                     + field.get_db_converters(connection))
        if functions:
            found.append((index, _chain(functions, field, connection)))
    return tuple(found)


def _chain(functions, field, connection):
    expression = field.get_col(field.model._meta.db_table)

    def convert(value):
        for function in functions:
            value = function(value, expression, connection)
        return value

    return convert
