"""Request and response shapes of sign-in, accounts and device tokens (SPEC §9)."""

from rest_framework import serializers

from games.accounts.passwords import MAX_LENGTH as PASSWORD_MAX_LENGTH
from games.players.models import DeviceToken
from games.players.tokens import DEVICE_NAME_LENGTH

from .serializers import PlayerResponse, StrictCharField, StrictSerializer


class PasswordField(StrictCharField):
    """A password: any text up to 200 characters, kept as typed (no trimming)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("style", {"input_type": "password"})
        super().__init__(max_length=PASSWORD_MAX_LENGTH, trim_whitespace=False, **kwargs)


def device_field():
    return StrictCharField(
        required=False,
        allow_blank=True,
        max_length=DEVICE_NAME_LENGTH,
        help_text='A name for this device, shown in the device list ("Ana\'s phone").',
    )


def username_field(**kwargs):
    return StrictCharField(
        max_length=30, help_text="3 to 30 letters, digits, dots, dashes or underscores.", **kwargs
    )


# -- device tokens ---------------------------------------------------------------------------
class DeviceResponse(serializers.Serializer):
    id = serializers.IntegerField()
    device = serializers.CharField()
    issued = serializers.ChoiceField(
        choices=DeviceToken.Issued.values, help_text="How the token was issued."
    )
    created_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(help_text="Coarse: updated at most once a minute.")
    current = serializers.BooleanField(help_text="The token of this request.")


class DeviceListResponse(serializers.Serializer):
    results = DeviceResponse(many=True)


class RevokedResponse(serializers.Serializer):
    revoked = serializers.IntegerField(help_text="How many device tokens were revoked.")


class LinkCodeResponse(serializers.Serializer):
    code = serializers.CharField(help_text="8 characters (shown as XXXX-XXXX), single use.")
    expires_at = serializers.DateTimeField(help_text="Ten minutes from now.")


class LinkRequest(StrictSerializer):
    code = StrictCharField(max_length=20, help_text="The link code another device shows.")
    device = device_field()


class SignedInResponse(PlayerResponse):
    token = serializers.CharField(help_text="This device's API token, shown only this once.")


# -- accounts --------------------------------------------------------------------------------
class AccountResponse(serializers.Serializer):
    username = serializers.CharField()
    email = serializers.EmailField(allow_null=True)
    email_verified = serializers.BooleanField()
    recovery_codes_left = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    password_changed_at = serializers.DateTimeField()


class RecoveryCodesResponse(serializers.Serializer):
    recovery_codes = serializers.ListField(
        child=serializers.CharField(),
        min_length=10,
        max_length=10,
        help_text="Ten single-use codes, shown only this once: keep them somewhere safe.",
    )


class AccountCreatedResponse(AccountResponse, RecoveryCodesResponse):
    pass


class AccountCreateRequest(StrictSerializer):
    username = username_field()
    password = PasswordField()
    email = serializers.EmailField(
        required=False,
        allow_blank=True,
        help_text="Optional: verified by a link, used only for password reset.",
    )


class SignInRequest(StrictSerializer):
    username = username_field()
    password = PasswordField()
    device = device_field()


class PasswordChangeRequest(StrictSerializer):
    current_password = PasswordField()
    new_password = PasswordField()


class PasswordRequest(StrictSerializer):
    password = PasswordField(help_text="The current password.")


class EmailRequest(StrictSerializer):
    email = serializers.EmailField(
        allow_null=True, allow_blank=True, help_text="The new address; null or empty removes it."
    )


class VerifyEmailRequest(StrictSerializer):
    key = StrictCharField(max_length=400, help_text="The `key` of the verification link.")


class VerifiedEmailResponse(serializers.Serializer):
    email = serializers.EmailField()
    email_verified = serializers.BooleanField()


class PasswordResetRequest(StrictSerializer):
    email = serializers.EmailField()


class AcceptedResponse(serializers.Serializer):
    message = serializers.CharField(help_text="The same whether or not the address is known.")


class PasswordResetConfirmRequest(StrictSerializer):
    uid = StrictCharField(max_length=40, help_text="The `uid` of the reset link.")
    key = StrictCharField(max_length=100, help_text="The `key` of the reset link.")
    new_password = PasswordField()
    device = device_field()


class RecoverRequest(StrictSerializer):
    username = username_field()
    recovery_code = StrictCharField(max_length=20, help_text="One of the ten recovery codes.")
    new_password = PasswordField()
    device = device_field()


class RecoveredResponse(SignedInResponse):
    recovery_codes_left = serializers.IntegerField()
