"""Names other players see: normalised, printable, never a look-alike of another player's."""

import pytest

from games.models import Player

pytestmark = pytest.mark.django_db


def create(api, name):
    return api.post("/api/v1/players", {"name": name}, format="json")


@pytest.mark.parametrize(
    "name, reason",
    [
        ("a\u202enna", "unprintable"),  # right-to-left override
        ("an\u200bn", "unprintable"),  # zero-width space
        ("ann\u2066", "unprintable"),  # isolate
        ("\u0430nn", "mixed_scripts"),  # Cyrillic a, Latin nn
    ],
)
def test_unprintable_and_mixed_script_names_are_refused_and_create_nothing(api, name, reason):
    response = create(api, name)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_name" and response.json()["reason"] == reason
    assert not Player.objects.exists()


def test_full_width_letters_are_stored_as_their_plain_form(api):
    response = create(api, "\uff41\uff4e\uff4e")  # ａｎｎ
    assert response.status_code == 201 and response.json()["name"] == "ann"


def test_a_look_alike_of_an_existing_name_is_refused_but_the_same_name_is_not(api):
    assert create(api, "ace").status_code == 201
    look_alike = create(api, "\u0430\u0441\u0435")  # all Cyrillic: асе
    assert look_alike.status_code == 409 and look_alike.json()["code"] == "name_looks_like_another"
    assert Player.objects.count() == 1
    assert create(api, "ace").status_code == 201 and create(api, "Ace").status_code == 201
    assert create(api, "Ümit").status_code == 201 and create(api, "Đuro").status_code == 201


def test_renaming_follows_the_same_rules_and_a_refusal_changes_nothing(player_client, api):
    assert create(api, "ace").status_code == 201
    client, player = player_client("bob")
    for name, code in (
        ("\u0430\u0441\u0435", "name_looks_like_another"),
        ("b\u200bob", "invalid_name"),
    ):
        response = client.patch("/api/v1/players/me", {"name": name}, format="json")
        assert response.json()["code"] == code
        assert Player.objects.get(pk=player.pk).name == "bob"
    assert (
        client.patch("/api/v1/players/me", {"name": "ACE"}, format="json").json()["name"] == "ACE"
    )
