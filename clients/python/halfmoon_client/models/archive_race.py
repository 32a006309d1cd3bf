from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.race_status_enum import RaceStatusEnum, check_race_status_enum

if TYPE_CHECKING:
    from ..models.archive_membership import ArchiveMembership
    from ..models.owner import Owner


T = TypeVar("T", bound="ArchiveRace")


@_attrs_define
class ArchiveRace:
    id: int
    status: RaceStatusEnum
    """ * `open` - open
    * `countdown` - countdown
    * `running` - running
    * `finished` - finished
    * `cancelled` - cancelled """
    seats: int
    time_limit_s: int
    matched: bool
    rated: bool
    aborted: bool
    host: Owner
    created_at: datetime.datetime
    starts_at: datetime.datetime | None
    ends_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    end_reason: None | str
    deal_code: None | str
    """ Null until `starts_at`. """
    members: list[Owner]
    """ Every member: id and public name only. """
    membership: ArchiveMembership
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status: str = self.status

        seats = self.seats

        time_limit_s = self.time_limit_s

        matched = self.matched

        rated = self.rated

        aborted = self.aborted

        host = self.host.to_dict()

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
        end_reason = self.end_reason

        deal_code: None | str
        deal_code = self.deal_code

        members = []
        for members_item_data in self.members:
            members_item = members_item_data.to_dict()
            members.append(members_item)

        membership = self.membership.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "seats": seats,
                "time_limit_s": time_limit_s,
                "matched": matched,
                "rated": rated,
                "aborted": aborted,
                "host": host,
                "created_at": created_at,
                "starts_at": starts_at,
                "ends_at": ends_at,
                "finished_at": finished_at,
                "end_reason": end_reason,
                "deal_code": deal_code,
                "members": members,
                "membership": membership,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.archive_membership import ArchiveMembership  # noqa: PLC0415
        from ..models.owner import Owner  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        status = check_race_status_enum(d.pop("status"))

        seats = d.pop("seats")

        time_limit_s = d.pop("time_limit_s")

        matched = d.pop("matched")

        rated = d.pop("rated")

        aborted = d.pop("aborted")

        host = Owner.from_dict(d.pop("host"))

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

        def _parse_end_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        end_reason = _parse_end_reason(d.pop("end_reason"))

        def _parse_deal_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deal_code = _parse_deal_code(d.pop("deal_code"))

        members = []
        _members = d.pop("members")
        for members_item_data in _members:
            members_item = Owner.from_dict(members_item_data)

            members.append(members_item)

        membership = ArchiveMembership.from_dict(d.pop("membership"))

        archive_race = cls(
            id=id,
            status=status,
            seats=seats,
            time_limit_s=time_limit_s,
            matched=matched,
            rated=rated,
            aborted=aborted,
            host=host,
            created_at=created_at,
            starts_at=starts_at,
            ends_at=ends_at,
            finished_at=finished_at,
            end_reason=end_reason,
            deal_code=deal_code,
            members=members,
            membership=membership,
        )

        archive_race.additional_properties = d
        return archive_race

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
