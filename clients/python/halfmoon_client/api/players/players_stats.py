from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.insufficient_scope_error import InsufficientScopeError
from ...models.invalid_token_error import InvalidTokenError
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_found_error import NotFoundError
from ...models.player_not_found_error import PlayerNotFoundError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.stats_response import StatsResponse
from ...models.token_suspended_error import TokenSuspendedError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...types import Response


def _get_kwargs(
    player_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/players/{player_id}/stats".format(
            player_id=quote(str(player_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAcceptableError
    | NotFoundError
    | PlayerNotFoundError
    | ServerErrorError
    | ServiceUnavailableError
    | StatsResponse
    | UnknownQueryParameterError
    | None
):
    if response.status_code == 200:
        response_200 = StatsResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = UnknownQueryParameterError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = InvalidTokenError.from_dict(response.json())

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
    InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAcceptableError
    | NotFoundError
    | PlayerNotFoundError
    | ServerErrorError
    | ServiceUnavailableError
    | StatsResponse
    | UnknownQueryParameterError
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
    InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAcceptableError
    | NotFoundError
    | PlayerNotFoundError
    | ServerErrorError
    | ServiceUnavailableError
    | StatsResponse
    | UnknownQueryParameterError
]:
    """A player's statistics, computed from their stored games and leaderboard entries

     A player's statistics, computed from their stored games and leaderboard entries.

    Cache-Control: `public` or `private` (with credentials), `max-age=30`.

    Args:
        player_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InsufficientScopeError | TokenSuspendedError | InvalidTokenError | NotAcceptableError | NotFoundError | PlayerNotFoundError | ServerErrorError | ServiceUnavailableError | StatsResponse | UnknownQueryParameterError]
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
    InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAcceptableError
    | NotFoundError
    | PlayerNotFoundError
    | ServerErrorError
    | ServiceUnavailableError
    | StatsResponse
    | UnknownQueryParameterError
    | None
):
    """A player's statistics, computed from their stored games and leaderboard entries

     A player's statistics, computed from their stored games and leaderboard entries.

    Cache-Control: `public` or `private` (with credentials), `max-age=30`.

    Args:
        player_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InsufficientScopeError | TokenSuspendedError | InvalidTokenError | NotAcceptableError | NotFoundError | PlayerNotFoundError | ServerErrorError | ServiceUnavailableError | StatsResponse | UnknownQueryParameterError
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
    InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAcceptableError
    | NotFoundError
    | PlayerNotFoundError
    | ServerErrorError
    | ServiceUnavailableError
    | StatsResponse
    | UnknownQueryParameterError
]:
    """A player's statistics, computed from their stored games and leaderboard entries

     A player's statistics, computed from their stored games and leaderboard entries.

    Cache-Control: `public` or `private` (with credentials), `max-age=30`.

    Args:
        player_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InsufficientScopeError | TokenSuspendedError | InvalidTokenError | NotAcceptableError | NotFoundError | PlayerNotFoundError | ServerErrorError | ServiceUnavailableError | StatsResponse | UnknownQueryParameterError]
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
    InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAcceptableError
    | NotFoundError
    | PlayerNotFoundError
    | ServerErrorError
    | ServiceUnavailableError
    | StatsResponse
    | UnknownQueryParameterError
    | None
):
    """A player's statistics, computed from their stored games and leaderboard entries

     A player's statistics, computed from their stored games and leaderboard entries.

    Cache-Control: `public` or `private` (with credentials), `max-age=30`.

    Args:
        player_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InsufficientScopeError | TokenSuspendedError | InvalidTokenError | NotAcceptableError | NotFoundError | PlayerNotFoundError | ServerErrorError | ServiceUnavailableError | StatsResponse | UnknownQueryParameterError
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
        )
    ).parsed
