from django.urls import include, path

from . import views

urlpatterns = [
    path("", views.index, name="web-index"),
    path("sw.js", views.service_worker, name="web-service-worker"),
    # The pages that account e-mails link to (their keys after "#", never sent to a server).
    path("account/verify-email", views.index, name="web-verify-email"),
    path("account/reset-password", views.index, name="web-reset-password"),
    # Third-party apps: the authorization server and its pages (web.oauth_urls).
    path("", include("web.oauth_urls")),
]
