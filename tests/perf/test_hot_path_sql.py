"""The hot path's hand-written SQL: its columns are the models', it runs through Django's cursor
(so query capture, ``execute_wrapper`` and APM spans see it) and a move costs a fixed,
small number of queries."""

import datetime as dt
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games import actions
from games.core import clock
from games.core.rows import concrete_columns
from games.models import Challenge, ChallengeAttempt, DeviceToken, Game, GameEvent, Player
from games.play import rows
from games.play import selectors as play_selectors
from games.players import authentication
from games.players import selectors as player_selectors

#: Committed transactions, as in production: no test transaction around the services' own
#: (whose savepoints would be counted as queries).
pytestmark = pytest.mark.django_db(transaction=True)


def selected_columns(sql: str, alias: str = "") -> tuple[str, ...]:
    listed = re.match(r"SELECT (.*?) FROM", sql).group(1).split(", ")
    return tuple(column.removeprefix(alias) for column in listed)


def test_the_literal_sql_names_every_column_of_the_models():
    assert Game._meta.db_table == "games_game" and GameEvent._meta.db_table == "games_gameevent"
    assert Player._meta.db_table == "games_player"
    assert concrete_columns(Game) == rows.GAME_COLUMNS
    assert selected_columns(rows.LOCKED_GAME, "g.") == (
        *rows.GAME_COLUMNS,
        "d.code",
        *rows.PLAYED_AT_COLUMNS,
    )
    assert DeviceToken._meta.db_table == "games_devicetoken"
    assert concrete_columns(Player) == player_selectors.PLAYER_COLUMNS
    for lookup in (player_selectors.PLAYER_BY_TOKEN_HASH, player_selectors.PLAYER_BY_TOKEN_ID):
        columns = selected_columns(lookup)
        assert columns[:-2] == tuple(f"p.{c}" for c in concrete_columns(Player))
        assert columns[-2:] == ("t.id", "t.last_used_at")
        assert {"id", "last_used_at", "token_hash", "player_id"} <= set(
            concrete_columns(DeviceToken)
        )
    assert set(rows.SAVED_COLUMNS) <= set(rows.GAME_COLUMNS)
    assert set(rows.LOG_COLUMNS) | {"id"} == set(concrete_columns(GameEvent))
    assignments = re.findall(r"(\w+) = %s", rows.UPDATE_GAME.split(" WHERE ")[0])
    assert tuple(assignments) == rows.SAVED_COLUMNS


def test_the_challenge_a_game_was_played_at_is_joined_by_the_models_own_names():
    """``rows.PLAYED_AT_JOINS`` and ``PLAYED_AT_COLUMNS`` name the challenges' tables and
    columns as SQL (the package sits below games.challenges): each name is the models' own."""
    tables = {
        "a": ChallengeAttempt,
        "c": Challenge,
        "cp": Player,
        "cg": Game,
    }
    joined = dict(re.findall(r"LEFT JOIN (\w+) (\w+) ON", rows.PLAYED_AT_JOINS))
    assert joined == {model._meta.db_table: alias for alias, model in tables.items()}
    for alias, column in (c.split(".") for c in rows.PLAYED_AT_COLUMNS):
        assert column in concrete_columns(tables[alias]), (alias, column)
    conditions = re.findall(r"ON (\w+)\.(\w+) = (\w+)\.(\w+)", rows.PLAYED_AT_JOINS)
    for left, left_column, right, right_column in conditions:
        assert left_column in concrete_columns(tables[left]), (left, left_column)
        known = {**tables, "g": Game}
        assert right_column in concrete_columns(known[right]), (right, right_column)
    # the attempt's key is its game, the joins' keys are primary keys or unique
    assert ChallengeAttempt._meta.pk.column == "game_id"


