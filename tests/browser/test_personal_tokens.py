"""Personal tokens on the account page (SPEC §13): a player makes one with the scopes ticked,
sees it once, finds it listed by its name and first characters (never the token), and revokes
it — the token stops at once. axe at phone and desktop sizes."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.support.http import API, Http

from .axe import assert_accessible
from .test_accounts import go, keep_progress

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 768}}


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_token_is_made_shown_once_listed_and_revoked(open_page, daphne_server, size):
    page = open_page(viewport=SIZES[size])
    keep_progress(page, f"tok_{size}")
    go(page, "#/stats")
    go(page, "#/account")
    part = page.locator('[aria-labelledby="tokens_title-heading"]')
    expect(part).to_contain_text("No personal token.")
    form = part.locator('form[data-form="personal_token"]')
    form.locator('input[name="name"]').fill("my bot")
    form.get_by_label("play your games").check()
    form.locator('select[name="expires_in_days"]').select_option("7")
    form.locator('button[type="submit"]').click()
    value = part.locator(".token-value")
    expect(value).to_have_text(re.compile(r"^hm_pat_"))
    token = value.inner_text()
    entry = part.locator("[data-token]")
    expect(entry).to_have_count(1)
    expect(entry.locator("strong")).to_have_text(f"my bot ({token[:11]}…)")
    expect(entry).to_contain_text("may: play your games, see your profile and boards")
    assert token not in entry.inner_text()
    assert_accessible(page, f"personal tokens ({size})")
    assert Http(daphne_server, token).get(f"{API}/players/me").status == 200
    entry.get_by_role("button", name="Revoke: my bot").click()
    expect(part.locator("[data-token]")).to_have_count(0)
    expect(part).to_contain_text("No personal token.")
    assert Http(daphne_server, token).get(f"{API}/players/me").status == 401
