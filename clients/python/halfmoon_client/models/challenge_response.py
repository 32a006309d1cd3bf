from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.challenge_mine_response import ChallengeMineResponse
    from ..models.challenge_result_response import ChallengeResultResponse
    from ..models.owner import Owner


T = TypeVar("T", bound="ChallengeResponse")


@_attrs_define
class ChallengeResponse:
    code: str
    link: str
    """ The web client's route: /#/challenge/<code>. """
    creator: Owner
    result: ChallengeResultResponse
    created_at: datetime.datetime
    total: int
    """ Entries on the challenge's board. """
    me: ChallengeMineResponse | None
    """ The caller's games at it, if any. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.challenge_mine_response import ChallengeMineResponse  # noqa: PLC0415

        code = self.code

        link = self.link

        creator = self.creator.to_dict()

        result = self.result.to_dict()

        created_at = self.created_at.isoformat()

        total = self.total

        me: dict[str, Any] | None
        if isinstance(self.me, ChallengeMineResponse):
            me = self.me.to_dict()
        else:
            me = self.me

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "link": link,
                "creator": creator,
                "result": result,
                "created_at": created_at,
                "total": total,
                "me": me,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge_mine_response import ChallengeMineResponse  # noqa: PLC0415
        from ..models.challenge_result_response import ChallengeResultResponse  # noqa: PLC0415
        from ..models.owner import Owner  # noqa: PLC0415

        d = dict(src_dict)
        code = d.pop("code")

        link = d.pop("link")

        creator = Owner.from_dict(d.pop("creator"))

        result = ChallengeResultResponse.from_dict(d.pop("result"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        total = d.pop("total")

        def _parse_me(data: object) -> ChallengeMineResponse | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                me_type_0 = ChallengeMineResponse.from_dict(data)

                return me_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ChallengeMineResponse | None, data)

        me = _parse_me(d.pop("me"))

        challenge_response = cls(
            code=code,
            link=link,
            creator=creator,
            result=result,
            created_at=created_at,
            total=total,
            me=me,
        )

        challenge_response.additional_properties = d
        return challenge_response

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
