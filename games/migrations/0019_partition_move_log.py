"""The move log partitioned by month (issue 29; ``games.play.partitions``).

Both databases: ``GameEvent.game_month``, the first day of the UTC month the entry's game
started in, filled for the existing rows. PostgreSQL only: ``games_gameevent`` becomes
``PARTITION BY RANGE (game_month)``, with a partition for every month that has rows, the current
month and the next two, and a DEFAULT partition; the rows are copied into it (in one
transaction, the log locked: a maintenance window on a large log) and the old table dropped.
PostgreSQL requires the partition key in every unique constraint: the database's primary key
is ``event_game_seq``, ``(game_id, seq, game_month)``, and ``id`` has a BRIN index; Django's
state stays the plain model (``id`` the key, unique ``(game, seq)``), which that is equivalent
to: ``id`` comes from one sequence, and a game's entries all have its month. Only the database
changes vendor by vendor and no state does, so a plain ``RunPython`` carries it (no
``SeparateDatabaseAndState`` needed).

Reversible: backwards copies the rows (of the partitions still attached: a detached month is a
table of its own and stays one) into a plain table with the identity key it had, then
``game_month`` is dropped.

The SQL is written out here rather than imported from ``games.play.partitions`` so that the
migration keeps doing what it did when that module changes; the partition names are the same.
"""

import datetime as dt

from django.db import migrations, models

TABLE = "games_gameevent"
OLD = "games_gameevent_unpartitioned"
MONTH_OF_GAME = "date_trunc('month', g.started_at AT TIME ZONE 'UTC')::date"


