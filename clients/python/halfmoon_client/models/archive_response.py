from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.format_enum import FormatEnum, check_format_enum
from ..models.format_version_enum import FormatVersionEnum, check_format_version_enum

if TYPE_CHECKING:
    from ..models.archive_account import ArchiveAccount
    from ..models.archive_device import ArchiveDevice
    from ..models.archive_entry import ArchiveEntry
    from ..models.archive_game import ArchiveGame
    from ..models.archive_link_code import ArchiveLinkCode
    from ..models.archive_origin import ArchiveOrigin
    from ..models.archive_player import ArchivePlayer
    from ..models.archive_queue import ArchiveQueue
    from ..models.archive_race import ArchiveRace
    from ..models.archive_rating import ArchiveRating
    from ..models.connected_app_response import ConnectedAppResponse
    from ..models.own_app_response import OwnAppResponse
    from ..models.personal_token_response import PersonalTokenResponse


T = TypeVar("T", bound="ArchiveResponse")


@_attrs_define
class ArchiveResponse:
    format_: FormatEnum
    """ * `halfmoon.player-archive` - halfmoon.player-archive """
    format_version: FormatVersionEnum
    """ * `1` - 1 """
    exported_at: datetime.datetime
    player: ArchivePlayer
    account: ArchiveAccount | None
    """ Null for an anonymous player. """
    devices: list[ArchiveDevice]
    """ Signed-in devices: never their tokens. """
    link_codes: list[ArchiveLinkCode]
    """ Never the codes. """
    connected_apps: list[ConnectedAppResponse]
    """ Third-party apps holding a token of the player: never the tokens. """
    personal_tokens: list[PersonalTokenResponse]
    """ The player's personal tokens: never the tokens. """
    own_apps: list[OwnAppResponse]
    """ The apps the player registered. """
    rating: ArchiveRating | None
    matchmaking: ArchiveQueue | None
    """ Waiting in the quick-match queue. """
    daily_entries: list[ArchiveEntry]
    races: list[ArchiveRace]
    game_origins: list[ArchiveOrigin]
    """ Where games were played from. """
    games: list[ArchiveGame]
    """ Every game, oldest first, with its log. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.archive_account import ArchiveAccount  # noqa: PLC0415
        from ..models.archive_queue import ArchiveQueue  # noqa: PLC0415
        from ..models.archive_rating import ArchiveRating  # noqa: PLC0415

        format_: str = self.format_

        format_version: int = self.format_version

        exported_at = self.exported_at.isoformat()

        player = self.player.to_dict()

        account: dict[str, Any] | None
        if isinstance(self.account, ArchiveAccount):
            account = self.account.to_dict()
        else:
            account = self.account

        devices = []
        for devices_item_data in self.devices:
            devices_item = devices_item_data.to_dict()
            devices.append(devices_item)

        link_codes = []
        for link_codes_item_data in self.link_codes:
            link_codes_item = link_codes_item_data.to_dict()
            link_codes.append(link_codes_item)

        connected_apps = []
        for connected_apps_item_data in self.connected_apps:
            connected_apps_item = connected_apps_item_data.to_dict()
            connected_apps.append(connected_apps_item)

        personal_tokens = []
        for personal_tokens_item_data in self.personal_tokens:
            personal_tokens_item = personal_tokens_item_data.to_dict()
            personal_tokens.append(personal_tokens_item)

        own_apps = []
        for own_apps_item_data in self.own_apps:
            own_apps_item = own_apps_item_data.to_dict()
            own_apps.append(own_apps_item)

        rating: dict[str, Any] | None
        if isinstance(self.rating, ArchiveRating):
            rating = self.rating.to_dict()
        else:
            rating = self.rating

        matchmaking: dict[str, Any] | None
        if isinstance(self.matchmaking, ArchiveQueue):
            matchmaking = self.matchmaking.to_dict()
        else:
            matchmaking = self.matchmaking

        daily_entries = []
        for daily_entries_item_data in self.daily_entries:
            daily_entries_item = daily_entries_item_data.to_dict()
            daily_entries.append(daily_entries_item)

        races = []
        for races_item_data in self.races:
            races_item = races_item_data.to_dict()
            races.append(races_item)

        game_origins = []
        for game_origins_item_data in self.game_origins:
            game_origins_item = game_origins_item_data.to_dict()
            game_origins.append(game_origins_item)

        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "format": format_,
                "format_version": format_version,
                "exported_at": exported_at,
                "player": player,
                "account": account,
                "devices": devices,
                "link_codes": link_codes,
                "connected_apps": connected_apps,
                "personal_tokens": personal_tokens,
                "own_apps": own_apps,
                "rating": rating,
                "matchmaking": matchmaking,
                "daily_entries": daily_entries,
                "races": races,
                "game_origins": game_origins,
                "games": games,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.archive_account import ArchiveAccount  # noqa: PLC0415
        from ..models.archive_device import ArchiveDevice  # noqa: PLC0415
        from ..models.archive_entry import ArchiveEntry  # noqa: PLC0415
        from ..models.archive_game import ArchiveGame  # noqa: PLC0415
        from ..models.archive_link_code import ArchiveLinkCode  # noqa: PLC0415
        from ..models.archive_origin import ArchiveOrigin  # noqa: PLC0415
        from ..models.archive_player import ArchivePlayer  # noqa: PLC0415
        from ..models.archive_queue import ArchiveQueue  # noqa: PLC0415
        from ..models.archive_race import ArchiveRace  # noqa: PLC0415
        from ..models.archive_rating import ArchiveRating  # noqa: PLC0415
        from ..models.connected_app_response import ConnectedAppResponse  # noqa: PLC0415
        from ..models.own_app_response import OwnAppResponse  # noqa: PLC0415
        from ..models.personal_token_response import PersonalTokenResponse  # noqa: PLC0415

        d = dict(src_dict)
        format_ = check_format_enum(d.pop("format"))

        format_version = check_format_version_enum(d.pop("format_version"))

        exported_at = datetime.datetime.fromisoformat(d.pop("exported_at"))

        player = ArchivePlayer.from_dict(d.pop("player"))

        def _parse_account(data: object) -> ArchiveAccount | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                account_type_0 = ArchiveAccount.from_dict(data)

                return account_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ArchiveAccount | None, data)

        account = _parse_account(d.pop("account"))

        devices = []
        _devices = d.pop("devices")
        for devices_item_data in _devices:
            devices_item = ArchiveDevice.from_dict(devices_item_data)

            devices.append(devices_item)

        link_codes = []
        _link_codes = d.pop("link_codes")
        for link_codes_item_data in _link_codes:
            link_codes_item = ArchiveLinkCode.from_dict(link_codes_item_data)

            link_codes.append(link_codes_item)

        connected_apps = []
        _connected_apps = d.pop("connected_apps")
        for connected_apps_item_data in _connected_apps:
            connected_apps_item = ConnectedAppResponse.from_dict(
                connected_apps_item_data
            )

            connected_apps.append(connected_apps_item)

        personal_tokens = []
        _personal_tokens = d.pop("personal_tokens")
        for personal_tokens_item_data in _personal_tokens:
            personal_tokens_item = PersonalTokenResponse.from_dict(
                personal_tokens_item_data
            )

            personal_tokens.append(personal_tokens_item)

        own_apps = []
        _own_apps = d.pop("own_apps")
        for own_apps_item_data in _own_apps:
            own_apps_item = OwnAppResponse.from_dict(own_apps_item_data)

            own_apps.append(own_apps_item)

        def _parse_rating(data: object) -> ArchiveRating | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rating_type_0 = ArchiveRating.from_dict(data)

                return rating_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ArchiveRating | None, data)

        rating = _parse_rating(d.pop("rating"))

        def _parse_matchmaking(data: object) -> ArchiveQueue | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                matchmaking_type_0 = ArchiveQueue.from_dict(data)

                return matchmaking_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ArchiveQueue | None, data)

        matchmaking = _parse_matchmaking(d.pop("matchmaking"))

        daily_entries = []
        _daily_entries = d.pop("daily_entries")
        for daily_entries_item_data in _daily_entries:
            daily_entries_item = ArchiveEntry.from_dict(daily_entries_item_data)

            daily_entries.append(daily_entries_item)

        races = []
        _races = d.pop("races")
        for races_item_data in _races:
            races_item = ArchiveRace.from_dict(races_item_data)

            races.append(races_item)

        game_origins = []
        _game_origins = d.pop("game_origins")
        for game_origins_item_data in _game_origins:
            game_origins_item = ArchiveOrigin.from_dict(game_origins_item_data)

            game_origins.append(game_origins_item)

        games = []
        _games = d.pop("games")
        for games_item_data in _games:
            games_item = ArchiveGame.from_dict(games_item_data)

            games.append(games_item)

        archive_response = cls(
            format_=format_,
            format_version=format_version,
            exported_at=exported_at,
            player=player,
            account=account,
            devices=devices,
            link_codes=link_codes,
            connected_apps=connected_apps,
            personal_tokens=personal_tokens,
            own_apps=own_apps,
            rating=rating,
            matchmaking=matchmaking,
            daily_entries=daily_entries,
            races=races,
            game_origins=game_origins,
            games=games,
        )

        archive_response.additional_properties = d
        return archive_response

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
