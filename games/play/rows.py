"""The statements of a game change, as literal SQL run through Django's cursor.

Every move, tap, undo and resign reads one game row under lock, updates it and appends one
log entry. Through the ORM each statement would be compiled anew on every call, which costs
more CPU than PostgreSQL spends running it; here the SQL is written out once. On PostgreSQL the
connection binds parameters on the server and prepares a statement it has run
``prepare_threshold`` times (``DATABASES["default"]["OPTIONS"]``), and the update and the log
entry go in one statement (one round trip). The column lists are checked against the models
by a test, so a new ``Game`` field fails the suite instead of being silently ignored.

The most frequent read, a game with its deal and owner (``GET /games/{id}``, a socket's
snapshot), is one statement too: compiling its ``select_related`` query cost the ORM about as
much CPU as the rest of the read (~0.5 ms of ~1 ms in process); its column list is derived from
the three models, so it cannot fall behind them. Only ``games.play.services`` and
``games.play.selectors`` call this module.
"""

from __future__ import annotations

from functools import cache

from django.db import connections

from games.core.rows import concrete_columns, instance, row_id
from games.players.models import Player

from .models import Deal, Game, GameEvent

#: ``Game``'s columns in field order (checked against the model by a test).
GAME_COLUMNS = (
    "id",
    "owner_id",
    "deal_id",
    "status",
    "score",
    "moves",
    "version",
    "state",
    "daily_date",
    "ranked",
    "started_at",
    "clock_started_at",
    "finished_at",
    "updated_at",
    "disqualified_at",
    "disqualified_reason",
    "watchable",
    "race_id",
)
#: What a change writes, in the order of the placeholders below.
SAVED_COLUMNS = (
    "version",
    "state",
    "status",
    "score",
    "moves",
    "updated_at",
    "clock_started_at",
    "finished_at",
)
LOG_COLUMNS = ("game_id", "seq", "kind", "positions", "cards", "created_at", "game_month")
#: The log entry's ``game_month`` (``GameEvent.month_of``) computed from the game row itself.
GAME_MONTH = "date_trunc('month', started_at AT TIME ZONE 'UTC')::date"

LOCKED_GAME = (
    "SELECT g.id, g.owner_id, g.deal_id, g.status, g.score, g.moves, g.version, g.state, "
    "g.daily_date, g.ranked, g.started_at, g.clock_started_at, g.finished_at, g.updated_at, "
    "g.disqualified_at, g.disqualified_reason, g.watchable, g.race_id, d.code "
    "FROM games_game g INNER JOIN games_deal d ON d.id = g.deal_id WHERE g.id = %s"
)
LOCK = " FOR UPDATE OF g"
UPDATE_GAME = (
    "UPDATE games_game SET version = %s, state = %s, status = %s, score = %s, moves = %s, "
    "updated_at = %s, clock_started_at = %s, finished_at = %s WHERE id = %s AND version = %s"
)
APPEND_LOG = (
    "INSERT INTO games_gameevent (game_id, seq, kind, positions, cards, created_at, game_month) "
    "VALUES (%s, %s, %s, %s, %s, %s, %s)"
)
#: PostgreSQL: the update and the log entry in one statement; the entry is inserted only when
#: the update found the game still at the version it was read at, with the game row's month
#: (the log's partition key, constant per game: :mod:`games.play.partitions`).
SAVE_CHANGE = (
    "WITH changed AS (" + UPDATE_GAME + " RETURNING id, started_at) "
    "INSERT INTO games_gameevent (game_id, seq, kind, positions, cards, created_at, game_month) "
    "SELECT id, %s, %s, %s, %s, %s, " + GAME_MONTH + " FROM changed"
)


#: PostgreSQL: the same statement answers whether the game's owner is a member of a race not yet
#: over (``Race.UNFINISHED``: open, countdown, running; a test checks the literals), which the
#: races' deal lock (``games.races.settlement.refuse_raced_deal``) needs on every change of a
#: game outside a race. Asked here, it costs no statement of its own: read after the game's row
#: lock, as that lock's own query was, so it sees every membership committed before it; the
#: lock's query runs only when the answer is yes (``Game.owner_racing``).
OWNER_RACING = (
    " RETURNING EXISTS (SELECT 1 FROM games_racemember m INNER JOIN games_race r "
    "ON r.id = m.race_id WHERE m.player_id = %s AND r.status IN ('open', 'countdown', 'running'))"
)


