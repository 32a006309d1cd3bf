"""The following tests reuse the daily deal's fixtures (boards filtered to the followed)."""

from tests.daily.conftest import daily_deal, fake_clock, new_player, private_board_keys

__all__ = ["daily_deal", "fake_clock", "new_player", "private_board_keys"]
