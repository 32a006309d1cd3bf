"""The realtime layer: WebSocket routing, authentication, the per-process relay, the sockets,
and the frames they send (defined once in :mod:`realtime.frames`)."""
