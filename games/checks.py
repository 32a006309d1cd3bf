"""Deploy checks (``manage.py check --deploy``): refuse to look production-ready with dev secrets."""
from django.conf import settings
from django.core import checks


@checks.register(checks.Tags.security, deploy=True)
def check_secrets(app_configs=None, **kwargs):
    problems = []
    if settings.DEBUG:
        return problems
    if settings.HALFMOON_DEAL_KEY == settings.HALFMOON_PUBLIC_DEAL_KEY:
        problems.append(checks.Warning(
            "HALFMOON_DEAL_KEY is the public development key: anyone can compute every layout "
            "and tomorrow's daily deal.", hint="Set HALFMOON_DEAL_KEY to a long random secret.",
            id="halfmoon.W001"))
    if settings.SECRET_KEY.startswith(settings.INSECURE_SECRET_PREFIX) or len(settings.SECRET_KEY) < 40:
        problems.append(checks.Warning(
            "SECRET_KEY is the insecure development default or too short.",
            hint="Set SECRET_KEY to a random string of at least 50 characters.",
            id="halfmoon.W002"))
    return problems
