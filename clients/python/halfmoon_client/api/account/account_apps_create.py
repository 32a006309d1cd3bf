from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.app_registration_invalid_error import AppRegistrationInvalidError
from ...models.idempotency_key_in_flight_error import IdempotencyKeyInFlightError
from ...models.idempotency_key_reused_error import IdempotencyKeyReusedError
from ...models.insufficient_scope_error import InsufficientScopeError
from ...models.invalid_idempotency_key_error import InvalidIdempotencyKeyError
from ...models.invalid_json_error import InvalidJsonError
from ...models.invalid_request_error import InvalidRequestError
from ...models.invalid_token_error import InvalidTokenError
from ...models.no_credentials_error import NoCredentialsError
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_authenticated_error import NotAuthenticatedError
from ...models.own_app_limit_error import OwnAppLimitError
from ...models.own_app_request import OwnAppRequest
from ...models.own_app_response import OwnAppResponse
from ...models.own_device_required_error import OwnDeviceRequiredError
from ...models.permission_denied_error import PermissionDeniedError
from ...models.request_too_large_error import RequestTooLargeError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.throttled_error import ThrottledError
from ...models.token_suspended_error import TokenSuspendedError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...models.unsupported_media_type_error import UnsupportedMediaTypeError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: OwnAppRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/account/apps",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    AppRegistrationInvalidError
    | InvalidIdempotencyKeyError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | IdempotencyKeyInFlightError
    | OwnAppLimitError
    | IdempotencyKeyReusedError
    | InsufficientScopeError
    | OwnDeviceRequiredError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NoCredentialsError
    | NotAcceptableError
    | OwnAppResponse
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnsupportedMediaTypeError
    | None
):
    if response.status_code == 201:
        response_201 = OwnAppResponse.from_dict(response.json())

        return response_201

    if response.status_code == 400:

        def _parse_response_400(
            data: object,
        ) -> (
            AppRegistrationInvalidError
            | InvalidIdempotencyKeyError
            | InvalidJsonError
            | InvalidRequestError
            | UnknownQueryParameterError
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_0 = AppRegistrationInvalidError.from_dict(data)

                return response_400_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_1 = InvalidIdempotencyKeyError.from_dict(data)

                return response_400_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_2 = InvalidJsonError.from_dict(data)

                return response_400_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_3 = InvalidRequestError.from_dict(data)

                return response_400_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_400_type_4 = UnknownQueryParameterError.from_dict(data)

            return response_400_type_4

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
            | OwnDeviceRequiredError
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
                response_403_type_1 = OwnDeviceRequiredError.from_dict(data)

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
        response_404 = NoCredentialsError.from_dict(response.json())

        return response_404

    if response.status_code == 406:
        response_406 = NotAcceptableError.from_dict(response.json())

        return response_406

    if response.status_code == 409:

        def _parse_response_409(
            data: object,
        ) -> IdempotencyKeyInFlightError | OwnAppLimitError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_409_type_0 = IdempotencyKeyInFlightError.from_dict(data)

                return response_409_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_409_type_1 = OwnAppLimitError.from_dict(data)

            return response_409_type_1

        response_409 = _parse_response_409(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = RequestTooLargeError.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = UnsupportedMediaTypeError.from_dict(response.json())

        return response_415

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
    AppRegistrationInvalidError
    | InvalidIdempotencyKeyError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | IdempotencyKeyInFlightError
    | OwnAppLimitError
    | IdempotencyKeyReusedError
    | InsufficientScopeError
    | OwnDeviceRequiredError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NoCredentialsError
    | NotAcceptableError
    | OwnAppResponse
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
    *,
    client: AuthenticatedClient,
    body: OwnAppRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    AppRegistrationInvalidError
    | InvalidIdempotencyKeyError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | IdempotencyKeyInFlightError
    | OwnAppLimitError
    | IdempotencyKeyReusedError
    | InsufficientScopeError
    | OwnDeviceRequiredError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NoCredentialsError
    | NotAcceptableError
    | OwnAppResponse
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnsupportedMediaTypeError
]:
    """Register a public app (authorization code with PKCE; no secret) that may ask…

     Register a public app (authorization code with PKCE; no secret) that may ask
    players for the scopes listed. Staff see every app and may suspend it.

    Args:
        idempotency_key (str | Unset):
        body (OwnAppRequest): A request body: a JSON object whose unknown fields are refused, not
            ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AppRegistrationInvalidError | InvalidIdempotencyKeyError | InvalidJsonError | InvalidRequestError | UnknownQueryParameterError | IdempotencyKeyInFlightError | OwnAppLimitError | IdempotencyKeyReusedError | InsufficientScopeError | OwnDeviceRequiredError | PermissionDeniedError | TokenSuspendedError | InvalidTokenError | NotAuthenticatedError | NoCredentialsError | NotAcceptableError | OwnAppResponse | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError | UnsupportedMediaTypeError]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: OwnAppRequest,
    idempotency_key: str | Unset = UNSET,
) -> (
    AppRegistrationInvalidError
    | InvalidIdempotencyKeyError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | IdempotencyKeyInFlightError
    | OwnAppLimitError
    | IdempotencyKeyReusedError
    | InsufficientScopeError
    | OwnDeviceRequiredError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NoCredentialsError
    | NotAcceptableError
    | OwnAppResponse
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnsupportedMediaTypeError
    | None
):
    """Register a public app (authorization code with PKCE; no secret) that may ask…

     Register a public app (authorization code with PKCE; no secret) that may ask
    players for the scopes listed. Staff see every app and may suspend it.

    Args:
        idempotency_key (str | Unset):
        body (OwnAppRequest): A request body: a JSON object whose unknown fields are refused, not
            ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AppRegistrationInvalidError | InvalidIdempotencyKeyError | InvalidJsonError | InvalidRequestError | UnknownQueryParameterError | IdempotencyKeyInFlightError | OwnAppLimitError | IdempotencyKeyReusedError | InsufficientScopeError | OwnDeviceRequiredError | PermissionDeniedError | TokenSuspendedError | InvalidTokenError | NotAuthenticatedError | NoCredentialsError | NotAcceptableError | OwnAppResponse | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError | UnsupportedMediaTypeError
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: OwnAppRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    AppRegistrationInvalidError
    | InvalidIdempotencyKeyError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | IdempotencyKeyInFlightError
    | OwnAppLimitError
    | IdempotencyKeyReusedError
    | InsufficientScopeError
    | OwnDeviceRequiredError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NoCredentialsError
    | NotAcceptableError
    | OwnAppResponse
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnsupportedMediaTypeError
]:
    """Register a public app (authorization code with PKCE; no secret) that may ask…

     Register a public app (authorization code with PKCE; no secret) that may ask
    players for the scopes listed. Staff see every app and may suspend it.

    Args:
        idempotency_key (str | Unset):
        body (OwnAppRequest): A request body: a JSON object whose unknown fields are refused, not
            ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AppRegistrationInvalidError | InvalidIdempotencyKeyError | InvalidJsonError | InvalidRequestError | UnknownQueryParameterError | IdempotencyKeyInFlightError | OwnAppLimitError | IdempotencyKeyReusedError | InsufficientScopeError | OwnDeviceRequiredError | PermissionDeniedError | TokenSuspendedError | InvalidTokenError | NotAuthenticatedError | NoCredentialsError | NotAcceptableError | OwnAppResponse | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError | UnsupportedMediaTypeError]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: OwnAppRequest,
    idempotency_key: str | Unset = UNSET,
) -> (
    AppRegistrationInvalidError
    | InvalidIdempotencyKeyError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | IdempotencyKeyInFlightError
    | OwnAppLimitError
    | IdempotencyKeyReusedError
    | InsufficientScopeError
    | OwnDeviceRequiredError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NoCredentialsError
    | NotAcceptableError
    | OwnAppResponse
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnsupportedMediaTypeError
    | None
):
    """Register a public app (authorization code with PKCE; no secret) that may ask…

     Register a public app (authorization code with PKCE; no secret) that may ask
    players for the scopes listed. Staff see every app and may suspend it.

    Args:
        idempotency_key (str | Unset):
        body (OwnAppRequest): A request body: a JSON object whose unknown fields are refused, not
            ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AppRegistrationInvalidError | InvalidIdempotencyKeyError | InvalidJsonError | InvalidRequestError | UnknownQueryParameterError | IdempotencyKeyInFlightError | OwnAppLimitError | IdempotencyKeyReusedError | InsufficientScopeError | OwnDeviceRequiredError | PermissionDeniedError | TokenSuspendedError | InvalidTokenError | NotAuthenticatedError | NoCredentialsError | NotAcceptableError | OwnAppResponse | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError | UnsupportedMediaTypeError
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
