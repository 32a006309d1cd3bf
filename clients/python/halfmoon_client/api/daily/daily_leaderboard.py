import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.daily_leaderboard_among import (
    DailyLeaderboardAmong,
)
from ...models.daily_leaderboard_around import (
    DailyLeaderboardAround,
)
from ...models.date_in_future_error import DateInFutureError
from ...models.insufficient_scope_error import InsufficientScopeError
from ...models.invalid_around_error import InvalidAroundError
from ...models.invalid_cursor_error import InvalidCursorError
from ...models.invalid_date_error import InvalidDateError
from ...models.invalid_page_size_error import InvalidPageSizeError
from ...models.invalid_request_error import InvalidRequestError
from ...models.invalid_token_error import InvalidTokenError
from ...models.leaderboard_response import LeaderboardResponse
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_authenticated_error import NotAuthenticatedError
from ...models.not_on_leaderboard_error import NotOnLeaderboardError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.token_suspended_error import TokenSuspendedError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    date: datetime.date,
    *,
    among: DailyLeaderboardAmong | Unset = UNSET,
    around: DailyLeaderboardAround | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_among: str | Unset = UNSET
    if not isinstance(among, Unset):
        json_among = among

    params["among"] = json_among

    json_around: str | Unset = UNSET
    if not isinstance(around, Unset):
        json_around = around

    params["around"] = json_around

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/daily/{date}/leaderboard".format(
            date=quote(str(date), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    DateInFutureError
    | InvalidAroundError
    | InvalidCursorError
    | InvalidDateError
    | InvalidPageSizeError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | LeaderboardResponse
    | NotAcceptableError
    | NotOnLeaderboardError
    | ServerErrorError
    | ServiceUnavailableError
    | None
):
    if response.status_code == 200:
        response_200 = LeaderboardResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:

        def _parse_response_400(
            data: object,
        ) -> (
            DateInFutureError
            | InvalidAroundError
            | InvalidCursorError
            | InvalidDateError
            | InvalidPageSizeError
            | InvalidRequestError
            | UnknownQueryParameterError
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_0 = DateInFutureError.from_dict(data)

                return response_400_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_1 = InvalidAroundError.from_dict(data)

                return response_400_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_2 = InvalidCursorError.from_dict(data)

                return response_400_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_3 = InvalidDateError.from_dict(data)

                return response_400_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_4 = InvalidPageSizeError.from_dict(data)

                return response_400_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_5 = InvalidRequestError.from_dict(data)

                return response_400_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_400_type_6 = UnknownQueryParameterError.from_dict(data)

            return response_400_type_6

        response_400 = _parse_response_400(response.json())

        return response_400

    if response.status_code == 401:

        def _parse_response_401(
            data: object,
        ) -> InvalidTokenError | NotAuthenticatedError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_401_type_0 = InvalidTokenError.from_dict(data)

                return response_401_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_401_type_1 = NotAuthenticatedError.from_dict(data)

            return response_401_type_1

        response_401 = _parse_response_401(response.json())

        return response_401

    if response.status_code == 403:

        def _parse_response_403(
            data: object,
        ) -> InsufficientScopeError | TokenSuspendedError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_403_type_0 = InsufficientScopeError.from_dict(data)

                return response_403_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_403_type_1 = TokenSuspendedError.from_dict(data)

            return response_403_type_1

        response_403 = _parse_response_403(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = NotOnLeaderboardError.from_dict(response.json())

        return response_404

    if response.status_code == 406:
        response_406 = NotAcceptableError.from_dict(response.json())

        return response_406

    if response.status_code == 500:
        response_500 = ServerErrorError.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = ServiceUnavailableError.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    DateInFutureError
    | InvalidAroundError
    | InvalidCursorError
    | InvalidDateError
    | InvalidPageSizeError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | LeaderboardResponse
    | NotAcceptableError
    | NotOnLeaderboardError
    | ServerErrorError
    | ServiceUnavailableError
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    date: datetime.date,
    *,
    client: AuthenticatedClient,
    among: DailyLeaderboardAmong | Unset = UNSET,
    around: DailyLeaderboardAround | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[
    DateInFutureError
    | InvalidAroundError
    | InvalidCursorError
    | InvalidDateError
    | InvalidPageSizeError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | LeaderboardResponse
    | NotAcceptableError
    | NotOnLeaderboardError
    | ServerErrorError
    | ServiceUnavailableError
]:
    """A date's leaderboard, best first (SPEC §7), with cursor pagination and ranks

     A date's leaderboard, best first (SPEC §7), with cursor pagination and ranks.

    Cache-Control: `public` or `private` (with credentials); `max-age=10` while the day is open (never
    past midnight UTC), `max-age=3600` once closed.

    Refused together (400 `invalid_request`, the first one named in `fields`): `cursor` with `around`.

    Args:
        date (datetime.date):
        among (DailyLeaderboardAmong | Unset):
        around (DailyLeaderboardAround | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DateInFutureError | InvalidAroundError | InvalidCursorError | InvalidDateError | InvalidPageSizeError | InvalidRequestError | UnknownQueryParameterError | InsufficientScopeError | TokenSuspendedError | InvalidTokenError | NotAuthenticatedError | LeaderboardResponse | NotAcceptableError | NotOnLeaderboardError | ServerErrorError | ServiceUnavailableError]
    """

    kwargs = _get_kwargs(
        date=date,
        among=among,
        around=around,
        cursor=cursor,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    date: datetime.date,
    *,
    client: AuthenticatedClient,
    among: DailyLeaderboardAmong | Unset = UNSET,
    around: DailyLeaderboardAround | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> (
    DateInFutureError
    | InvalidAroundError
    | InvalidCursorError
    | InvalidDateError
    | InvalidPageSizeError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | LeaderboardResponse
    | NotAcceptableError
    | NotOnLeaderboardError
    | ServerErrorError
    | ServiceUnavailableError
    | None
):
    """A date's leaderboard, best first (SPEC §7), with cursor pagination and ranks

     A date's leaderboard, best first (SPEC §7), with cursor pagination and ranks.

    Cache-Control: `public` or `private` (with credentials); `max-age=10` while the day is open (never
    past midnight UTC), `max-age=3600` once closed.

    Refused together (400 `invalid_request`, the first one named in `fields`): `cursor` with `around`.

    Args:
        date (datetime.date):
        among (DailyLeaderboardAmong | Unset):
        around (DailyLeaderboardAround | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DateInFutureError | InvalidAroundError | InvalidCursorError | InvalidDateError | InvalidPageSizeError | InvalidRequestError | UnknownQueryParameterError | InsufficientScopeError | TokenSuspendedError | InvalidTokenError | NotAuthenticatedError | LeaderboardResponse | NotAcceptableError | NotOnLeaderboardError | ServerErrorError | ServiceUnavailableError
    """

    return sync_detailed(
        date=date,
        client=client,
        among=among,
        around=around,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    date: datetime.date,
    *,
    client: AuthenticatedClient,
    among: DailyLeaderboardAmong | Unset = UNSET,
    around: DailyLeaderboardAround | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[
    DateInFutureError
    | InvalidAroundError
    | InvalidCursorError
    | InvalidDateError
    | InvalidPageSizeError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | LeaderboardResponse
    | NotAcceptableError
    | NotOnLeaderboardError
    | ServerErrorError
    | ServiceUnavailableError
]:
    """A date's leaderboard, best first (SPEC §7), with cursor pagination and ranks

     A date's leaderboard, best first (SPEC §7), with cursor pagination and ranks.

    Cache-Control: `public` or `private` (with credentials); `max-age=10` while the day is open (never
    past midnight UTC), `max-age=3600` once closed.

    Refused together (400 `invalid_request`, the first one named in `fields`): `cursor` with `around`.

    Args:
        date (datetime.date):
        among (DailyLeaderboardAmong | Unset):
        around (DailyLeaderboardAround | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DateInFutureError | InvalidAroundError | InvalidCursorError | InvalidDateError | InvalidPageSizeError | InvalidRequestError | UnknownQueryParameterError | InsufficientScopeError | TokenSuspendedError | InvalidTokenError | NotAuthenticatedError | LeaderboardResponse | NotAcceptableError | NotOnLeaderboardError | ServerErrorError | ServiceUnavailableError]
    """

    kwargs = _get_kwargs(
        date=date,
        among=among,
        around=around,
        cursor=cursor,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    date: datetime.date,
    *,
    client: AuthenticatedClient,
    among: DailyLeaderboardAmong | Unset = UNSET,
    around: DailyLeaderboardAround | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> (
    DateInFutureError
    | InvalidAroundError
    | InvalidCursorError
    | InvalidDateError
    | InvalidPageSizeError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | LeaderboardResponse
    | NotAcceptableError
    | NotOnLeaderboardError
    | ServerErrorError
    | ServiceUnavailableError
    | None
):
    """A date's leaderboard, best first (SPEC §7), with cursor pagination and ranks

     A date's leaderboard, best first (SPEC §7), with cursor pagination and ranks.

    Cache-Control: `public` or `private` (with credentials); `max-age=10` while the day is open (never
    past midnight UTC), `max-age=3600` once closed.

    Refused together (400 `invalid_request`, the first one named in `fields`): `cursor` with `around`.

    Args:
        date (datetime.date):
        among (DailyLeaderboardAmong | Unset):
        around (DailyLeaderboardAround | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DateInFutureError | InvalidAroundError | InvalidCursorError | InvalidDateError | InvalidPageSizeError | InvalidRequestError | UnknownQueryParameterError | InsufficientScopeError | TokenSuspendedError | InvalidTokenError | NotAuthenticatedError | LeaderboardResponse | NotAcceptableError | NotOnLeaderboardError | ServerErrorError | ServiceUnavailableError
    """

    return (
        await asyncio_detailed(
            date=date,
            client=client,
            among=among,
            around=around,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
