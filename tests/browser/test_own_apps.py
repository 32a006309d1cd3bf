"""A player's own apps on the account page (SPEC §13): registering one (a loopback http
redirect for development), seeing its client_id, a plain http redirect refused with the
reason, and deleting it. axe at phone and desktop sizes."""

from __future__ import annotations

import pytest
from oauth2_provider.models import Application
from playwright.sync_api import expect

from .axe import assert_accessible
from .test_accounts import go, keep_progress

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 768}}


@pytest.mark.parametrize("size", sorted(SIZES))
def test_an_app_is_registered_listed_and_deleted(open_page, daphne_server, size):
    page = open_page(viewport=SIZES[size])
    keep_progress(page, f"dev_{size}")
    go(page, "#/stats")
    go(page, "#/account")
    part = page.locator('[aria-labelledby="own_apps_title-heading"]')
    expect(part).to_contain_text("You registered no app.")
    form = part.locator('form[data-form="own_app"]')
    form.locator('input[name="name"]').fill("Daily bot")
    form.locator('textarea[name="redirect_uris"]').fill("http://bot.example/cb")
    form.locator('button[type="submit"]').click()
    expect(form.locator(".form-error")).to_be_visible()
    assert not Application.objects.exists()
    form.locator('textarea[name="redirect_uris"]').fill("http://127.0.0.1:8765/cb")
    form.locator('textarea[name="allowed_origins"]').fill("http://localhost:5173")
    form.get_by_label("play your games").check()
    form.locator('button[type="submit"]').click()
    entry = part.locator("[data-own-app]")
    expect(entry).to_have_count(1)
    app = Application.objects.get()
    expect(entry).to_contain_text(f"client_id: {app.client_id}")
    expect(entry).to_contain_text("may: play your games, see your profile and boards")
    assert app.allowed_origins == "http://localhost:5173"
    assert_accessible(page, f"own apps ({size})")
    entry.get_by_role("button", name="Delete: Daily bot").click()
    expect(part.locator("[data-own-app]")).to_have_count(0)
    expect(part).to_contain_text("You registered no app.")
    assert not Application.objects.exists()
