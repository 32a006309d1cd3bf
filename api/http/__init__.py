"""HTTP semantics shared by every REST view (issue 13, "Safe retries and caching"): the
``Idempotency-Key`` header, ETags and conditional requests, ``Cache-Control``, the
``RateLimit`` headers, cursor pages with ``Link`` headers, and refusing unknown query
parameters; and reading a request's body through its serializer (:mod:`api.http.validation`).
:mod:`api.http.base` puts them together in the ``APIView`` the views derive from;
:mod:`api.http.openapi` describes them in the schema, from the same tables."""
