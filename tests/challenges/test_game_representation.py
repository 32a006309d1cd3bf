"""A game played at a challenge says so in its own representation (issue 38): `challenge` on
every answer that carries the game — its start, `GET /games/{id}`, the list, each change's answer,
a replay's step and the socket's frames — so a second device shows what to beat and the verdict.
Null for every other game: a practice game of the same deal and the creator's own game (even
watchable) never name the challenge."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from tests.support.sockets import receive, receive_until, watch_game

from .helpers import WIN, Challenger, small_deal

pytestmark = pytest.mark.django_db


@pytest.fixture
def deal():
    return small_deal()


@pytest.fixture
def made(deal):
    """Ana won the small deal (55 points) and made a challenge of it."""
    ana = Challenger("Ana")
    game = ana.start(deal)
    ana.win(game["id"])
    return ana, game, ana.made_challenge(game["id"])


def expected_challenge(ana, ana_game: dict, challenge: dict, counted: bool) -> dict:
    """What a game at ``challenge`` carries: the challenge page's code, link, creator and result
    (with the creator game's end: the board's last order), and whether it counts."""
    finished_at = ana.client.get(f"/api/v1/games/{ana_game['id']}").json()["finished_at"]
    return {
        "code": challenge["code"],
        "link": f"/#/challenge/{challenge['code']}",
        "creator": {"id": ana.id, "name": "Ana"},
        "result": {**challenge["result"], "ended_at": finished_at},
        "counted": counted,
    }


def test_a_game_at_a_challenge_carries_it_in_every_answer(made):
    ana, ana_game, challenge = made
    wanted = expected_challenge(ana, ana_game, challenge, counted=True)
    assert wanted["result"] == {
        "status": "won",
        "score": 55,
        "moves": 5,
        "elapsed_ms": challenge["result"]["elapsed_ms"],
        "ended_at": wanted["result"]["ended_at"],
    }
    bo = Challenger("Bo")
    started = bo.play(challenge["code"])
    game_id = started["id"]
    answers = {"start": started}
    answers["get"] = bo.client.get(f"/api/v1/games/{game_id}").json()
    answers["move"] = bo.move(game_id, WIN[0])
    tapped = bo.client.post(f"/api/v1/games/{game_id}/taps", {"position": WIN[1][0]}, format="json")
    assert tapped.status_code == 200, tapped.content
    answers["tap"] = tapped.json()["game"]
    answers["list"] = next(
        g for g in bo.client.get("/api/v1/games").json()["results"] if g["id"] == game_id
    )
    answers["replay"] = bo.client.get(f"/api/v1/games/{game_id}/replay/1").json()["game"]
    answers["resign"] = bo.resign(game_id)
    answers["ended"] = bo.client.get(f"/api/v1/games/{game_id}").json()
    for name, game in answers.items():
        assert game["challenge"] == wanted, name
    # the creator's result is the challenge page's (one source for the result to beat)
    page = bo.look(challenge["code"]).json()
    assert {k: v for k, v in wanted["result"].items() if k != "ended_at"} == page["result"]


def test_a_practice_game_at_a_challenge_says_it_is_not_counted(made):
    ana, ana_game, challenge = made
    practice = ana.play(challenge["code"])  # the creator's own try: practice
    assert practice["challenge"] == expected_challenge(ana, ana_game, challenge, counted=False)
    bo = Challenger("Bo")
    bo.resign(bo.play(challenge["code"])["id"])
    second = bo.play(challenge["code"])  # the line is open to Bo now
    assert second["challenge"]["counted"] is False
    assert bo.client.get(f"/api/v1/games/{second['id']}").json()["challenge"]["counted"] is False


def test_no_other_game_names_the_challenge(made, deal):
    """A practice game of the challenge's deal, started by its code, and the creator's own game
    (made watchable, read by a stranger): `challenge` null, the code nowhere in any answer."""
    ana, ana_game, challenge = made
    code = challenge["code"]
    bo = Challenger("Bo")
    plain = bo.start(deal)  # the same deal, not at the challenge
    answers = [
        bo.client.get(f"/api/v1/games/{plain['id']}"),
        bo.client.post(f"/api/v1/games/{plain['id']}/moves", {"positions": WIN[0]}, format="json"),
        bo.client.post(f"/api/v1/games/{plain['id']}/taps", {"position": WIN[1][0]}, format="json"),
        bo.client.get("/api/v1/games"),
        bo.client.get(f"/api/v1/games/{plain['id']}/replay/1"),
        bo.client.post(f"/api/v1/games/{plain['id']}/resign", {}, format="json"),
    ]
    assert plain["challenge"] is None
    assert (
        ana.client.patch(
            f"/api/v1/games/{ana_game['id']}", {"watchable": True}, format="json"
        ).status_code
        == 200
    )
    cy = Challenger("Cy")
    answers += [
        ana.client.get(f"/api/v1/games/{ana_game['id']}"),
        ana.client.get(f"/api/v1/games/{ana_game['id']}/replay/5"),
        cy.client.get(f"/api/v1/games/{ana_game['id']}"),
        cy.client.get(f"/api/v1/games/{ana_game['id']}/log"),
        ana.client.get("/api/v1/games"),
    ]
    shown = []  # every game representation in the answers
    for response in answers:
        assert response.status_code == 200, response.content
        assert code not in response.content.decode(), response.content
        body = response.json()
        for item in [body, body.get("game"), *body.get("results", [])]:
            if isinstance(item, dict) and "piles" in item:
                shown.append(item)
    assert len(shown) == 10
    assert [game["challenge"] for game in shown] == [None] * 10


def test_whoever_may_see_a_game_at_a_challenge_reads_the_challenge_with_it(made):
    """The creator (the ended attempts at their challenge) and a challenger whose own game there
    ended read a game at it as its owner does, `challenge` included: each holds the code. Before
    their own game ended a challenger may not read it at all."""
    ana, ana_game, challenge = made
    bo, cy = Challenger("Bo"), Challenger("Cy")
    bo_game = bo.play(challenge["code"])["id"]
    bo.resign(bo_game)
    owners = bo.client.get(f"/api/v1/games/{bo_game}").json()
    cy_game = cy.play(challenge["code"])["id"]
    assert cy.client.get(f"/api/v1/games/{bo_game}").status_code == 403
    cy.resign(cy_game)
    for viewer in (ana, cy):
        seen = viewer.client.get(f"/api/v1/games/{bo_game}")
        assert seen.status_code == 200, seen.content
        assert seen.json()["challenge"] == owners["challenge"]
        assert seen.json()["challenge"]["code"] == challenge["code"]


@pytest.mark.django_db(transaction=True)
async def test_the_socket_carries_the_challenge_in_its_snapshot_and_frames():
    def setup():
        deal = small_deal()
        ana = Challenger("Ana")
        game = ana.start(deal)
        ana.win(game["id"])
        challenge = ana.made_challenge(game["id"])
        patched = ana.client.patch(
            f"/api/v1/games/{game['id']}", {"watchable": True}, format="json"
        )
        assert patched.status_code == 200, patched.content
        bo = Challenger("Bo")
        return bo, bo.play(challenge["code"]), challenge, game

    bo, game, challenge, ana_game = await sync_to_async(setup)()
    # a stranger watching the creator's (watchable) game: no challenge named, nor its code
    stranger = await watch_game(ana_game["id"])
    watched = await receive(stranger)
    assert watched["type"] == "game" and watched["game"]["challenge"] is None
    assert challenge["code"] not in str(watched)
    await stranger.disconnect()
    ws = await watch_game(game["id"], bo.token)
    snapshot = await receive(ws)
    assert snapshot["type"] == "game"
    assert snapshot["game"]["challenge"]["code"] == challenge["code"]
    await ws.send_json_to({"action": "move", "positions": WIN[0], "request_id": "r-1"})
    result = await receive_until(ws, lambda m: m["type"] == "result")
    assert result["game"]["challenge"] == snapshot["game"]["challenge"]
    # a change made over REST reaches the socket as a game frame, the challenge in it
    await sync_to_async(bo.move)(game["id"], WIN[1])
    pushed = await receive_until(ws, lambda m: m["type"] == "game" and m["game"]["version"] == 2)
    assert pushed["game"]["challenge"] == snapshot["game"]["challenge"]
    await ws.disconnect()
