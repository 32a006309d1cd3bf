"""Helpers of the challenge tests: a deal stored with the small hand-built layout of the daily
tests (winning takes 5 moves, one card hidden), players driving the API."""

from __future__ import annotations

from rest_framework.test import APIClient

from games.engine import DealCode, Layout
from games.models import Deal
from tests.daily.helpers import PILES, RESERVE, WIN
from tests.support.api import url

__all__ = ["WIN", "Challenger", "small_deal"]

#: Every card of the small layout: none may appear anywhere before its time.
CARDS = {c for pile in PILES for c in pile} | {c for c in RESERVE if c}


def small_deal(number: int = 12345) -> str:
    """A deal code whose stored layout is the small one (so tests decide how games end)."""
    code = DealCode(number).text
    Deal.objects.update_or_create(
        code=code, defaults={"layout": Layout.build(PILES, RESERVE).to_text()}
    )
    return code


class Challenger:
    """A player driving the API."""

    def __init__(self, name: str):
        self.client = APIClient()
        data = self.client.post(url("players"), {"name": name}, format="json").json()
        self.id, self.name, self.token = data["id"], data["name"], data["token"]
        self.client.credentials(HTTP_AUTHORIZATION=f"Bearer {data['token']}")

    def start(self, deal_code: str) -> dict:
        response = self.client.post(url("games"), {"deal_code": deal_code}, format="json")
        assert response.status_code == 201, response.content
        return response.json()

    def move(self, game_id: int, positions) -> dict:
        response = self.client.post(
            url("games", game_id, "moves"), {"positions": positions}, format="json"
        )
        assert response.status_code == 200, response.content
        return response.json()

    def win(self, game_id: int) -> dict:
        game = {}
        for positions in WIN:
            game = self.move(game_id, positions)
        assert game["status"] == "won"
        return game

    def resign(self, game_id: int) -> dict:
        response = self.client.post(url("games", game_id, "resign"), {}, format="json")
        assert response.status_code == 200, response.content
        return response.json()

    def challenge(self, game_id: int):
        return self.client.post(url("games", game_id, "challenge"), {}, format="json")

    def made_challenge(self, game_id: int) -> dict:
        response = self.challenge(game_id)
        assert response.status_code == 201, response.content
        return response.json()

    def play(self, code: str) -> dict:
        response = self.client.post(url("challenges", code, "games"), {}, format="json")
        assert response.status_code == 201, response.content
        return response.json()

    def look(self, code: str):
        return self.client.get(url("challenges", code))

    def board(self, code: str, **params):
        return self.client.get(url("challenges", code, "board"), params)
