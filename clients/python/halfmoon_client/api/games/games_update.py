from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.challenge_game_private_error import ChallengeGamePrivateError
from ...models.game_not_found_error import GameNotFoundError
from ...models.game_response import GameResponse
from ...models.insufficient_scope_error import InsufficientScopeError
from ...models.invalid_json_error import InvalidJsonError
from ...models.invalid_request_error import InvalidRequestError
from ...models.invalid_token_error import InvalidTokenError
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_authenticated_error import NotAuthenticatedError
from ...models.not_found_error import NotFoundError
from ...models.not_your_game_error import NotYourGameError
from ...models.patched_game_update_request import PatchedGameUpdateRequest
from ...models.permission_denied_error import PermissionDeniedError
from ...models.race_game_private_error import RaceGamePrivateError
from ...models.request_too_large_error import RequestTooLargeError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.throttled_error import ThrottledError
from ...models.token_suspended_error import TokenSuspendedError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...models.unsupported_media_type_error import UnsupportedMediaTypeError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: int,
    *,
    body: PatchedGameUpdateRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/games/{game_id}".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    ChallengeGamePrivateError
    | RaceGamePrivateError
    | GameNotFoundError
    | NotFoundError
    | GameResponse
    | InsufficientScopeError
    | NotYourGameError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnsupportedMediaTypeError
    | None
):
    if response.status_code == 200:
        response_200 = GameResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:

        def _parse_response_400(
            data: object,
        ) -> InvalidJsonError | InvalidRequestError | UnknownQueryParameterError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_0 = InvalidJsonError.from_dict(data)

                return response_400_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_1 = InvalidRequestError.from_dict(data)

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
        ) -> (
            InsufficientScopeError
            | NotYourGameError
            | PermissionDeniedError
            | TokenSuspendedError
        ):
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
                response_403_type_1 = NotYourGameError.from_dict(data)

                return response_403_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_403_type_2 = PermissionDeniedError.from_dict(data)

                return response_403_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_403_type_3 = TokenSuspendedError.from_dict(data)

            return response_403_type_3

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

    if response.status_code == 409:

        def _parse_response_409(
            data: object,
        ) -> ChallengeGamePrivateError | RaceGamePrivateError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_409_type_0 = ChallengeGamePrivateError.from_dict(data)

                return response_409_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_409_type_1 = RaceGamePrivateError.from_dict(data)

            return response_409_type_1

        response_409 = _parse_response_409(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = RequestTooLargeError.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = UnsupportedMediaTypeError.from_dict(response.json())

        return response_415

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
    ChallengeGamePrivateError
    | RaceGamePrivateError
    | GameNotFoundError
    | NotFoundError
    | GameResponse
    | InsufficientScopeError
    | NotYourGameError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnsupportedMediaTypeError
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
    body: PatchedGameUpdateRequest | Unset = UNSET,
) -> Response[
    ChallengeGamePrivateError
    | RaceGamePrivateError
    | GameNotFoundError
    | NotFoundError
    | GameResponse
    | InsufficientScopeError
    | NotYourGameError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnsupportedMediaTypeError
]:
    """The owner lets anyone watch the game (`{"watchable": true}`) or stops them

     The owner lets anyone watch the game (`{"watchable": true}`) or stops them.

    Args:
        game_id (int):
        body (PatchedGameUpdateRequest | Unset): A request body: a JSON object whose unknown
            fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengeGamePrivateError | RaceGamePrivateError | GameNotFoundError | NotFoundError | GameResponse | InsufficientScopeError | NotYourGameError | PermissionDeniedError | TokenSuspendedError | InvalidJsonError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError | UnsupportedMediaTypeError]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: int,
    *,
    client: AuthenticatedClient,
    body: PatchedGameUpdateRequest | Unset = UNSET,
) -> (
    ChallengeGamePrivateError
    | RaceGamePrivateError
    | GameNotFoundError
    | NotFoundError
    | GameResponse
    | InsufficientScopeError
    | NotYourGameError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnsupportedMediaTypeError
    | None
):
    """The owner lets anyone watch the game (`{"watchable": true}`) or stops them

     The owner lets anyone watch the game (`{"watchable": true}`) or stops them.

    Args:
        game_id (int):
        body (PatchedGameUpdateRequest | Unset): A request body: a JSON object whose unknown
            fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengeGamePrivateError | RaceGamePrivateError | GameNotFoundError | NotFoundError | GameResponse | InsufficientScopeError | NotYourGameError | PermissionDeniedError | TokenSuspendedError | InvalidJsonError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError | UnsupportedMediaTypeError
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    game_id: int,
    *,
    client: AuthenticatedClient,
    body: PatchedGameUpdateRequest | Unset = UNSET,
) -> Response[
    ChallengeGamePrivateError
    | RaceGamePrivateError
    | GameNotFoundError
    | NotFoundError
    | GameResponse
    | InsufficientScopeError
    | NotYourGameError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnsupportedMediaTypeError
]:
    """The owner lets anyone watch the game (`{"watchable": true}`) or stops them

     The owner lets anyone watch the game (`{"watchable": true}`) or stops them.

    Args:
        game_id (int):
        body (PatchedGameUpdateRequest | Unset): A request body: a JSON object whose unknown
            fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengeGamePrivateError | RaceGamePrivateError | GameNotFoundError | NotFoundError | GameResponse | InsufficientScopeError | NotYourGameError | PermissionDeniedError | TokenSuspendedError | InvalidJsonError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError | UnsupportedMediaTypeError]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: int,
    *,
    client: AuthenticatedClient,
    body: PatchedGameUpdateRequest | Unset = UNSET,
) -> (
    ChallengeGamePrivateError
    | RaceGamePrivateError
    | GameNotFoundError
    | NotFoundError
    | GameResponse
    | InsufficientScopeError
    | NotYourGameError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnsupportedMediaTypeError
    | None
):
    """The owner lets anyone watch the game (`{"watchable": true}`) or stops them

     The owner lets anyone watch the game (`{"watchable": true}`) or stops them.

    Args:
        game_id (int):
        body (PatchedGameUpdateRequest | Unset): A request body: a JSON object whose unknown
            fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengeGamePrivateError | RaceGamePrivateError | GameNotFoundError | NotFoundError | GameResponse | InsufficientScopeError | NotYourGameError | PermissionDeniedError | TokenSuspendedError | InvalidJsonError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError | UnsupportedMediaTypeError
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
        )
    ).parsed
