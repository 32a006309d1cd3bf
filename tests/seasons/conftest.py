"""The seasons tests reuse the daily deal's fixtures: a clock the test moves, the small
hand-built layout, players driving the API."""

from tests.daily.conftest import daily_deal, fake_clock, new_player, private_board_keys

__all__ = ["daily_deal", "fake_clock", "new_player", "private_board_keys"]
