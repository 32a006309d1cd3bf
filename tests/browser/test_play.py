"""Playing by touch (SPEC §4) in a real browser: a whole game won by clicking, undo, the
move-error setting, and the stall announcement."""

import re

import pytest
from django.conf import settings
from playwright.sync_api import expect

from tests.support.moves import mismatched_pair, visible_pair
from tests.support.play import DEAL
from tests.support.solver import find_winnable_code

from .pages import (
    click_move,
    expect_table,
    expect_version,
    names,
    shown_game_id,
    slot,
    spot,
    stalling_deal,
    stat,
)

pytestmark = pytest.mark.browser


def test_a_known_deal_is_won_by_clicking_cards(open_page, player):
    code, moves = find_winnable_code(settings.HALFMOON_DEAL_KEY)
    page = open_page()
    page.get_by_role("button", name="By code").click()
    page.get_by_role("textbox", name="Deal code").fill(code.text.lower())
    page.get_by_role("button", name="Play").click()
    expect(stat(page, "deal_code")).to_have_text(code.text)

    for number, move in enumerate(moves, start=1):
        click_move(page, names(move), moves_after=number)

    won = page.locator("#won-dialog")
    expect(won).to_be_visible()
    expect(won.locator('[data-won="score"]')).to_have_text("520")
    expect(won.locator('[data-won="moves"]')).to_have_text("48")
    expect(won.locator('[data-won="time"]')).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(page.locator(".slot.is-empty")).to_have_count(20)
    expect(stat(page, "cards_left")).to_have_text("0")


def test_selection_is_highlighted_and_a_removed_pair_flies_off(open_page, player):
    http = player()
    game = http.post("/api/v1/games", {"deal_code": DEAL}).body
    page = open_page(http, game["id"])
    first, second = visible_pair(game)

    spot(page, first).click()
    expect(slot(page, first)).to_have_class(re.compile(r"\bis-selected\b"))
    spot(page, first).click()  # a selected card tapped again is deselected
    expect(slot(page, first)).not_to_have_class(re.compile(r"\bis-selected\b"))
    page.evaluate("""() => {
        window.flownOff = [];
        new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(
            (node) => window.flownOff.push(node.querySelector("svg").dataset.card))))
          .observe(document.querySelector(".fx"), {childList: true});
    }""")
    click_move(page, [first, second], moves_after=1)
    expect(stat(page, "score")).to_have_text("10")
    tops = {e["position"]: e.get("top", e.get("card")) for e in game["piles"] + game["reserve"]}
    assert sorted(page.evaluate("window.flownOff")) == sorted([tops[first], tops[second]])
    expect_table(page, http.get(f"/api/v1/games/{game['id']}").body)


def test_undo_puts_the_cards_back(open_page, player):
    http = player()
    game = http.post("/api/v1/games", {"deal_code": DEAL}).body
    page = open_page(http, game["id"])
    undo = page.locator('.actions [data-action="undo"]')
    expect(undo).to_be_disabled()

    click_move(page, visible_pair(game), moves_after=1)
    expect(undo).to_be_enabled()
    undo.click()
    expect(stat(page, "moves")).to_have_text("0")
    expect(stat(page, "score")).to_have_text("0")
    expect_table(page, game)
    expect(undo).to_be_disabled()
    assert http.get(f"/api/v1/games/{game['id']}").body["moves"] == 0


def test_a_mismatched_pair_shows_the_message_only_with_the_setting_on(open_page, player):
    http = player()
    game = http.post("/api/v1/games", {}).body
    page = open_page(http, game["id"])
    first, second = mismatched_pair(game)
    toast = page.locator(".toast")

    spot(page, first).click()
    spot(page, second).click()
    expect_version(page, 2)
    spot(page, first).click()  # taps go in order: the answer to the mismatch came before this
    expect(slot(page, first)).to_have_class(re.compile(r"\bis-selected\b"))
    expect(toast).to_be_hidden()
    spot(page, first).click()
    expect_version(page, 4)

    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Move errors").check()
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#settings-dialog")).to_be_hidden()
    assert http.get("/api/v1/players/me").body["settings"]["move_errors"] is True

    spot(page, first).click()
    spot(page, second).click()
    expect(toast).to_have_text("The sum must equal 11")
    expect(toast).to_have_attribute("data-kind", "message")
    expect(slot(page, first)).not_to_have_class(re.compile(r"\bis-selected\b"))

    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Language").select_option("hr")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("button", name="Postavke")).to_be_visible()
    spot(page, first).click()
    spot(page, second).click()
    expect(toast).to_have_text("Zbroj mora biti jednak 11")