def field_values(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_a_game_is_read_with_its_deal_and_owner_in_one_query_as_the_orm_reads_it(
    make_player, django_assert_num_queries
):
    player, _ = make_player()
    game = actions.start_game(player, "HM1-N-AAAAAAA").game
    actions.move(player, game.pk, [p.name for p in game.board().legal_moves()[0].positions])
    Game.objects.filter(pk=game.pk).update(
        disqualified_at=clock.now(), disqualified_reason="test", watchable=True
    )
    Player.objects.filter(pk=player.pk).update(suspended_at=clock.now(), language="hr")
    with django_assert_num_queries(1):
        read = play_selectors.game_for_reading(str(game.pk))
        deal, owner = read.deal, read.owner  # loaded with it: no query of their own
    orm = Game.objects.select_related("deal", "owner").get(pk=game.pk)
    assert field_values(read) == field_values(orm)
    assert field_values(deal) == field_values(orm.deal)
    assert field_values(owner) == field_values(orm.owner)
    assert read.version == 1 and owner.language == "hr" and deal.code == "HM1-N-AAAAAAA"


#: Statements of one change as Django logs them: the transaction's BEGIN, the locked read, the
#: update with its log entry (one statement on PostgreSQL, two on SQLite), COMMIT. SPEC §8: from
#: a race's countdown to its end its members' other games of its deal do not change, so the
#: owner's unfinished races are locked; on PostgreSQL the update's statement says whether the
#: owner is in any (``rows.OWNER_RACING``) and the lock's query runs only then
#: (``OWNER_RACING_QUERIES``); SQLite always runs it (none found for a player in no race).
CHANGE_QUERIES = 4 if connection.vendor == "postgresql" else 6
#: What a change of a game outside a race costs more while its owner is in a race not yet over.
OWNER_RACING_QUERIES = 1 if connection.vendor == "postgresql" else 0


@pytest.mark.parametrize("action", ["move", "tap", "undo"])
def test_a_change_costs_a_fixed_number_of_queries(make_player, django_assert_num_queries, action):
    player, _ = make_player()
    game = actions.start_game(player, "HM1-N-AAAAAAA").game
    board = game.board()
    positions = [p.name for p in board.legal_moves()[0].positions]
    if action == "undo":
        actions.move(player, game.pk, positions)
    with django_assert_num_queries(CHANGE_QUERIES):
        if action == "move":
            actions.move(player, game.pk, positions)
        elif action == "tap":
            actions.tap(player, game.pk, positions[0])
        else:
            actions.undo(player, game.pk)
    assert Game.objects.get(pk=game.pk).version == (2 if action == "undo" else 1)


@pytest.mark.parametrize("action", ["move", "tap"])
def test_a_game_played_at_a_challenge_changes_and_answers_at_no_more_cost(
    make_player, django_assert_num_queries, action
):
    """The locked read brings the challenge the game was played at (``rows.PLAYED_AT_JOINS``):
    the change and both of its representations (the owner's answer, the watchers' frame) cost
    what any other game's do, and carry the challenge. (An attempt's end costs more: it freezes
    its result on the board, ``games.challenges.services.enter_if_ended``.)"""
    creator, _ = make_player("creator")
    made = actions.start_game(creator, "HM1-N-AAAAAAA").game
    actions.resign(creator, made.pk)
    challenge, _ = actions.create_challenge(creator, made.pk)
    player, _ = make_player("challenger")
    plain = actions.start_game(player, "HM1-N-AAAAAAB").game
    game = actions.start_challenge(player, challenge.code).game
    positions = [p.name for p in game.board().legal_moves()[0].positions]

    def change(game_id, positions):
        if action == "move":
            return actions.move(player, game_id, positions)
        return actions.tap(player, game_id, positions[0])

    plain_positions = [p.name for p in plain.board().legal_moves()[0].positions]
    with CaptureQueriesContext(connection) as ordinary:  # an ordinary game's change
        outcome = change(plain.pk, plain_positions)
        assert outcome.owner_payload["challenge"] is None and outcome.payload["challenge"] is None
    with django_assert_num_queries(len(ordinary.captured_queries), exact=True):
        outcome = change(game.pk, positions)
        owner, public = outcome.owner_payload, outcome.payload
    expected = {
        "code": challenge.code,
        "link": f"/#/challenge/{challenge.code}",
        "creator": {"id": creator.pk, "name": "creator"},
        "counted": True,
    }
    for payload in (owner, public):
        assert {k: payload["challenge"][k] for k in expected} == expected
        assert payload["challenge"]["result"]["status"] == "resigned"
    assert len(ordinary.captured_queries) == CHANGE_QUERIES


def test_the_owners_races_are_asked_by_the_change_itself_with_the_races_statuses():
    """``rows.OWNER_RACING`` names the races not yet over by literal statuses: they are
    ``Race.UNFINISHED``, and its placeholder is the last of the change's statement."""
    from games.races.models import Race

    statuses = re.search(r"r\.status IN \((.*?)\)", rows.OWNER_RACING).group(1)
    assert tuple(s.strip("' ") for s in statuses.split(",")) == tuple(Race.UNFINISHED)
    assert rows.OWNER_RACING.count("%s") == 1


def test_an_owner_in_a_race_pays_the_race_lock_and_others_do_not(
    make_player, django_assert_num_queries
):
    """A game outside a race changes for the change's statements alone; once its owner is in
    an open race, the race's row is locked too (on PostgreSQL asked by the change itself)."""
    player, _ = make_player()
    game = actions.start_game(player, "HM1-N-AAAAAAA").game
    positions = [p.name for p in game.board().legal_moves()[0].positions]
    with django_assert_num_queries(CHANGE_QUERIES):
        actions.tap(player, game.pk, positions[0])
    actions.create_race(player, 2, 900)
    with django_assert_num_queries(CHANGE_QUERIES + OWNER_RACING_QUERIES) as captured:
        actions.tap(player, game.pk, positions[0])
    assert any(q["sql"].startswith('SELECT "games_race"."id"') for q in captured)  # the lock
    assert Game.objects.get(pk=game.pk).version == 2


def test_the_token_lookup_is_one_query(make_player, django_assert_num_queries):
    player, token = make_player()
    with django_assert_num_queries(1):
        found = authentication.authenticate(token)
    assert found == player and found.token_id == DeviceToken.objects.get(player=player).pk


def test_the_last_use_is_written_at_most_once_a_minute(
    make_player, django_assert_num_queries, monkeypatch
):
    """A token's last use is coarse: the lookup writes it back only when the stored one is a
    minute old, with one UPDATE (and a concurrent request finds it fresh)."""
    player, token = make_player()
    created = DeviceToken.objects.get(player=player).last_used_at
    later = created + dt.timedelta(seconds=61)
    monkeypatch.setattr(clock, "now", lambda: later)
    with django_assert_num_queries(2) as captured:
        authentication.authenticate(token)
    assert captured.captured_queries[1]["sql"].startswith("UPDATE games_devicetoken")
    assert DeviceToken.objects.get(player=player).last_used_at == later
    with django_assert_num_queries(1):  # fresh again: no write for another minute
        authentication.authenticate(token)
    monkeypatch.setattr(clock, "now", lambda: later + dt.timedelta(seconds=59))
    with django_assert_num_queries(1):
        authentication.authenticate(token)


def test_a_move_over_rest_is_the_token_lookup_and_the_change(
    make_player, django_assert_num_queries
):
    player, token = make_player()
    game = actions.start_game(player, "HM1-N-AAAAAAA").game
    positions = [p.name for p in game.board().legal_moves()[0].positions]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    with django_assert_num_queries(1 + CHANGE_QUERIES):
        response = client.post(
            f"/api/v1/games/{game.pk}/moves", {"positions": positions}, format="json"
        )
    assert response.status_code == 200 and response.json()["version"] == 1


@pytest.mark.parametrize("if_match", ['"0"', '"0", "1", "7"', "*"])
def test_if_match_costs_no_read_of_its_own(make_player, django_assert_num_queries, if_match):
    """``If-Match`` is checked on the row the change locks, even when it lists several versions:
    the game is read once."""
    player, token = make_player()
    game = actions.start_game(player, "HM1-N-AAAAAAA").game
    positions = [p.name for p in game.board().legal_moves()[0].positions]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    with django_assert_num_queries(1 + CHANGE_QUERIES):
        response = client.post(
            f"/api/v1/games/{game.pk}/moves",
            {"positions": positions},
            format="json",
            HTTP_IF_MATCH=if_match,
        )
    assert response.status_code == 200 and response.json()["version"] == 1


def test_execute_wrappers_see_the_hot_path(make_player):
    player, token = make_player()
    game = actions.start_game(player, "HM1-N-AAAAAAA").game
    seen = []

    def spy(execute, sql, params, many, context):
        if not sql.startswith("BEGIN"):  # SQLite starts its transactions with a statement
            seen.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(spy):
        authentication.authenticate(token)
        actions.tap(player, game.pk, "P1")
    assert seen[0] == player_selectors.PLAYER_BY_TOKEN_HASH
    assert seen[1].startswith(rows.LOCKED_GAME)
    assert seen[2] in (rows.SAVE_CHANGE + rows.OWNER_RACING, rows.UPDATE_GAME)


@pytest.mark.postgres
def test_postgresql_prepares_the_hot_path_statements(make_player):
    """Server-side binding and ``prepare_threshold``: after a few runs on one connection the
    token lookup and the locked read are prepared statements of that connection."""
    player, token = make_player()
    game = actions.start_game(player, "HM1-N-AAAAAAA").game
    for _ in range(3):
        authentication.authenticate(token)
        actions.tap(player, game.pk, "P1")
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert any(
        sql.startswith(player_selectors.PLAYER_BY_TOKEN_HASH.split(" WHERE ")[0])
        for sql in prepared
    ), prepared
    assert any(sql.startswith(rows.LOCKED_GAME.split(" WHERE ")[0]) for sql in prepared), prepared
