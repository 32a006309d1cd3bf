from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.idempotency_key_in_flight_error import IdempotencyKeyInFlightError
from ...models.idempotency_key_reused_error import IdempotencyKeyReusedError
from ...models.invalid_idempotency_key_error import InvalidIdempotencyKeyError
from ...models.invalid_json_error import InvalidJsonError
from ...models.invalid_request_error import InvalidRequestError
from ...models.invalid_token_error import InvalidTokenError
from ...models.invalid_webhook_error import InvalidWebhookError
from ...models.new_webhook_response import NewWebhookResponse
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_authenticated_error import NotAuthenticatedError
from ...models.request_too_large_error import RequestTooLargeError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...models.unsupported_media_type_error import UnsupportedMediaTypeError
from ...models.webhook_request import WebhookRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: WebhookRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    IdempotencyKeyInFlightError
    | IdempotencyKeyReusedError
    | InvalidIdempotencyKeyError
    | InvalidJsonError
    | InvalidRequestError
    | InvalidWebhookError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NewWebhookResponse
    | NotAcceptableError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | UnsupportedMediaTypeError
    | None
):
    if response.status_code == 201:
        response_201 = NewWebhookResponse.from_dict(response.json())

        return response_201

    if response.status_code == 400:

        def _parse_response_400(
            data: object,
        ) -> (
            InvalidIdempotencyKeyError
            | InvalidJsonError
            | InvalidRequestError
            | InvalidWebhookError
            | UnknownQueryParameterError
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_0 = InvalidIdempotencyKeyError.from_dict(data)

                return response_400_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_400_type_1 = InvalidJsonError.from_dict(data)

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
                response_400_type_3 = InvalidWebhookError.from_dict(data)

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

    if response.status_code == 406:
        response_406 = NotAcceptableError.from_dict(response.json())

        return response_406

    if response.status_code == 409:
        response_409 = IdempotencyKeyInFlightError.from_dict(response.json())

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
    IdempotencyKeyInFlightError
    | IdempotencyKeyReusedError
    | InvalidIdempotencyKeyError
    | InvalidJsonError
    | InvalidRequestError
    | InvalidWebhookError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NewWebhookResponse
    | NotAcceptableError
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
    body: WebhookRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    IdempotencyKeyInFlightError
    | IdempotencyKeyReusedError
    | InvalidIdempotencyKeyError
    | InvalidJsonError
    | InvalidRequestError
    | InvalidWebhookError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NewWebhookResponse
    | NotAcceptableError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | UnsupportedMediaTypeError
]:
    """Subscribe a URL to events

     Subscribe a URL to events. The answer holds the signing secret (`whsec_…`), shown
    this once: keep it to verify each delivery's `webhook-signature`.

    Args:
        idempotency_key (str | Unset):
        body (WebhookRequest): A request body: a JSON object whose unknown fields are refused, not
            ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IdempotencyKeyInFlightError | IdempotencyKeyReusedError | InvalidIdempotencyKeyError | InvalidJsonError | InvalidRequestError | InvalidWebhookError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NewWebhookResponse | NotAcceptableError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | UnsupportedMediaTypeError]
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
    body: WebhookRequest,
    idempotency_key: str | Unset = UNSET,
) -> (
    IdempotencyKeyInFlightError
    | IdempotencyKeyReusedError
    | InvalidIdempotencyKeyError
    | InvalidJsonError
    | InvalidRequestError
    | InvalidWebhookError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NewWebhookResponse
    | NotAcceptableError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | UnsupportedMediaTypeError
    | None
):
    """Subscribe a URL to events

     Subscribe a URL to events. The answer holds the signing secret (`whsec_…`), shown
    this once: keep it to verify each delivery's `webhook-signature`.

    Args:
        idempotency_key (str | Unset):
        body (WebhookRequest): A request body: a JSON object whose unknown fields are refused, not
            ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IdempotencyKeyInFlightError | IdempotencyKeyReusedError | InvalidIdempotencyKeyError | InvalidJsonError | InvalidRequestError | InvalidWebhookError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NewWebhookResponse | NotAcceptableError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | UnsupportedMediaTypeError
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: WebhookRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    IdempotencyKeyInFlightError
    | IdempotencyKeyReusedError
    | InvalidIdempotencyKeyError
    | InvalidJsonError
    | InvalidRequestError
    | InvalidWebhookError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NewWebhookResponse
    | NotAcceptableError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | UnsupportedMediaTypeError
]:
    """Subscribe a URL to events

     Subscribe a URL to events. The answer holds the signing secret (`whsec_…`), shown
    this once: keep it to verify each delivery's `webhook-signature`.

    Args:
        idempotency_key (str | Unset):
        body (WebhookRequest): A request body: a JSON object whose unknown fields are refused, not
            ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IdempotencyKeyInFlightError | IdempotencyKeyReusedError | InvalidIdempotencyKeyError | InvalidJsonError | InvalidRequestError | InvalidWebhookError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NewWebhookResponse | NotAcceptableError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | UnsupportedMediaTypeError]
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
    body: WebhookRequest,
    idempotency_key: str | Unset = UNSET,
) -> (
    IdempotencyKeyInFlightError
    | IdempotencyKeyReusedError
    | InvalidIdempotencyKeyError
    | InvalidJsonError
    | InvalidRequestError
    | InvalidWebhookError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NewWebhookResponse
    | NotAcceptableError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | UnsupportedMediaTypeError
    | None
):
    """Subscribe a URL to events

     Subscribe a URL to events. The answer holds the signing secret (`whsec_…`), shown
    this once: keep it to verify each delivery's `webhook-signature`.

    Args:
        idempotency_key (str | Unset):
        body (WebhookRequest): A request body: a JSON object whose unknown fields are refused, not
            ignored.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IdempotencyKeyInFlightError | IdempotencyKeyReusedError | InvalidIdempotencyKeyError | InvalidJsonError | InvalidRequestError | InvalidWebhookError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NewWebhookResponse | NotAcceptableError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError | UnsupportedMediaTypeError
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
