"""Third-party apps (SPEC §13): apps registered by staff act for a player through OAuth 2.1
(django-oauth-toolkit), each token limited to the scopes the player granted.

One identity: a player with credentials is the Django user ``Player.user`` points to, made the
first time the player signs in on the site to authorize an app (:func:`.services.site_user`).
DOT ties its grants and tokens to ``AUTH_USER_MODEL``; the player stays the one identity every
other part of the service knows, and the Django user is only the handle DOT needs, so no model
of DOT is swapped and its migrations stay its own.
"""
