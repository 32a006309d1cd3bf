from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.cannot_follow_self_error import CannotFollowSelfError
from ...models.follow_response import FollowResponse
from ...models.following_limit_error import FollowingLimitError
from ...models.insufficient_scope_error import InsufficientScopeError
from ...models.invalid_token_error import InvalidTokenError
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_authenticated_error import NotAuthenticatedError
from ...models.not_found_error import NotFoundError
from ...models.permission_denied_error import PermissionDeniedError
from ...models.player_not_found_error import PlayerNotFoundError
from ...models.request_too_large_error import RequestTooLargeError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.throttled_error import ThrottledError
from ...models.token_suspended_error import TokenSuspendedError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...types import Response


def _get_kwargs(
    player_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/players/me/following/{player_id}".format(
            player_id=quote(str(player_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    CannotFollowSelfError
    | UnknownQueryParameterError
    | FollowResponse
    | FollowingLimitError
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | PlayerNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | None
):
    if response.status_code == 200:
        response_200 = FollowResponse.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = FollowResponse.from_dict(response.json())

        return response_201

    if response.status_code == 400:

        def _parse_response_400(
            data: object,
        ) -> CannotFollowSelfError | UnknownQueryParameterError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_0 = CannotFollowSelfError.from_dict(data)

                return response_400_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_400_type_1 = UnknownQueryParameterError.from_dict(data)

            return response_400_type_1

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

        def _parse_response_404(data: object) -> NotFoundError | PlayerNotFoundError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_404_type_0 = NotFoundError.from_dict(data)

                return response_404_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_404_type_1 = PlayerNotFoundError.from_dict(data)

            return response_404_type_1

        response_404 = _parse_response_404(response.json())

        return response_404

    if response.status_code == 406:
        response_406 = NotAcceptableError.from_dict(response.json())

        return response_406

    if response.status_code == 409:
        response_409 = FollowingLimitError.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = RequestTooLargeError.from_dict(response.json())

        return response_413

    if response.status_code == 429:
        response_429 = ThrottledError.from_dict(response.json())

        return response_429

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
    CannotFollowSelfError
    | UnknownQueryParameterError
    | FollowResponse
    | FollowingLimitError
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | PlayerNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    player_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[
    CannotFollowSelfError
    | UnknownQueryParameterError
    | FollowResponse
    | FollowingLimitError
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | PlayerNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
]:
    """Follow a player by id (201; 200 when already followed)

     Follow a player by id (201; 200 when already followed). One-way, no consent.

    Args:
        player_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CannotFollowSelfError | UnknownQueryParameterError | FollowResponse | FollowingLimitError | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | PlayerNotFoundError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: int,
    *,
    client: AuthenticatedClient,
) -> (
    CannotFollowSelfError
    | UnknownQueryParameterError
    | FollowResponse
    | FollowingLimitError
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | PlayerNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | None
):
    """Follow a player by id (201; 200 when already followed)

     Follow a player by id (201; 200 when already followed). One-way, no consent.

    Args:
        player_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CannotFollowSelfError | UnknownQueryParameterError | FollowResponse | FollowingLimitError | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | PlayerNotFoundError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError
    """

    return sync_detailed(
        player_id=player_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    player_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[
    CannotFollowSelfError
    | UnknownQueryParameterError
    | FollowResponse
    | FollowingLimitError
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | PlayerNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
]:
    """Follow a player by id (201; 200 when already followed)

     Follow a player by id (201; 200 when already followed). One-way, no consent.

    Args:
        player_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CannotFollowSelfError | UnknownQueryParameterError | FollowResponse | FollowingLimitError | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | PlayerNotFoundError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: int,
    *,
    client: AuthenticatedClient,
) -> (
    CannotFollowSelfError
    | UnknownQueryParameterError
    | FollowResponse
    | FollowingLimitError
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | PlayerNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | None
):
    """Follow a player by id (201; 200 when already followed)

     Follow a player by id (201; 200 when already followed). One-way, no consent.

    Args:
        player_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CannotFollowSelfError | UnknownQueryParameterError | FollowResponse | FollowingLimitError | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | PlayerNotFoundError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
        )
    ).parsed
