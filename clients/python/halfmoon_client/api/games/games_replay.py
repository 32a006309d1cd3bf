from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.daily_game_hidden_error import DailyGameHiddenError
from ...models.game_not_found_error import GameNotFoundError
from ...models.game_private_error import GamePrivateError
from ...models.insufficient_scope_error import InsufficientScopeError
from ...models.invalid_token_error import InvalidTokenError
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_found_error import NotFoundError
from ...models.race_game_hidden_error import RaceGameHiddenError
from ...models.replay_response import ReplayResponse
from ...models.replay_step_out_of_range_error import ReplayStepOutOfRangeError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.throttled_error import ThrottledError
from ...models.token_suspended_error import TokenSuspendedError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...types import Response


def _get_kwargs(
    game_id: int,
    step: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}/replay/{step}".format(
            game_id=quote(str(game_id), safe=""),
            step=quote(str(step), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    DailyGameHiddenError
    | GamePrivateError
    | InsufficientScopeError
    | RaceGameHiddenError
    | TokenSuspendedError
    | GameNotFoundError
    | NotFoundError
    | ReplayStepOutOfRangeError
    | InvalidTokenError
    | NotAcceptableError
    | ReplayResponse
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnknownQueryParameterError
    | None
):
    if response.status_code == 200:
        response_200 = ReplayResponse.from_dict(response.json())

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
        ) -> (
            DailyGameHiddenError
            | GamePrivateError
            | InsufficientScopeError
            | RaceGameHiddenError
            | TokenSuspendedError
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_403_type_0 = DailyGameHiddenError.from_dict(data)

                return response_403_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_403_type_1 = GamePrivateError.from_dict(data)

                return response_403_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_403_type_2 = InsufficientScopeError.from_dict(data)

                return response_403_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_403_type_3 = RaceGameHiddenError.from_dict(data)

                return response_403_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_403_type_4 = TokenSuspendedError.from_dict(data)

            return response_403_type_4

        response_403 = _parse_response_403(response.json())

        return response_403

    if response.status_code == 404:

        def _parse_response_404(
            data: object,
        ) -> GameNotFoundError | NotFoundError | ReplayStepOutOfRangeError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_404_type_0 = GameNotFoundError.from_dict(data)

                return response_404_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_404_type_1 = NotFoundError.from_dict(data)

                return response_404_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_404_type_2 = ReplayStepOutOfRangeError.from_dict(data)

            return response_404_type_2

        response_404 = _parse_response_404(response.json())

        return response_404

    if response.status_code == 406:
        response_406 = NotAcceptableError.from_dict(response.json())

        return response_406

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
    DailyGameHiddenError
    | GamePrivateError
    | InsufficientScopeError
    | RaceGameHiddenError
    | TokenSuspendedError
    | GameNotFoundError
    | NotFoundError
    | ReplayStepOutOfRangeError
    | InvalidTokenError
    | NotAcceptableError
    | ReplayResponse
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnknownQueryParameterError
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: int,
    step: int,
    *,
    client: AuthenticatedClient,
) -> Response[
    DailyGameHiddenError
    | GamePrivateError
    | InsufficientScopeError
    | RaceGameHiddenError
    | TokenSuspendedError
    | GameNotFoundError
    | NotFoundError
    | ReplayStepOutOfRangeError
    | InvalidTokenError
    | NotAcceptableError
    | ReplayResponse
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnknownQueryParameterError
]:
    """The game as it stood after its first `step` log entries, rebuilt by the engine…

     The game as it stood after its first `step` log entries, rebuilt by the engine from
    the deal and the log (seen by whoever may see the game and its log), with that step's
    entry. What a replay steps through; a position shows only what the table showed then.

    Args:
        game_id (int):
        step (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DailyGameHiddenError | GamePrivateError | InsufficientScopeError | RaceGameHiddenError | TokenSuspendedError | GameNotFoundError | NotFoundError | ReplayStepOutOfRangeError | InvalidTokenError | NotAcceptableError | ReplayResponse | ServerErrorError | ServiceUnavailableError | ThrottledError | UnknownQueryParameterError]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        step=step,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: int,
    step: int,
    *,
    client: AuthenticatedClient,
) -> (
    DailyGameHiddenError
    | GamePrivateError
    | InsufficientScopeError
    | RaceGameHiddenError
    | TokenSuspendedError
    | GameNotFoundError
    | NotFoundError
    | ReplayStepOutOfRangeError
    | InvalidTokenError
    | NotAcceptableError
    | ReplayResponse
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnknownQueryParameterError
    | None
):
    """The game as it stood after its first `step` log entries, rebuilt by the engine…

     The game as it stood after its first `step` log entries, rebuilt by the engine from
    the deal and the log (seen by whoever may see the game and its log), with that step's
    entry. What a replay steps through; a position shows only what the table showed then.

    Args:
        game_id (int):
        step (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DailyGameHiddenError | GamePrivateError | InsufficientScopeError | RaceGameHiddenError | TokenSuspendedError | GameNotFoundError | NotFoundError | ReplayStepOutOfRangeError | InvalidTokenError | NotAcceptableError | ReplayResponse | ServerErrorError | ServiceUnavailableError | ThrottledError | UnknownQueryParameterError
    """

    return sync_detailed(
        game_id=game_id,
        step=step,
        client=client,
    ).parsed


async def asyncio_detailed(
    game_id: int,
    step: int,
    *,
    client: AuthenticatedClient,
) -> Response[
    DailyGameHiddenError
    | GamePrivateError
    | InsufficientScopeError
    | RaceGameHiddenError
    | TokenSuspendedError
    | GameNotFoundError
    | NotFoundError
    | ReplayStepOutOfRangeError
    | InvalidTokenError
    | NotAcceptableError
    | ReplayResponse
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnknownQueryParameterError
]:
    """The game as it stood after its first `step` log entries, rebuilt by the engine…

     The game as it stood after its first `step` log entries, rebuilt by the engine from
    the deal and the log (seen by whoever may see the game and its log), with that step's
    entry. What a replay steps through; a position shows only what the table showed then.

    Args:
        game_id (int):
        step (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DailyGameHiddenError | GamePrivateError | InsufficientScopeError | RaceGameHiddenError | TokenSuspendedError | GameNotFoundError | NotFoundError | ReplayStepOutOfRangeError | InvalidTokenError | NotAcceptableError | ReplayResponse | ServerErrorError | ServiceUnavailableError | ThrottledError | UnknownQueryParameterError]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        step=step,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: int,
    step: int,
    *,
    client: AuthenticatedClient,
) -> (
    DailyGameHiddenError
    | GamePrivateError
    | InsufficientScopeError
    | RaceGameHiddenError
    | TokenSuspendedError
    | GameNotFoundError
    | NotFoundError
    | ReplayStepOutOfRangeError
    | InvalidTokenError
    | NotAcceptableError
    | ReplayResponse
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnknownQueryParameterError
    | None
):
    """The game as it stood after its first `step` log entries, rebuilt by the engine…

     The game as it stood after its first `step` log entries, rebuilt by the engine from
    the deal and the log (seen by whoever may see the game and its log), with that step's
    entry. What a replay steps through; a position shows only what the table showed then.

    Args:
        game_id (int):
        step (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DailyGameHiddenError | GamePrivateError | InsufficientScopeError | RaceGameHiddenError | TokenSuspendedError | GameNotFoundError | NotFoundError | ReplayStepOutOfRangeError | InvalidTokenError | NotAcceptableError | ReplayResponse | ServerErrorError | ServiceUnavailableError | ThrottledError | UnknownQueryParameterError
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            step=step,
            client=client,
        )
    ).parsed
