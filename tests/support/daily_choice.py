"""How tests choose daily deals quickly (SPEC §10: a date's deal is its first candidate proven
winnable, chosen on demand when not prepared ahead).

- The daily tests (``tests/daily``) store a small hand-built table as their date's candidate 0
  (``tests.daily.helpers.store_daily_layout``): the solver decides it at once, so the on-demand
  choice picks it without a real search.
- Tests that need a real date's deal (today's, in most end-to-end tests) choose it on demand
  with :data:`TEST_DAILY_BUDGET` instead of production's 3,000,000 positions, in this process
  (``tests/conftest.py``) and in every server process a test starts
  (``tests.support.servers.database_env``): a candidate that needs more is skipped rather than
  slowing the suite (below 1 % of deals need more; docs/SOLVABILITY.md). The solver's answer
  for a layout is kept per process (``games.deals.solving``), so a date is searched once per
  process even though each test's database starts empty.
"""

TEST_DAILY_BUDGET = 200_000
