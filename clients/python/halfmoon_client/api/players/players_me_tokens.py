from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.device_list_response import DeviceListResponse
from ...models.insufficient_scope_error import InsufficientScopeError
from ...models.invalid_cursor_error import InvalidCursorError
from ...models.invalid_page_size_error import InvalidPageSizeError
from ...models.invalid_token_error import InvalidTokenError
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_authenticated_error import NotAuthenticatedError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.token_suspended_error import TokenSuspendedError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/players/me/tokens",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    DeviceListResponse
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidCursorError
    | InvalidPageSizeError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | None
):
    if response.status_code == 200:
        response_200 = DeviceListResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:

        def _parse_response_400(
            data: object,
        ) -> InvalidCursorError | InvalidPageSizeError | UnknownQueryParameterError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_0 = InvalidCursorError.from_dict(data)

                return response_400_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_1 = InvalidPageSizeError.from_dict(data)

                return response_400_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_400_type_2 = UnknownQueryParameterError.from_dict(data)

            return response_400_type_2

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
    DeviceListResponse
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidCursorError
    | InvalidPageSizeError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
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
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[
    DeviceListResponse
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidCursorError
    | InvalidPageSizeError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
]:
    """The calling player's device tokens (never the tokens themselves), oldest…

     The calling player's device tokens (never the tokens themselves), oldest first, in
    cursor pages; `current` marks the one of this request.

    Args:
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeviceListResponse | InsufficientScopeError | TokenSuspendedError | InvalidCursorError | InvalidPageSizeError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | ServerErrorError | ServiceUnavailableError]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> (
    DeviceListResponse
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidCursorError
    | InvalidPageSizeError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | None
):
    """The calling player's device tokens (never the tokens themselves), oldest…

     The calling player's device tokens (never the tokens themselves), oldest first, in
    cursor pages; `current` marks the one of this request.

    Args:
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeviceListResponse | InsufficientScopeError | TokenSuspendedError | InvalidCursorError | InvalidPageSizeError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | ServerErrorError | ServiceUnavailableError
    """

    return sync_detailed(
        client=client,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[
    DeviceListResponse
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidCursorError
    | InvalidPageSizeError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
]:
    """The calling player's device tokens (never the tokens themselves), oldest…

     The calling player's device tokens (never the tokens themselves), oldest first, in
    cursor pages; `current` marks the one of this request.

    Args:
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeviceListResponse | InsufficientScopeError | TokenSuspendedError | InvalidCursorError | InvalidPageSizeError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | ServerErrorError | ServiceUnavailableError]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> (
    DeviceListResponse
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidCursorError
    | InvalidPageSizeError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | None
):
    """The calling player's device tokens (never the tokens themselves), oldest…

     The calling player's device tokens (never the tokens themselves), oldest first, in
    cursor pages; `current` marks the one of this request.

    Args:
        cursor (str | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeviceListResponse | InsufficientScopeError | TokenSuspendedError | InvalidCursorError | InvalidPageSizeError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | ServerErrorError | ServiceUnavailableError
    """

    return (
        await asyncio_detailed(
            client=client,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
