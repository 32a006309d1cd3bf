from django.contrib import admin
from django.urls import include, path

from api.health import healthz, readyz
from realtime.asyncapi_views import asyncapi_json, asyncapi_page

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    path("admin/", admin.site.urls),
    path("api/v1/asyncapi.json", asyncapi_json, name="asyncapi-json"),
    path("api/v1/asyncapi/", asyncapi_page, name="asyncapi"),
    path("api/v1/", include("api.urls")),
    path("", include("web.urls")),
]

handler404 = "api.errors.not_found"
handler500 = "api.errors.server_error"
