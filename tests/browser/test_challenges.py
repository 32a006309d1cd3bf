"""Challenges and replays in the browser (SPEC §11): a challenge made from the end-of-game
dialog, its link opened in a second browser context and played to its end, the board live, and
the creator's line replayed step by step to the end and back; axe in each state, at desktop
and phone sizes. The challenge taker sees what to beat and the verdict; a replay counts
removals (taps that only selected are passed over) with the score, its controls in view."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.support.http import Http
from tests.support.moves import visible_cards, visible_pair

from .axe import assert_accessible
from .pages import wait_ready
from .test_layouts import keep_screenshot

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def _legal(game_id: int) -> list[str]:
    board = Game.objects.get(pk=game_id).board()
    return [p.name for p in board.legal_moves()[0].positions]


def _resign(http, game_id: int) -> None:
    """Resign over REST, as the fastest way to an end: the page hears it on its game socket."""
    assert http.post(f"/api/v1/games/{game_id}/resign").status == 200


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_challenge_link_played_in_a_second_context_and_the_line_replayed(
    open_page, player, daphne_server, viewport
):
    ana = player("Ana")
    game = ana.post("/api/v1/games", {}).body
    for _ in range(2):
        assert ana.post(f"/api/v1/games/{game['id']}/moves", {"positions": _legal(game["id"])})
    page = open_page(ana, game_id=game["id"], viewport=viewport)
    if viewport is PHONE:
        page.set_viewport_size(viewport)
    _resign(ana, game["id"])
    ended = page.locator("#ended-dialog")
    expect(ended).to_be_visible()
    ended.get_by_role("button", name="Challenge a friend").click()
    expect(page).to_have_url(re.compile(r"#/challenge/[A-Za-z0-9_-]{20,}$"))
    view = page.locator(".challenge-view")
    expect(view.get_by_role("heading", name="A challenge from Ana")).to_be_visible()
    link = view.locator(".challenge-link").input_value()
    code = link.rsplit("/", 1)[1]
    assert game["deal_code"] not in view.inner_text()
    assert_accessible(page, f"the creator's challenge page ({viewport})")

    bo = player("Bo")
    other = open_page(bo, viewport=viewport)  # a second browser context: Bo's own device
    other.goto(link)
    challenge = other.locator(".challenge-view")
    expect(challenge.get_by_role("heading", name="A challenge from Ana")).to_be_visible()
    # The result to beat stands on the board, marked, before anyone has finished it.
    expect(challenge.locator(".board li.creator .name")).to_have_text("Ana")
    expect(challenge.locator(".board li.creator .mark")).to_have_text("to beat")
    assert game["deal_code"] not in other.content()  # the deal shows with Bo's own game only
    assert_accessible(other, f"a challenge before playing it ({viewport})")
    challenge.get_by_role("button", name="Play the challenge").click()
    expect(other).to_have_url(re.compile(r"#/games/\d+$"))
    wait_ready(other)
    bo_game = int(other.url.rsplit("/", 1)[1])
    assert Game.objects.get(pk=bo_game).deal.code == game["deal_code"]
    _resign(bo, bo_game)
    expect(other.locator("#ended-dialog")).to_be_visible()
    other.locator("#ended-dialog").get_by_role("button", name="Close").click()

    # Ana's page still on the challenge: its board is live
    expect(view.locator(".board li")).to_have_count(2)
    expect(view.locator(".board li:not(.creator) .name")).to_have_text("Bo")
    # Ana's two removals ahead of Bo's none: her row stands first, marked, without a rank.
    expect(view.locator(".board li").first).to_have_class(re.compile(r"\bcreator\b"))
    other.goto(link)
    expect(challenge.locator(".board li:not(.creator) .rank")).to_have_text("1")
    replay = challenge.get_by_role("link", name="Replay Ana's game")
    assert_accessible(other, f"a challenge after playing it ({viewport})")
    replay.click()

    stepper = other.locator(".replay-view")
    position = stepper.locator(".replay-position")
    expect(position).to_have_text("Move 0 of 3")
    assert_accessible(other, f"a replay at its start ({viewport})")
    other.keyboard.press("ArrowRight")
    expect(position).to_have_text("Move 1 of 3")
    expect(stepper.get_by_role("status")).to_contain_text("Removed")
    expect(other).to_have_url(re.compile(rf"#/games/{game['id']}/replay/1$"))
    other.keyboard.press("End")
    expect(position).to_have_text("Move 3 of 3")
    expect(stepper.get_by_role("status")).to_contain_text("resigned")
    expect(stepper.get_by_role("button", name="Step forward")).to_be_disabled()
    other.keyboard.press("Home")
    expect(position).to_have_text("Move 0 of 3")
    stepper.get_by_role("button", name="Step forward").click()
    stepper.get_by_role("button", name="Step back").click()
    expect(position).to_have_text("Move 0 of 3")
    stepper.get_by_role("button", name="Play").click()  # plays to the end, then stops
    expect(position).to_have_text("Move 3 of 3", timeout=15_000)
    expect(stepper.get_by_role("button", name="Play")).to_be_visible()
    assert_accessible(other, f"a replay at its end ({viewport})")
    # a link to a move opens there
    other.goto(f"{daphne_server}/#/games/{game['id']}/replay/2")
    expect(position).to_have_text("Move 2 of 3")
    assert code


VERDICTS = {
    "en": {
        "beat": "Beat Ana's {score}",
        "beaten": "You beat Ana's {score}",
        "stands": "Ana's {score} stands",
    },
    "hr": {
        "beat": "Nadmaši igrača Ana: {score}",
        "beaten": "Rezultat igrača Ana ({score}) je nadmašen",
        "stands": "Rezultat igrača Ana ({score}) ostaje neoboren",
    },
    "tr": {
        "beat": "Ana oyuncusunun {score} puanını geçin",
        "beaten": "Ana oyuncusunun {score} puanını geçtiniz",
        "stands": "Ana oyuncusunun {score} puanı geçilemedi",
    },
}


@pytest.mark.parametrize(
    ("viewport", "language", "outcome"),
    [
        (PHONE, "en", "beaten"),
        (DESKTOP, "en", "stands"),
        (PHONE, "hr", "beaten"),
        (DESKTOP, "tr", "stands"),
    ],
    ids=["phone-en-beaten", "desktop-en-stands", "phone-hr-beaten", "desktop-tr-stands"],
)
def test_the_challenge_taker_sees_what_to_beat_and_the_verdict(
    open_page, player, viewport, language, outcome, tmp_path
):
    words = VERDICTS[language]
    ana = player("Ana")
    game = ana.post("/api/v1/games", {}).body
    assert ana.post(f"/api/v1/games/{game['id']}/moves", {"positions": _legal(game["id"])})
    _resign(ana, game["id"])
    target = ana.get(f"/api/v1/games/{game['id']}").body["score"]
    assert target > 0
    made = ana.post(f"/api/v1/games/{game['id']}/challenge")
    assert made.status in (200, 201), made.body
    code = made.body["code"]

    bo = player("Bo")
    assert (
        bo.call("PATCH", "/api/v1/players/me", {"settings": {"language": language}}).status == 200
    )
    page = open_page(bo, viewport=viewport)  # Bo's own browser context
    page.goto(page.url.split("#")[0] + f"#/challenge/{code}")
    page.locator('.challenge-view button[data-challenge="play"]').click()
    expect(page).to_have_url(re.compile(r"#/games/\d+$"))
    wait_ready(page)
    bo_game = int(page.url.rsplit("/", 1)[1])
    strip = page.locator(".challenge-strip")
    expect(strip).to_be_visible()
    expect(strip).to_have_text(words["beat"].format(score=target))
    box = strip.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
    assert_accessible(page, f"a challenge game with what to beat ({viewport})")

    for _ in range(2 if outcome == "beaten" else 0):  # two removals beat Ana's one
        assert bo.post(f"/api/v1/games/{bo_game}/moves", {"positions": _legal(bo_game)})
    _resign(bo, bo_game)
    ended = page.locator("#ended-dialog")
    expect(ended).to_be_visible()
    expect(ended.locator("h2")).to_have_text(words[outcome].format(score=target))
    expect(ended).to_have_attribute("data-verdict", outcome)
    expect(strip).to_be_hidden()
    assert_accessible(page, f"a challenge game's verdict ({viewport})")
    if viewport == PHONE and language == "en":
        keep_screenshot(page, tmp_path / "screenshot-challenge-verdict.png")
    ended.locator('button[data-action="close"]').click()

    # a game not at a challenge keeps the plain title
    ended_plain = bo.post("/api/v1/games", {}).body
    page.goto(page.url.split("#")[0] + f"#/games/{ended_plain['id']}")
    wait_ready(page)
    expect(strip).to_be_hidden()
    _resign(bo, ended_plain["id"])
    expect(ended).to_be_visible()
    expect(ended).to_have_attribute("data-verdict", "")
    assert ended.locator("h2").text_content() != words[outcome].format(score=target)


def _second_device(daphne_server, http) -> Http:
    """The same player on another device: a link code from the first, redeemed for a token of
    its own (SPEC §9), as a person's phone is signed in."""
    code = http.post("/api/v1/players/me/link-codes").body["code"]
    linked = Http(daphne_server).post("/api/v1/players/link", {"code": code, "device": "phone"})
    assert linked.status == 200, linked.body
    assert linked.body["id"] == http.get("/api/v1/players/me").body["id"]
    return Http(daphne_server, linked.body["token"])


