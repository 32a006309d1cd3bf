"""Refusals of the races domain (SPEC §8)."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import declare

RaceNotFound = declare(
    "race_not_found",
    404,
    _("There is no such race, or you are not one of its members."),
    details=("race_id",),
    when="no such race, or the caller is not a member (a race is seen by its members only)",
)

InviteNotFound = declare(
    "invite_not_found",
    404,
    _("No race has this invite code."),
    details=("invite",),
    when="`POST /races/join` with an invite code no race has (throttled: `race_invite`)",
)

RaceFull = declare(
    "race_full",
    409,
    _("This race has no free seat."),
    details=("race_id", "seats"),
    when="joining a race whose seats are all taken",
)

RaceNotOpen = declare(
    "race_not_open",
    409,
    _("This race is no longer open: it has started, ended or been cancelled."),
    details=("race_id", "status"),
    when="joining, marking ready, starting or cancelling a race that is not `open`",
)

AlreadyInRace = declare(
    "already_in_race",
    409,
    _("You are already in a race that has not ended: leave it first."),
    details=("race_id",),
    when="creating, joining or queueing while in another open, counting-down or running race",
)

NotRaceHost = declare(
    "not_race_host",
    403,
    _("Only the race's host may do this."),
    details=("race_id",),
    when="a member other than the host starts or cancels the race",
)

RaceNeedsTwo = declare(
    "race_needs_two",
    409,
    _("A race starts with at least two members."),
    details=("race_id", "members"),
    when="starting a race with fewer than two members",
)

MembersNotReady = declare(
    "members_not_ready",
    409,
    _("Every member must be ready before the race starts."),
    details=("race_id", "not_ready"),
    when="starting a race while a member is not ready (`not_ready`: their player ids)",
)

RaceOver = declare(
    "race_over",
    409,
    _("The race has ended: its games no longer change."),
    details=("race_id", "game_id"),
    when="a change to a race's game after the race ended or its time ran out",
)

RaceNotFinished = declare(
    "race_not_finished",
    409,
    _("The race has not finished yet."),
    details=("race_id", "status"),
    when="asking for a rematch of a race that has not finished",
)

RaceGameHidden = declare(
    "race_game_hidden",
    403,
    _(
        "This game belongs to a race: only its player sees it until the race ends, and then "
        "only the race's members."
    ),
    details=("game_id", "race_id"),
    when="reading a race's game as another member while the race runs, or as a non-member",
)

RaceGamePrivate = declare(
    "race_game_private",
    409,
    _("A race's game cannot be made watchable: its race decides who sees it."),
    details=("game_id",),
    when="`PATCH /games/{id}` `watchable` on a race's game",
)

DealInRace = declare(
    "deal_in_race",
    409,
    _(
        "This deal is being played in a race right now: start another one, or wait until the "
        "race has ended."
    ),
    details=("deal_code",),
    when="starting a game of a deal that a race in countdown or running plays; or, from the "
    "countdown to the end of a race, a member changing (moving, tapping, undoing, "
    "resigning) another game of that race's deal — nothing changes",
)

DealNotForRaces = declare(
    "deal_not_for_races",
    400,
    _("Today's daily deal cannot be raced: choose another deal."),
    details=("deal_code",),
    when="creating a race on the current daily deal",
)

NotInQueue = declare(
    "not_in_queue",
    404,
    _("You are not waiting for a quick match."),
    when="`GET`/`DELETE /matchmaking` while not queued and not matched",
)

AlreadyMatched = declare(
    "already_matched",
    409,
    _("You were already matched: leave the race instead."),
    details=("race_id",),
    when="`DELETE /matchmaking` after the queue formed your race",
)

NotRated = declare(
    "not_rated",
    404,
    _(
        "You are not on this list of the ratings: a rating needs a rated race, and one of "
        "fewer than 10 rated races is provisional (provisional=true)."
    ),
    when="`GET /ratings?around=me` when the caller is not on that list: no rated race yet, or a "
    "provisional rating on the ranked list (or an established one with `provisional=true`)",
)

ResultAlreadyDisqualified = declare(
    "result_already_disqualified",
    409,
    _("This race result is already disqualified."),
    details=("race_id", "player_id"),
    when="staff disqualifying a race result twice",
)
