"""docker-compose.yml refuses to start without real secrets (no default for either key)."""

import re
from pathlib import Path

COMPOSE = (Path(__file__).resolve().parents[2] / "docker-compose.yml").read_text()


def test_every_secret_in_compose_is_required_and_has_no_default():
    values = re.findall(r"^\s+(SECRET_KEY|HALFMOON_DEAL_KEY): (.*)$", COMPOSE, re.M)
    assert {name for name, _ in values} == {"SECRET_KEY", "HALFMOON_DEAL_KEY"}
    for name, value in values:
        assert re.fullmatch(r"\$\{" + name + r":\?[^}]+\}", value.strip()), (name, value)
