"""The admin's typed filters take any text: what names nothing matches nothing, never a 500."""

import pytest

from games.models import Game


@pytest.mark.parametrize("value", ["²", "١٢", "99999999999999999999999", "-3", "12 "])
def test_a_player_filter_that_names_no_player_matches_nothing(staff_client, played, value):
    game = played(2)
    response = staff_client.get("/admin/games/game/", {"player": value})
    assert response.status_code == 200
    shown = list(response.context["cl"].queryset)
    if value.strip() == str(game.owner_id):
        assert shown == [Game.objects.get(pk=game.pk)]
    else:
        assert shown == []


def test_a_player_filter_by_id_or_name_still_finds_the_player(staff_client, played):
    game = played(2, name="zed")
    for value in (str(game.owner_id), "ZED"):
        response = staff_client.get("/admin/games/game/", {"player": value})
        assert [g.pk for g in response.context["cl"].queryset] == [game.pk]
