"""Messages in en/hr/tr: from the player's language setting, else Accept-Language."""

import pytest
from rest_framework.test import APIClient

from tests.support.api import assert_error, post, url

pytestmark = pytest.mark.django_db

SUM = {
    "en": "The sum must equal 11",
    "hr": "Zbroj mora biti jednak 11",
    "tr": "Toplam 11 olmalıdır",
}
JQK = {
    "en": "A jack, a queen and a king are needed",
    "hr": "Potrebni su dečko, dama i kralj",
    "tr": "Bir Vale, bir Kız ve bir Papaz gerekir",
}
NOT_YOURS = {
    "en": "Only the player who owns a game may change it.",
    "hr": "Partiju može mijenjati samo igrač kojemu pripada.",
    "tr": "Bir oyunu yalnızca sahibi olan oyuncu değiştirebilir.",
}
EMPTY_P12 = {"en": "Pile 12 is empty.", "hr": "Hrpa 12 je prazna.", "tr": "Yığın 12 boş."}
NO_TOKEN = {
    "en": "Authentication is needed: send Authorization: Bearer <token>.",
    "hr": "Potrebna je autentifikacija: pošaljite Authorization: Bearer <token>.",
    "tr": "Kimlik doğrulaması gerekli: Authorization: Bearer <token> gönderin.",
}
LANGUAGES = ["en", "hr", "tr"]


def tap(client, game_id, position, **headers):
    return post(client, url("games", game_id, "taps"), {"position": position}, **headers).json()


@pytest.mark.parametrize("language", LANGUAGES)
def test_tap_messages_in_the_players_language(table, language):
    client, game = table(move_errors=True, language=language)
    tap(client, game["id"], "P1")
    assert tap(client, game["id"], "P3")["message"]["text"] == SUM[language]
    tap(client, game["id"], "P4")
    assert tap(client, game["id"], "P3")["message"]["text"] == JQK[language]


@pytest.mark.parametrize("language", LANGUAGES)
def test_tap_messages_follow_accept_language_without_a_setting(table, language):
    client, game = table(move_errors=True)
    header = {"HTTP_ACCEPT_LANGUAGE": f"{language},en;q=0.5"}
    tap(client, game["id"], "P1", **header)
    assert tap(client, game["id"], "P3", **header)["message"]["text"] == SUM[language]


@pytest.mark.parametrize("setting, header", [("hr", "tr"), ("tr", "hr"), ("en", "hr")])
def test_the_setting_wins_over_accept_language(table, setting, header):
    client, game = table(move_errors=True, language=setting)
    tap(client, game["id"], "P4", HTTP_ACCEPT_LANGUAGE=header)
    body = tap(client, game["id"], "P1", HTTP_ACCEPT_LANGUAGE=header)
    assert body["message"] == {"code": "needs_jack_queen_king", "text": JQK[setting]}
    error = assert_error(
        post(
            client,
            url("games", game["id"], "moves"),
            {"positions": ["P12", "P1"]},
            HTTP_ACCEPT_LANGUAGE=header,
        ),
        400,
        "empty_position",
    )
    assert error["message"] == EMPTY_P12[setting]


@pytest.mark.parametrize("language", LANGUAGES)
def test_rest_errors_in_the_players_language(table, player_client, language):
    client, game = table(language=language)
    error = assert_error(
        post(client, url("games", game["id"], "moves"), {"positions": ["P1", "P12"]}),
        400,
        "empty_position",
    )
    assert error["message"] == EMPTY_P12[language]
    error = assert_error(
        post(client, url("games", game["id"], "moves"), {"positions": ["P1", "P3"]}),
        400,
        "sum_must_be_11",
    )
    assert error["message"] == SUM[language]
    intruder, _ = player_client("intruder", language=language)
    error = assert_error(post(intruder, url("games", game["id"], "resign")), 403, "not_your_game")
    assert error["message"] == NOT_YOURS[language]


@pytest.mark.parametrize("language", LANGUAGES)
def test_rest_errors_follow_accept_language(table, language):
    header = {"HTTP_ACCEPT_LANGUAGE": language}
    error = assert_error(post(APIClient(), url("games"), {}, **header), 401, "not_authenticated")
    assert error["message"] == NO_TOKEN[language]
    client, game = table()
    error = assert_error(
        post(client, url("games", game["id"], "moves"), {"positions": ["P1", "P12"]}, **header),
        400,
        "empty_position",
    )
    assert error["message"] == EMPTY_P12[language]
    not_found = assert_error(client.get("/api/v1/nothing-here", **header), 404, "not_found")
    assert (
        not_found["message"]
        == {"en": "Nothing is here.", "hr": "Ovdje nema ničega.", "tr": "Burada hiçbir şey yok."}[
            language
        ]
    )


def test_unknown_accept_language_falls_back_to_english(table):
    client, game = table(move_errors=True)
    tap(client, game["id"], "P1", HTTP_ACCEPT_LANGUAGE="de-DE")
    body = tap(client, game["id"], "P3", HTTP_ACCEPT_LANGUAGE="de-DE")
    assert body["message"]["text"] == SUM["en"]


def test_regional_variants_pick_the_language(table):
    client, game = table(move_errors=True)
    tap(client, game["id"], "P1", HTTP_ACCEPT_LANGUAGE="tr-TR")
    body = tap(client, game["id"], "P3", HTTP_ACCEPT_LANGUAGE="tr-TR")
    assert body["message"]["text"] == SUM["tr"]


def test_language_does_not_leak_between_requests(table):
    """A Croatian player's request must not leave Croatian active for the next caller."""
    hr_client, hr_game = table(move_errors=True, language="hr")
    tap(hr_client, hr_game["id"], "P1")
    assert tap(hr_client, hr_game["id"], "P3")["message"]["text"] == SUM["hr"]
    error = assert_error(post(APIClient(), url("games"), {}), 401, "not_authenticated")
    assert error["message"] == NO_TOKEN["en"]
