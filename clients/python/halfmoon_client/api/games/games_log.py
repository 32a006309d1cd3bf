from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.daily_game_hidden_error import DailyGameHiddenError
from ...models.game_not_found_error import GameNotFoundError
from ...models.game_private_error import GamePrivateError
from ...models.insufficient_scope_error import InsufficientScopeError
from ...models.invalid_cursor_error import InvalidCursorError
from ...models.invalid_page_size_error import InvalidPageSizeError
from ...models.invalid_request_error import InvalidRequestError
from ...models.invalid_token_error import InvalidTokenError
from ...models.log_response import LogResponse
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_found_error import NotFoundError
from ...models.race_game_hidden_error import RaceGameHiddenError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.throttled_error import ThrottledError
from ...models.token_suspended_error import TokenSuspendedError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: int,
    *,
    after: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["after"] = after

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}/log".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Any
    | DailyGameHiddenError
    | GamePrivateError
    | InsufficientScopeError
    | RaceGameHiddenError
    | TokenSuspendedError
    | GameNotFoundError
    | NotFoundError
    | InvalidCursorError
    | InvalidPageSizeError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | LogResponse
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | None
):
    if response.status_code == 200:
        response_200 = LogResponse.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:

        def _parse_response_400(
            data: object,
        ) -> (
            InvalidCursorError
            | InvalidPageSizeError
            | InvalidRequestError
            | UnknownQueryParameterError
        ):
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
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_2 = InvalidRequestError.from_dict(data)

                return response_400_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_400_type_3 = UnknownQueryParameterError.from_dict(data)

            return response_400_type_3

        response_400 = _parse_response_400(response.json())

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

        def _parse_response_404(data: object) -> GameNotFoundError | NotFoundError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_404_type_0 = GameNotFoundError.from_dict(data)

                return response_404_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_404_type_1 = NotFoundError.from_dict(data)

            return response_404_type_1

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
    Any
    | DailyGameHiddenError
    | GamePrivateError
    | InsufficientScopeError
    | RaceGameHiddenError
    | TokenSuspendedError
    | GameNotFoundError
    | NotFoundError
    | InvalidCursorError
    | InvalidPageSizeError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | LogResponse
    | NotAcceptableError
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
    game_id: int,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[
    Any
    | DailyGameHiddenError
    | GamePrivateError
    | InsufficientScopeError
    | RaceGameHiddenError
    | TokenSuspendedError
    | GameNotFoundError
    | NotFoundError
    | InvalidCursorError
    | InvalidPageSizeError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | LogResponse
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
]:
    """Every change of the game, oldest first, in cursor pages of up to 100

     Every change of the game, oldest first, in cursor pages of up to 100: moves, taps,
    undos, resign (seen by whoever may see the game). `?after=<seq>` resyncs: only the
    entries after the last one a client has.

    Refused together (400 `invalid_request`, the first one named in `fields`): `after` with `cursor`.

    Args:
        game_id (int):
        after (int | Unset):
        cursor (str | Unset):
        limit (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | DailyGameHiddenError | GamePrivateError | InsufficientScopeError | RaceGameHiddenError | TokenSuspendedError | GameNotFoundError | NotFoundError | InvalidCursorError | InvalidPageSizeError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | LogResponse | NotAcceptableError | ServerErrorError | ServiceUnavailableError | ThrottledError]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        cursor=cursor,
        limit=limit,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: int,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> (
    Any
    | DailyGameHiddenError
    | GamePrivateError
    | InsufficientScopeError
    | RaceGameHiddenError
    | TokenSuspendedError
    | GameNotFoundError
    | NotFoundError
    | InvalidCursorError
    | InvalidPageSizeError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | LogResponse
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | None
):
    """Every change of the game, oldest first, in cursor pages of up to 100

     Every change of the game, oldest first, in cursor pages of up to 100: moves, taps,
    undos, resign (seen by whoever may see the game). `?after=<seq>` resyncs: only the
    entries after the last one a client has.

    Refused together (400 `invalid_request`, the first one named in `fields`): `after` with `cursor`.

    Args:
        game_id (int):
        after (int | Unset):
        cursor (str | Unset):
        limit (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | DailyGameHiddenError | GamePrivateError | InsufficientScopeError | RaceGameHiddenError | TokenSuspendedError | GameNotFoundError | NotFoundError | InvalidCursorError | InvalidPageSizeError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | LogResponse | NotAcceptableError | ServerErrorError | ServiceUnavailableError | ThrottledError
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        cursor=cursor,
        limit=limit,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    game_id: int,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[
    Any
    | DailyGameHiddenError
    | GamePrivateError
    | InsufficientScopeError
    | RaceGameHiddenError
    | TokenSuspendedError
    | GameNotFoundError
    | NotFoundError
    | InvalidCursorError
    | InvalidPageSizeError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | LogResponse
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
]:
    """Every change of the game, oldest first, in cursor pages of up to 100

     Every change of the game, oldest first, in cursor pages of up to 100: moves, taps,
    undos, resign (seen by whoever may see the game). `?after=<seq>` resyncs: only the
    entries after the last one a client has.

    Refused together (400 `invalid_request`, the first one named in `fields`): `after` with `cursor`.

    Args:
        game_id (int):
        after (int | Unset):
        cursor (str | Unset):
        limit (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | DailyGameHiddenError | GamePrivateError | InsufficientScopeError | RaceGameHiddenError | TokenSuspendedError | GameNotFoundError | NotFoundError | InvalidCursorError | InvalidPageSizeError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | LogResponse | NotAcceptableError | ServerErrorError | ServiceUnavailableError | ThrottledError]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        cursor=cursor,
        limit=limit,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: int,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> (
    Any
    | DailyGameHiddenError
    | GamePrivateError
    | InsufficientScopeError
    | RaceGameHiddenError
    | TokenSuspendedError
    | GameNotFoundError
    | NotFoundError
    | InvalidCursorError
    | InvalidPageSizeError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | LogResponse
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | None
):
    """Every change of the game, oldest first, in cursor pages of up to 100

     Every change of the game, oldest first, in cursor pages of up to 100: moves, taps,
    undos, resign (seen by whoever may see the game). `?after=<seq>` resyncs: only the
    entries after the last one a client has.

    Refused together (400 `invalid_request`, the first one named in `fields`): `after` with `cursor`.

    Args:
        game_id (int):
        after (int | Unset):
        cursor (str | Unset):
        limit (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | DailyGameHiddenError | GamePrivateError | InsufficientScopeError | RaceGameHiddenError | TokenSuspendedError | GameNotFoundError | NotFoundError | InvalidCursorError | InvalidPageSizeError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | LogResponse | NotAcceptableError | ServerErrorError | ServiceUnavailableError | ThrottledError
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            cursor=cursor,
            limit=limit,
            if_none_match=if_none_match,
        )
    ).parsed
