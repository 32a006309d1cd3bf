from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.challenge_creator_entry_response import ChallengeCreatorEntryResponse
    from ..models.challenge_entry_response import ChallengeEntryResponse


T = TypeVar("T", bound="ChallengeBoardResponse")


@_attrs_define
class ChallengeBoardResponse:
    code: str
    total: int
    """ Counted attempts (the creator's result aside). """
    results: list[ChallengeEntryResponse]
    next_: None | str
    """ Cursor of the following page. """
    previous: None | str
    """ Cursor of the page before. """
    me: ChallengeEntryResponse | None
    """ The caller's entry, when on it. """
    creator: ChallengeCreatorEntryResponse | None
    """ The creator's own result, to beat: not an attempt, in no total (null with among=following when the creator
    is not among those followed). """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.challenge_creator_entry_response import (
            ChallengeCreatorEntryResponse,  # noqa: PLC0415
        )
        from ..models.challenge_entry_response import ChallengeEntryResponse  # noqa: PLC0415

        code = self.code

        total = self.total

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        next_: None | str
        next_ = self.next_

        previous: None | str
        previous = self.previous

        me: dict[str, Any] | None
        if isinstance(self.me, ChallengeEntryResponse):
            me = self.me.to_dict()
        else:
            me = self.me

        creator: dict[str, Any] | None
        if isinstance(self.creator, ChallengeCreatorEntryResponse):
            creator = self.creator.to_dict()
        else:
            creator = self.creator

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "total": total,
                "results": results,
                "next": next_,
                "previous": previous,
                "me": me,
                "creator": creator,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge_creator_entry_response import (
            ChallengeCreatorEntryResponse,  # noqa: PLC0415
        )
        from ..models.challenge_entry_response import ChallengeEntryResponse  # noqa: PLC0415

        d = dict(src_dict)
        code = d.pop("code")

        total = d.pop("total")

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = ChallengeEntryResponse.from_dict(results_item_data)

            results.append(results_item)

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))

        def _parse_previous(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        previous = _parse_previous(d.pop("previous"))

        def _parse_me(data: object) -> ChallengeEntryResponse | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                me_type_0 = ChallengeEntryResponse.from_dict(data)

                return me_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ChallengeEntryResponse | None, data)

        me = _parse_me(d.pop("me"))

        def _parse_creator(data: object) -> ChallengeCreatorEntryResponse | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                creator_type_0 = ChallengeCreatorEntryResponse.from_dict(data)

                return creator_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ChallengeCreatorEntryResponse | None, data)

        creator = _parse_creator(d.pop("creator"))

        challenge_board_response = cls(
            code=code,
            total=total,
            results=results,
            next_=next_,
            previous=previous,
            me=me,
            creator=creator,
        )

        challenge_board_response.additional_properties = d
        return challenge_board_response

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
