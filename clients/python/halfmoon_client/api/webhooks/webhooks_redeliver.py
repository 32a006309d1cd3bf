from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delivery_response import DeliveryResponse
from ...models.idempotency_key_in_flight_error import IdempotencyKeyInFlightError
from ...models.idempotency_key_reused_error import IdempotencyKeyReusedError
from ...models.invalid_idempotency_key_error import InvalidIdempotencyKeyError
from ...models.invalid_token_error import InvalidTokenError
from ...models.not_acceptable_error import NotAcceptableError
from ...models.not_authenticated_error import NotAuthenticatedError
from ...models.not_found_error import NotFoundError
from ...models.request_too_large_error import RequestTooLargeError
from ...models.server_error_error import ServerErrorError
from ...models.service_unavailable_error import ServiceUnavailableError
from ...models.unknown_query_parameter_error import UnknownQueryParameterError
from ...models.webhook_delivery_not_found_error import WebhookDeliveryNotFoundError
from ...models.webhook_disabled_error import WebhookDisabledError
from ...models.webhook_not_found_error import WebhookNotFoundError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    webhook_id: int,
    delivery_id: int,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver".format(
            webhook_id=quote(str(webhook_id), safe=""),
            delivery_id=quote(str(delivery_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    DeliveryResponse
    | IdempotencyKeyInFlightError
    | WebhookDisabledError
    | IdempotencyKeyReusedError
    | InvalidIdempotencyKeyError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | WebhookDeliveryNotFoundError
    | WebhookNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | None
):
    if response.status_code == 202:
        response_202 = DeliveryResponse.from_dict(response.json())

        return response_202

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

    if response.status_code == 404:

        def _parse_response_404(
            data: object,
        ) -> NotFoundError | WebhookDeliveryNotFoundError | WebhookNotFoundError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_404_type_0 = NotFoundError.from_dict(data)

                return response_404_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_404_type_1 = WebhookDeliveryNotFoundError.from_dict(data)

                return response_404_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_404_type_2 = WebhookNotFoundError.from_dict(data)

            return response_404_type_2

        response_404 = _parse_response_404(response.json())

        return response_404

    if response.status_code == 406:
        response_406 = NotAcceptableError.from_dict(response.json())

        return response_406

    if response.status_code == 409:

        def _parse_response_409(
            data: object,
        ) -> IdempotencyKeyInFlightError | WebhookDisabledError:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_409_type_0 = IdempotencyKeyInFlightError.from_dict(data)

                return response_409_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_409_type_1 = WebhookDisabledError.from_dict(data)

            return response_409_type_1

        response_409 = _parse_response_409(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = RequestTooLargeError.from_dict(response.json())

        return response_413

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
    DeliveryResponse
    | IdempotencyKeyInFlightError
    | WebhookDisabledError
    | IdempotencyKeyReusedError
    | InvalidIdempotencyKeyError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | WebhookDeliveryNotFoundError
    | WebhookNotFoundError
    | RequestTooLargeError
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
    webhook_id: int,
    delivery_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    DeliveryResponse
    | IdempotencyKeyInFlightError
    | WebhookDisabledError
    | IdempotencyKeyReusedError
    | InvalidIdempotencyKeyError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | WebhookDeliveryNotFoundError
    | WebhookNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
]:
    """Post a delivery again at the job's next run (within seconds)

     Post a delivery again at the job's next run (within seconds): the same message
    (`webhook-id`, body), its attempts counted afresh, its log kept.

    Args:
        webhook_id (int):
        delivery_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeliveryResponse | IdempotencyKeyInFlightError | WebhookDisabledError | IdempotencyKeyReusedError | InvalidIdempotencyKeyError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | WebhookDeliveryNotFoundError | WebhookNotFoundError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        delivery_id=delivery_id,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    webhook_id: int,
    delivery_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> (
    DeliveryResponse
    | IdempotencyKeyInFlightError
    | WebhookDisabledError
    | IdempotencyKeyReusedError
    | InvalidIdempotencyKeyError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | WebhookDeliveryNotFoundError
    | WebhookNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | None
):
    """Post a delivery again at the job's next run (within seconds)

     Post a delivery again at the job's next run (within seconds): the same message
    (`webhook-id`, body), its attempts counted afresh, its log kept.

    Args:
        webhook_id (int):
        delivery_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeliveryResponse | IdempotencyKeyInFlightError | WebhookDisabledError | IdempotencyKeyReusedError | InvalidIdempotencyKeyError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | WebhookDeliveryNotFoundError | WebhookNotFoundError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError
    """

    return sync_detailed(
        webhook_id=webhook_id,
        delivery_id=delivery_id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    webhook_id: int,
    delivery_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    DeliveryResponse
    | IdempotencyKeyInFlightError
    | WebhookDisabledError
    | IdempotencyKeyReusedError
    | InvalidIdempotencyKeyError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | WebhookDeliveryNotFoundError
    | WebhookNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
]:
    """Post a delivery again at the job's next run (within seconds)

     Post a delivery again at the job's next run (within seconds): the same message
    (`webhook-id`, body), its attempts counted afresh, its log kept.

    Args:
        webhook_id (int):
        delivery_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeliveryResponse | IdempotencyKeyInFlightError | WebhookDisabledError | IdempotencyKeyReusedError | InvalidIdempotencyKeyError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | WebhookDeliveryNotFoundError | WebhookNotFoundError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        delivery_id=delivery_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    webhook_id: int,
    delivery_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> (
    DeliveryResponse
    | IdempotencyKeyInFlightError
    | WebhookDisabledError
    | IdempotencyKeyReusedError
    | InvalidIdempotencyKeyError
    | UnknownQueryParameterError
    | InvalidTokenError
    | NotAuthenticatedError
    | NotAcceptableError
    | NotFoundError
    | WebhookDeliveryNotFoundError
    | WebhookNotFoundError
    | RequestTooLargeError
    | ServerErrorError
    | ServiceUnavailableError
    | None
):
    """Post a delivery again at the job's next run (within seconds)

     Post a delivery again at the job's next run (within seconds): the same message
    (`webhook-id`, body), its attempts counted afresh, its log kept.

    Args:
        webhook_id (int):
        delivery_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeliveryResponse | IdempotencyKeyInFlightError | WebhookDisabledError | IdempotencyKeyReusedError | InvalidIdempotencyKeyError | UnknownQueryParameterError | InvalidTokenError | NotAuthenticatedError | NotAcceptableError | NotFoundError | WebhookDeliveryNotFoundError | WebhookNotFoundError | RequestTooLargeError | ServerErrorError | ServiceUnavailableError
    """

    return (
        await asyncio_detailed(
            webhook_id=webhook_id,
            delivery_id=delivery_id,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
