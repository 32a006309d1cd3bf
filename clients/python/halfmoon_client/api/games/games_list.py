from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.game_list_response import GameListResponse
from ...models.games_list_status import GamesListStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    before: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["before"] = before

    params["limit"] = limit

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | GameListResponse | None:
    if response.status_code == 200:
        response_200 = GameListResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())

        return response_401

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorResponse | GameListResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    before: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
) -> Response[ErrorResponse | GameListResponse]:
    """The calling player's games, newest first.

    Args:
        before (int | Unset):
        limit (int | Unset):
        status (GamesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | GameListResponse]
    """

    kwargs = _get_kwargs(
        before=before,
        limit=limit,
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    before: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
) -> ErrorResponse | GameListResponse | None:
    """The calling player's games, newest first.

    Args:
        before (int | Unset):
        limit (int | Unset):
        status (GamesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | GameListResponse
    """

    return sync_detailed(
        client=client,
        before=before,
        limit=limit,
        status=status,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    before: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
) -> Response[ErrorResponse | GameListResponse]:
    """The calling player's games, newest first.

    Args:
        before (int | Unset):
        limit (int | Unset):
        status (GamesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | GameListResponse]
    """

    kwargs = _get_kwargs(
        before=before,
        limit=limit,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    before: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
) -> ErrorResponse | GameListResponse | None:
    """The calling player's games, newest first.

    Args:
        before (int | Unset):
        limit (int | Unset):
        status (GamesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | GameListResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            before=before,
            limit=limit,
            status=status,
        )
    ).parsed
