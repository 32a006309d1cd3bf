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
    if not settings.HALFMOON_PUBLIC_URL:
        problems.append(
            checks.Warning(
                "Links in account e-mails point at the host each request named.",
                hint="Set HALFMOON_PUBLIC_URL to the site's public address.",
                id="halfmoon.W004",
            )
        )
    return problems
