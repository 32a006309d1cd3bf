from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.patched_player_update_request_request import (
    PatchedPlayerUpdateRequestRequest,
)
from ...models.player_response import PlayerResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PatchedPlayerUpdateRequestRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/players/me",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | PlayerResponse | None:
    if response.status_code == 200:
        response_200 = PlayerResponse.from_dict(response.json())

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
) -> Response[ErrorResponse | PlayerResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PatchedPlayerUpdateRequestRequest | Unset = UNSET,
) -> Response[ErrorResponse | PlayerResponse]:
    """Change the name or settings (`move_errors`, `placement_aid`, `language`,
    `winnable_deals`).

    Args:
        body (PatchedPlayerUpdateRequestRequest | Unset): A request body: a JSON object whose
            unknown fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PlayerResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: PatchedPlayerUpdateRequestRequest | Unset = UNSET,
) -> ErrorResponse | PlayerResponse | None:
    """Change the name or settings (`move_errors`, `placement_aid`, `language`,
    `winnable_deals`).

    Args:
        body (PatchedPlayerUpdateRequestRequest | Unset): A request body: a JSON object whose
            unknown fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PlayerResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PatchedPlayerUpdateRequestRequest | Unset = UNSET,
) -> Response[ErrorResponse | PlayerResponse]:
    """Change the name or settings (`move_errors`, `placement_aid`, `language`,
    `winnable_deals`).

    Args:
        body (PatchedPlayerUpdateRequestRequest | Unset): A request body: a JSON object whose
            unknown fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PlayerResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PatchedPlayerUpdateRequestRequest | Unset = UNSET,
) -> ErrorResponse | PlayerResponse | None:
    """Change the name or settings (`move_errors`, `placement_aid`, `language`,
    `winnable_deals`).

    Args:
        body (PatchedPlayerUpdateRequestRequest | Unset): A request body: a JSON object whose
            unknown fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PlayerResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