def test_a_stall_is_announced_with_undo_or_new_game(open_page, player):
    code, moves = stalling_deal()
    http = player()
    game = http.post("/api/v1/games", {"deal_code": code.text}).body
    for move in moves[:-1]:
        assert (
            http.post(f"/api/v1/games/{game['id']}/moves", {"positions": names(move)}).status == 200
        )
    page = open_page(http, game["id"])
    stall = page.locator(".stall")
    expect(stall).to_be_hidden()

    click_move(page, names(moves[-1]), moves_after=len(moves))
    expect(stall).to_be_visible()
    expect(stall).to_contain_text("No more moves")
    expect(page.locator("#table")).to_have_attribute("data-status", "stalled")

    stall.get_by_role("button", name="Undo").click()
    expect(stall).to_be_hidden()
    expect(stat(page, "moves")).to_have_text(str(len(moves) - 1))
    click_move(page, names(moves[-1]), moves_after=len(moves))
    expect(stall).to_be_visible()

    stall.get_by_role("button", name="New game").click()
    expect(stall).to_be_hidden()
    expect(stat(page, "moves")).to_have_text("0")
    expect(page.locator("#table")).to_have_attribute("data-status", "playing")
    assert shown_game_id(page) != game["id"]


def test_the_placement_aid_dims_what_cannot_join_the_selection(open_page, player):
    http = player()
    assert (
        http.call("PATCH", "/api/v1/players/me", {"settings": {"placement_aid": True}}).status
        == 200
    )
    game = http.post("/api/v1/games", {}).body
    page = open_page(http, game["id"])
    position = mismatched_pair(game)[0]

    with page.expect_response(lambda r: r.url.endswith("/taps")) as answer:
        spot(page, position).click()
    dimmed = answer.value.json()["dimmed"]
    assert dimmed
    expect(page.locator(".slot.is-dimmed")).to_have_count(len(dimmed))
    shown = page.locator(".slot.is-dimmed").evaluate_all(
        "slots => slots.map(s => s.dataset.position)"
    )
    assert sorted(shown) == sorted(dimmed)
    spot(page, position).click()  # deselected: nothing is dimmed any more
    expect(page.locator(".slot.is-dimmed")).to_have_count(0)


def test_the_clock_ticks_and_the_deal_code_is_copied(open_page, player):
    http = player()
    game = http.post("/api/v1/games", {}).body
    page = open_page(http, game["id"])
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    clock = stat(page, "time")
    expect(clock).to_have_text("0:00")  # the clock starts at the first tap
    slot(page, "P1").click()
    expect(page.locator("#table")).to_have_attribute("data-version", "1")
    expect(clock).not_to_have_text("0:00")  # then it ticks

    page.get_by_role("button", name="Copy deal code").click()
    expect(page.locator(".toast")).to_have_text("Deal code copied")
    assert page.evaluate("navigator.clipboard.readText()") == game["deal_code"]


def empty_position_game(http):
    """A game a few removals in, with at least one empty position; returns (game, position)."""
    code, moves = stalling_deal()
    game = http.post("/api/v1/games", {"deal_code": code.text}).body
    for move in moves:
        game = http.post(f"/api/v1/games/{game['id']}/moves", {"positions": names(move)}).body
        empty = [r["position"] for r in game["reserve"] if r["card"] is None]
        empty += [p["position"] for p in game["piles"] if p["top"] is None]
        if empty:
            return game, empty[0]
    raise LookupError("no position emptied")


