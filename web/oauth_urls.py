"""The authorization server's routes (django-oauth-toolkit, SPEC §13), in its namespace:
RFC 8414 metadata at the origin's ``/.well-known/oauth-authorization-server``, and under
``/oauth/`` authorize, token, revocation (RFC 7009), the device grant (RFC 8628) and the site's
sign-in. Left out of DOT's routes: introspection (no separate resource server), application
management (staff register apps in the admin), OpenID Connect and dynamic registration."""

from django.urls import include, path
from oauth2_provider import urls as dot
from oauth2_provider import views as dot_views

from . import oauth_views

app_name = "oauth2_provider"

#: DOT's routes kept (its authorize, device authorization and code entry are wrapped:
#: web.oauth_views).
_KEPT = {
    "token",
    "revoke-token",
    "device-confirm",
    "device-grant-status",
}

urlpatterns = [
    path(
        ".well-known/oauth-authorization-server",
        dot_views.OAuthServerMetadataView.as_view(),
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
    path("oauth/", include([p for p in dot.base_urlpatterns if p.name in _KEPT])),
]
