"""The ``APIView`` every REST view derives from: DRF's, with the HTTP semantics of
:mod:`api.http` applied around each request, in this order:

1. DRF's own checks (authentication, permissions, throttles), with every rate budget spent
   noted for the ``RateLimit`` headers;
2. unknown query parameters refused (:mod:`api.http.query`);
3. on a POST with an ``Idempotency-Key``, the key claimed, or the first answer replayed;
4. the view;
5. on the answer: ``ETag`` of a game (and ``304`` for a matching ``If-None-Match``),
   ``Link`` of a page, ``Cache-Control``, ``Vary``, the ``RateLimit`` headers; then the
   answer is kept for the key's retries.

A stale ``If-Match`` becomes ``412 precondition_failed`` here (the view sees it as the
``expected_version`` it stands for: :func:`api.http.conditional.expected_version`).
"""

from __future__ import annotations

from django.http import HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from rest_framework import views
from rest_framework.response import Response

from games.core import rates
from games.core.transactions import connected_again
from games.play.errors import VersionConflict
from games.transport.errors import IdempotencyKeyInFlight, PreconditionFailed

from . import (
    caching,
    conditional,
    deprecation,
    idempotency,
    pagination,
    query,
    ratelimit_headers,
)

#: Methods whose request only reads (RFC 9110 §9.2.1): run again when the database went away
#: under it.
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class APIView(views.APIView):
    _spends: list[rates.Spend]
    _claim: tuple[str, str] | None = None
    #: A read the database failed under, once connected again: the request runs once more.
    _read_again = False

    def dispatch(self, request, *args, **kwargs):
        self._claim = None
        with rates.recording() as spends:
            self._spends = spends
            try:
                response = super().dispatch(request, *args, **kwargs)
                if self._read_again:  # the first run's answer (a 503) is dropped
                    self._read_again = False
                    spends.clear()
                    response = super().dispatch(request, *args, **kwargs)
                return response
            except BaseException:
                if self._claim is not None:  # an unexpected failure: a retry may run again
                    idempotency.finish(self._claim, Response(status=500))
                raise

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if not self._handles(request.method):
            return  # dispatch answers 405 method_not_allowed: the query does not matter
        query.refuse_unknown(self._url_name(request), request.method, request.query_params)
        if request.method == "POST":
            self._claim = idempotency.begin(request)

    def _handles(self, method: str) -> bool:
        name = method.lower()
        return name in self.http_method_names and hasattr(self, name)

    def handle_exception(self, exc):
        if isinstance(exc, idempotency.Replay):
            return exc.response
        if (
            self.request.method in SAFE_METHODS
            and not getattr(self, "_read_once_more", False)
            and connected_again(exc)
        ):
            # A switchover's shutdown cut the kept connection under a read: read again once
            # (games.core.transactions.connected_again) rather than answer 503.
            self._read_once_more = self._read_again = True
        if isinstance(exc, VersionConflict) and getattr(self.request, "if_match_used", False):
            exc = PreconditionFailed(**exc.details)
        response = super().handle_exception(exc)
        if isinstance(exc, IdempotencyKeyInFlight):
            response["Retry-After"] = str(exc.details["retry_after"])
        return response

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        replayed = response.has_header(idempotency.REPLAYED)
        url_name = self._url_name(request)
        data = getattr(response, "data", None)
        status = response.status_code
        if not replayed and 200 <= status < 300:
            if url_name in conditional.GAME_ANSWERS:
                version = conditional.game_version(data)
                if version is not None:
                    response["ETag"] = conditional.etag_of(version)
            if isinstance(data, dict) and "results" in data:
                pagination.envelope(request, response, data)
        response["Cache-Control"] = caching.cache_control(request, url_name, status, data)
        patch_vary_headers(response, ("Authorization", "Accept-Language"))
        for name, value in ratelimit_headers.headers(self._spends).items():
            response[name] = value
        for name, value in deprecation.headers_for(url_name, request.method).items():
            if name == "Link" and response.has_header("Link"):  # a page's links stay
                value = f"{response['Link']}, {value}"
            response[name] = value
        if self._claim is not None and not replayed:
            claim, self._claim = self._claim, None
            idempotency.finish(claim, response)
        if (
            request.method in ("GET", "HEAD")
            and response.has_header("ETag")
            and conditional.none_match(request.headers.get("If-None-Match"), response["ETag"])
        ):
            return self._not_modified(response)
        return response

    @staticmethod
    def _not_modified(response) -> HttpResponseNotModified:
        not_modified = HttpResponseNotModified()
        for name in ("ETag", "Cache-Control", "Vary", "RateLimit-Policy", "RateLimit"):
            if response.has_header(name):
                not_modified[name] = response[name]
        return not_modified

    @staticmethod
    def _url_name(request) -> str | None:
        match = getattr(request, "resolver_match", None)
        return match.url_name if match is not None else None
