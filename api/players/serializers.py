"""Documented (OpenAPI) shapes of players: creating one, the profile and its settings."""

from rest_framework import serializers

from api.http.fields import DeviceNameField, NameField, StrictBooleanField, StrictSerializer
from games.models import Player

NAME_HELP = (
    "As the player chose it, or one of two placeholders, served as stored and never translated "
    "(a client shows them in its language): `Player 1234` (a player who has not chosen a name; "
    "some were created as `Igrač 1234` or `Oyuncu 1234`) and `Deleted player` (an erased player)."
)


# A player as the others see them (no docstring: it would become the component's description).
class OwnerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(help_text=NAME_HELP)


class PlayerCreateRequest(StrictSerializer):
    name = NameField(help_text="1 to 40 characters.")
    device = DeviceNameField(
        required=False,
        allow_blank=True,
        help_text="A name for this device, shown in the device list.",
    )


SETTING_HELP = {
    "move_errors": "“Move errors” (hr „Pogreške pri potezima”, tr “Hamle hataları”): a refused "
    "tap's reply explains why, in the player's language.",
    "placement_aid": "“Placement aid” (hr „Pomoć pri postavljanju”, tr “Yerleştirme "
    "yardımı”): the owner's game lists the positions it dims (dimmed).",
    "language": "en, hr or tr; null follows the Accept-Language header.",
}
LANGUAGES = [c for c in Player.Language.values if c]


class SettingsSerializer(StrictSerializer):
    """The settings to change: any of them (a request). `winnable_deals` is gone (SPEC §10):
    sent, it is refused with `winnable_not_offered`."""

    withdrawn = frozenset({"winnable_deals"})

    move_errors = StrictBooleanField(required=False, help_text=SETTING_HELP["move_errors"])
    placement_aid = StrictBooleanField(required=False, help_text=SETTING_HELP["placement_aid"])
    language = serializers.ChoiceField(
        choices=LANGUAGES, allow_null=True, required=False, help_text=SETTING_HELP["language"]
    )


class Settings(serializers.Serializer):
    """Every setting of the player (an answer): each is always there, and a client must accept
    settings added later (``additionalProperties``)."""

    move_errors = serializers.BooleanField(help_text=SETTING_HELP["move_errors"])
    placement_aid = serializers.BooleanField(help_text=SETTING_HELP["placement_aid"])
    language = serializers.ChoiceField(
        choices=LANGUAGES, allow_null=True, help_text=SETTING_HELP["language"]
    )


class PlayerUpdateRequest(StrictSerializer):
    name = NameField(required=False)
    settings = SettingsSerializer(required=False)


class PlayerResponse(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(help_text=NAME_HELP)
    settings = Settings()


class PlayerCreatedResponse(PlayerResponse):
    token = serializers.CharField(help_text="This device's API token, shown only this once.")


class TokenResponse(serializers.Serializer):
    token = serializers.CharField(help_text="The device's new API token, shown only this once.")
