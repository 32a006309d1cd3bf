from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.device_response import DeviceResponse
from ...models.insufficient_scope_error import InsufficientScopeError
from ...models.invalid_json_error import InvalidJsonError
from ...models.invalid_request_error import InvalidRequestError
from ...models.invalid_token_error import InvalidTokenError
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_authenticated_error import NotAuthenticatedError
from ...models.not_found_error import NotFoundError
from ...models.patched_device_rename_request import PatchedDeviceRenameRequest
from ...models.permission_denied_error import PermissionDeniedError
from ...models.request_too_large_error import RequestTooLargeError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.token_not_found_error import TokenNotFoundError
from ...models.token_suspended_error import TokenSuspendedError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...models.unsupported_media_type_error import UnsupportedMediaTypeError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    token_id: int,
    *,
    body: PatchedDeviceRenameRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/players/me/tokens/{token_id}".format(
            token_id=quote(str(token_id), safe=""),
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
    DeviceResponse
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | TokenNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | UnsupportedMediaTypeError
    | None
):
    if response.status_code == 200:
        response_200 = DeviceResponse.from_dict(response.json())

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

        def _parse_response_404(data: object) -> NotFoundError | TokenNotFoundError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_404_type_0 = NotFoundError.from_dict(data)

                return response_404_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_404_type_1 = TokenNotFoundError.from_dict(data)

            return response_404_type_1

        response_404 = _parse_response_404(response.json())

        return response_404

    if response.status_code == 406:
        response_406 = NotAcceptableError.from_dict(response.json())

        return response_406

    if response.status_code == 413:
        response_413 = RequestTooLargeError.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = UnsupportedMediaTypeError.from_dict(response.json())

        return response_415

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
    DeviceResponse
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | TokenNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | UnsupportedMediaTypeError
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
    body: PatchedDeviceRenameRequest | Unset = UNSET,
) -> Response[
    DeviceResponse
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | TokenNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | UnsupportedMediaTypeError
]:
    """Rename one of the player's devices (`{"device": "Ana's phone"}`), so the…

     Rename one of the player's devices (`{"device": "Ana's phone"}`), so the person can
    tell them apart.

    Args:
        token_id (int):
        body (PatchedDeviceRenameRequest | Unset): A request body: a JSON object whose unknown
            fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeviceResponse | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidJsonError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | TokenNotFoundError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | UnsupportedMediaTypeError]
    """

    kwargs = _get_kwargs(
        token_id=token_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    token_id: int,
    *,
    client: AuthenticatedClient,
    body: PatchedDeviceRenameRequest | Unset = UNSET,
) -> (
    DeviceResponse
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | TokenNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | UnsupportedMediaTypeError
    | None
):
    """Rename one of the player's devices (`{"device": "Ana's phone"}`), so the…

     Rename one of the player's devices (`{"device": "Ana's phone"}`), so the person can
    tell them apart.

    Args:
        token_id (int):
        body (PatchedDeviceRenameRequest | Unset): A request body: a JSON object whose unknown
            fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeviceResponse | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidJsonError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | TokenNotFoundError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | UnsupportedMediaTypeError
    """

    return sync_detailed(
        token_id=token_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    token_id: int,
    *,
    client: AuthenticatedClient,
    body: PatchedDeviceRenameRequest | Unset = UNSET,
) -> Response[
    DeviceResponse
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | TokenNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | UnsupportedMediaTypeError
]:
    """Rename one of the player's devices (`{"device": "Ana's phone"}`), so the…

     Rename one of the player's devices (`{"device": "Ana's phone"}`), so the person can
    tell them apart.

    Args:
        token_id (int):
        body (PatchedDeviceRenameRequest | Unset): A request body: a JSON object whose unknown
            fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeviceResponse | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidJsonError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | TokenNotFoundError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | UnsupportedMediaTypeError]
    """

    kwargs = _get_kwargs(
        token_id=token_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    token_id: int,
    *,
    client: AuthenticatedClient,
    body: PatchedDeviceRenameRequest | Unset = UNSET,
) -> (
    DeviceResponse
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | TokenNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | UnsupportedMediaTypeError
    | None
):
    """Rename one of the player's devices (`{"device": "Ana's phone"}`), so the…

     Rename one of the player's devices (`{"device": "Ana's phone"}`), so the person can
    tell them apart.

    Args:
        token_id (int):
        body (PatchedDeviceRenameRequest | Unset): A request body: a JSON object whose unknown
            fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeviceResponse | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidJsonError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | TokenNotFoundError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | UnsupportedMediaTypeError
    """

    return (
        await asyncio_detailed(
            token_id=token_id,
            client=client,
            body=body,
        )
    ).parsed
