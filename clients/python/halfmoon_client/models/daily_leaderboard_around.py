from typing import Literal

DailyLeaderboardAround = Literal["me"]

DAILY_LEADERBOARD_AROUND_VALUES: set[DailyLeaderboardAround] = {
    "me",
}


def check_daily_leaderboard_around(value: str) -> DailyLeaderboardAround:
    if value in DAILY_LEADERBOARD_AROUND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DAILY_LEADERBOARD_AROUND_VALUES!r}"
    )
