"""The flush between transactional tests (tests/support/fast_flush.py) empties every table the
way TRUNCATE did, rows tied by foreign keys included."""

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection

from tests.support.play import hand_game

pytestmark = pytest.mark.postgres


def test_the_flush_empties_every_table_rows_tied_by_keys_included(transactional_db, make_player):
    from games.players import services as players

    owner, _ = make_player("owner")
    players.issue_token(owner, "tablet", "password")
    hand_game(owner)
    filled = [m for m in apps.get_models() if m._meta.managed and m.objects.exists()]
    assert len(filled) >= 3, filled  # a player, its tokens, a game and its log at least

    call_command("flush", verbosity=0, interactive=False, inhibit_post_migrate=True)

    left = {m._meta.db_table: m.objects.count() for m in apps.get_models() if m._meta.managed}
    assert {table: n for table, n in left.items() if n} == {}
    assert connection.ops.sql_flush.__name__ == "_delete_flush"
