from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.layout_pile import LayoutPile


T = TypeVar("T", bound="DailyDealResponse")


@_attrs_define
class DailyDealResponse:
    date: datetime.date
    deal_code: str
    piles: list[LayoutPile]
    reserve: list[None | str]
    """ R1 to R8 (null: an empty slot). """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        deal_code = self.deal_code

        piles = []
        for piles_item_data in self.piles:
            piles_item = piles_item_data.to_dict()
            piles.append(piles_item)

        reserve = []
        for reserve_item_data in self.reserve:
            reserve_item: None | str
            reserve_item = reserve_item_data
            reserve.append(reserve_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "date": date,
                "deal_code": deal_code,
                "piles": piles,
                "reserve": reserve,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.layout_pile import LayoutPile  # noqa: PLC0415

        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))

        deal_code = d.pop("deal_code")

        piles = []
        _piles = d.pop("piles")
        for piles_item_data in _piles:
            piles_item = LayoutPile.from_dict(piles_item_data)

            piles.append(piles_item)

        reserve = []
        _reserve = d.pop("reserve")
        for reserve_item_data in _reserve:

            def _parse_reserve_item(data: object) -> None | str:
                if data is None:
                    return data
                return cast(None | str, data)

            reserve_item = _parse_reserve_item(reserve_item_data)

            reserve.append(reserve_item)

        daily_deal_response = cls(
            date=date,
            deal_code=deal_code,
            piles=piles,
            reserve=reserve,
        )

        daily_deal_response.additional_properties = d
        return daily_deal_response

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
