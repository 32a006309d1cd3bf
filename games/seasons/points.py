"""The points rule of a season (SPEC §11), as one ``INSERT … SELECT`` that rebuilds a board.

Each closed day of the season, each ranked entry on that day's board (disqualified games left
out, as on the board) scores

    day points = ceil(100 × (n − r + 1) / n) + (50 if won)

where ``r`` is its rank that day among the ``n`` entries: 100 for the day's best, down to
about 100/n for its last, plus 50 for a win — so 1 to 150 a day. A season's points are the sum
over its days: one lucky day is worth at most 150, a month of steady play thousands. Equal
points share a rank (1, 2, 2, 4); within a rank the board lists players by id.

Plain SQL that SQLite (3.25+) and PostgreSQL both run (window functions, integer division).
"""

from __future__ import annotations

import datetime as dt

from django.db import connection

WIN_BONUS = 50
BEST = 100

_REBUILD = f"""
INSERT INTO games_seasonentry (season_id, player_id, points, days, wins, rank)
SELECT %s, player_id, points, days, wins, RANK() OVER (ORDER BY points DESC)
FROM (
    SELECT player_id, SUM(day_points) AS points, COUNT(*) AS days, SUM(won) AS wins
    FROM (
        SELECT e.player_id AS player_id,
               ({BEST} * (COUNT(*) OVER w - ROW_NUMBER() OVER wo + 1) + COUNT(*) OVER w - 1)
                   / COUNT(*) OVER w
               + CASE WHEN e.result = 'won' THEN {WIN_BONUS} ELSE 0 END AS day_points,
               CASE WHEN e.result = 'won' THEN 1 ELSE 0 END AS won
        FROM games_leaderboardentry e
        JOIN games_game g ON g.id = e.game_id
        WHERE e.date IN ({{dates}}) AND g.disqualified_at IS NULL
        WINDOW w AS (PARTITION BY e.date),
               wo AS (PARTITION BY e.date ORDER BY e.standing, e.ended_at, e.game_id)
    ) AS per_day
    GROUP BY player_id
) AS per_player
"""


def rebuild(season_key: str, dates: list[dt.date]) -> int:
    """Replace the season's entries by those of ``dates`` (its closed days): the rows written."""
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM games_seasonentry WHERE season_id = %s", [season_key])
        if not dates:
            return 0
        sql = _REBUILD.format(dates=", ".join(["%s"] * len(dates)))
        cursor.execute(sql, [season_key, *dates])
        return cursor.rowcount
