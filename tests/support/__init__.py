"""What the tests (and the bench scripts) share, one module per job:

* :mod:`~tests.support.api` — requests through Django's test client: paths, JSON bodies, the
  check of the service's error format.
* :mod:`~tests.support.http` — the HTTP client for real server processes (blocking, and asyncio
  for the bench's load generators).
* :mod:`~tests.support.sockets` — WebSocket helpers: in-process sockets on the ASGI application,
  ``websockets`` clients against a real server.
* :mod:`~tests.support.moves` — the move finder: removals among the visible cards.
* :mod:`~tests.support.play` — games played through the services, and a small hand-built table.
* :mod:`~tests.support.servers` — real server processes (daphne, the draining entry point,
  gunicorn, granian) on the test database; :mod:`~tests.support.nginx` — the deployed nginx in
  front; :mod:`~tests.support.stuck` — a server's worker stuck behind a row lock.
* :mod:`~tests.support.load` — the load generator of the crash and shutdown runs.
* :mod:`~tests.support.hosts` — hosts as network namespaces (two application hosts, nginx,
  PostgreSQL and Redis over the namespace network); :mod:`~tests.support.outages` — the
  scenarios run on them; :mod:`~tests.support.watchers` — sockets that reconnect and
  resynchronise as the web client does.
* :mod:`~tests.support.waiting` — waiting on a condition with a deadline that raises.
* :mod:`~tests.support.layouts`, :mod:`~tests.support.payloads`, :mod:`~tests.support.solver` —
  hand-built layouts, reading payloads, and the test-only solver.

Nothing here is collected as a test: no name starts with ``test``.
"""
