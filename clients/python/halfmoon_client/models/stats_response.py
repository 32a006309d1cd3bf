from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.daily_stats import DailyStats
    from ..models.game_summary import GameSummary
    from ..models.owner import Owner
    from ..models.race_stats import RaceStats
    from ..models.season_history import SeasonHistory


T = TypeVar("T", bound="StatsResponse")


@_attrs_define
class StatsResponse:
    player: Owner
    games_played: int
    games_finished: int
    """ Games whose clock has stopped: won, resigned or stalled (a stall is not won; an undo out of it makes the
    game playing again). """
    games_stalled: int
    """ Of the finished games, the stalled ones. """
    games_won: int
    win_rate: float | None
    """ games_won / games_finished (stalled games count as not won); null without a finished game. """
    best_win_ms: int | None
    average_win_ms: int | None
    daily: DailyStats
    races: RaceStats
    seasons: list[SeasonHistory]
    """ The player's seasons, newest first (at most 24). """
    recent_games: list[GameSummary]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player = self.player.to_dict()

        games_played = self.games_played

        games_finished = self.games_finished

        games_stalled = self.games_stalled

        games_won = self.games_won

        win_rate: float | None
        win_rate = self.win_rate

        best_win_ms: int | None
        best_win_ms = self.best_win_ms

        average_win_ms: int | None
        average_win_ms = self.average_win_ms

        daily = self.daily.to_dict()

        races = self.races.to_dict()

        seasons = []
        for seasons_item_data in self.seasons:
            seasons_item = seasons_item_data.to_dict()
            seasons.append(seasons_item)

        recent_games = []
        for recent_games_item_data in self.recent_games:
            recent_games_item = recent_games_item_data.to_dict()
            recent_games.append(recent_games_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player": player,
                "games_played": games_played,
                "games_finished": games_finished,
                "games_stalled": games_stalled,
                "games_won": games_won,
                "win_rate": win_rate,
                "best_win_ms": best_win_ms,
                "average_win_ms": average_win_ms,
                "daily": daily,
                "races": races,
                "seasons": seasons,
                "recent_games": recent_games,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.daily_stats import DailyStats  # noqa: PLC0415
        from ..models.game_summary import GameSummary  # noqa: PLC0415
        from ..models.owner import Owner  # noqa: PLC0415
        from ..models.race_stats import RaceStats  # noqa: PLC0415
        from ..models.season_history import SeasonHistory  # noqa: PLC0415

        d = dict(src_dict)
        player = Owner.from_dict(d.pop("player"))

        games_played = d.pop("games_played")

        games_finished = d.pop("games_finished")

        games_stalled = d.pop("games_stalled")

        games_won = d.pop("games_won")

        def _parse_win_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        win_rate = _parse_win_rate(d.pop("win_rate"))

        def _parse_best_win_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        best_win_ms = _parse_best_win_ms(d.pop("best_win_ms"))

        def _parse_average_win_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        average_win_ms = _parse_average_win_ms(d.pop("average_win_ms"))

        daily = DailyStats.from_dict(d.pop("daily"))

        races = RaceStats.from_dict(d.pop("races"))

        seasons = []
        _seasons = d.pop("seasons")
        for seasons_item_data in _seasons:
            seasons_item = SeasonHistory.from_dict(seasons_item_data)

            seasons.append(seasons_item)

        recent_games = []
        _recent_games = d.pop("recent_games")
        for recent_games_item_data in _recent_games:
            recent_games_item = GameSummary.from_dict(recent_games_item_data)

            recent_games.append(recent_games_item)

        stats_response = cls(
            player=player,
            games_played=games_played,
            games_finished=games_finished,
            games_stalled=games_stalled,
            games_won=games_won,
            win_rate=win_rate,
            best_win_ms=best_win_ms,
            average_win_ms=average_win_ms,
            daily=daily,
            races=races,
            seasons=seasons,
            recent_games=recent_games,
        )

        stats_response.additional_properties = d
        return stats_response

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