def test_a_challenge_game_shows_what_to_beat_and_its_verdict_on_a_second_device(
    open_page, player, daphne_server
):
    """The game says which challenge it was played at (its own `challenge`): a device that never
    saw the challenge's page — a fresh browser context, its own token, nothing else stored —
    shows the strip while the game runs and the verdict at its end, and again after a reload."""
    ana = player("Ana")
    game = ana.post("/api/v1/games", {}).body
    assert ana.post(f"/api/v1/games/{game['id']}/moves", {"positions": _legal(game["id"])})
    _resign(ana, game["id"])
    target = ana.get(f"/api/v1/games/{game['id']}").body["score"]
    code = ana.post(f"/api/v1/games/{game['id']}/challenge").body["code"]

    bo = player("Bo")
    first = open_page(bo, viewport=DESKTOP)  # the device Bo took the challenge on
    first.goto(first.url.split("#")[0] + f"#/challenge/{code}")
    first.locator('.challenge-view button[data-challenge="play"]').click()
    expect(first).to_have_url(re.compile(r"#/games/\d+$"))
    wait_ready(first)
    bo_game = int(first.url.rsplit("/", 1)[1])
    beat = f"Beat Ana's {target}"
    expect(first.locator(".challenge-strip")).to_have_text(beat)
    # nothing of the challenge is kept on the device: the game carries it
    kept = first.evaluate("Object.keys(localStorage)")
    assert not [key for key in kept if "challenge" in key], kept

    phone = _second_device(daphne_server, bo)
    second = open_page(phone, game_id=bo_game, viewport=PHONE)  # a fresh context
    kept = second.evaluate("Object.keys(localStorage)")
    assert not [key for key in kept if "challenge" in key], kept
    strip = second.locator(".challenge-strip")
    expect(strip).to_be_visible()
    expect(strip).to_have_text(beat)
    box = strip.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert_accessible(second, "a challenge game on a second device (phone)")

    # two removals on the second device beat Ana's one; the end is heard on both devices
    for _ in range(2):
        assert phone.post(f"/api/v1/games/{bo_game}/moves", {"positions": _legal(bo_game)})
    _resign(phone, bo_game)
    verdict = f"You beat Ana's {target}"
    for page in (second, first):
        ended = page.locator("#ended-dialog")
        expect(ended).to_be_visible()
        expect(ended.locator("h2")).to_have_text(verdict)
        expect(ended).to_have_attribute("data-verdict", "beaten")
        expect(page.locator(".challenge-strip")).to_be_hidden()
    assert_accessible(second, "a challenge game's verdict on a second device (phone)")

    # opened again after its end, on a device with nothing but its token: the verdict shows
    again = open_page(phone, game_id=bo_game, viewport=DESKTOP)
    ended = again.locator("#ended-dialog")
    expect(ended).to_be_visible()
    expect(ended.locator("h2")).to_have_text(verdict)
    expect(ended).to_have_attribute("data-verdict", "beaten")


