"""The feel of a move and the cards' letters (issue 26), in a real browser: the discard stack
counts what goes, a refused pair shakes without a word, sounds are off until switched on, a
win's cascade covers the screen, nothing moves under reduced motion; the court cards show
V, D, R in hr and tr (on the faces and in the spoken labels), and the reserve is "rezerv"."""

import json
import re

import pytest
from django.conf import settings
from playwright.sync_api import expect

from games.engine import Board, DealCode
from tests.support.moves import mismatched_pair, visible_moves
from tests.support.solver import find_winnable_code

from .axe import assert_accessible
from .pages import PHONE, click_move, expect_table, names, slot, spot, stat

pytestmark = pytest.mark.browser

WIDE = {"width": 1366, "height": 768}
RED = re.compile(r"^rgb\((\d+), (\d+), (\d+)\)$")


def pair_then_triple() -> tuple[str, list[str], list[str]]:
    """A deal whose first visible cards hold a pair and a J+Q+K triple on other positions."""
    for number in range(400):
        code = DealCode(number)
        moves = visible_moves(Board(code.layout(settings.HALFMOON_DEAL_KEY)))
        pairs = [m for m in moves if len(m) == 2]
        triples = [m for m in moves if len(m) == 3]
        for pair in pairs:
            for triple in triples:
                if not set(pair) & set(triple):
                    return code.text, pair, triple
    raise LookupError("no deal with a pair and a separate triple in view")


def new_game(http, code: str | None = None, language: str | None = None) -> dict:
    if language:
        assert (
            http.call("PATCH", "/api/v1/players/me", {"settings": {"language": language}}).status
            == 200
        )
    return http.post("/api/v1/games", {"deal_code": code} if code else {}).body


def tops(game: dict) -> dict[str, str]:
    return {p["position"]: p["top"] for p in game["piles"] if p["top"]} | {
        r["position"]: r["card"] for r in game["reserve"] if r["card"]
    }


def court_positions(game: dict) -> dict[str, str]:
    """A visible position of each of J, Q, K: {"J": "P8", ...}."""
    return {card[:-1]: pos for pos, card in reversed(tops(game).items()) if card[:-1] in "JQK"}


def watch(page, selector: str, class_name: str) -> None:
    """Record in window.marked the data-position of every element of ``selector`` that gets
    ``class_name`` (a cue too short for polling to be sure to see)."""
    page.evaluate(
        """([selector, name]) => {
            window.marked = [];
            new MutationObserver((changes) => changes.forEach((change) => {
                if (change.target.classList.contains(name)) window.marked.push(change.target.dataset.position);
            })).observe(document.querySelector("#table"), {subtree: true, attributes: true, attributeFilter: ["class"]});
        }""",
        [selector, class_name],
    )


def race_win_moment(page, title: str) -> None:
    """Start feel.js's race-win moment as the race pages do (window.raceMoment turns "over"
    when it is dismissed); the page's own module, imported beside app.js."""
    page.evaluate(
        """async (title) => {
            const src = document.querySelector("script[type=module]").src;
            const feel = await import(new URL("../feel.js", src)); // the modules: beside dist/, the bundle's folder
            window.raceMoment = "shown";
            feel.celebrateRaceWin({ title }).then(() => { window.raceMoment = "over"; });
        }""",
        title,
    )


