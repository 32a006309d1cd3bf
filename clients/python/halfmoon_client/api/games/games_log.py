from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.log_response import LogResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: int,
    *,
    after: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["after"] = after

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}/log".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorResponse | LogResponse | None:
    if response.status_code == 200:
        response_200 = LogResponse.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = ErrorResponse.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorResponse.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | ErrorResponse | LogResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: int,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | ErrorResponse | LogResponse]:
    """Every change of the game, oldest first, in cursor pages of up to 100: moves, taps,
    undos, resign (seen by whoever may see the game). `?after=<seq>` resyncs: only the
    entries after the last one a client has.

    Args:
        game_id (int):
        after (int | Unset):
        cursor (str | Unset):
        limit (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorResponse | LogResponse]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        cursor=cursor,
        limit=limit,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: int,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | ErrorResponse | LogResponse | None:
    """Every change of the game, oldest first, in cursor pages of up to 100: moves, taps,
    undos, resign (seen by whoever may see the game). `?after=<seq>` resyncs: only the
    entries after the last one a client has.

    Args:
        game_id (int):
        after (int | Unset):
        cursor (str | Unset):
        limit (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorResponse | LogResponse
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        cursor=cursor,
        limit=limit,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    game_id: int,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | ErrorResponse | LogResponse]:
    """Every change of the game, oldest first, in cursor pages of up to 100: moves, taps,
    undos, resign (seen by whoever may see the game). `?after=<seq>` resyncs: only the
    entries after the last one a client has.

    Args:
        game_id (int):
        after (int | Unset):
        cursor (str | Unset):
        limit (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorResponse | LogResponse]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        cursor=cursor,
        limit=limit,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: int,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | ErrorResponse | LogResponse | None:
    """Every change of the game, oldest first, in cursor pages of up to 100: moves, taps,
    undos, resign (seen by whoever may see the game). `?after=<seq>` resyncs: only the
    entries after the last one a client has.

    Args:
        game_id (int):
        after (int | Unset):
        cursor (str | Unset):
        limit (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorResponse | LogResponse
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            cursor=cursor,
            limit=limit,
            if_none_match=if_none_match,
        )
    ).parsed
