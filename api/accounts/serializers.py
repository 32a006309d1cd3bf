"""Request and response shapes of sign-in, accounts and device tokens (SPEC §9)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.http.fields import DeviceNameField, StrictCharField, StrictSerializer
from api.players.serializers import PlayerResponse
from games.accounts import device_proofs
from games.accounts.passwords import MAX_LENGTH as PASSWORD_MAX_LENGTH
from games.players.models import DeviceToken

#: Text without NUL (which DRF refuses in every character field).
NO_NUL = r"^[^\x00]*$"


@extend_schema_field(
    {"type": "string", "minLength": 1, "maxLength": PASSWORD_MAX_LENGTH, "pattern": NO_NUL}
)
class PasswordField(StrictCharField):
    """A password: any text up to 200 characters, kept as typed (no trimming)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("style", {"input_type": "password"})
        super().__init__(max_length=PASSWORD_MAX_LENGTH, trim_whitespace=False, **kwargs)


def device_field():
    return DeviceNameField(
        required=False, allow_blank=True, help_text="A name for this device, shown in the list."
    )


@extend_schema_field({"type": "string", "minLength": 1, "maxLength": 20, "pattern": NO_NUL})
class CodeField(StrictCharField):
    """A code a person types (link or recovery code), kept as sent: the service drops its
    white space and checks it, so a code of white space alone is not right (a rule), never
    blank (a shape the schema allows)."""

    def __init__(self, **kwargs):
        super().__init__(max_length=20, trim_whitespace=False, **kwargs)


@extend_schema_field({"type": "string", "minLength": 1, "maxLength": 400, "pattern": NO_NUL})
class KeyField(StrictCharField):
    """A key from an e-mailed link, kept as sent and checked by the service (white space alone
    is a link that is not right, as the schema lets it through)."""

    def __init__(self, **kwargs):
        super().__init__(max_length=400, trim_whitespace=False, **kwargs)


@extend_schema_field({"type": "string", "maxLength": device_proofs.MAX_LENGTH, "pattern": NO_NUL})
class DeviceProofField(StrictCharField):
    """A device proof as a sign-in answered it, kept as sent: one that is not valid (forged,
    expired, another account's, from before a password change) counts as none."""

    def __init__(self, **kwargs):
        super().__init__(
            max_length=device_proofs.MAX_LENGTH, allow_blank=True, trim_whitespace=False, **kwargs
        )


@extend_schema_field({"type": "string", "minLength": 3, "maxLength": 30, "pattern": r"^[\w.-]+$"})
class UsernameField(StrictCharField):
    """3 to 30 letters, digits, dots, dashes or underscores (checked by the service, which
    NFKC-normalises it first)."""

    def __init__(self, **kwargs):
        super().__init__(min_length=3, max_length=30, **kwargs)


def username_field(**kwargs):
    return UsernameField(
        help_text="3 to 30 letters, digits, dots, dashes or underscores.", **kwargs
    )


# -- device tokens ---------------------------------------------------------------------------
class DeviceResponse(serializers.Serializer):
    id = serializers.IntegerField()
    device = serializers.CharField()
    issued = serializers.ChoiceField(
        choices=DeviceToken.Issued.values, help_text="How the token was issued."
    )
    created_at = serializers.DateTimeField()
    created_from = serializers.CharField(
        allow_null=True,
        help_text="The network the device was signed in from, host part zeroed (IPv4 /24, "
        "IPv6 /48: `203.0.113.0/24`); null when unknown. A network, not a place.",
    )
    last_used_at = serializers.DateTimeField(help_text="Coarse: updated at most once a minute.")
    current = serializers.BooleanField(help_text="The token of this request.")


class DeviceRenameRequest(StrictSerializer):
    # Blank (or only spaces) is taken as at sign-in, where a device's name is cleaned the same
    # way: the device is named "Unnamed device". Refusing it instead would be a rule the schema
    # cannot state (a string of spaces has a length).
    device = DeviceNameField(
        required=False,
        allow_blank=True,
        help_text="The device's new name, shown in the device list (cleaned as at sign-in: "
        "blank names it “Unnamed device”); omitted, it is kept.",
    )


class DeviceListResponse(serializers.Serializer):
    results = DeviceResponse(many=True)
    next = serializers.CharField(allow_null=True, help_text="Cursor of the next page.")
    previous = serializers.CharField(allow_null=True, help_text="Cursor of the previous page.")


class RevokedResponse(serializers.Serializer):
    revoked = serializers.IntegerField(help_text="How many device tokens were revoked.")


class LinkCodeResponse(serializers.Serializer):
    code = serializers.CharField(help_text="8 characters (shown as XXXX-XXXX), single use.")
    expires_at = serializers.DateTimeField(help_text="Ten minutes from now.")


class LinkRequest(StrictSerializer):
    code = CodeField(help_text="The link code another device shows.")
    device = device_field()


class SignedInResponse(PlayerResponse):
    token = serializers.CharField(help_text="This device's API token, shown only this once.")


class SignInResponse(SignedInResponse):
    device_proof = serializers.CharField(
        help_text="Keep it and send it with this device's next sign-in to this username "
        "(`device_proof`): then strangers' wrong guesses, which can spend the username's "
        "budget for unknown devices, do not refuse this device. It lets no one in without the "
        "password; a new password (change, reset, recovery) makes it stale; it counts for "
        f"{device_proofs.LIFETIME.days} days. Also set as an HttpOnly cookie for the web client."
    )


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
    device_proof = DeviceProofField(
        required=False,
        help_text="The `device_proof` of this device's last sign-in to this username, if it "
        "kept one: the attempt is then counted under the proof's own budget "
        "(`sign_in_device`), not the username's for unknown devices (`sign_in_username`). "
        "The web client need not send it: its HttpOnly cookie is read instead.",
    )


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
    key = KeyField(help_text="The `key` of the verification link.")


class VerifiedEmailResponse(serializers.Serializer):
    email = serializers.EmailField()
    email_verified = serializers.BooleanField()


class PasswordResetRequest(StrictSerializer):
    email = serializers.EmailField()


class AcceptedResponse(serializers.Serializer):
    message = serializers.CharField(help_text="The same whether or not the address is known.")


class PasswordResetConfirmRequest(StrictSerializer):
    uid = KeyField(help_text="The `uid` of the reset link.")
    key = KeyField(help_text="The `key` of the reset link.")
    new_password = PasswordField()
    device = device_field()


class RecoverRequest(StrictSerializer):
    username = username_field()
    recovery_code = CodeField(help_text="One of the ten recovery codes.")
    new_password = PasswordField()
    device = device_field()


class RecoveredResponse(SignedInResponse):
    recovery_codes_left = serializers.IntegerField()
