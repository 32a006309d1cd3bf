from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.race_response import RaceResponse
from ...types import Response


def _get_kwargs(
    race_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/races/{race_id}/rematch".format(
            race_id=quote(str(race_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | RaceResponse | None:
    if response.status_code == 201:
        response_201 = RaceResponse.from_dict(response.json())

        return response_201

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())

        return response_401

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
) -> Response[ErrorResponse | RaceResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    race_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[ErrorResponse | RaceResponse]:
    """A new race for the same members: the first call creates it (the caller hosts it),
    the others' calls join it; members also join it by its invite code.

    Args:
        race_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | RaceResponse]
    """

    kwargs = _get_kwargs(
        race_id=race_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    race_id: int,
    *,
    client: AuthenticatedClient,
) -> ErrorResponse | RaceResponse | None:
    """A new race for the same members: the first call creates it (the caller hosts it),
    the others' calls join it; members also join it by its invite code.

    Args:
        race_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | RaceResponse
    """

    return sync_detailed(
        race_id=race_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    race_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[ErrorResponse | RaceResponse]:
    """A new race for the same members: the first call creates it (the caller hosts it),
    the others' calls join it; members also join it by its invite code.

    Args:
        race_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | RaceResponse]
    """

    kwargs = _get_kwargs(
        race_id=race_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    race_id: int,
    *,
    client: AuthenticatedClient,
) -> ErrorResponse | RaceResponse | None:
    """A new race for the same members: the first call creates it (the caller hosts it),
    the others' calls join it; members also join it by its invite code.

    Args:
        race_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | RaceResponse
    """

    return (
        await asyncio_detailed(
            race_id=race_id,
            client=client,
        )
    ).parsed
