from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.invalid_token_error import InvalidTokenError
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_authenticated_error import NotAuthenticatedError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...models.webhook_list_response import WebhookListResponse
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/webhooks",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | UnknownQueryParameterError
    | WebhookListResponse
    | None
):
    if response.status_code == 200:
        response_200 = WebhookListResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = UnknownQueryParameterError.from_dict(response.json())

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
    InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | UnknownQueryParameterError
    | WebhookListResponse
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[
    InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | UnknownQueryParameterError
    | WebhookListResponse
]:
    """The app's webhook subscriptions, oldest first (never their secrets)

     The app's webhook subscriptions, oldest first (never their secrets).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InvalidTokenError | NotAuthenticatedError | NotAcceptableError | ServerErrorError | ServiceUnavailableError | UnknownQueryParameterError | WebhookListResponse]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> (
    InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | UnknownQueryParameterError
    | WebhookListResponse
    | None
):
    """The app's webhook subscriptions, oldest first (never their secrets)

     The app's webhook subscriptions, oldest first (never their secrets).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InvalidTokenError | NotAuthenticatedError | NotAcceptableError | ServerErrorError | ServiceUnavailableError | UnknownQueryParameterError | WebhookListResponse
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[
    InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | UnknownQueryParameterError
    | WebhookListResponse
]:
    """The app's webhook subscriptions, oldest first (never their secrets)

     The app's webhook subscriptions, oldest first (never their secrets).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InvalidTokenError | NotAuthenticatedError | NotAcceptableError | ServerErrorError | ServiceUnavailableError | UnknownQueryParameterError | WebhookListResponse]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> (
    InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | UnknownQueryParameterError
    | WebhookListResponse
    | None
):
    """The app's webhook subscriptions, oldest first (never their secrets)

     The app's webhook subscriptions, oldest first (never their secrets).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InvalidTokenError | NotAuthenticatedError | NotAcceptableError | ServerErrorError | ServiceUnavailableError | UnknownQueryParameterError | WebhookListResponse
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
