from typing import Literal

DailyLeaderboardAmong = Literal["following"]

DAILY_LEADERBOARD_AMONG_VALUES: set[DailyLeaderboardAmong] = {
    "following",
}


def check_daily_leaderboard_among(value: str) -> DailyLeaderboardAmong:
    if value in DAILY_LEADERBOARD_AMONG_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DAILY_LEADERBOARD_AMONG_VALUES!r}"
    )