def locked_game(game_id: object, using: str = "default") -> Game | None:
    """The game row locked for update (``SELECT … FOR UPDATE``) with its deal's code; None
    when ``game_id`` names no game (:func:`games.core.rows.row_id`)."""
    game_id = row_id(game_id)
    if game_id is None:
        return None
    connection = connections[using]
    sql = LOCKED_GAME + (LOCK if connection.features.has_select_for_update_of else "")
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_id])
        row = cursor.fetchone()
    if row is None:
        return None
    game = instance(Game, row[:-1], using)
    game.deal = Deal.from_db(using, ["id", "code"], [game.deal_id, row[-1]])
    return game


@cache
def _game_for_reading_sql(using: str) -> str:
    """The game's, its deal's and its owner's columns, in that order (each model's own)."""
    quote = connections[using].ops.quote_name

    def columns(alias: str, model) -> str:
        return ", ".join(f"{alias}.{quote(column)}" for column in concrete_columns(model))

    return (
        f"SELECT {columns('g', Game)}, {columns('d', Deal)}, {columns('p', Player)} "
        f"FROM {quote(Game._meta.db_table)} g "
        f"INNER JOIN {quote(Deal._meta.db_table)} d ON d.id = g.deal_id "
        f"INNER JOIN {quote(Player._meta.db_table)} p ON p.id = g.owner_id WHERE g.id = %s"
    )


def game_for_reading(game_id: object, using: str = "default") -> Game | None:
    """The game with its deal and owner loaded (what ``select_related("deal", "owner")``
    gives), in one statement; None when there is no such game."""
    game_id = row_id(game_id)
    if game_id is None:
        return None
    with connections[using].cursor() as cursor:
        cursor.execute(_game_for_reading_sql(using), [game_id])
        row = cursor.fetchone()
    if row is None:
        return None
    game_end = len(concrete_columns(Game))
    deal_end = game_end + len(concrete_columns(Deal))
    game = instance(Game, row[:game_end], using)
    game.deal = instance(Deal, row[game_end:deal_end], using)
    game.owner = instance(Player, row[deal_end:], using)
    return game


def save_change(game: Game, previous_version: int, entry: dict, using: str = "default") -> bool:
    """Write the game's new state (only if still at ``previous_version``) and its log entry.

    Returns False, writing nothing, when the version moved meanwhile. On PostgreSQL it sets
    ``game.owner_racing`` too (:data:`OWNER_RACING`); elsewhere that stays None (not asked).
    """
    connection = connections[using]
    saved = [_db_value(Game, name, getattr(game, name), connection) for name in SAVED_COLUMNS]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":  # game_id and game_month come from the row
            log = [
                _db_value(GameEvent, name, entry[name], connection) for name in LOG_COLUMNS[1:-1]
            ]
            cursor.execute(
                SAVE_CHANGE + OWNER_RACING,
                saved + [game.pk, previous_version] + log + [game.owner_id],
            )
            row = cursor.fetchone()  # none when the version moved: nothing was written
            if row is None:
                return False
            game.owner_racing = row[0]
            return True
        entry = {**entry, "game_month": GameEvent.month_of(game.started_at)}
        log = [_db_value(GameEvent, name, entry[name], connection) for name in LOG_COLUMNS]
        cursor.execute(UPDATE_GAME, saved + [game.pk, previous_version])
        if cursor.rowcount != 1:
            return False
        cursor.execute(APPEND_LOG, log)
    return True


def _db_value(model, column: str, value, connection):
    """The value as the ORM would send it (e.g. an aware datetime for SQLite as text)."""
    field = model._meta.get_field(column.removesuffix("_id") if column.endswith("_id") else column)
    return field.get_db_prep_value(value, connection, prepared=False)
