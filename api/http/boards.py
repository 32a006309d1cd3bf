"""What the boards' views share: ``?among=following`` (the caller and those they follow,
ranked among themselves) on the daily, season and challenge boards."""

from drf_spectacular.utils import OpenApiParameter
from rest_framework import exceptions

from games.following import selectors as following

AMONG_PARAMETER = OpenApiParameter(
    "among",
    str,
    enum=["following"],
    description="Only the caller and the players they follow, ranked among themselves "
    "(needs a token).",
)


def among_of(request) -> frozenset[int] | None:
    """The player ids of ``?among=following`` (None without it): only ``following``, only for
    a player."""
    among = request.query_params.get("among")
    if among is None:
        return None
    if among != "following":
        raise exceptions.ValidationError({"among": ["among takes only the value following."]})
    if request.user is None:
        raise exceptions.NotAuthenticated()
    return following.among_following(request.user)
