from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.game_response import GameResponse
from ...models.patched_game_update_request_request import (
    PatchedGameUpdateRequestRequest,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: int,
    *,
    body: PatchedGameUpdateRequestRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/games/{game_id}".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | GameResponse | None:
    if response.status_code == 200:
        response_200 = GameResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorResponse.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorResponse.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = ErrorResponse.from_dict(response.json())

        return response_409

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorResponse | GameResponse]:
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
    body: PatchedGameUpdateRequestRequest | Unset = UNSET,
) -> Response[ErrorResponse | GameResponse]:
    """The owner lets anyone watch the game (`{"watchable": true}`) or stops them.

    Args:
        game_id (int):
        body (PatchedGameUpdateRequestRequest | Unset): A request body: a JSON object whose
            unknown fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | GameResponse]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: int,
    *,
    client: AuthenticatedClient,
    body: PatchedGameUpdateRequestRequest | Unset = UNSET,
) -> ErrorResponse | GameResponse | None:
    """The owner lets anyone watch the game (`{"watchable": true}`) or stops them.

    Args:
        game_id (int):
        body (PatchedGameUpdateRequestRequest | Unset): A request body: a JSON object whose
            unknown fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | GameResponse
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    game_id: int,
    *,
    client: AuthenticatedClient,
    body: PatchedGameUpdateRequestRequest | Unset = UNSET,
) -> Response[ErrorResponse | GameResponse]:
    """The owner lets anyone watch the game (`{"watchable": true}`) or stops them.

    Args:
        game_id (int):
        body (PatchedGameUpdateRequestRequest | Unset): A request body: a JSON object whose
            unknown fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | GameResponse]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: int,
    *,
    client: AuthenticatedClient,
    body: PatchedGameUpdateRequestRequest | Unset = UNSET,
) -> ErrorResponse | GameResponse | None:
    """The owner lets anyone watch the game (`{"watchable": true}`) or stops them.

    Args:
        game_id (int):
        body (PatchedGameUpdateRequestRequest | Unset): A request body: a JSON object whose
            unknown fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | GameResponse
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
        )
    ).parsed
