from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.insufficient_scope_error import InsufficientScopeError
from ...models.invalid_json_error import InvalidJsonError
from ...models.invalid_name_error import InvalidNameError
from ...models.invalid_request_error import InvalidRequestError
from ...models.invalid_token_error import InvalidTokenError
from ...models.name_looks_like_another_error import NameLooksLikeAnotherError
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_authenticated_error import NotAuthenticatedError
from ...models.patched_player_update_request import PatchedPlayerUpdateRequest
from ...models.permission_denied_error import PermissionDeniedError
from ...models.player_response import PlayerResponse
from ...models.request_too_large_error import RequestTooLargeError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.token_suspended_error import TokenSuspendedError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...models.unsupported_media_type_error import UnsupportedMediaTypeError
from ...models.winnable_not_offered_error import WinnableNotOfferedError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PatchedPlayerUpdateRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/players/me",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidNameError
    | InvalidRequestError
    | UnknownQueryParameterError
    | WinnableNotOfferedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NameLooksLikeAnotherError
    | NotAcceptableError
    | PlayerResponse
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | UnsupportedMediaTypeError
    | None
):
    if response.status_code == 200:
        response_200 = PlayerResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:

        def _parse_response_400(
            data: object,
        ) -> (
            InvalidJsonError
            | InvalidNameError
            | InvalidRequestError
            | UnknownQueryParameterError
            | WinnableNotOfferedError
        ):
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
                response_400_type_1 = InvalidNameError.from_dict(data)

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
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_3 = UnknownQueryParameterError.from_dict(data)

                return response_400_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_400_type_4 = WinnableNotOfferedError.from_dict(data)

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

    if response.status_code == 406:
        response_406 = NotAcceptableError.from_dict(response.json())

        return response_406

    if response.status_code == 409:
        response_409 = NameLooksLikeAnotherError.from_dict(response.json())

        return response_409

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
    InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidNameError
    | InvalidRequestError
    | UnknownQueryParameterError
    | WinnableNotOfferedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NameLooksLikeAnotherError
    | NotAcceptableError
    | PlayerResponse
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
    *,
    client: AuthenticatedClient,
    body: PatchedPlayerUpdateRequest | Unset = UNSET,
) -> Response[
    InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidNameError
    | InvalidRequestError
    | UnknownQueryParameterError
    | WinnableNotOfferedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NameLooksLikeAnotherError
    | NotAcceptableError
    | PlayerResponse
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | UnsupportedMediaTypeError
]:
    """Change the name or settings (`move_errors`, `placement_aid`, `language`); the…

     Change the name or settings (`move_errors`, `placement_aid`, `language`); the
    former `winnable_deals` is refused (`winnable_not_offered`).

    Args:
        body (PatchedPlayerUpdateRequest | Unset): A request body: a JSON object whose unknown
            fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidJsonError | InvalidNameError | InvalidRequestError | UnknownQueryParameterError | WinnableNotOfferedError | InvalidTokenError | NotAuthenticatedError | NameLooksLikeAnotherError | NotAcceptableError | PlayerResponse | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | UnsupportedMediaTypeError]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: PatchedPlayerUpdateRequest | Unset = UNSET,
) -> (
    InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidNameError
    | InvalidRequestError
    | UnknownQueryParameterError
    | WinnableNotOfferedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NameLooksLikeAnotherError
    | NotAcceptableError
    | PlayerResponse
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | UnsupportedMediaTypeError
    | None
):
    """Change the name or settings (`move_errors`, `placement_aid`, `language`); the…

     Change the name or settings (`move_errors`, `placement_aid`, `language`); the
    former `winnable_deals` is refused (`winnable_not_offered`).

    Args:
        body (PatchedPlayerUpdateRequest | Unset): A request body: a JSON object whose unknown
            fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidJsonError | InvalidNameError | InvalidRequestError | UnknownQueryParameterError | WinnableNotOfferedError | InvalidTokenError | NotAuthenticatedError | NameLooksLikeAnotherError | NotAcceptableError | PlayerResponse | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | UnsupportedMediaTypeError
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PatchedPlayerUpdateRequest | Unset = UNSET,
) -> Response[
    InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidNameError
    | InvalidRequestError
    | UnknownQueryParameterError
    | WinnableNotOfferedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NameLooksLikeAnotherError
    | NotAcceptableError
    | PlayerResponse
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | UnsupportedMediaTypeError
]:
    """Change the name or settings (`move_errors`, `placement_aid`, `language`); the…

     Change the name or settings (`move_errors`, `placement_aid`, `language`); the
    former `winnable_deals` is refused (`winnable_not_offered`).

    Args:
        body (PatchedPlayerUpdateRequest | Unset): A request body: a JSON object whose unknown
            fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidJsonError | InvalidNameError | InvalidRequestError | UnknownQueryParameterError | WinnableNotOfferedError | InvalidTokenError | NotAuthenticatedError | NameLooksLikeAnotherError | NotAcceptableError | PlayerResponse | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | UnsupportedMediaTypeError]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PatchedPlayerUpdateRequest | Unset = UNSET,
) -> (
    InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidNameError
    | InvalidRequestError
    | UnknownQueryParameterError
    | WinnableNotOfferedError
    | InvalidTokenError
    | NotAuthenticatedError
    | NameLooksLikeAnotherError
    | NotAcceptableError
    | PlayerResponse
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | UnsupportedMediaTypeError
    | None
):
    """Change the name or settings (`move_errors`, `placement_aid`, `language`); the…

     Change the name or settings (`move_errors`, `placement_aid`, `language`); the
    former `winnable_deals` is refused (`winnable_not_offered`).

    Args:
        body (PatchedPlayerUpdateRequest | Unset): A request body: a JSON object whose unknown
            fields are refused, not ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidJsonError | InvalidNameError | InvalidRequestError | UnknownQueryParameterError | WinnableNotOfferedError | InvalidTokenError | NotAuthenticatedError | NameLooksLikeAnotherError | NotAcceptableError | PlayerResponse | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | UnsupportedMediaTypeError
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
