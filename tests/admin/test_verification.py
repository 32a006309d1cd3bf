"""verify_games (command and admin action) passes on good games and names corrupted ones."""

import subprocess
import sys
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from games.engine import Board
from games.models import Deal, Game, GameEvent, StaffAction
from games.play.selectors import replay
from games.play.verification import games_to_verify, verify_game, verify_games
from tests.support import servers

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = StringIO()
    call_command("verify_games", *args, stdout=out)
    return out.getvalue()


def run_failing(*args) -> tuple[CommandError, str]:
    out = StringIO()
    with pytest.raises(CommandError) as error:
        call_command("verify_games", *args, stdout=out)
    return error.value, out.getvalue()


def swapped_piles(state: str) -> str:
    board = Board.from_state(state)
    board.piles[0], board.piles[1] = board.piles[1], board.piles[0]
    return board.state_string()


def swapped_bottoms(layout: str) -> str:
    """The layout with the bottom cards of P1 and another pile exchanged (different, valid)."""
    piles = layout.split("/")
    other = next(i for i in range(1, 12) if piles[i][:2] != piles[0][:2])
    piles[0], piles[other] = piles[other][:2] + piles[0][2:], piles[0][:2] + piles[other][2:]
    return "/".join(piles)


CORRUPTIONS = {
    "score": (lambda g: Game.objects.filter(pk=g.pk).update(score=g.score + 10), "stored score is"),
    "status": (lambda g: Game.objects.filter(pk=g.pk).update(status="won"), "stored status is"),
    "moves": (lambda g: Game.objects.filter(pk=g.pk).update(moves=g.moves + 1), "stored moves"),
    "state": (
        lambda g: Game.objects.filter(pk=g.pk).update(state=swapped_piles(g.state)),
        "stored state differs from the replay (table at P1 P2)",
    ),
    "unreadable state": (
        lambda g: Game.objects.filter(pk=g.pk).update(state="1;garbage"),
        "stored state does not parse",
    ),
    "missing entry": (
        lambda g: GameEvent.objects.filter(game=g, seq=2).delete(),
        "not numbered 1..",
    ),
    "version": (lambda g: Game.objects.filter(pk=g.pk).update(version=g.version + 1), "version is"),
    "entry cards": (
        lambda g: (
            GameEvent.objects.filter(game=g, kind="move")
            .exclude(cards="")
            .filter(pk=GameEvent.objects.filter(game=g, kind="move").exclude(cards="").first().pk)
            .update(cards="P1=AS+P2=10S")
        ),
        "records cards",
    ),
    "illegal entry": (
        lambda g: GameEvent.objects.filter(game=g, seq=1).update(
            kind="move", positions="P1+P2", cards=""
        ),
        "does not replay",
    ),
    "deal layout": (
        lambda g: Deal.objects.filter(pk=g.deal_id).update(
            layout=swapped_bottoms(Deal.objects.get(pk=g.deal_id).layout)
        ),
        "stored layout differs from the layout its code deals",
    ),
}


def test_good_games_pass(played):
    games = [played(30, name="ann"), played(10, name="bob", resign=True), played(0, name="cy")]
    out = run()
    assert "Verified 3 games: 3 consistent, 0 mismatched." in out
    for game in games:
        verdict = verify_game(game)
        assert verdict.ok, verdict


def test_verification_agrees_with_the_services_replay(played):
    game = played(40)
    assert replay(game).state_string() == Game.objects.get(pk=game.pk).state


@pytest.mark.parametrize("corruption", sorted(CORRUPTIONS))
def test_a_corrupted_game_is_found_and_named(played, corruption):
    good = played(20, name="good")
    bad = played(20, name="bad", deal_code="HM1-N-BBBBBBB")
    damage, expected = CORRUPTIONS[corruption]
    damage(bad)
    error, out = run_failing()
    assert error.returncode == 1
    assert "Verified 2 games: 1 consistent, 1 mismatched." in str(error)
    assert f"MISMATCH game {bad.pk} (HM1-N-BBBBBBB)" in out
    assert expected in out
    assert f"game {good.pk} " not in out


def test_since_and_game_select_what_is_checked(played):
    first, second = played(6, name="ann"), played(6, name="bob")
    Game.objects.filter(pk=second.pk).update(score=second.score + 10)
    Game.objects.filter(pk=first.pk).update(started_at="2020-01-01T00:00:00Z")
    assert "Verified 1 games among ids" in run("--game", str(first.pk))
    error, out = run_failing("--game", str(second.pk), "--game", str(first.pk))
    assert "Verified 2 games" in str(error) and f"MISMATCH game {second.pk}" in out
    error, out = run_failing("--since", "2021-01-01")
    assert "Verified 1 games started since 2021-01-01" in str(error)
    assert "Verified 1 games started since 2019-12-31 among ids" in run(
        "--since", "2019-12-31", "--game", str(first.pk)
    )
    assert len(list(verify_games(games_to_verify()))) == 2


@pytest.mark.parametrize(
    "args, message",
    [
        (["--since", "yesterday"], "--since takes a date"),
        (["--game", "999999"], "No such game: 999999"),
    ],
)
def test_bad_arguments_are_refused(db, args, message):
    error, _ = run_failing(*args)
    assert message in str(error) and error.returncode == 2


@pytest.mark.django_db(transaction=True)
@pytest.mark.slow
def test_the_process_exit_code(played):
    """The real command line: 0 when everything matches, 1 with the game named otherwise."""
    game = played(8)
    command = [sys.executable, "manage.py", "verify_games"]
    env = servers.database_env()
    ok = subprocess.run(
        command, cwd=servers.REPO, env=env, capture_output=True, text=True, timeout=60
    )
    assert ok.returncode == 0, ok.stderr
    assert "1 consistent, 0 mismatched" in ok.stdout
    Game.objects.filter(pk=game.pk).update(moves=game.moves + 3)
    bad = subprocess.run(
        command, cwd=servers.REPO, env=env, capture_output=True, text=True, timeout=60
    )
    assert bad.returncode == 1
    assert f"MISMATCH game {game.pk}" in bad.stdout and "0 consistent, 1 mismatched" in bad.stderr


def test_admin_action_verifies_and_records(staff_client, staff_user, played):
    good, bad = played(10, name="good"), played(10, name="bad")
    Game.objects.filter(pk=bad.pk).update(score=bad.score + 10)
    response = staff_client.post(
        reverse("admin:games_game_changelist"),
        {"action": "verify_selected", "_selected_action": [good.pk, bad.pk]},
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "Verified 2 games: 1 consistent, 1 with mismatches." in page
    assert f"Game {bad.pk}</a>" in page and "stored score is" in page
    recorded = {a.target: a for a in StaffAction.objects.filter(action="verify")}
    assert set(recorded) == {f"game:{good.pk}", f"game:{bad.pk}"}
    assert recorded[f"game:{good.pk}"].reason == "ok"
    assert recorded[f"game:{bad.pk}"].reason.startswith("mismatch: stored score is")
    assert all(a.actor == staff_user for a in recorded.values())
