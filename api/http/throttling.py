"""Request throttles (429 + Retry-After), with rates from ``settings.HALFMOON_THROTTLE_RATES``
(see :mod:`games.core.rates`)."""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

from api.http.client_address import of_request
from games.core import rates
from games.core.rates import parse_rate


class _SettingsRateThrottle(SimpleRateThrottle):
    """A fixed window per client, counted by ``rates.hit``: in Redis, one round trip per
    request, shared with the sockets' budget (``rates.charge``); in the process without it."""

    retry_after: float | None = None

    def get_rate(self):
        return settings.HALFMOON_THROTTLE_RATES[self.scope]

    def parse_rate(self, rate):
        return parse_rate(rate)

    def allow_request(self, request, view):
        key = self.get_cache_key(request, view)
        if key is None:
            return True
        used, self.retry_after = rates.hit(key, self.duration, self.num_requests, scope=self.scope)
        return used <= self.num_requests

    def wait(self):
        return self.retry_after if self.retry_after is not None else super().wait()


class PlayerCreationThrottle(_SettingsRateThrottle):
    """Player creation per client address (behind trusted proxies only: see
    :mod:`api.http.client_address`)."""

    scope = "player_create"

    def get_cache_key(self, request, view):
        return rates.budget_key(self.scope, of_request(request))


class LogReadThrottle(_SettingsRateThrottle):
    """Reading a move log (the largest answer of the API): per player, or per client address
    without a token."""

    scope = "log_read"

    def get_cache_key(self, request, view):
        if getattr(request.user, "is_authenticated", False):
            return rates.budget_key(self.scope, f"player:{request.user.pk}")
        return rates.budget_key(self.scope, f"address:{of_request(request)}")


class GameActionThrottle(_SettingsRateThrottle):
    """Game changes (moves, taps, undos, resign, new games) per authenticated player: one
    budget for REST and the game socket's actions."""

    scope = "game_action"

    def get_cache_key(self, request, view):
        if request.method == "GET" or not getattr(request.user, "is_authenticated", False):
            return None  # reads and anonymous requests are not counted here
        return rates.budget_key(self.scope, request.user.pk)
