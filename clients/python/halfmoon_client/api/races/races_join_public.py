from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.already_in_race_error import AlreadyInRaceError
from ...models.idempotency_key_in_flight_error import IdempotencyKeyInFlightError
from ...models.idempotency_key_reused_error import IdempotencyKeyReusedError
from ...models.insufficient_scope_error import InsufficientScopeError
from ...models.invalid_idempotency_key_error import InvalidIdempotencyKeyError
from ...models.invalid_token_error import InvalidTokenError
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_authenticated_error import NotAuthenticatedError
from ...models.not_found_error import NotFoundError
from ...models.permission_denied_error import PermissionDeniedError
from ...models.race_full_error import RaceFullError
from ...models.race_not_found_error import RaceNotFoundError
from ...models.race_not_open_error import RaceNotOpenError
from ...models.race_response import RaceResponse
from ...models.request_too_large_error import RequestTooLargeError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.throttled_error import ThrottledError
from ...models.token_suspended_error import TokenSuspendedError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    race_id: int,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/races/{race_id}/join".format(
            race_id=quote(str(race_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    AlreadyInRaceError
    | IdempotencyKeyInFlightError
    | RaceFullError
    | RaceNotOpenError
    | IdempotencyKeyReusedError
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidIdempotencyKeyError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | RaceNotFoundError
    | RaceResponse
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | None
):
    if response.status_code == 200:
        response_200 = RaceResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:

        def _parse_response_400(
            data: object,
        ) -> InvalidIdempotencyKeyError | UnknownQueryParameterError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_0 = InvalidIdempotencyKeyError.from_dict(data)

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

        def _parse_response_404(data: object) -> NotFoundError | RaceNotFoundError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_404_type_0 = NotFoundError.from_dict(data)

                return response_404_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_404_type_1 = RaceNotFoundError.from_dict(data)

            return response_404_type_1

        response_404 = _parse_response_404(response.json())

        return response_404

    if response.status_code == 406:
        response_406 = NotAcceptableError.from_dict(response.json())

        return response_406

    if response.status_code == 409:

        def _parse_response_409(
            data: object,
        ) -> (
            AlreadyInRaceError
            | IdempotencyKeyInFlightError
            | RaceFullError
            | RaceNotOpenError
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_409_type_0 = AlreadyInRaceError.from_dict(data)

                return response_409_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_409_type_1 = IdempotencyKeyInFlightError.from_dict(data)

                return response_409_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_409_type_2 = RaceFullError.from_dict(data)

                return response_409_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_409_type_3 = RaceNotOpenError.from_dict(data)

            return response_409_type_3

        response_409 = _parse_response_409(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = RequestTooLargeError.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = IdempotencyKeyReusedError.from_dict(response.json())

        return response_422

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
    AlreadyInRaceError
    | IdempotencyKeyInFlightError
    | RaceFullError
    | RaceNotOpenError
    | IdempotencyKeyReusedError
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidIdempotencyKeyError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | RaceNotFoundError
    | RaceResponse
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
    race_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    AlreadyInRaceError
    | IdempotencyKeyInFlightError
    | RaceFullError
    | RaceNotOpenError
    | IdempotencyKeyReusedError
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidIdempotencyKeyError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | RaceNotFoundError
    | RaceResponse
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
]:
    """Join a public race by its id, without the invite…

     Join a public race by its id, without the invite (a private race is
    `race_not_found`, as an unknown id). Every attempt counts against `race_invite`.

    Args:
        race_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AlreadyInRaceError | IdempotencyKeyInFlightError | RaceFullError | RaceNotOpenError | IdempotencyKeyReusedError | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidIdempotencyKeyError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | RaceNotFoundError | RaceResponse | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError]
    """

    kwargs = _get_kwargs(
        race_id=race_id,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    race_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> (
    AlreadyInRaceError
    | IdempotencyKeyInFlightError
    | RaceFullError
    | RaceNotOpenError
    | IdempotencyKeyReusedError
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidIdempotencyKeyError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | RaceNotFoundError
    | RaceResponse
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | None
):
    """Join a public race by its id, without the invite…

     Join a public race by its id, without the invite (a private race is
    `race_not_found`, as an unknown id). Every attempt counts against `race_invite`.

    Args:
        race_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AlreadyInRaceError | IdempotencyKeyInFlightError | RaceFullError | RaceNotOpenError | IdempotencyKeyReusedError | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidIdempotencyKeyError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | RaceNotFoundError | RaceResponse | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError
    """

    return sync_detailed(
        race_id=race_id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    race_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    AlreadyInRaceError
    | IdempotencyKeyInFlightError
    | RaceFullError
    | RaceNotOpenError
    | IdempotencyKeyReusedError
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidIdempotencyKeyError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | RaceNotFoundError
    | RaceResponse
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
]:
    """Join a public race by its id, without the invite…

     Join a public race by its id, without the invite (a private race is
    `race_not_found`, as an unknown id). Every attempt counts against `race_invite`.

    Args:
        race_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AlreadyInRaceError | IdempotencyKeyInFlightError | RaceFullError | RaceNotOpenError | IdempotencyKeyReusedError | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidIdempotencyKeyError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | RaceNotFoundError | RaceResponse | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError]
    """

    kwargs = _get_kwargs(
        race_id=race_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    race_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> (
    AlreadyInRaceError
    | IdempotencyKeyInFlightError
    | RaceFullError
    | RaceNotOpenError
    | IdempotencyKeyReusedError
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidIdempotencyKeyError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | RaceNotFoundError
    | RaceResponse
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | None
):
    """Join a public race by its id, without the invite…

     Join a public race by its id, without the invite (a private race is
    `race_not_found`, as an unknown id). Every attempt counts against `race_invite`.

    Args:
        race_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AlreadyInRaceError | IdempotencyKeyInFlightError | RaceFullError | RaceNotOpenError | IdempotencyKeyReusedError | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidIdempotencyKeyError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | RaceNotFoundError | RaceResponse | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError
    """

    return (
        await asyncio_detailed(
            race_id=race_id,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
