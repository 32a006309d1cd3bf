"""Django's PostgreSQL backend, with one difference: a kept connection to a server that became
read-only under it is dropped (:mod:`.base`). ``DATABASE_URL`` selects it for PostgreSQL."""
