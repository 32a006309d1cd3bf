from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.recover_request_request import RecoverRequestRequest
from ...models.recovered_response import RecoveredResponse
from ...types import Response


def _get_kwargs(
    *,
    body: RecoverRequestRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/account/recover",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | RecoveredResponse | None:
    if response.status_code == 200:
        response_200 = RecoveredResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = ErrorResponse.from_dict(response.json())

        return response_403

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorResponse | RecoveredResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: RecoverRequestRequest,
) -> Response[ErrorResponse | RecoveredResponse]:
    """Without e-mail: a recovery code (used up) sets a new password; every other device
    is signed out and this one signed in.

    Args:
        body (RecoverRequestRequest): A request body: a JSON object whose unknown fields are
            refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | RecoveredResponse]
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
    body: RecoverRequestRequest,
) -> ErrorResponse | RecoveredResponse | None:
    """Without e-mail: a recovery code (used up) sets a new password; every other device
    is signed out and this one signed in.

    Args:
        body (RecoverRequestRequest): A request body: a JSON object whose unknown fields are
            refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | RecoveredResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: RecoverRequestRequest,
) -> Response[ErrorResponse | RecoveredResponse]:
    """Without e-mail: a recovery code (used up) sets a new password; every other device
    is signed out and this one signed in.

    Args:
        body (RecoverRequestRequest): A request body: a JSON object whose unknown fields are
            refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | RecoveredResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: RecoverRequestRequest,
) -> ErrorResponse | RecoveredResponse | None:
    """Without e-mail: a recovery code (used up) sets a new password; every other device
    is signed out and this one signed in.

    Args:
        body (RecoverRequestRequest): A request body: a JSON object whose unknown fields are
            refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | RecoveredResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