@pytest.mark.parametrize("language", ["hr", "tr"])
def test_court_cards_show_v_d_r_in_hr_and_tr_and_j_q_k_in_english(open_page, player, language):
    code, _, triple = pair_then_triple()
    http = player()
    game = new_game(http, code, language)
    page = open_page(http, game["id"])
    court = court_positions(game)
    cards = tops(game)
    for rank, letter in {"J": "V", "Q": "D", "K": "R"}.items():
        face = spot(page, court[rank]).locator("svg.card")
        expect(face.locator("text.rank")).to_have_text(letter)
        expect(face.locator(f"g.court-{rank.lower()}")).to_have_count(1)  # its own headgear
        symbol = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[cards[court[rank]][-1]]
        expect(spot(page, court[rank])).to_have_attribute(
            "aria-label", re.compile(re.escape(f"({letter}{symbol})"))
        )
    reserve_label = spot(page, "R1").get_attribute("aria-label")
    if language == "tr":
        assert reserve_label.startswith("Rezerv yeri 1"), reserve_label
    else:
        assert reserve_label.startswith("Polje rezerve 1"), reserve_label

    # the language switch re-renders the faces: English letters, English names
    page.locator('.tools [data-action="settings"], .actions [data-action="settings"]').first.click()
    page.locator('#settings-dialog select[name="language"]').select_option("en")
    page.locator('#settings-dialog button[value="save"]').click()
    expect(page.locator("#settings-dialog")).to_be_hidden()
    for rank in "JQK":
        expect(spot(page, court[rank]).locator("text.rank")).to_have_text(rank)
        expect(spot(page, court[rank])).to_have_attribute(
            "aria-label", re.compile(r"\b(jack|queen|king) of ")
        )
    expect(spot(page, "R1")).to_have_attribute("aria-label", re.compile(r"^Reserve 1, "))

    # the announcement of a removal names the cards with the page's letters too
    page.locator('.tools [data-action="settings"], .actions [data-action="settings"]').first.click()
    page.locator('#settings-dialog select[name="language"]').select_option(language)
    page.locator('#settings-dialog button[value="save"]').click()
    expect(spot(page, court["K"]).locator("text.rank")).to_have_text("R")
    click_move(page, triple, moves_after=1)
    expect(page.locator(".announcer")).to_contain_text("(V")  # the removal is announced
    announced = page.locator(".announcer").text_content()
    assert all(f"({letter}" in announced for letter in "VDR"), announced


def test_the_discard_stack_counts_two_for_a_pair_and_three_for_a_triple(open_page, player):
    code, pair, triple = pair_then_triple()
    http = player()
    game = new_game(http, code)
    page = open_page(http, game["id"])
    discard = page.locator("#table .discard")
    expect(discard.locator(".count")).to_have_text("0")
    expect(discard).to_have_class(re.compile(r"\bis-empty\b"))
    # every animation started, with where it runs: the flights, the flips, the stack's bump
    page.evaluate("""() => {
        window.started = [];
        const animate = Element.prototype.animate;
        Element.prototype.animate = function (frames, options) {
            const where = this.closest(".spot")?.dataset.position
                || (this.closest(".ghost") ? "ghost" : this.closest(".discard") ? "discard" : "");
            window.started.push([where, JSON.stringify(frames)]);
            return animate.call(this, frames, options);
        };
    }""")

    click_move(page, pair, moves_after=1)
    expect(discard.locator(".count")).to_have_text("2")
    expect(discard).to_have_attribute("data-count", "2")
    page.wait_for_function(
        "() => window.started.filter(([where]) => where === 'discard').length >= 2"
    )
    started = page.evaluate("window.started")
    assert [w for w, frames in started if w == "ghost" and "translate(" in frames] == ["ghost"] * 2
    piles_left = [p for p in pair if p.startswith("P")]  # a pile shows its next card
    flipped = {w for w, frames in started if "rotateY" in frames}
    assert flipped == set(piles_left), (flipped, piles_left)
    click_move(page, triple, moves_after=2)
    expect(discard.locator(".count")).to_have_text("5")
    expect(stat(page, "cards_left")).to_have_text("99")
    # the last card to land lies face up on the stack
    landed = discard.locator(".discard-pile svg.card")
    expect(landed).to_have_attribute("data-card", re.compile(r"^[JQK][CDHS]$"))
    assert landed.get_attribute("data-card") in {tops(game)[p] for p in triple}

    page.locator('.actions [data-action="undo"]').click()
    expect(discard.locator(".count")).to_have_text("2")
    assert http.get(f"/api/v1/games/{game['id']}").body["cards_left"] == 102


