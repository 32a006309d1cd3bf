"""Webhooks for server-side apps (issue 40): a registered app (``games.oauth``) subscribes a
URL to named events; each event that concerns it becomes a :class:`.models.Delivery` row,
written inside the event's own transaction (so a change rolled back delivers nothing) and
posted after commit by the ``deliver_webhooks`` job, signed as Standard Webhooks specifies
(``standardwebhooks``), with retries and exponential back-off. docs/WEBHOOKS.md.

Who receives what (never a hidden card, never a private datum):

- ``game.ended`` and ``challenge.result``: only apps the game's owner connected with the
  ``read`` scope (an app holding such a token of the player, ``games.oauth``) — a player's
  games are private by default;
- ``race.finished``: only apps one of the race's members connected so (races are joined by
  invitation);
- ``daily.closed`` and ``season.closed``: every subscribed app — their boards are public.
"""
