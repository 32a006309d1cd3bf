from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.end_reason_enum import EndReasonEnum, check_end_reason_enum
from ..models.race_status_enum import RaceStatusEnum, check_race_status_enum

if TYPE_CHECKING:
    from ..models.owner import Owner
    from ..models.race_member import RaceMember
    from ..models.rematch_ref import RematchRef
    from ..models.standing import Standing


T = TypeVar("T", bound="RaceResponse")


@_attrs_define
class RaceResponse:
    id: int
    invite: str
    host: Owner
    seats: int
    time_limit_s: int
    status: RaceStatusEnum
    """ * `open` - open
    * `countdown` - countdown
    * `running` - running
    * `finished` - finished
    * `cancelled` - cancelled """
    version: int
    matched: bool
    """ Formed by quick match. """
    public: bool
    """ Listed among the open races and joined by id (else by invite only). """
    rated: bool
    """ Rated (changes ratings) or casual: rated when the server draws the deal (no deal_code) and every member has
    credentials. Before the start, what the race would be now; fixed when it starts. """
    aborted: bool
    """ A rated race in which fewer than two members made a removal within 60 s of starts_at: it changed no rating
    (its standings stand). """
    created_at: datetime.datetime
    starts_at: datetime.datetime | None
    ends_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    end_reason: EndReasonEnum | None
    deal_code: None | str
    """ Null until starts_at. """
    members: list[RaceMember]
    standings: list[Standing] | None
    """ Null until finished. """
    rematch_of: int | None
    rematch: None | RematchRef
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.rematch_ref import RematchRef  # noqa: PLC0415

        id = self.id

        invite = self.invite

        host = self.host.to_dict()

        seats = self.seats

        time_limit_s = self.time_limit_s

        status: str = self.status

        version = self.version

        matched = self.matched

        public = self.public

        rated = self.rated

        aborted = self.aborted

        created_at = self.created_at.isoformat()

        starts_at: None | str
        if isinstance(self.starts_at, datetime.datetime):
            starts_at = self.starts_at.isoformat()
        else:
            starts_at = self.starts_at

        ends_at: None | str
        if isinstance(self.ends_at, datetime.datetime):
            ends_at = self.ends_at.isoformat()
        else:
            ends_at = self.ends_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        end_reason: None | str
        if isinstance(self.end_reason, str):
            end_reason = self.end_reason
        else:
            end_reason = self.end_reason

        deal_code: None | str
        deal_code = self.deal_code

        members = []
        for members_item_data in self.members:
            members_item = members_item_data.to_dict()
            members.append(members_item)

        standings: list[dict[str, Any]] | None
        if isinstance(self.standings, list):
            standings = []
            for standings_type_0_item_data in self.standings:
                standings_type_0_item = standings_type_0_item_data.to_dict()
                standings.append(standings_type_0_item)

        else:
            standings = self.standings

        rematch_of: int | None
        rematch_of = self.rematch_of

        rematch: dict[str, Any] | None
        if isinstance(self.rematch, RematchRef):
            rematch = self.rematch.to_dict()
        else:
            rematch = self.rematch

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "invite": invite,
                "host": host,
                "seats": seats,
                "time_limit_s": time_limit_s,
                "status": status,
                "version": version,
                "matched": matched,
                "public": public,
                "rated": rated,
                "aborted": aborted,
                "created_at": created_at,
                "starts_at": starts_at,
                "ends_at": ends_at,
                "finished_at": finished_at,
                "end_reason": end_reason,
                "deal_code": deal_code,
                "members": members,
                "standings": standings,
                "rematch_of": rematch_of,
                "rematch": rematch,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.owner import Owner  # noqa: PLC0415
        from ..models.race_member import RaceMember  # noqa: PLC0415
        from ..models.rematch_ref import RematchRef  # noqa: PLC0415
        from ..models.standing import Standing  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        invite = d.pop("invite")

        host = Owner.from_dict(d.pop("host"))

        seats = d.pop("seats")

        time_limit_s = d.pop("time_limit_s")

        status = check_race_status_enum(d.pop("status"))

        version = d.pop("version")

        matched = d.pop("matched")

        public = d.pop("public")

        rated = d.pop("rated")

        aborted = d.pop("aborted")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_starts_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                starts_at_type_0 = datetime.datetime.fromisoformat(data)

                return starts_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        starts_at = _parse_starts_at(d.pop("starts_at"))

        def _parse_ends_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ends_at_type_0 = datetime.datetime.fromisoformat(data)

                return ends_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ends_at = _parse_ends_at(d.pop("ends_at"))

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

        def _parse_end_reason(data: object) -> EndReasonEnum | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_reason_type_0 = check_end_reason_enum(data)

                return end_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EndReasonEnum | None, data)

        end_reason = _parse_end_reason(d.pop("end_reason"))

        def _parse_deal_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deal_code = _parse_deal_code(d.pop("deal_code"))

        members = []
        _members = d.pop("members")
        for members_item_data in _members:
            members_item = RaceMember.from_dict(members_item_data)

            members.append(members_item)

        def _parse_standings(data: object) -> list[Standing] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                standings_type_0 = []
                _standings_type_0 = data
                for standings_type_0_item_data in _standings_type_0:
                    standings_type_0_item = Standing.from_dict(
                        standings_type_0_item_data
                    )

                    standings_type_0.append(standings_type_0_item)

                return standings_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Standing] | None, data)

        standings = _parse_standings(d.pop("standings"))

        def _parse_rematch_of(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rematch_of = _parse_rematch_of(d.pop("rematch_of"))

        def _parse_rematch(data: object) -> None | RematchRef:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rematch_type_0 = RematchRef.from_dict(data)

                return rematch_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RematchRef, data)

        rematch = _parse_rematch(d.pop("rematch"))

        race_response = cls(
            id=id,
            invite=invite,
            host=host,
            seats=seats,
            time_limit_s=time_limit_s,
            status=status,
            version=version,
            matched=matched,
            public=public,
            rated=rated,
            aborted=aborted,
            created_at=created_at,
            starts_at=starts_at,
            ends_at=ends_at,
            finished_at=finished_at,
            end_reason=end_reason,
            deal_code=deal_code,
            members=members,
            standings=standings,
            rematch_of=rematch_of,
            rematch=rematch,
        )

        race_response.additional_properties = d
        return race_response

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
