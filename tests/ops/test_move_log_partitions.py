"""The move log partitioned by month on PostgreSQL (issue 29, migration 0019,
``games.play.partitions``): a game's moves land in its month's partition, whatever month they
are made in; the job makes the coming months' partitions (idempotent); an ended month is
detached while moves go on, its table keeping its rows; (game, seq) stays unique; the migration
there and back keeps every row."""

import datetime as dt

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from games import actions
from games.core import clock
from games.management import jobs
from games.models import Game, GameEvent
from games.play import partitions
from games.play import services as play

pytestmark = pytest.mark.django_db(transaction=True)

CODE = "HM1-N-AAAAAAA"


def this_month() -> dt.date:
    return clock.today().replace(day=1)


def play_moves(player, game, count=2) -> Game:
    for _ in range(count):
        positions = [p.name for p in game.board().legal_moves()[0].positions]
        game = actions.move(player, game.pk, positions).game
    return game


def game_started(player, started_at: dt.datetime) -> Game:
    deal = actions.start_game(player, CODE).game.deal
    return play.create_game(player, deal, started_at=started_at).game


def where(game_id) -> set[str]:
    """The tables the log entries of a game are stored in."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT DISTINCT tableoid::regclass::text FROM games_gameevent WHERE game_id = %s",
            [game_id],
        )
        return {row[0] for row in cursor.fetchall()}


def count_in(table: str, game_id=None) -> int:
    with connection.cursor() as cursor:
        if game_id is None:
            cursor.execute(f"SELECT count(*) FROM {table}")
        else:
            cursor.execute(f"SELECT count(*) FROM {table} WHERE game_id = %s", [game_id])
        return cursor.fetchone()[0]


def drop(table: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {table}")


def months_back(count: int) -> dt.date:
    return partitions.add_months(this_month(), -count)


def at_noon(month: dt.date) -> dt.datetime:
    return dt.datetime.combine(month.replace(day=15), dt.time(12), tzinfo=dt.UTC)


def test_the_job_has_nothing_to_do_after_migrate_on_either_database(db):
    """The migration made this month's and the next two (PostgreSQL); SQLite has none."""
    assert jobs.create_log_partitions() == jobs.Ran()
    assert partitions.ensure_partitions() == []


@pytest.mark.postgres
def test_the_log_is_partitioned_by_month_after_migrate(db):
    assert partitions.is_partitioned()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_get_partkeydef('games_gameevent'::regclass)")
        assert cursor.fetchone()[0] == "RANGE (game_month)"
        cursor.execute(
            "SELECT pg_get_constraintdef(oid) FROM pg_constraint "
            "WHERE conrelid = 'games_gameevent'::regclass AND contype IN ('p', 'u') ORDER BY 1"
        )
        keys = [row[0] for row in cursor.fetchall()]
        assert keys == ["PRIMARY KEY (game_id, seq, game_month)"]  # (game, seq) unique
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'games_gameevent_id'")
        assert "USING brin (id)" in cursor.fetchone()[0]
    listed = partitions.partitions()
    months = [p.month for p in listed]
    assert {partitions.add_months(this_month(), n) for n in range(3)} <= set(months)
    assert listed[-1] == partitions.Partition("games_gameevent_default", None)


@pytest.mark.postgres
def test_a_games_moves_land_in_its_months_partition(make_player, django_assert_num_queries):
    player, _ = make_player()
    game = play_moves(player, actions.start_game(player, CODE).game, 3)
    assert where(game.pk) == {partitions.partition_name(this_month())}
    entries = list(GameEvent.objects.filter(game=game).order_by("seq"))
    assert [e.seq for e in entries] == [1, 2, 3]
    assert {e.game_month for e in entries} == {this_month()}


@pytest.mark.postgres
def test_a_game_started_in_an_old_month_keeps_writing_into_its_own_partition(make_player):
    old = months_back(3)
    made = partitions.ensure_partitions(today=old)
    try:
        assert partitions.partition_name(old) in made
        player, _ = make_player()
        game = play_moves(player, game_started(player, at_noon(old)), 2)
        current = play_moves(player, actions.start_game(player, CODE).game, 1)
        assert where(game.pk) == {partitions.partition_name(old)}  # moved today, stored there
        assert where(current.pk) == {partitions.partition_name(this_month())}
        assert [e.seq for e in GameEvent.objects.filter(game=game).order_by("seq")] == [1, 2]
    finally:
        Game.objects.all().delete()  # the partitions stay, empty (no other test minds them)


