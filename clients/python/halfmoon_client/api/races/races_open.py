from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.insufficient_scope_error import InsufficientScopeError
from ...models.invalid_request_error import InvalidRequestError
from ...models.invalid_token_error import InvalidTokenError
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_authenticated_error import NotAuthenticatedError
from ...models.open_races_response import OpenRacesResponse
from ...models.races_open_status import RacesOpenStatus
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.token_suspended_error import TokenSuspendedError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: RacesOpenStatus | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/races",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    InsufficientScopeError
    | TokenSuspendedError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | OpenRacesResponse
    | ServerErrorError
    | ServiceUnavailableError
    | None
):
    if response.status_code == 200:
        response_200 = OpenRacesResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:

        def _parse_response_400(
            data: object,
        ) -> InvalidRequestError | UnknownQueryParameterError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_0 = InvalidRequestError.from_dict(data)

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
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | OpenRacesResponse
    | ServerErrorError
    | ServiceUnavailableError
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
    status: RacesOpenStatus | Unset = UNSET,
) -> Response[
    InsufficientScopeError
    | TokenSuspendedError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | OpenRacesResponse
    | ServerErrorError
    | ServiceUnavailableError
]:
    """The open public races with a free seat, newest first (at most 50), for a lobby

     The open public races with a free seat, newest first (at most 50), for a lobby: each
    joined in one call by its id (`POST /races/{race_id}/join`). A private race is never
    listed.

    Args:
        status (RacesOpenStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InsufficientScopeError | TokenSuspendedError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | OpenRacesResponse | ServerErrorError | ServiceUnavailableError]
    """

    kwargs = _get_kwargs(
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    status: RacesOpenStatus | Unset = UNSET,
) -> (
    InsufficientScopeError
    | TokenSuspendedError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | OpenRacesResponse
    | ServerErrorError
    | ServiceUnavailableError
    | None
):
    """The open public races with a free seat, newest first (at most 50), for a lobby

     The open public races with a free seat, newest first (at most 50), for a lobby: each
    joined in one call by its id (`POST /races/{race_id}/join`). A private race is never
    listed.

    Args:
        status (RacesOpenStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InsufficientScopeError | TokenSuspendedError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | OpenRacesResponse | ServerErrorError | ServiceUnavailableError
    """

    return sync_detailed(
        client=client,
        status=status,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: RacesOpenStatus | Unset = UNSET,
) -> Response[
    InsufficientScopeError
    | TokenSuspendedError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | OpenRacesResponse
    | ServerErrorError
    | ServiceUnavailableError
]:
    """The open public races with a free seat, newest first (at most 50), for a lobby

     The open public races with a free seat, newest first (at most 50), for a lobby: each
    joined in one call by its id (`POST /races/{race_id}/join`). A private race is never
    listed.

    Args:
        status (RacesOpenStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InsufficientScopeError | TokenSuspendedError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | OpenRacesResponse | ServerErrorError | ServiceUnavailableError]
    """

    kwargs = _get_kwargs(
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    status: RacesOpenStatus | Unset = UNSET,
) -> (
    InsufficientScopeError
    | TokenSuspendedError
    | InvalidRequestError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | OpenRacesResponse
    | ServerErrorError
    | ServiceUnavailableError
    | None
):
    """The open public races with a free seat, newest first (at most 50), for a lobby

     The open public races with a free seat, newest first (at most 50), for a lobby: each
    joined in one call by its id (`POST /races/{race_id}/join`). A private race is never
    listed.

    Args:
        status (RacesOpenStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InsufficientScopeError | TokenSuspendedError | InvalidRequestError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | OpenRacesResponse | ServerErrorError | ServiceUnavailableError
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
        )
    ).parsed
