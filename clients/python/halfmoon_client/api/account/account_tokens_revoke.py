from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.insufficient_scope_error import InsufficientScopeError
from ...models.invalid_token_error import InvalidTokenError
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_authenticated_error import NotAuthenticatedError
from ...models.not_found_error import NotFoundError
from ...models.permission_denied_error import PermissionDeniedError
from ...models.personal_token_not_found_error import PersonalTokenNotFoundError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.token_suspended_error import TokenSuspendedError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...types import Response


def _get_kwargs(
    token_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/v1/account/tokens/{token_id}".format(
            token_id=quote(str(token_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Any
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | PersonalTokenNotFoundError
    | ServerErrorError
    | ServiceUnavailableError
    | UnknownQueryParameterError
    | None
):
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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

    if response.status_code == 403:

        def _parse_response_403(
            data: object,
        ) -> InsufficientScopeError | PermissionDeniedError | TokenSuspendedError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_403_type_0 = InsufficientScopeError.from_dict(data)

                return response_403_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_403_type_1 = PermissionDeniedError.from_dict(data)

                return response_403_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_403_type_2 = TokenSuspendedError.from_dict(data)

            return response_403_type_2

        response_403 = _parse_response_403(response.json())

        return response_403

    if response.status_code == 404:

        def _parse_response_404(
            data: object,
        ) -> NotFoundError | PersonalTokenNotFoundError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_404_type_0 = NotFoundError.from_dict(data)

                return response_404_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_404_type_1 = PersonalTokenNotFoundError.from_dict(data)

            return response_404_type_1

        response_404 = _parse_response_404(response.json())

        return response_404

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
    Any
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | PersonalTokenNotFoundError
    | ServerErrorError
    | ServiceUnavailableError
    | UnknownQueryParameterError
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    token_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[
    Any
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | PersonalTokenNotFoundError
    | ServerErrorError
    | ServiceUnavailableError
    | UnknownQueryParameterError
]:
    """Revoke a personal token

     Revoke a personal token: it stops working at once and its sockets close.

    Args:
        token_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | PersonalTokenNotFoundError | ServerErrorError | ServiceUnavailableError | UnknownQueryParameterError]
    """

    kwargs = _get_kwargs(
        token_id=token_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    token_id: int,
    *,
    client: AuthenticatedClient,
) -> (
    Any
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | PersonalTokenNotFoundError
    | ServerErrorError
    | ServiceUnavailableError
    | UnknownQueryParameterError
    | None
):
    """Revoke a personal token

     Revoke a personal token: it stops working at once and its sockets close.

    Args:
        token_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | PersonalTokenNotFoundError | ServerErrorError | ServiceUnavailableError | UnknownQueryParameterError
    """

    return sync_detailed(
        token_id=token_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    token_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[
    Any
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | PersonalTokenNotFoundError
    | ServerErrorError
    | ServiceUnavailableError
    | UnknownQueryParameterError
]:
    """Revoke a personal token

     Revoke a personal token: it stops working at once and its sockets close.

    Args:
        token_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | PersonalTokenNotFoundError | ServerErrorError | ServiceUnavailableError | UnknownQueryParameterError]
    """

    kwargs = _get_kwargs(
        token_id=token_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    token_id: int,
    *,
    client: AuthenticatedClient,
) -> (
    Any
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | PersonalTokenNotFoundError
    | ServerErrorError
    | ServiceUnavailableError
    | UnknownQueryParameterError
    | None
):
    """Revoke a personal token

     Revoke a personal token: it stops working at once and its sockets close.

    Args:
        token_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | PersonalTokenNotFoundError | ServerErrorError | ServiceUnavailableError | UnknownQueryParameterError
    """

    return (
        await asyncio_detailed(
            token_id=token_id,
            client=client,
        )
    ).parsed
