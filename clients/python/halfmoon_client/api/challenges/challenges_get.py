from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.challenge_not_found_error import ChallengeNotFoundError
from ...models.challenge_response import ChallengeResponse
from ...models.insufficient_scope_error import InsufficientScopeError
from ...models.invalid_token_error import InvalidTokenError
from ...models.not_acceptable_error import NotAcceptableError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.throttled_error import ThrottledError
from ...models.token_suspended_error import TokenSuspendedError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...types import Response


def _get_kwargs(
    code: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/challenges/{code}".format(
            code=quote(str(code), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    ChallengeNotFoundError
    | ChallengeResponse
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnknownQueryParameterError
    | None
):
    if response.status_code == 200:
        response_200 = ChallengeResponse.from_dict(response.json())

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
        response_404 = ChallengeNotFoundError.from_dict(response.json())

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
    ChallengeNotFoundError
    | ChallengeResponse
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAcceptableError
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
    code: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    ChallengeNotFoundError
    | ChallengeResponse
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnknownQueryParameterError
]:
    """A challenge

     A challenge: who made it and the result to beat, its board's size, the caller's
    games at it. Never the deal or a card: those come with the caller's own game.

    Args:
        code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengeNotFoundError | ChallengeResponse | InsufficientScopeError | TokenSuspendedError | InvalidTokenError | NotAcceptableError | ServerErrorError | ServiceUnavailableError | ThrottledError | UnknownQueryParameterError]
    """

    kwargs = _get_kwargs(
        code=code,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    code: str,
    *,
    client: AuthenticatedClient,
) -> (
    ChallengeNotFoundError
    | ChallengeResponse
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnknownQueryParameterError
    | None
):
    """A challenge

     A challenge: who made it and the result to beat, its board's size, the caller's
    games at it. Never the deal or a card: those come with the caller's own game.

    Args:
        code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengeNotFoundError | ChallengeResponse | InsufficientScopeError | TokenSuspendedError | InvalidTokenError | NotAcceptableError | ServerErrorError | ServiceUnavailableError | ThrottledError | UnknownQueryParameterError
    """

    return sync_detailed(
        code=code,
        client=client,
    ).parsed


async def asyncio_detailed(
    code: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    ChallengeNotFoundError
    | ChallengeResponse
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnknownQueryParameterError
]:
    """A challenge

     A challenge: who made it and the result to beat, its board's size, the caller's
    games at it. Never the deal or a card: those come with the caller's own game.

    Args:
        code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengeNotFoundError | ChallengeResponse | InsufficientScopeError | TokenSuspendedError | InvalidTokenError | NotAcceptableError | ServerErrorError | ServiceUnavailableError | ThrottledError | UnknownQueryParameterError]
    """

    kwargs = _get_kwargs(
        code=code,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    code: str,
    *,
    client: AuthenticatedClient,
) -> (
    ChallengeNotFoundError
    | ChallengeResponse
    | InsufficientScopeError
    | TokenSuspendedError
    | InvalidTokenError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | ThrottledError
    | UnknownQueryParameterError
    | None
):
    """A challenge

     A challenge: who made it and the result to beat, its board's size, the caller's
    games at it. Never the deal or a card: those come with the caller's own game.

    Args:
        code (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengeNotFoundError | ChallengeResponse | InsufficientScopeError | TokenSuspendedError | InvalidTokenError | NotAcceptableError | ServerErrorError | ServiceUnavailableError | ThrottledError | UnknownQueryParameterError
    """

    return (
        await asyncio_detailed(
            code=code,
            client=client,
        )
    ).parsed
