from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.game_create_request_request import GameCreateRequestRequest
from ...models.game_response import GameResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: GameCreateRequestRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/games",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | GameResponse | None:
    if response.status_code == 201:
        response_201 = GameResponse.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 503:
        response_503 = ErrorResponse.from_dict(response.json())

        return response_503

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
    *,
    client: AuthenticatedClient,
    body: GameCreateRequestRequest | Unset = UNSET,
) -> Response[ErrorResponse | GameResponse]:
    """Start a game: `{}` for a random deal, `{"deal_code": "HM1-N-…"}`, `{"daily": true}`
    or `{"winnable": true}` (a random deal proven winnable).

    Args:
        body (GameCreateRequestRequest | Unset): A request body: a JSON object whose unknown
            fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | GameResponse]
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
    body: GameCreateRequestRequest | Unset = UNSET,
) -> ErrorResponse | GameResponse | None:
    """Start a game: `{}` for a random deal, `{"deal_code": "HM1-N-…"}`, `{"daily": true}`
    or `{"winnable": true}` (a random deal proven winnable).

    Args:
        body (GameCreateRequestRequest | Unset): A request body: a JSON object whose unknown
            fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | GameResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: GameCreateRequestRequest | Unset = UNSET,
) -> Response[ErrorResponse | GameResponse]:
    """Start a game: `{}` for a random deal, `{"deal_code": "HM1-N-…"}`, `{"daily": true}`
    or `{"winnable": true}` (a random deal proven winnable).

    Args:
        body (GameCreateRequestRequest | Unset): A request body: a JSON object whose unknown
            fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | GameResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: GameCreateRequestRequest | Unset = UNSET,
) -> ErrorResponse | GameResponse | None:
    """Start a game: `{}` for a random deal, `{"deal_code": "HM1-N-…"}`, `{"daily": true}`
    or `{"winnable": true}` (a random deal proven winnable).

    Args:
        body (GameCreateRequestRequest | Unset): A request body: a JSON object whose unknown
            fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | GameResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
