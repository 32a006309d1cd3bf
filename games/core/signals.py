"""Domain events, sent by the domains' services after their transaction commits.

The domains never import the realtime layer (an import contract forbids it); the realtime
layer connects its receivers to these signals when the app is ready and turns each event into
the socket frame watchers receive. Every signal is sent with ``sender`` the service module.
"""

from django.dispatch import Signal

#: A game changed. ``payload``: its public representation (``games.play.presentation``);
#: ``owner_payload``: what its owner sees (the same object when the owner sees nothing more).
game_changed = Signal()

#: Entries entered or left a date's leaderboard. ``date``; ``changes``: a list of
#: ``(change, entry_payload)`` with ``change`` "entered" or "removed"; ``total``: entries on
#: the board now; ``closed``: True when the day has just closed.
board_changed = Signal()

#: A challenge's board changed (a counted attempt at it ended). ``challenge_id``, ``code``;
#: ``total``: entries on the board; ``top``: its first entries as the REST board.
challenge_changed = Signal()

#: Device tokens were revoked (signed out, rotated, revoked from another device or by staff,
#: a password change or reset, an account locked). ``player_id``; ``token_ids``: the revoked
#: tokens' ids. Sockets opened with one of them close.
tokens_revoked = Signal()

#: A player's suspension or settings changed. ``player_id``; ``suspended``: True while
#: suspended; ``settings``: the player's settings (``Player.settings_dict()``). Sockets of the
#: player close when it is suspended and act with the new settings otherwise.
player_changed = Signal()

#: A player's account was deleted (``games.privacy``). ``player_id``: every socket of the
#: player closes, whatever it was opened with (a token or a session).
player_deleted = Signal()

#: A race changed. ``payload``: its representation as every member sees it
#: (``games.races.presentation.race_payload``, no member's game id while it is unfinished);
#: ``games``: each member's game id by player id, for each member's own view.
race_changed = Signal()

#: The quick-match queue formed a race. ``player_ids``: its members; ``payload`` and
#: ``games`` as for ``race_changed``.
race_matched = Signal()

#: A season's board was rebuilt, or the season closed (``games.seasons.services``).
#: ``season``: its key; ``closed``: True once final; ``total``: entries; ``top``: its first
#: entries as the REST board shows them.
season_changed = Signal()
