"""Link keys and typed codes made only of white space are valid by the schema (a non-empty
string without NUL), so they are refused by the rules — the link or the code is not right —
never for their shape, and change nothing. (Found by the schema fuzzer: a reset link whose
``uid`` was a form feed was answered ``invalid_request``, "This field may not be blank.")"""

import pytest

from tests.support.api import post, url

from .conftest import PASSWORD, sign_in

pytestmark = pytest.mark.django_db

BLANKS = ["\f", " ", "\t\n", "\u00a0\u2003"]
NEW_PASSWORD = "a whole new password 7"


@pytest.mark.parametrize("blank", BLANKS)
def test_a_blank_reset_link_is_not_right_and_changes_no_password(api, account, blank):
    account("ann_k")
    body = {"uid": blank, "key": blank, "new_password": NEW_PASSWORD}
    response = post(api, url("account/password-reset/confirm"), body)
    assert response.status_code == 400 and response.json()["code"] == "reset_link_invalid"
    assert sign_in(api, "ann_k").status_code == 200
    assert sign_in(api, "ann_k", password=NEW_PASSWORD).status_code == 400


@pytest.mark.parametrize("blank", BLANKS)
def test_a_blank_verification_key_is_not_right(api, blank):
    response = post(api, url("account/email/verify"), {"key": blank})
    assert response.status_code == 400
    assert response.json()["code"] == "verification_link_invalid"


@pytest.mark.parametrize("blank", BLANKS)
def test_a_blank_link_code_is_not_right(api, new_player, blank):
    new_player("ann")
    response = post(api, url("players/link"), {"code": blank})
    assert response.status_code == 400 and response.json()["code"] == "link_code_invalid"


@pytest.mark.parametrize("blank", BLANKS)
def test_a_blank_recovery_code_is_not_right_and_changes_no_password(api, account, blank):
    account("ann_k")
    body = {"username": "ann_k", "recovery_code": blank, "new_password": NEW_PASSWORD}
    response = post(api, url("account/recover"), body)
    assert response.status_code == 400 and response.json()["code"] == "recovery_failed"
    assert sign_in(api, "ann_k", password=PASSWORD).status_code == 200
