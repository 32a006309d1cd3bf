from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.account_response import AccountResponse
from ...models.email_request import EmailRequest
from ...models.insufficient_scope_error import InsufficientScopeError
from ...models.invalid_json_error import InvalidJsonError
from ...models.invalid_request_error import InvalidRequestError
from ...models.invalid_token_error import InvalidTokenError
from ...models.no_credentials_error import NoCredentialsError
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_authenticated_error import NotAuthenticatedError
from ...models.permission_denied_error import PermissionDeniedError
from ...models.request_too_large_error import RequestTooLargeError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.throttled_error import ThrottledError
from ...models.token_suspended_error import TokenSuspendedError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...models.unsupported_media_type_error import UnsupportedMediaTypeError
from ...types import Response


def _get_kwargs(
    *,
    body: EmailRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/account/email",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    AccountResponse
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NoCredentialsError
    | NotAcceptableError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnsupportedMediaTypeError
    | None
):
    if response.status_code == 200:
        response_200 = AccountResponse.from_dict(response.json())

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
        response_404 = NoCredentialsError.from_dict(response.json())

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
    AccountResponse
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NoCredentialsError
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
    *,
    client: AuthenticatedClient,
    body: EmailRequest,
) -> Response[
    AccountResponse
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NoCredentialsError
    | NotAcceptableError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnsupportedMediaTypeError
]:
    """Set the e-mail address (a verification link is mailed to it) or remove it (null)

     Set the e-mail address (a verification link is mailed to it) or remove it (null).

    Args:
        body (EmailRequest): A request body: a JSON object whose unknown fields are refused, not
            ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountResponse | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidJsonError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NoCredentialsError | NotAcceptableError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError | UnsupportedMediaTypeError]
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
    body: EmailRequest,
) -> (
    AccountResponse
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NoCredentialsError
    | NotAcceptableError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnsupportedMediaTypeError
    | None
):
    """Set the e-mail address (a verification link is mailed to it) or remove it (null)

     Set the e-mail address (a verification link is mailed to it) or remove it (null).

    Args:
        body (EmailRequest): A request body: a JSON object whose unknown fields are refused, not
            ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountResponse | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidJsonError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NoCredentialsError | NotAcceptableError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError | UnsupportedMediaTypeError
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: EmailRequest,
) -> Response[
    AccountResponse
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NoCredentialsError
    | NotAcceptableError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnsupportedMediaTypeError
]:
    """Set the e-mail address (a verification link is mailed to it) or remove it (null)

     Set the e-mail address (a verification link is mailed to it) or remove it (null).

    Args:
        body (EmailRequest): A request body: a JSON object whose unknown fields are refused, not
            ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AccountResponse | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidJsonError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NoCredentialsError | NotAcceptableError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError | UnsupportedMediaTypeError]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: EmailRequest,
) -> (
    AccountResponse
    | InsufficientScopeError
    | PermissionDeniedError
    | TokenSuspendedError
    | InvalidJsonError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NoCredentialsError
    | NotAcceptableError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnsupportedMediaTypeError
    | None
):
    """Set the e-mail address (a verification link is mailed to it) or remove it (null)

     Set the e-mail address (a verification link is mailed to it) or remove it (null).

    Args:
        body (EmailRequest): A request body: a JSON object whose unknown fields are refused, not
            ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AccountResponse | InsufficientScopeError | PermissionDeniedError | TokenSuspendedError | InvalidJsonError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NoCredentialsError | NotAcceptableError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | ThrottledError | UnsupportedMediaTypeError
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
