"""The authorization server's routes (django-oauth-toolkit, SPEC §13), in its namespace:
RFC 8414 metadata at the origin's ``/.well-known/oauth-authorization-server``, and under
``/oauth/`` authorize, token, revocation (RFC 7009), the device grant (RFC 8628) and the site's
sign-in. Left out of DOT's routes: introspection (no separate resource server), application
management (staff register apps in the admin), OpenID Connect and dynamic registration."""

from django.urls import path

from . import oauth_views

app_name = "oauth2_provider"


urlpatterns = [
    path(
        ".well-known/oauth-authorization-server",
        oauth_views.ServerMetadataView.as_view(),
        name="oauth-server-metadata",
    ),
    path("oauth/sign-in", oauth_views.sign_in, name="sign-in"),
    path(
        "oauth/device-authorization/",
        oauth_views.DeviceAuthorizationView.as_view(),
        name="device-authorization",
    ),
    path("oauth/authorize/", oauth_views.ConsentAuthorizationView.as_view(), name="authorize"),
    path("oauth/device/", oauth_views.DeviceUserCodeView.as_view(), name="device"),
    path("oauth/token/", oauth_views.TokenView.as_view(), name="token"),
    path(
        "oauth/device-confirm/<slug:client_id>/<slug:user_code>",
        oauth_views.DeviceConfirmView.as_view(),
        name="device-confirm",
    ),
    path("oauth/revoke_token/", oauth_views.RevokeTokenView.as_view(), name="revoke-token"),
    path(
        "oauth/device-grant-status/<slug:client_id>/<slug:user_code>",
        oauth_views.DeviceGrantStatusView.as_view(),
        name="device-grant-status",
    ),
]
