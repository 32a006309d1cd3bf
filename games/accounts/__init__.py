"""Accounts: credentials added to a player (username, password, optional e-mail), and the ways
to sign in on another device (password, link code, recovery code, password reset by e-mail).

Why not django-allauth's headless mode (tried first; issue 12 asked for it): its headless API
authenticates with its own session or X-Session-Token and issues its own tokens, while every
client of this service already holds a per-device player token (SPEC §9) that REST, the
sockets and the per-action credential re-check all use; it signs up a *new* Django user, while
here credentials are added to the player who already has games, statistics and a rating; its
error bodies and status codes are its own, not this service's registry (one error format over
REST and sockets, every code in the OpenAPI union); and link codes, recovery codes and device
lists are not flows it has. Bridging would have meant a second session scheme beside the
tokens. So the flows are written here on Django's own pieces, each in one module: hashers and
validators (:mod:`.passwords`, Argon2 via argon2-cffi), ``PasswordResetTokenGenerator`` and
signing (:mod:`.links`), the e-mail backends (:mod:`.mail`), and ``salted_hmac`` for the
single-use link and recovery codes (:mod:`.codes`)."""