@pytest.mark.postgres
def test_the_partition_job_is_idempotent_and_takes_over_the_default_partitions_rows(make_player):
    """A move whose month has no partition yet is kept in the DEFAULT partition; the month's
    partition, when made, takes it over; making them again makes nothing."""
    later = partitions.add_months(this_month(), 6)
    player, _ = make_player()
    game = play_moves(player, game_started(player, at_noon(later)), 2)
    assert where(game.pk) == {"games_gameevent_default"}
    made = partitions.ensure_partitions(today=later)
    assert made == [partitions.partition_name(partitions.add_months(later, n)) for n in range(3)]
    assert where(game.pk) == {partitions.partition_name(later)}
    assert count_in("games_gameevent_default") == 0
    assert partitions.ensure_partitions(today=later) == []
    assert jobs.create_log_partitions() == jobs.Ran()  # the scheduled step: nothing missing
    call_command("run_jobs", "--once", "--job", "create_log_partitions")
    assert [p.name for p in partitions.partitions()].count(partitions.partition_name(later)) == 1
    play_moves(player, Game.objects.get(pk=game.pk), 1)  # and the game goes on there
    assert where(game.pk) == {partitions.partition_name(later)}


@pytest.mark.postgres
def test_an_old_month_is_detached_while_current_games_go_on(make_player):
    old = months_back(5)
    name = partitions.partition_name(old)
    partitions.ensure_partitions(today=old)
    player, _ = make_player()
    try:
        archived = play_moves(player, game_started(player, at_noon(old)), 3)
        current = play_moves(player, actions.start_game(player, CODE).game, 1)
        # Refused while a game of that month can still change: nothing detached.
        with pytest.raises(CommandError, match=r"1 game\(s\) of .* can still change"):
            call_command("detach_log_partition", f"{old:%Y-%m}")
        with pytest.raises(CommandError, match="is not over"):
            call_command("detach_log_partition", f"{this_month():%Y-%m}")
        assert name in {p.name for p in partitions.partitions()}
        assert where(archived.pk) == {name}
        actions.resign(player, archived.pk)
        call_command("detach_log_partition", f"{old:%Y-%m}")
        assert name not in {p.name for p in partitions.partitions()}
        assert count_in(name, archived.pk) == 4  # three moves and the resignation, kept there
        assert not GameEvent.objects.filter(game_id=archived.pk).exists()  # out of the log
        # Moves go on for current games, in their own month.
        current = play_moves(player, Game.objects.get(pk=current.pk), 2)
        assert current.version == 3 and where(current.pk) == {
            partitions.partition_name(this_month())
        }
        # The archive holds no game back: the game (and its player) can still be deleted.
        Game.objects.filter(pk=archived.pk).delete()
        assert count_in(name, archived.pk) == 4
        with pytest.raises(CommandError, match="has no partition"):
            call_command("detach_log_partition", f"{old:%Y-%m}")
    finally:
        drop(name)


@pytest.mark.postgres
def test_a_month_with_open_games_detaches_with_force(make_player):
    old = months_back(7)
    name = partitions.partition_name(old)
    partitions.ensure_partitions(today=old)
    player, _ = make_player()
    try:
        game = play_moves(player, game_started(player, at_noon(old)), 1)
        call_command("detach_log_partition", f"{old:%Y-%m}", "--force")
        assert count_in(name, game.pk) == 1
    finally:
        drop(name)


@pytest.mark.postgres
def test_the_game_seq_uniqueness_still_refuses_a_duplicate(make_player):
    player, _ = make_player()
    game = play_moves(player, actions.start_game(player, CODE).game, 1)
    first = GameEvent.objects.get(game=game)
    with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO games_gameevent (game_id, seq, kind, positions, cards, created_at, "
            "game_month) VALUES (%s, 1, 'move', '', '', now(), %s)",
            [game.pk, first.game_month],
        )
    assert list(GameEvent.objects.filter(game=game)) == [first]


# -- the migration there and back ----------------------------------------------------------------
BEFORE = [("games", "0018_email_verification_once")]
PARTITIONED = [("games", "0019_partition_move_log")]

ROWS = (
    "SELECT id, game_id, seq, kind, positions, cards, created_at FROM games_gameevent ORDER BY id"
)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def rows() -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(ROWS)
        return cursor.fetchall()


def relkind() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT relkind FROM pg_class WHERE oid = 'games_gameevent'::regclass")
        return cursor.fetchone()[0]


@pytest.mark.postgres
def test_the_migration_there_and_back_keeps_every_row(make_player):
    player, _ = make_player()
    old = months_back(2)
    partitions.ensure_partitions(today=old)
    games = [play_moves(player, game_started(player, at_noon(old)), 2)]
    games += [play_moves(player, actions.start_game(player, CODE).game, n) for n in (1, 3)]
    before = rows()
    assert len(before) == 6
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    try:
        migrate(BEFORE)
        assert relkind() == "r" and rows() == before
        migrate(PARTITIONED)
        assert relkind() == "p" and rows() == before
        # Each game's rows in its own month's partition (made for the months that had rows).
        assert where(games[0].pk) == {partitions.partition_name(old)}
        assert where(games[1].pk) == {partitions.partition_name(this_month())}
        # The one sequence goes on after the highest id: the next move gets a new one (on the
        # latest schema, which the models are: later migrations add columns to the game).
        migrate(latest)
        after = play_moves(player, Game.objects.get(pk=games[2].pk), 1)
        newest = GameEvent.objects.get(game=after, seq=4)
        assert newest.id > max(row[0] for row in before)
    finally:
        migrate(latest)
