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
the three models, so it cannot fall behind them. Both the locked read and this one bring the
challenge the game was played at (``Game.played_at``, by outer joins): the game's
representation costs no statement of its own. Only ``games.play.services`` and
``games.play.selectors`` call this module.
"""

from __future__ import annotations

from functools import cache

from django.db import connections

from games.core.rows import concrete_columns, field_value, instance, row_id
from games.players.models import Player

from .models import Deal, Game, GameEvent, PlayedAt, elapsed_ms_of

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

#: The challenge a game was played at (``PlayedAt``), read in the game's own statement: the
#: attempt row (keyed by the game's id), its challenge, the creator and the creator's game, all
#: by primary key, all outer joins (null for every other game). ``games.challenges`` owns these
#: tables and sits above this package, so they are named here as SQL only (as
#: :data:`OWNER_RACING` names the races'); a test checks the names against the models.
PLAYED_AT_COLUMNS = (
    "a.counted",
    "c.code",
    "c.creator_id",
    "cp.name",
    "cg.status",
    "cg.score",
    "cg.moves",
    "cg.clock_started_at",
    "cg.finished_at",
    "cg.updated_at",
)
PLAYED_AT_JOINS = (
    " LEFT JOIN games_challengeattempt a ON a.game_id = g.id"
    " LEFT JOIN games_challenge c ON c.id = a.challenge_id"
    " LEFT JOIN games_player cp ON cp.id = c.creator_id"
    " LEFT JOIN games_game cg ON cg.id = c.game_id"
)

LOCKED_GAME = (
    "SELECT g.id, g.owner_id, g.deal_id, g.status, g.score, g.moves, g.version, g.state, "
    "g.daily_date, g.ranked, g.started_at, g.clock_started_at, g.finished_at, g.updated_at, "
    "g.disqualified_at, g.disqualified_reason, g.watchable, g.race_id, d.code, "
    + ", ".join(PLAYED_AT_COLUMNS)
    + " FROM games_game g INNER JOIN games_deal d ON d.id = g.deal_id"
    + PLAYED_AT_JOINS
    + " WHERE g.id = %s"
)
#: The challenges a list of games was played at (``g.id`` of each game, ``PLAYED_AT_COLUMNS``):
#: one statement for a page of games; only the games played at one are returned.
PLAYED_AT_OF = (
    "SELECT g.id, "
    + ", ".join(PLAYED_AT_COLUMNS)
    + " FROM games_game g"
    + PLAYED_AT_JOINS.replace(" LEFT JOIN", " INNER JOIN", 1)  # the attempt: played at one
    + " WHERE g.id IN ({})"
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
    game_end = len(GAME_COLUMNS)
    game = instance(Game, row[:game_end], using)
    game.deal = Deal.from_db(using, ["id", "code"], [game.deal_id, row[game_end]])
    game.played_at = _played_at(row[game_end + 1 :], using)
    return game


@cache
def _game_for_reading_sql(using: str) -> str:
    """The game's, its deal's and its owner's columns, in that order (each model's own)."""
    quote = connections[using].ops.quote_name

    def columns(alias: str, model) -> str:
        return ", ".join(f"{alias}.{quote(column)}" for column in concrete_columns(model))

    return (
        f"SELECT {columns('g', Game)}, {columns('d', Deal)}, {columns('p', Player)}, "
        f"{', '.join(PLAYED_AT_COLUMNS)} "
        f"FROM {quote(Game._meta.db_table)} g "
        f"INNER JOIN {quote(Deal._meta.db_table)} d ON d.id = g.deal_id "
        f"INNER JOIN {quote(Player._meta.db_table)} p ON p.id = g.owner_id"
        f"{PLAYED_AT_JOINS} WHERE g.id = %s"
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
    owner_end = deal_end + len(concrete_columns(Player))
    game = instance(Game, row[:game_end], using)
    game.deal = instance(Deal, row[game_end:deal_end], using)
    game.owner = instance(Player, row[deal_end:owner_end], using)
    game.played_at = _played_at(row[owner_end:], using)
    return game


def played_at_of(game_ids: list[int], using: str = "default") -> dict[int, PlayedAt]:
    """The challenges the games were played at, by game id (one statement; a game played at
    none is not in it)."""
    ids = [game_id for game_id in map(row_id, game_ids) if game_id is not None]
    if not ids:
        return {}
    with connections[using].cursor() as cursor:
        cursor.execute(PLAYED_AT_OF.format(", ".join(["%s"] * len(ids))), ids)
        found = cursor.fetchall()
    return {row[0]: played for row in found if (played := _played_at(row[1:], using)) is not None}


def _played_at(values, using: str) -> PlayedAt | None:
    """The :data:`PLAYED_AT_COLUMNS` of a row as a :class:`PlayedAt`; None when the game was
    played at no challenge (the outer joins found no attempt)."""
    counted, code, creator_id, name, status, score, moves, started, finished, updated = values
    if code is None:
        return None
    started = field_value(Game, "clock_started_at", started, using)
    finished = field_value(Game, "finished_at", finished, using)
    updated = field_value(Game, "updated_at", updated, using)
    return PlayedAt(
        code=code,
        counted=bool(counted),
        creator_id=creator_id,
        creator_name=name,
        status=status,
        score=score,
        moves=moves,
        elapsed_ms=elapsed_ms_of(status, started, finished, updated),
        ended_at=finished or updated,
    )


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