def test_a_refused_pair_shakes_without_a_word_and_changes_nothing(open_page, player):
    http = player()
    game = new_game(http)
    page = open_page(http, game["id"])
    first, second = mismatched_pair(game)
    watch(page, ".slot", "is-refused")

    spot(page, first).click()
    spot(page, second).click()
    expect(page.locator("#table")).to_have_attribute("data-version", str(game["version"] + 2))
    page.wait_for_function("() => window.marked.length >= 2")
    assert set(page.evaluate("window.marked")) == {first, second}
    expect(page.locator(".toast")).to_be_hidden()
    assert (page.locator(".announcer").text_content() or "") == ""
    expect(page.locator(".slot.is-refused")).to_have_count(0)  # a brief cue: it goes again
    after = http.get(f"/api/v1/games/{game['id']}").body
    assert after["moves"] == 0 and after["cards_left"] == 104 and not after["selection"]
    expect_table(page, after)
    assert tops(after) == tops(game)


def test_sounds_are_off_by_default_and_the_choice_persists(open_page, player):
    http = player()
    page = open_page(http, new_game(http)["id"])
    settings_button = page.locator(
        '.tools [data-action="settings"], .actions [data-action="settings"]'
    ).first
    sounds = page.get_by_label("Sounds")
    settings_button.click()
    expect(sounds).not_to_be_checked()
    assert page.evaluate("localStorage.getItem('halfmoon.sounds')") is None
    sounds.check()
    page.locator('#settings-dialog button[value="cancel"]').click()  # closed unsaved: still off
    assert page.evaluate("localStorage.getItem('halfmoon.sounds')") is None
    settings_button.click()
    expect(sounds).not_to_be_checked()
    sounds.check()
    page.locator('#settings-dialog button[value="save"]').click()
    expect(page.locator("#settings-dialog")).to_be_hidden()
    assert page.evaluate("localStorage.getItem('halfmoon.sounds')") == "on"

    page.reload()
    expect(page.locator("#table")).to_have_attribute("data-version", re.compile(r"^\d+$"))
    settings_button.click()
    expect(sounds).to_be_checked()
    page.get_by_label("Language").select_option("hr")
    page.locator('#settings-dialog button[value="save"]').click()
    settings_button.click()
    expect(page.get_by_label("Zvukovi")).to_be_checked()


def test_nothing_moves_under_reduced_motion(browser, daphne_server, open_page, player):
    code, pair, triple = pair_then_triple()
    http = player()
    game = new_game(http, code)
    context = browser.new_context(viewport=WIDE, reduced_motion="reduce")
    context.add_init_script(f"localStorage.setItem('halfmoon.token', {json.dumps(http.token)});")
    try:
        page = open_page(http, game["id"], context=context)
        spot(page, pair[0]).click()
        expect(slot(page, pair[0])).to_have_class(re.compile(r"\bis-selected\b"))
        assert page.evaluate("document.getAnimations().length") == 0
        spot(page, pair[1]).click()
        expect(stat(page, "moves")).to_have_text("1")
        assert page.evaluate("document.getAnimations().length") == 0
        expect(page.locator("#table .fx .ghost")).to_have_count(0)
        expect(page.locator("#table .discard .count")).to_have_text("2")
        # the removed card is on the stack at once
        expect(page.locator(".discard-pile svg.card")).to_have_attribute(
            "data-card", re.compile("|".join(tops(game)[p] for p in pair))
        )
        click_move(page, triple, moves_after=2)
        assert page.evaluate("document.getAnimations().length") == 0
        race_win_moment(page, "Won")
        expect(page.locator(".celebration-layer")).to_be_visible()
        assert page.evaluate("document.getAnimations().length") == 0
    finally:
        context.close()


def test_dimmed_red_cards_keep_their_red(open_page, player):
    http = player()
    assert (
        http.call("PATCH", "/api/v1/players/me", {"settings": {"placement_aid": True}}).status
        == 200
    )
    for _ in range(10):  # a deal with a dimmed red card once a number card is selected
        game = new_game(http)
        numbers = [p for p, c in tops(game).items() if c[:-1] not in "JQK"]
        partners = {q for move in visible_moves(game) if numbers[0] in move for q in move}
        red = [
            p
            for p, c in tops(game).items()
            if c[-1] in "HD" and p not in partners and p != numbers[0]  # not the selected one
        ]
        if red:
            break
    page = open_page(http, game["id"])
    spot(page, numbers[0]).click()
    dimmed = slot(page, red[0])
    expect(dimmed).to_have_class(re.compile(r"\bis-dimmed\b"))
    fill = dimmed.locator("text.rank").evaluate("(el) => getComputedStyle(el).fill")
    r, g, b = map(int, RED.match(fill).groups())
    assert r > 140 and g < 60 and b < 80, fill  # still red, not greyed to black
    assert dimmed.locator(".spot").evaluate("(el) => getComputedStyle(el).filter") == "none"
    face = dimmed.locator("rect.face").evaluate("(el) => getComputedStyle(el).fill")
    assert face != "rgb(255, 253, 247)", face  # the face is greyer: dimmed is still seen


