from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status_enum import GameStatusEnum, check_game_status_enum

if TYPE_CHECKING:
    from ..models.game_challenge import GameChallenge
    from ..models.owner import Owner
    from ..models.pile import Pile
    from ..models.reserve_slot import ReserveSlot


T = TypeVar("T", bound="GameResponse")


@_attrs_define
class GameResponse:
    id: int
    deal_code: str
    owner: Owner
    status: GameStatusEnum
    """ * `playing` - playing
    * `stalled` - stalled
    * `won` - won
    * `resigned` - resigned """
    score: int
    moves: int
    cards_left: int
    version: int
    started_at: datetime.datetime
    """ When the game was dealt. """
    clock_started_at: datetime.datetime | None
    """ When the game's clock started: its first change (a tap, a move, an undo or a resignation), so reading the
    table before it costs no time; a race's game at the race's start. Null until then: a client shows 0:00 and
    counts from here once it is set. """
    finished_at: datetime.datetime | None
    """ When the game's clock stopped: it was won, resigned or stalled (a resignation or win after a stall keeps the
    stall's moment); null while playing, again after an undo out of a stall. """
    elapsed_ms: int
    """ Server-measured milliseconds from clock_started_at to finished_at, or to now while playing (after an undo
    out of a stall the clock runs on from clock_started_at: the stalled time counts); 0 before the game's first
    change. """
    can_undo: bool
    selection: list[str]
    piles: list[Pile]
    reserve: list[ReserveSlot]
    daily_date: datetime.date | None
    ranked: bool
    watchable: bool
    """ Others may watch it (the owner's choice). """
    race_id: int | None
    """ The race it belongs to. """
    challenge: GameChallenge | None
    """ The challenge the game was played at (SPEC §11): its code, creator and the result to beat, as the
    challenge's page shows them (never the deal). null for every other game — a practice game of the same deal and
    the creator's own game included. Whoever may see a game played at a challenge holds its code (its owner, staff,
    the creator, a challenger whose own game there ended), so watchers read it as the owner does. """
    dimmed: list[str] | None
    """ Only in the owner's own view with the placement_aid setting on: the playable positions a tap would not add
    to the selection (empty when nothing is selected). null for everyone else. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.game_challenge import GameChallenge  # noqa: PLC0415

        id = self.id

        deal_code = self.deal_code

        owner = self.owner.to_dict()

        status: str = self.status

        score = self.score

        moves = self.moves

        cards_left = self.cards_left

        version = self.version

        started_at = self.started_at.isoformat()

        clock_started_at: None | str
        if isinstance(self.clock_started_at, datetime.datetime):
            clock_started_at = self.clock_started_at.isoformat()
        else:
            clock_started_at = self.clock_started_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        elapsed_ms = self.elapsed_ms

        can_undo = self.can_undo

        selection = self.selection

        piles = []
        for piles_item_data in self.piles:
            piles_item = piles_item_data.to_dict()
            piles.append(piles_item)

        reserve = []
        for reserve_item_data in self.reserve:
            reserve_item = reserve_item_data.to_dict()
            reserve.append(reserve_item)

        daily_date: None | str
        if isinstance(self.daily_date, datetime.date):
            daily_date = self.daily_date.isoformat()
        else:
            daily_date = self.daily_date

        ranked = self.ranked

        watchable = self.watchable

        race_id: int | None
        race_id = self.race_id

        challenge: dict[str, Any] | None
        if isinstance(self.challenge, GameChallenge):
            challenge = self.challenge.to_dict()
        else:
            challenge = self.challenge

        dimmed: list[str] | None
        if isinstance(self.dimmed, list):
            dimmed = self.dimmed

        else:
            dimmed = self.dimmed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "deal_code": deal_code,
                "owner": owner,
                "status": status,
                "score": score,
                "moves": moves,
                "cards_left": cards_left,
                "version": version,
                "started_at": started_at,
                "clock_started_at": clock_started_at,
                "finished_at": finished_at,
                "elapsed_ms": elapsed_ms,
                "can_undo": can_undo,
                "selection": selection,
                "piles": piles,
                "reserve": reserve,
                "daily_date": daily_date,
                "ranked": ranked,
                "watchable": watchable,
                "race_id": race_id,
                "challenge": challenge,
                "dimmed": dimmed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_challenge import GameChallenge  # noqa: PLC0415
        from ..models.owner import Owner  # noqa: PLC0415
        from ..models.pile import Pile  # noqa: PLC0415
        from ..models.reserve_slot import ReserveSlot  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        deal_code = d.pop("deal_code")

        owner = Owner.from_dict(d.pop("owner"))

        status = check_game_status_enum(d.pop("status"))

        score = d.pop("score")

        moves = d.pop("moves")

        cards_left = d.pop("cards_left")

        version = d.pop("version")

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        def _parse_clock_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                clock_started_at_type_0 = datetime.datetime.fromisoformat(data)

                return clock_started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        clock_started_at = _parse_clock_started_at(d.pop("clock_started_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        elapsed_ms = d.pop("elapsed_ms")

        can_undo = d.pop("can_undo")

        selection = cast(list[str], d.pop("selection"))

        piles = []
        _piles = d.pop("piles")
        for piles_item_data in _piles:
            piles_item = Pile.from_dict(piles_item_data)

            piles.append(piles_item)

        reserve = []
        _reserve = d.pop("reserve")
        for reserve_item_data in _reserve:
            reserve_item = ReserveSlot.from_dict(reserve_item_data)

            reserve.append(reserve_item)

        def _parse_daily_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                daily_date_type_0 = datetime.date.fromisoformat(data)

                return daily_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        daily_date = _parse_daily_date(d.pop("daily_date"))

        ranked = d.pop("ranked")

        watchable = d.pop("watchable")

        def _parse_race_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        race_id = _parse_race_id(d.pop("race_id"))

        def _parse_challenge(data: object) -> GameChallenge | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                challenge_type_0 = GameChallenge.from_dict(data)

                return challenge_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameChallenge | None, data)

        challenge = _parse_challenge(d.pop("challenge"))

        def _parse_dimmed(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                dimmed_type_0 = cast(list[str], data)

                return dimmed_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        dimmed = _parse_dimmed(d.pop("dimmed"))

        game_response = cls(
            id=id,
            deal_code=deal_code,
            owner=owner,
            status=status,
            score=score,
            moves=moves,
            cards_left=cards_left,
            version=version,
            started_at=started_at,
            clock_started_at=clock_started_at,
            finished_at=finished_at,
            elapsed_ms=elapsed_ms,
            can_undo=can_undo,
            selection=selection,
            piles=piles,
            reserve=reserve,
            daily_date=daily_date,
            ranked=ranked,
            watchable=watchable,
            race_id=race_id,
            challenge=challenge,
            dimmed=dimmed,
        )

        game_response.additional_properties = d
        return game_response

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
