"""Refusals of the races domain (SPEC §8)."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import ServiceError


class RaceNotFound(ServiceError):
    code, status = "race_not_found", 404
    default_message = _("There is no such race, or you are not one of its members.")
    detail_fields = ("race_id",)
    when = "no such race, or the caller is not a member (a race is seen by its members only)"


class InviteNotFound(ServiceError):
    code, status = "invite_not_found", 404
    default_message = _("No race has this invite code.")
    detail_fields = ("invite",)
    when = "`POST /races/join` with an invite code no race has (throttled: `race_invite`)"


class RaceFull(ServiceError):
    code, status = "race_full", 409
    default_message = _("This race has no free seat.")
    detail_fields = ("race_id", "seats")
    when = "joining a race whose seats are all taken"


class RaceNotOpen(ServiceError):
    code, status = "race_not_open", 409
    default_message = _("This race is no longer open: it has started, ended or been cancelled.")
    detail_fields = ("race_id", "status")
    when = "joining, marking ready, starting or cancelling a race that is not `open`"


class AlreadyInRace(ServiceError):
    code, status = "already_in_race", 409
    default_message = _("You are already in a race that has not ended: leave it first.")
    detail_fields = ("race_id",)
    when = "creating, joining or queueing while in another open, counting-down or running race"


class NotRaceHost(ServiceError):
    code, status = "not_race_host", 403
    default_message = _("Only the race's host may do this.")
    detail_fields = ("race_id",)
    when = "a member other than the host starts or cancels the race"


class RaceNeedsTwo(ServiceError):
    code, status = "race_needs_two", 409
    default_message = _("A race starts with at least two members.")
    detail_fields = ("race_id", "members")
    when = "starting a race with fewer than two members"


class MembersNotReady(ServiceError):
    code, status = "members_not_ready", 409
    default_message = _("Every member must be ready before the race starts.")
    detail_fields = ("race_id", "not_ready")
    when = "starting a race while a member is not ready (`not_ready`: their player ids)"


class RaceOver(ServiceError):
    code, status = "race_over", 409
    default_message = _("The race has ended: its games no longer change.")
    detail_fields = ("race_id", "game_id")
    when = "a change to a race's game after the race ended or its time ran out"


class RaceNotFinished(ServiceError):
    code, status = "race_not_finished", 409
    default_message = _("The race has not finished yet.")
    detail_fields = ("race_id", "status")
    when = "asking for a rematch of a race that has not finished"


class RaceGameHidden(ServiceError):
    code, status = "race_game_hidden", 403
    default_message = _(
        "This game belongs to a race: only its player sees it until the race ends, and then "
        "only the race's members."
    )
    detail_fields = ("game_id", "race_id")
    when = "reading a race's game as another member while the race runs, or as a non-member"


class RaceGamePrivate(ServiceError):
    code, status = "race_game_private", 409
    default_message = _("A race's game cannot be made watchable: its race decides who sees it.")
    detail_fields = ("game_id",)
    when = "`PATCH /games/{id}` `watchable` on a race's game"


class DealInRace(ServiceError):
    code, status = "deal_in_race", 409
    default_message = _(
        "This deal is being played in a race right now: start another one, or wait until the "
        "race has ended."
    )
    detail_fields = ("deal_code",)
    when = (
        "starting a game of a deal that a race in countdown or running plays; or, from the "
        "countdown to the end of a race, a member changing (moving, tapping, undoing, "
        "resigning) another game of that race's deal — nothing changes"
    )


class DealNotForRaces(ServiceError):
    code, status = "deal_not_for_races", 400
    default_message = _("Today's daily deal cannot be raced: choose another deal.")
    detail_fields = ("deal_code",)
    when = "creating a race on the current daily deal"


class NotInQueue(ServiceError):
    code, status = "not_in_queue", 404
    default_message = _("You are not waiting for a quick match.")
    when = "`GET`/`DELETE /matchmaking` while not queued and not matched"


class AlreadyMatched(ServiceError):
    code, status = "already_matched", 409
    default_message = _("You were already matched: leave the race instead.")
    detail_fields = ("race_id",)
    when = "`DELETE /matchmaking` after the queue formed your race"


class NotRated(ServiceError):
    code, status = "not_rated", 404
    default_message = _(
        "You are not on this list of the ratings: a rating needs a rated race, and one of "
        "fewer than 10 rated races is provisional (provisional=true)."
    )
    when = (
        "`GET /ratings?around=me` when the caller is not on that list: no rated race yet, or a "
        "provisional rating on the ranked list (or an established one with `provisional=true`)"
    )


class ResultAlreadyDisqualified(ServiceError):
    code, status = "result_already_disqualified", 409
    default_message = _("This race result is already disqualified.")
    detail_fields = ("race_id", "player_id")
    when = "staff disqualifying a race result twice"
