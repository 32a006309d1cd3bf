"""The step to per-device tokens: every player's one token becomes its first device token (the
same token keeps working), a token revoked before becomes none, and back again."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.players.authentication import authenticate
from games.players.tokens import hash_token, new_token

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0007_accounts_and_device_tokens")]
AFTER = [("games", "0009_remove_player_token_hash")]


def latest() -> list[tuple[str, str]]:
    """The newest migration of every app (the leaves of the graph)."""
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.slow
def test_each_players_token_becomes_its_first_device_token():
    old = migrate(BEFORE)
    Player = old.get_model("games", "Player")
    tokens = [new_token() for _ in range(3)]
    kept = [
        Player.objects.create(name=f"p{i}", token_hash=hash_token(t)) for i, t in enumerate(tokens)
    ]
    revoked = Player.objects.create(name="gone", token_hash="revoked:" + "0" * 56)
    try:
        new = migrate(AFTER)
        DeviceToken = new.get_model("games", "DeviceToken")
        assert DeviceToken.objects.count() == 3
        for player, token in zip(kept, tokens, strict=True):
            found = authenticate(token)
            assert found is not None and found.pk == player.pk
            row = DeviceToken.objects.get(player_id=player.pk)
            assert (row.issued, row.device) == ("migrated", "Device")
        assert not DeviceToken.objects.filter(player_id=revoked.pk).exists()
        back = migrate(BEFORE)
        OldPlayer = back.get_model("games", "Player")
        for player, token in zip(kept, tokens, strict=True):
            assert OldPlayer.objects.get(pk=player.pk).token_hash == hash_token(token)
        assert OldPlayer.objects.get(pk=revoked.pk).token_hash.startswith("revoked:")
        assert not back.get_model("games", "DeviceToken").objects.exists()
    finally:
        migrate(latest())  # every migration again, not only up to AFTER: later tests need them