def test_the_win_cascades_over_the_whole_screen_behind_the_won_dialog(open_page, player):
    code, moves = find_winnable_code(settings.HALFMOON_DEAL_KEY)
    http = player()
    game = new_game(http, code.text)
    for move in moves[:-1]:
        assert (
            http.post(f"/api/v1/games/{game['id']}/moves", {"positions": names(move)}).status == 200
        )
    page = open_page(http, game["id"])
    expect(page.locator("#table .discard .count")).to_have_text(str(104 - len(moves[-1].positions)))
    click_move(page, names(moves[-1]), moves_after=48)

    layer = page.locator(".celebration-layer")
    won = page.locator("#won-dialog")
    expect(layer).to_be_visible()
    expect(won).to_be_visible()
    expect(page.locator("#table .discard .count")).to_have_text("104")
    viewport = page.viewport_size
    box, dialog = layer.bounding_box(), won.bounding_box()
    assert box == {"x": 0, "y": 0, "width": viewport["width"], "height": viewport["height"]}
    assert box["width"] * box["height"] > 2 * dialog["width"] * dialog["height"]
    lefts = layer.locator(".cascade-card").evaluate_all(
        "(cards) => cards.map((c) => [c.offsetLeft, c.offsetLeft + c.offsetWidth])"
    )
    assert len(lefts) >= 20
    assert (
        min(a for a, _ in lefts) < dialog["x"]
        and max(b for _, b in lefts) > dialog["x"] + dialog["width"]
    )
    assert page.evaluate(
        "document.querySelector('.celebration-layer').matches(':popover-open')"
    )  # in the top layer, never clipped by the dialog…
    # …but beneath it: the won dialog is readable and usable at once, the cards fall behind it
    # (issue 38: the cascade hid it for five seconds).
    on_top = page.evaluate(
        """() => { const d = document.querySelector('#won-dialog').getBoundingClientRect();
        const hit = document.elementFromPoint(d.x + d.width / 2, d.y + d.height / 2);
        return Boolean(hit && hit.closest('#won-dialog')); }"""
    )
    assert on_top
    page.keyboard.press("Escape")
    expect(layer).to_have_count(0)
    expect(stat(page, "cards_left")).to_have_text("0")


def test_the_race_win_moment_is_announced_and_a_click_dismisses_it(open_page, player):
    http = player()
    page = open_page(http, new_game(http)["id"])
    race_win_moment(page, "You won the race!")
    title = page.get_by_role("status").filter(has_text="You won the race!")
    expect(title).to_be_visible()
    page.mouse.click(20, 20)
    expect(page.locator(".celebration-layer")).to_have_count(0)
    page.wait_for_function("() => window.raceMoment === 'over'")


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["desktop", "phone"])
def test_the_discard_stack_and_the_celebration_pass_axe(open_page, player, viewport):
    code, pair, _ = pair_then_triple()
    http = player()
    page = open_page(http, new_game(http, code)["id"], viewport=viewport)
    click_move(page, pair, moves_after=1)
    discard = page.locator("#table .discard .discard-pile").bounding_box()
    assert discard["x"] + discard["width"] <= viewport["width"]
    assert discard["y"] + discard["height"] <= viewport["height"]
    assert_accessible(page, "the table with its discard stack")
    race_win_moment(page, "You won the race!")
    expect(page.get_by_role("status").filter(has_text="You won the race!")).to_be_visible()
    assert_accessible(page, "the race-win moment")
