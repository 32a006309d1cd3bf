"""The web client's service worker (``/sw.js``, web/views.py): the shell it caches is the
page's own static files, and its cache's name changes when one of them does, so a browser
installs a new worker instead of serving an old file from its cache. Offline in a browser:
tests/browser/test_first_load.py."""

import json
import os
import re

import pytest
from django.test import Client

from web import views


def shell_and_cache(client: Client) -> tuple[list[str], str]:
    reply = client.get("/sw.js")
    assert reply.status_code == 200 and reply["Cache-Control"] == "no-cache"
    assert reply["Content-Type"].startswith("text/javascript")
    body = reply.content.decode()
    cache = re.search(r"^const CACHE = (\".*\");$", body, re.M).group(1)
    shell = re.search(r"^const SHELL = (\[.*\]);$", body, re.M).group(1)
    return json.loads(shell), json.loads(cache)


@pytest.mark.django_db
def test_the_worker_caches_the_page_and_its_files_and_renames_its_cache_when_one_changes(
    tmp_path, monkeypatch
):
    client = Client(HTTP_HOST="127.0.0.1")
    page = client.get("/").content.decode()
    shell, cache = shell_and_cache(client)
    linked = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert shell[0] == "/" and set(shell[1:]) == set(linked)
    assert "/static/web/dist/app.js" in shell and not any("/api/" in url for url in shell)
    assert shell_and_cache(client)[1] == cache  # nothing changed: the same cache

    edited = tmp_path / "halfmoon.css"
    edited.write_text("body {}")
    found = views.finders.find
    monkeypatch.setattr(
        views.finders,
        "find",
        lambda name, **kw: str(edited) if name == "web/halfmoon.css" else found(name, **kw),
    )
    renamed = shell_and_cache(client)[1]
    assert renamed != cache and renamed.startswith("halfmoon-shell-")
    stat = edited.stat()
    os.utime(edited, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert shell_and_cache(client)[1] != renamed  # edited again: renamed again

    refused = client.post("/sw.js")
    assert refused.status_code == 405 and shell_and_cache(client)[0] == shell
