"""Deploy checks (``manage.py check --deploy``): never look production-ready with dev secrets."""

from django.conf import settings
from django.core import checks

from .secrets import deal_key_problem, secret_key_problem


@checks.register(checks.Tags.security, deploy=True)
def check_secrets(app_configs=None, **kwargs):
    problems = []
    if settings.DEBUG:
        return problems
    deal_key = deal_key_problem(settings.HALFMOON_DEAL_KEY)
    if deal_key:
        problems.append(
            checks.Warning(
                deal_key, hint="Set HALFMOON_DEAL_KEY to a long random secret.", id="halfmoon.W001"
            )
        )
    secret_key = secret_key_problem(settings.SECRET_KEY)
    if secret_key:
        problems.append(
            checks.Warning(
                secret_key, hint="Set SECRET_KEY to a random string.", id="halfmoon.W002"
            )
        )
    return problems


@checks.register(checks.Tags.security, deploy=True)
def check_account_mail(app_configs=None, **kwargs):
    """Account mail must leave the server, with links to the public site (not to whatever host
    a request named)."""
    problems = []
    if settings.DEBUG:
        return problems
    if settings.EMAIL_BACKEND.endswith("console.EmailBackend"):
        problems.append(
            checks.Warning(
                "Account e-mails (verification, password reset) are printed, not sent.",
                hint="Set EMAIL_HOST (and EMAIL_PORT, EMAIL_HOST_USER, … as needed).",
                id="halfmoon.W003",
            )
        )
    if settings.HALFMOON_PUBLIC_URL == settings.EMBEDDED_PUBLIC_URL:
        problems.append(
            checks.Warning(
                f"Links in account e-mails point at {settings.EMBEDDED_PUBLIC_URL}.",
                hint="Set HALFMOON_PUBLIC_URL to the site's public address.",
                id="halfmoon.W004",
            )
        )
    return problems


@checks.register(checks.Tags.security)
def check_mail_links(app_configs=None, **kwargs):
    """Outside the embedded default (mail that leaves this machine), links in e-mails need the
    site's public address: without it the service refuses to start (``migrate``, ``check``)
    rather than mail links built from whatever host a request named."""
    if settings.HALFMOON_MAIL_IS_SENT and not settings.HALFMOON_PUBLIC_URL:
        return [
            checks.Error(
                "Account e-mails are sent, but HALFMOON_PUBLIC_URL is not set: the links they "
                "carry (password reset, e-mail verification) have no address to point at.",
                hint="Set HALFMOON_PUBLIC_URL to the site's public address "
                "(https://halfmoon.example).",
                id="halfmoon.E004",
            )
        ]
    return []


#: Django's middleware the API lane installs as subclasses (``halfmoon_service.lanes``): its
#: deploy checks security.W002 (X-Frame-Options) and W003 (CSRF), which look for Django's own
#: paths, are silenced and checked here of either path.
XFRAME = "django.middleware.clickjacking.XFrameOptionsMiddleware"
CSRF = "django.middleware.csrf.CsrfViewMiddleware"
LANE_CHECKED = {
    XFRAME: ("halfmoon.W005", "X-Frame-Options"),
    CSRF: ("halfmoon.W006", "cross-site request forgery protection"),
}


@checks.register(checks.Tags.security, deploy=True)
def check_lane_middleware(app_configs=None, **kwargs):
    """Django's X-Frame-Options and CSRF middleware are installed (by its path or the API
    lane's); with them, what Django's own checks then ask: ``X_FRAME_OPTIONS`` is DENY
    (security.W019) and the CSRF cookie secure (security.W016)."""
    from .lanes import LANE_OF  # the lane's classes import DRF's authentication

    problems = []
    installed = set(settings.MIDDLEWARE)
    for django_path, (check_id, what) in LANE_CHECKED.items():
        if not installed & {django_path, LANE_OF[django_path]}:
            problems.append(
                checks.Warning(
                    f"Neither {django_path} nor {LANE_OF[django_path]} is in MIDDLEWARE: "
                    f"no {what}.",
                    id=check_id,
                )
            )
    if LANE_OF[XFRAME] in installed and settings.X_FRAME_OPTIONS != "DENY":
        problems.append(checks.Warning("X_FRAME_OPTIONS is not 'DENY'.", id="halfmoon.W007"))
    if (
        LANE_OF[CSRF] in installed
        and not settings.CSRF_USE_SESSIONS
        and settings.CSRF_COOKIE_SECURE is not True
    ):
        problems.append(checks.Warning("CSRF_COOKIE_SECURE is not True.", id="halfmoon.W008"))
    return problems
