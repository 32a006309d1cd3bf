"""Changelist filters: a text box (player, deal code, daily date) and yes/no moderation flags."""

from __future__ import annotations

import datetime as dt

from django.contrib import admin

from ..engine import DealCode, EngineError


class InputFilter(admin.SimpleListFilter):
    """A filter typed into a box rather than picked from a list (there may be many values)."""

    template = "admin/games/input_filter.html"
    placeholder = ""

    def lookups(self, request, model_admin):
        return ((None, None),)  # never empty, so the filter is shown

    def choices(self, changelist):
        yield {
            "parameter_name": self.parameter_name,
            "value": self.value() or "",
            "placeholder": self.placeholder,
            "other_params": [
                (k, v) for k, v in changelist.params.items() if k != self.parameter_name
            ],
            "clear_query_string": changelist.get_query_string(remove=[self.parameter_name]),
        }


class PlayerFilter(InputFilter):
    title = "player"
    parameter_name = "player"
    placeholder = "id or exact name"

    def queryset(self, request, queryset):
        value = (self.value() or "").strip()
        if not value:
            return queryset
        if value.isascii() and value.isdigit():  # "²".isdigit() too, but it is no id
            number = int(value)
            return queryset.filter(owner_id=number) if number < 2**63 else queryset.none()
        return queryset.filter(owner__name__iexact=value)


class DealFilter(InputFilter):
    title = "deal"
    parameter_name = "deal"
    placeholder = "HM1-N-…"

    def queryset(self, request, queryset):
        value = (self.value() or "").strip()
        if not value:
            return queryset
        try:
            return queryset.filter(deal__code=DealCode.parse(value).text)
        except EngineError:
            return queryset.none()


class DailyDateFilter(InputFilter):
    """An exact date typed as YYYY-MM-DD (a malformed one matches nothing)."""

    title = "exact daily date"
    parameter_name = "daily"
    placeholder = "YYYY-MM-DD"
    field = "daily_date"

    def queryset(self, request, queryset):
        value = (self.value() or "").strip()
        if not value:
            return queryset
        try:
            return queryset.filter(**{self.field: dt.date.fromisoformat(value)})
        except ValueError:
            return queryset.none()


class FlagFilter(admin.SimpleListFilter):
    """Yes/no on whether a moderation timestamp field is set."""

    field = ""

    def lookups(self, request, model_admin):
        return (("yes", "Yes"), ("no", "No"))

    def queryset(self, request, queryset):
        if self.value() in ("yes", "no"):
            return queryset.filter(**{f"{self.field}__isnull": self.value() == "no"})
        return queryset


class DisqualifiedFilter(FlagFilter):
    title = "disqualified"
    parameter_name = "disqualified"
    field = "disqualified_at"


class SuspendedFilter(FlagFilter):
    title = "suspended"
    parameter_name = "suspended"
    field = "suspended_at"
