"""The table as SPEC §1 lays it out, on a phone and on a desktop, against what the API says;
and the page's traffic: only the documented API, the game socket and its own static files."""

import itertools
import re

import pytest
from playwright.sync_api import expect

from tests.support.http import Http
from tests.support.moves import visible_pair
from tests.support.play import DEAL

from .pages import (
    DESKTOP,
    PHONE,
    PILES,
    RESERVE,
    expect_table,
    expect_version,
    names,
    slot,
    spot,
    stalling_deal,
    stat,
)

pytestmark = pytest.mark.browser

LANDSCAPE = {"width": 844, "height": 390}


def boxes(page):
    return {pos: slot(page, pos).locator(".spot").bounding_box() for pos in PILES + RESERVE}


def centre_x(box):
    return box["x"] + box["width"] / 2


def assert_arc(b):
    """P1–P3 up the left (P1 lowest), P4–P10 across the top, P11–P12 down the right under the
    corner, the reserve in two rows of four inside the arc; nothing overlaps."""
    top = [b[f"P{n}"] for n in range(4, 11)]
    assert all(abs(box["y"] - top[0]["y"]) < 1 for box in top)
    assert all(left["x"] + left["width"] <= right["x"] for left, right in itertools.pairwise(top))
    left_side = [b["P4"], b["P3"], b["P2"], b["P1"]]
    assert all(abs(centre_x(box) - centre_x(b["P4"])) < 1 for box in left_side)
    assert all(
        upper["y"] + upper["height"] < lower["y"] for upper, lower in itertools.pairwise(left_side)
    )
    right_side = [b["P10"], b["P11"], b["P12"]]
    assert all(abs(centre_x(box) - centre_x(b["P10"])) < 1 for box in right_side)
    assert all(
        upper["y"] + upper["height"] < lower["y"] for upper, lower in itertools.pairwise(right_side)
    )
    for row in ([b[f"R{n}"] for n in range(1, 5)], [b[f"R{n}"] for n in range(5, 9)]):
        assert all(abs(box["y"] - row[0]["y"]) < 1 for box in row)
        assert all(
            left["x"] + left["width"] <= right["x"] for left, right in itertools.pairwise(row)
        )
        assert row[0]["x"] > b["P3"]["x"] + b["P3"]["width"]
        assert row[-1]["x"] + row[-1]["width"] < b["P11"]["x"]
        assert row[0]["y"] > b["P4"]["y"] + b["P4"]["height"]
    assert b["R5"]["y"] > b["R1"]["y"] + b["R1"]["height"]
    assert (
        abs(
            (centre_x(b["R1"]) + centre_x(b["R4"])) / 2
            - (centre_x(b["P4"]) + centre_x(b["P10"])) / 2
        )
        < 1
    )


def assert_inside(b, viewport):
    for position, box in b.items():
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], position
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], position


@pytest.mark.parametrize(
    "viewport", [PHONE, LANDSCAPE, DESKTOP], ids=["phone", "landscape", "desktop"]
)
def test_the_arc_matches_the_api_and_fits_the_screen(open_page, player, viewport):
    code, moves = stalling_deal()
    http = player()
    game = http.post("/api/v1/games", {"deal_code": code.text}).body
    for move in moves[:6]:
        http.post(f"/api/v1/games/{game['id']}/moves", {"positions": names(move)})
    page = open_page(http, game["id"], viewport=viewport)
    game = http.get(f"/api/v1/games/{game['id']}").body

    expect_table(page, game)
    for entry in game["piles"]:
        label = slot(page, entry["position"]).locator(".label")
        expect(label).to_have_text(f"{entry['position']}{entry['count']}")
    for entry in game["reserve"]:
        position, card = entry["position"], entry["card"]
        expect(slot(page, position).locator(".label")).to_have_text(f"{position}{1 if card else 0}")
        drawn = slot(page, position).locator("svg.card")
        if card:
            expect(drawn).to_have_attribute("data-card", card)
        else:
            expect(drawn).to_have_class(re.compile(r"\bcard-empty\b"))
            expect(slot(page, position)).to_have_class(re.compile(r"\bis-empty\b"))
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    placed = boxes(page)
    assert_arc(placed)
    assert_inside(placed, viewport)


def test_the_page_uses_only_the_public_api(open_page, player, daphne_server):
    schema = Http(daphne_server).get("/api/v1/schema/?format=json").body
    documented = [
        re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", path) + "$") for path in schema["paths"]
    ]
    http = player()
    game = http.post("/api/v1/games", {"deal_code": DEAL}).body
    requests, sockets = [], []
    page = open_page(http, game["id"])
    page.on("request", lambda request: requests.append(request.url))
    page.on("websocket", lambda socket: sockets.append(socket.url))
    page.reload()
    expect_version(page, game["version"])
    click_pair = visible_pair(game)
    for position in click_pair:
        spot(page, position).click()
    expect(stat(page, "moves")).to_have_text("1")
    page.locator('.actions [data-action="undo"]').click()
    expect(stat(page, "moves")).to_have_text("0")
    page.locator('.actions [data-action="daily"]').click()
    expect(page.locator(".daily-card")).to_be_visible()
    page.get_by_role("button", name="Back to the game").click()
    expect_version(page, game["version"] + 3)

    paths = [re.sub(r"^https?://[^/]+", "", url).split("?")[0] for url in requests]
    api_calls = [path for path in paths if path.startswith("/api/")]
    assert api_calls and all(any(p.match(path) for p in documented) for path in api_calls), (
        api_calls
    )
    assert all(path == "/" or path.startswith(("/api/v1/", "/static/")) for path in paths), paths
    assert any(url.endswith(f"/ws/games/{game['id']}/") for url in sockets)
    assert any(re.search(r"/ws/daily/\d{4}-\d\d-\d\d/", url) for url in sockets)
    # The token rides in the subprotocol offer, never in a socket's URL.
    assert all(
        re.search(rf"/ws/(games/{game['id']}|daily/[\d-]+)/", url) and "token" not in url
        for url in sockets
    )