def test_an_empty_position_says_nothing_unless_move_errors_are_on(open_page, player):
    http = player()
    game, empty = empty_position_game(http)
    page = open_page(http, game["id"])
    taps = []
    page.on("request", lambda request: taps.append(request.url) if "/taps" in request.url else None)
    toast = page.locator(".toast")
    spot(page, empty).click()
    first = mismatched_pair(game)[0]
    spot(page, first).click()  # a later tap is answered: the empty one was long done
    expect_version(page, game["version"] + 1)
    expect(toast).to_be_hidden()
    assert (
        len(taps) == 1
        and game["version"] + 1 == http.get(f"/api/v1/games/{game['id']}").body["version"]
    )

    http.call("PATCH", "/api/v1/players/me", {"settings": {"move_errors": True}})
    page.reload()
    expect_version(page, game["version"] + 1)
    spot(page, empty).click()
    where = f"Pile {empty[1:]}" if empty.startswith("P") else f"Reserve slot {empty[1:]}"
    expect(toast).to_have_text(re.compile(rf"\b{where} is empty"))
    expect(toast).to_have_attribute("data-kind", "message")


def same_rank_faces(game):
    """Two visible face cards of one rank, or None."""
    seen = {}
    for position, card in [(p["position"], p["top"]) for p in game["piles"] if p["top"]] + [
        (r["position"], r["card"]) for r in game["reserve"] if r["card"]
    ]:
        if card[:-1] in ("J", "Q", "K"):
            if card[:-1] in seen:
                return seen[card[:-1]], position
            seen[card[:-1]] = position
    return None


def test_a_face_card_of_a_selected_rank_explains_itself_and_takes_the_selection(open_page, player):
    http = player()
    http.call("PATCH", "/api/v1/players/me", {"settings": {"move_errors": True}})
    for _ in range(40):
        game = http.post("/api/v1/games", {}).body
        pair = same_rank_faces(game)
        if pair:
            break
    else:
        raise LookupError("no deal with two visible face cards of one rank")
    page = open_page(http, game["id"])
    first, second = pair
    spot(page, first).click()
    expect(slot(page, first)).to_have_class(re.compile(r"\bis-selected\b"))
    spot(page, second).click()
    expect(page.locator(".toast")).to_have_text("A jack, a queen and a king are needed")
    expect(slot(page, second)).to_have_class(re.compile(r"\bis-selected\b"))
    expect(slot(page, first)).not_to_have_class(re.compile(r"\bis-selected\b"))


def test_dimmed_cards_survive_a_reload_and_show_in_a_second_tab_only_for_the_owner(
    open_page, player
):
    http = player()
    http.call("PATCH", "/api/v1/players/me", {"settings": {"placement_aid": True}})
    game = http.post("/api/v1/games", {}).body
    assert http.call("PATCH", f"/api/v1/games/{game['id']}", {"watchable": True}).status == 200
    page = open_page(http, game["id"])
    second_tab = open_page(context=page.context, game_id=game["id"])
    watcher = open_page(game_id=game["id"])
    position = mismatched_pair(game)[0]
    with page.expect_response(lambda r: r.url.endswith("/taps")) as answer:
        spot(page, position).click()
    dimmed = sorted(answer.value.json()["game"]["dimmed"])
    assert dimmed

    def shown(p):
        return sorted(
            p.locator(".slot.is-dimmed").evaluate_all("slots => slots.map(s => s.dataset.position)")
        )

    for tab in (page, second_tab):
        expect(tab.locator(".slot.is-dimmed")).to_have_count(len(dimmed))
        assert shown(tab) == dimmed
    expect(slot(watcher, position)).to_have_class(re.compile(r"\bis-selected\b"))
    expect(watcher.locator(".slot.is-dimmed")).to_have_count(0)
    page.reload()
    expect(page.locator(".slot.is-dimmed")).to_have_count(len(dimmed))
    assert shown(page) == dimmed

    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Placement aid").uncheck()
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".slot.is-dimmed")).to_have_count(0)  # the owner's view follows the setting
