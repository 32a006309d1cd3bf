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
