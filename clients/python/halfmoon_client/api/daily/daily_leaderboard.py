import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.daily_leaderboard_around import (
    DailyLeaderboardAround,
)
from ...models.error_response import ErrorResponse
from ...models.leaderboard_response import LeaderboardResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    date: datetime.date,
    *,
    around: DailyLeaderboardAround | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

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
) -> ErrorResponse | LeaderboardResponse | None:
    if response.status_code == 200:
        response_200 = LeaderboardResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = ErrorResponse.from_dict(response.json())

        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorResponse | LeaderboardResponse]:
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
    around: DailyLeaderboardAround | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[ErrorResponse | LeaderboardResponse]:
    """A date's leaderboard, best first (SPEC §7), with cursor pagination and ranks.

    Args:
        date (datetime.date):
        around (DailyLeaderboardAround | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | LeaderboardResponse]
    """

    kwargs = _get_kwargs(
        date=date,
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
    around: DailyLeaderboardAround | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> ErrorResponse | LeaderboardResponse | None:
    """A date's leaderboard, best first (SPEC §7), with cursor pagination and ranks.

    Args:
        date (datetime.date):
        around (DailyLeaderboardAround | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | LeaderboardResponse
    """

    return sync_detailed(
        date=date,
        client=client,
        around=around,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    date: datetime.date,
    *,
    client: AuthenticatedClient,
    around: DailyLeaderboardAround | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[ErrorResponse | LeaderboardResponse]:
    """A date's leaderboard, best first (SPEC §7), with cursor pagination and ranks.

    Args:
        date (datetime.date):
        around (DailyLeaderboardAround | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | LeaderboardResponse]
    """

    kwargs = _get_kwargs(
        date=date,
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
    around: DailyLeaderboardAround | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> ErrorResponse | LeaderboardResponse | None:
    """A date's leaderboard, best first (SPEC §7), with cursor pagination and ranks.

    Args:
        date (datetime.date):
        around (DailyLeaderboardAround | Unset):
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | LeaderboardResponse
    """

    return (
        await asyncio_detailed(
            date=date,
            client=client,
            around=around,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
