"""The Redis throttle (one INCR per request) refuses like the old one and never sticks."""

import pytest

from games.core.rates import Counter

pytestmark = [pytest.mark.redis, pytest.mark.django_db]


def test_game_actions_over_the_limit_are_refused_until_the_window_ends(player_client, settings):
    settings.HALFMOON_THROTTLE_RATES["game_action"] = "3/min"
    client, _ = player_client("busy")
    game = client.post("/api/v1/games", {}, format="json").json()
    codes = [
        client.post(
            f"/api/v1/games/{game['id']}/taps", {"position": "P1"}, format="json"
        ).status_code
        for _ in range(3)
    ]
    assert codes == [200, 200, 429]
    refused = client.post(f"/api/v1/games/{game['id']}/taps", {"position": "P1"}, format="json")
    assert refused.json()["code"] == "throttled" and 1 <= int(refused["Retry-After"]) <= 60


def test_a_counter_left_without_expiry_gets_one_instead_of_refusing_forever(settings):
    counter = Counter.shared()
    key = "throttle_game_action_stuck"
    counter.client.set(
        f"{settings.HALFMOON_REDIS_PREFIX}:{key}", 5
    )  # as if the process died between INCR and EXPIRE
    used, retry_after = counter.hit(key, 60, limit=3)
    assert used == 6 and 59 <= retry_after <= 60
    assert 0 < counter.client.pttl(f"{settings.HALFMOON_REDIS_PREFIX}:{key}") <= 60_000
