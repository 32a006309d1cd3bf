from django.contrib import admin
from django.urls import include, path

from api.health import healthz, readyz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    path("admin/", admin.site.urls),
    path("api/v1/", include("api.urls")),
    path("", include("web.urls")),
]

handler404 = "api.errors.not_found"
handler500 = "api.errors.server_error"
