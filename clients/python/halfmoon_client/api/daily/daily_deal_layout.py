import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.daily_deal_response import DailyDealResponse
from ...models.daily_not_closed_error import DailyNotClosedError
from ...models.date_in_future_error import DateInFutureError
from ...models.insufficient_scope_error import InsufficientScopeError
from ...models.invalid_date_error import InvalidDateError
from ...models.invalid_token_error import InvalidTokenError
from ...models.not_acceptable_error import NotAcceptableError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.token_suspended_error import TokenSuspendedError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...types import Response


def _get_kwargs(
    date: datetime.date,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/daily/{date}/deal".format(
            date=quote(str(date), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    DailyDealResponse
    | DailyNotClosedError
    | InsufficientScopeError
    | TokenSuspendedError
    | DateInFutureError
    | InvalidDateError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | None
):
    if response.status_code == 200:
        response_200 = DailyDealResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:

        def _parse_response_400(
            data: object,
        ) -> DateInFutureError | InvalidDateError | UnknownQueryParameterError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_0 = DateInFutureError.from_dict(data)

                return response_400_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_1 = InvalidDateError.from_dict(data)

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
        response_401 = InvalidTokenError.from_dict(response.json())

        return response_401

    if response.status_code == 403:

        def _parse_response_403(
            data: object,
        ) -> DailyNotClosedError | InsufficientScopeError | TokenSuspendedError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_403_type_0 = DailyNotClosedError.from_dict(data)

                return response_403_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_403_type_1 = InsufficientScopeError.from_dict(data)

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
    DailyDealResponse
    | DailyNotClosedError
    | InsufficientScopeError
    | TokenSuspendedError
    | DateInFutureError
    | InvalidDateError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAcceptableError
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
    date: datetime.date,
    *,
    client: AuthenticatedClient,
) -> Response[
    DailyDealResponse
    | DailyNotClosedError
    | InsufficientScopeError
    | TokenSuspendedError
    | DateInFutureError
    | InvalidDateError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
]:
    """The full layout of a past date's daily deal…

     The full layout of a past date's daily deal (every pile bottom to top, the reserve):
    shown only once the date is over and its board closed.

    Cache-Control: `public, max-age=31536000, immutable` (a past day's layout never changes).

    Args:
        date (datetime.date):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DailyDealResponse | DailyNotClosedError | InsufficientScopeError | TokenSuspendedError | DateInFutureError | InvalidDateError | UnknownQueryParameterError | InvalidTokenError | NotAcceptableError | ServerErrorError | ServiceUnavailableError]
    """

    kwargs = _get_kwargs(
        date=date,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    date: datetime.date,
    *,
    client: AuthenticatedClient,
) -> (
    DailyDealResponse
    | DailyNotClosedError
    | InsufficientScopeError
    | TokenSuspendedError
    | DateInFutureError
    | InvalidDateError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | None
):
    """The full layout of a past date's daily deal…

     The full layout of a past date's daily deal (every pile bottom to top, the reserve):
    shown only once the date is over and its board closed.

    Cache-Control: `public, max-age=31536000, immutable` (a past day's layout never changes).

    Args:
        date (datetime.date):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DailyDealResponse | DailyNotClosedError | InsufficientScopeError | TokenSuspendedError | DateInFutureError | InvalidDateError | UnknownQueryParameterError | InvalidTokenError | NotAcceptableError | ServerErrorError | ServiceUnavailableError
    """

    return sync_detailed(
        date=date,
        client=client,
    ).parsed


async def asyncio_detailed(
    date: datetime.date,
    *,
    client: AuthenticatedClient,
) -> Response[
    DailyDealResponse
    | DailyNotClosedError
    | InsufficientScopeError
    | TokenSuspendedError
    | DateInFutureError
    | InvalidDateError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
]:
    """The full layout of a past date's daily deal…

     The full layout of a past date's daily deal (every pile bottom to top, the reserve):
    shown only once the date is over and its board closed.

    Cache-Control: `public, max-age=31536000, immutable` (a past day's layout never changes).

    Args:
        date (datetime.date):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DailyDealResponse | DailyNotClosedError | InsufficientScopeError | TokenSuspendedError | DateInFutureError | InvalidDateError | UnknownQueryParameterError | InvalidTokenError | NotAcceptableError | ServerErrorError | ServiceUnavailableError]
    """

    kwargs = _get_kwargs(
        date=date,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    date: datetime.date,
    *,
    client: AuthenticatedClient,
) -> (
    DailyDealResponse
    | DailyNotClosedError
    | InsufficientScopeError
    | TokenSuspendedError
    | DateInFutureError
    | InvalidDateError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAcceptableError
    | ServerErrorError
    | ServiceUnavailableError
    | None
):
    """The full layout of a past date's daily deal…

     The full layout of a past date's daily deal (every pile bottom to top, the reserve):
    shown only once the date is over and its board closed.

    Cache-Control: `public, max-age=31536000, immutable` (a past day's layout never changes).

    Args:
        date (datetime.date):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DailyDealResponse | DailyNotClosedError | InsufficientScopeError | TokenSuspendedError | DateInFutureError | InvalidDateError | UnknownQueryParameterError | InvalidTokenError | NotAcceptableError | ServerErrorError | ServiceUnavailableError
    """

    return (
        await asyncio_detailed(
            date=date,
            client=client,
        )
    ).parsed
