"""Races' receivers of play's ``game_changing`` (games.races.receivers), run alone on a
member's change that was not told: the race's progress is the receiver's doing."""

from __future__ import annotations

from games.play import services as play
from games.play.events import game_changing
from games.players.models import Player
from games.races.models import RaceMember


def test_the_progress_receiver_alone_copies_a_members_resignation(running_race):
    crew, race = running_race(3)
    ann = crew[0]
    game_id = ann.own_game_id(race)
    player = Player.objects.get(pk=ann.id)
    changed = play.resign(player, game_id, told=False)  # written; the race not told
    member = RaceMember.objects.get(race_id=race["id"], player_id=ann.id)
    assert member.game_status != "resigned" and member.ended_at is None
    dict(game_changing.receivers())["races.progress"](changed.game)
    member = RaceMember.objects.get(race_id=race["id"], player_id=ann.id)
    assert member.game_status == "resigned" and member.ended_at == changed.game.finished_at