def _bar_in_view(page) -> dict:
    """The replay's sticky bar: inside the viewport and on top at its middle (not hidden under
    a toolbar)."""
    return page.evaluate("""() => {
        const bar = document.querySelector(".replay-bar");
        const box = bar.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const under = document.querySelector(".actions")?.getBoundingClientRect();
        const fixed = under && getComputedStyle(document.querySelector(".actions")).position === "fixed";
        return {top: box.top, bottom: box.bottom, left: box.left, right: box.right,
                height: innerHeight, width: innerWidth, onTop: bar.contains(hit),
                clear: !fixed || box.bottom <= under.top + 0.5 || box.right <= under.left + 0.5};
    }""")


REPLAY_WORDS = {
    "en": ("Move {n} of {total}", "Score {score}"),
    "hr": ("Potez {n} od {total}", "Bodovi: {score}"),
    "tr": ("Hamle {n} / {total}", "Puan: {score}"),
}


@pytest.mark.parametrize(
    ("viewport", "language"),
    [(DESKTOP, "en"), (PHONE, "en"), (PHONE, "hr"), (DESKTOP, "tr")],
    ids=["desktop-en", "phone-en", "phone-hr", "desktop-tr"],
)
def test_a_replay_counts_removals_with_the_score_and_keeps_its_controls_in_view(
    open_page, player, viewport, language
):
    move_words, score_words = REPLAY_WORDS[language]

    def move(n):
        return move_words.format(n=n, total=3)

    def points(n):
        return score_words.format(score=n)

    ana = player("Ana")
    assert (
        ana.call("PATCH", "/api/v1/players/me", {"settings": {"language": language}}).status == 200
    )
    game = ana.post("/api/v1/games", {}).body
    gid = game["id"]
    lone = visible_cards(game)[0][0]
    for _ in range(2):  # a selection and its undoing: two taps, nothing removed
        assert ana.post(f"/api/v1/games/{gid}/taps", {"position": lone}).status == 200
    first = visible_pair(game)
    for position in first:  # a removal made by taps
        assert ana.post(f"/api/v1/games/{gid}/taps", {"position": position}).status == 200
    after_taps = ana.get(f"/api/v1/games/{gid}").body
    assert after_taps["moves"] == 1, after_taps
    second = visible_pair(after_taps)
    assert ana.post(f"/api/v1/games/{gid}/moves", {"positions": second}).status == 200
    two = ana.get(f"/api/v1/games/{gid}").body
    _resign(ana, gid)
    assert two["version"] == 5  # four taps and a move; the resignation is the sixth entry

    page = open_page(ana, game_id=gid, viewport=viewport)
    page.goto(page.url.split("#")[0] + f"#/games/{gid}/replay/0")
    view = page.locator(".replay-view")
    position, score = view.locator(".replay-position"), view.locator(".replay-score")
    expect(position).to_have_text(move(0))
    expect(score).to_have_text(points(0))
    page.keyboard.press("ArrowRight")  # the taps that only selected are passed over
    expect(position).to_have_text(move(1))
    expect(score).to_have_text(points(after_taps["score"]))
    expect(view.locator(".replay-table")).to_have_attribute("data-version", "4")
    expect(view.get_by_role("status")).to_contain_text(points(after_taps["score"]))
    expect(page).to_have_url(re.compile(rf"#/games/{gid}/replay/1$"))
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text(move(2))
    expect(score).to_have_text(points(two["score"]))
    expect(view.locator(".replay-table")).to_have_attribute("data-version", "5")
    page.keyboard.press("End")
    expect(position).to_have_text(move(3))
    if language == "en":
        expect(view.get_by_role("status")).to_contain_text("resigned")
    page.keyboard.press("ArrowLeft")
    expect(position).to_have_text(move(2))

    # the controls stay in view at the page's top and its bottom
    for where in ("0", "document.documentElement.scrollHeight"):
        page.evaluate(f"window.scrollTo(0, {where})")
        page.wait_for_function(
            f"() => Math.abs(scrollY - Math.min({where}, "
            "document.documentElement.scrollHeight - innerHeight)) < 2"
        )
        bar = _bar_in_view(page)
        assert bar["top"] >= 0 and bar["bottom"] <= bar["height"], bar
        assert bar["left"] >= 0 and bar["right"] <= bar["width"], bar
        assert bar["onTop"] and bar["clear"], bar
    view.locator('button[data-replay="back"]').click()
    expect(position).to_have_text(move(1))
    assert_accessible(page, f"a replay by removals ({viewport}, {language})")
    page.goto(page.url.split("#")[0] + f"#/games/{gid}/replay/2")  # a link to a move
    expect(position).to_have_text(move(2))
