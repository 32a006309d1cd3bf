"""A request's body, validated: how every REST view reads the body it takes."""

from __future__ import annotations

from typing import Any


def validated(serializer_class, request) -> dict[str, Any]:
    """The request's body, validated by ``serializer_class``. A plainly well-formed body of a
    game change is taken without building the serializer (its ``quick``: the actions' hot path);
    anything else goes through the serializer, whose refusal is a ``400 invalid_request``."""
    quick = getattr(serializer_class, "quick", None)
    data = quick(request.data) if quick else None
    if data is None:  # not a plainly well-formed game action: build the serializer
        serializer = serializer_class(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
    return data
