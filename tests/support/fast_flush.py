"""Emptying the test database between transactional tests with DELETE, not TRUNCATE.

pytest-django's ``transactional_db`` (every browser, socket and server-process test) ends with
Django's ``flush``, which on PostgreSQL is one ``TRUNCATE`` of every table. A TRUNCATE gives
each table, index and TOAST table a new file and drops the old ones at commit: over this
schema's tables that took 1.5-2 s per test on this machine kind, most of a browser test's
cost. The tables hold a test's few rows, so a ``DELETE`` of each is a few milliseconds.

Every foreign key Django makes on PostgreSQL is ``DEFERRABLE INITIALLY DEFERRED`` and the flush
runs in one transaction, so the order of the DELETEs does not matter: the keys are checked at
commit, when every table is empty. :func:`install` refuses to run on a schema with a key that
is not deferrable (or a trigger of its own, which a DELETE would fire and a TRUNCATE did not),
so the day one appears it says so instead of failing a flush at random. Sequences are reset
when asked, as before (``reset_sequences``). Production's ``manage.py flush`` is untouched:
this is installed in the test processes only (``tests/conftest.py``).
"""

from __future__ import annotations

from django.db import connection
from django.db.backends.postgresql.operations import DatabaseOperations

_truncate_flush = DatabaseOperations.sql_flush


def _delete_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
    if not tables:
        return []
    statements = [
        f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(self.quote_name(table))};"
        for table in tables
    ]
    if reset_sequences:
        sequences = self.connection.introspection.sequence_list()
        wanted = set(tables)
        statements += self.sequence_reset_by_name_sql(
            style, [s for s in sequences if s["table"] in wanted]
        )
    # One round trip: psycopg sends a parameterless string of statements as one.
    return [" ".join(statements)]


def blockers() -> list[str]:
    """What would make DELETE differ from TRUNCATE here: foreign keys checked at once (a DELETE
    in the wrong order would fail) and triggers of the schema's own."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT conname FROM pg_constraint WHERE contype = 'f' AND NOT condeferrable "
            "UNION ALL SELECT tgname FROM pg_trigger WHERE NOT tgisinternal"
        )
        return [row[0] for row in cursor.fetchall()]


def install() -> None:
    """Flush with DELETE in this process (PostgreSQL only; SQLite's flush already deletes)."""
    if connection.vendor != "postgresql":
        return
    found = blockers()
    if found:
        raise RuntimeError(
            f"tests/support/fast_flush.py: {found} would make a DELETE flush differ from "
            "TRUNCATE; make the keys DEFERRABLE INITIALLY DEFERRED or drop this flush"
        )
    DatabaseOperations.sql_flush = _delete_flush


def uninstall() -> None:
    DatabaseOperations.sql_flush = _truncate_flush