def add_months(month, count):
    index = month.year * 12 + month.month - 1 + count
    return dt.date(index // 12, index % 12 + 1, 1)


def partition_name(month):
    return f"{TABLE}_y{month:%Y}m{month:%m}"


def one(cursor, sql, params=()):
    cursor.execute(sql, params)
    return cursor.fetchone()


def foreign_keys(cursor, table):
    cursor.execute(
        "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
        "WHERE conrelid = to_regclass(%s) AND contype = 'f' ORDER BY conname",
        [table],
    )
    return cursor.fetchall()


def fill_month(apps, schema_editor):
    """SQLite: each entry's month from its game (``date(…, 'start of month')`` of the UTC
    text Django stores)."""
    schema_editor.execute(
        f"UPDATE {TABLE} SET game_month = (SELECT date(g.started_at, 'start of month') "
        f"FROM games_game g WHERE g.id = {TABLE}.game_id)"
    )


def partition(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        fill_month(apps, schema_editor)
        return
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(f"LOCK TABLE {TABLE} IN ACCESS EXCLUSIVE MODE")
        sequence = one(cursor, "SELECT pg_get_serial_sequence(%s, 'id')", [TABLE])[0]
        last_value, is_called = one(cursor, f"SELECT last_value, is_called FROM {sequence}")
        keys = foreign_keys(cursor, TABLE)
        # The identity goes (PostgreSQL 15 has no identity on a partitioned table): one plain
        # sequence, owned by the new table's id, continues where it stopped.
        cursor.execute(f"ALTER TABLE {TABLE} ALTER COLUMN id DROP IDENTITY IF EXISTS")
        cursor.execute(f"ALTER TABLE {TABLE} RENAME TO {OLD}")
        cursor.execute(f"ALTER INDEX {TABLE}_pkey RENAME TO {OLD}_pkey")
        cursor.execute(f"ALTER INDEX event_game_seq RENAME TO {OLD}_game_seq")
        # The columns of the model at this migration, game_month beside seq: after id (8 B) and
        # seq (4 B) it takes 4 B that aligning the row mostly left empty (+3.4 B a row measured).
        cursor.execute(
            f"CREATE TABLE {TABLE} (id bigint NOT NULL, seq integer NOT NULL, "
            "game_month date NOT NULL, kind varchar(6) NOT NULL, "
            "positions varchar(16) NOT NULL, cards varchar(24) NOT NULL, "
            "created_at timestamp with time zone NOT NULL, game_id bigint NOT NULL, "
            f"CONSTRAINT {TABLE}_seq_check CHECK (seq >= 0)) PARTITION BY RANGE (game_month)"
        )
        cursor.execute(f"CREATE SEQUENCE {TABLE}_id_seq OWNED BY {TABLE}.id")
        cursor.execute(f"SELECT setval('{TABLE}_id_seq', %s, %s)", [last_value, is_called])
        cursor.execute(f"ALTER TABLE {TABLE} ALTER COLUMN id SET DEFAULT nextval('{TABLE}_id_seq')")
        cursor.execute(
            f"SELECT DISTINCT {MONTH_OF_GAME} FROM games_game g "
            f"WHERE EXISTS (SELECT 1 FROM {OLD} e WHERE e.game_id = g.id)"
        )
        months = {row[0] for row in cursor.fetchall()}
        this_month = dt.datetime.now(dt.UTC).date().replace(day=1)
        months |= {add_months(this_month, n) for n in range(3)}
        for month in sorted(months):
            cursor.execute(
                f"CREATE TABLE {partition_name(month)} PARTITION OF {TABLE} "
                f"FOR VALUES FROM ('{month}') TO ('{add_months(month, 1)}')"
            )
        cursor.execute(f"CREATE TABLE {TABLE}_default PARTITION OF {TABLE} DEFAULT")
        columns = ", ".join(
            column
            for column in ("id", "game_id", "seq", "kind", "positions", "cards", "created_at")
        )
        cursor.execute(
            f"INSERT INTO {TABLE} ({columns}, game_month) "
            f"SELECT {', '.join('e.' + c for c in columns.split(', '))}, {MONTH_OF_GAME} "
            f"FROM {OLD} e JOIN games_game g ON g.id = e.game_id ORDER BY e.id"  # for the BRIN
        )
        # The keys after the copy: one index build and one check per partition, not per row.
        # The primary key is the log's own key, (game_id, seq, game_month), under the unique
        # constraint's name: it is that constraint, and one index instead of a primary key
        # (id, game_month) beside it (8 B more a row than the (id) it replaces: over the 8 KB a
        # 48-move game may take). id, unique as the one sequence makes it, is looked up alone
        # only by staff (the admin's page of one entry): a BRIN index serves that, since ids
        # grow in the order rows are appended (a few pages a partition, not 16 B a row).
        cursor.execute(
            f"ALTER TABLE {TABLE} ADD CONSTRAINT event_game_seq "
            "PRIMARY KEY (game_id, seq, game_month)"
        )
        cursor.execute(
            f"CREATE INDEX {TABLE}_id ON {TABLE} USING brin (id) WITH (autosummarize = on)"
        )
        for name, definition in keys:
            cursor.execute(f'ALTER TABLE {TABLE} ADD CONSTRAINT "{name}" {definition}')
        cursor.execute(f"DROP TABLE {OLD}")
        cursor.execute(f"ANALYZE {TABLE}")


def unpartition(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return  # the column goes with AddField's reverse
    with connection.cursor() as cursor:
        if (
            one(cursor, "SELECT relkind FROM pg_class WHERE oid = to_regclass(%s)", [TABLE])[0]
            != "p"
        ):
            return
        cursor.execute(f"LOCK TABLE {TABLE} IN ACCESS EXCLUSIVE MODE")
        last_value, is_called = one(cursor, f"SELECT last_value, is_called FROM {TABLE}_id_seq")
        keys = foreign_keys(cursor, TABLE)
        partitioned = f"{TABLE}_partitioned"
        cursor.execute(f"ALTER TABLE {TABLE} RENAME TO {partitioned}")
        cursor.execute(
            f"CREATE TABLE {TABLE} (LIKE {partitioned} INCLUDING CONSTRAINTS INCLUDING STORAGE)"
        )
        cursor.execute(f"INSERT INTO {TABLE} SELECT * FROM {partitioned}")
        cursor.execute(f"DROP TABLE {partitioned}")  # its partitions and sequence with it
        cursor.execute(f"ALTER TABLE {TABLE} ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY")
        sequence = one(cursor, "SELECT pg_get_serial_sequence(%s, 'id')", [TABLE])[0]
        cursor.execute(f"SELECT setval('{sequence}', %s, %s)", [last_value, is_called])
        cursor.execute(f"ALTER TABLE {TABLE} ADD CONSTRAINT {TABLE}_pkey PRIMARY KEY (id)")
        cursor.execute(f"ALTER TABLE {TABLE} ADD CONSTRAINT event_game_seq UNIQUE (game_id, seq)")
        for name, definition in keys:
            cursor.execute(f'ALTER TABLE {TABLE} ADD CONSTRAINT "{name}" {definition}')


class Migration(migrations.Migration):
    dependencies = [("games", "0018_email_verification_once")]

    operations = [
        migrations.AddField(
            model_name="gameevent",
            name="game_month",
            field=models.DateField(default=dt.date(1970, 1, 1), editable=False),
            preserve_default=False,
        ),
        migrations.RunPython(partition, unpartition),
    ]
