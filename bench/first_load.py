"""The web client's first load on a phone, as `make run` serves it (docs/PERFORMANCE.md,
"First load").

    .venv/bin/python bench/first_load.py [--runs 7] [--throttle 4] [--before DIR]

Serves this checkout as `make run` does (``python -m halfmoon_service.serve`` on a fresh SQLite
database, static files collected into staticfiles/ with ``HALFMOON_STATIC_COLLECTED``: the
collection is redone only when a static file is newer than it, as `make static` does), then
opens the page in Debian's Chromium on a phone profile (390×844, touch, the CPU slowed
``--throttle`` times through the DevTools protocol's ``Emulation.setCPUThrottlingRate``; no
network delay beyond localhost's) in a new browser context each run: a first visit, nothing
cached. Two times per run, from the start of the navigation:

* ``load``: the page's load event;
* ``playable``: the table's first card tappable: the table shows its game (``#table`` has a
  numeric ``data-version``, what the browser tests wait for: tests/browser/pages.py) and the
  first pile's card is the element at its own centre (nothing covers it).

Prints median, min and max of each over ``--runs`` runs, for the page loading its bundle
(``/``, what it does) and its ES modules one by one (``/?modules``, the unbundled path, served
as compressed as the bundle). ``--before DIR`` also measures another checkout served as its own
`make run` served it (e.g. ``git worktree add /tmp/before <commit>``: the page before the
bundle, without compression or caching).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from common import REPO

from tests.support.servers import ServerProcess

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync",
                 "--disable-background-networking", "--disable-component-update"]  # fmt: skip
PHONE = {"width": 390, "height": 844}
#: A returning player's guide state (the first-visit guide would stand over the table).
SEEN_GUIDE = (
    "for (const key of ['halfmoon.guide', 'halfmoon.hint'])"
    " if (!localStorage.getItem(key)) localStorage.setItem(key, 'done');"
)
#: Records when the first card becomes tappable (``window.__playable``, ms from the start of
#: the navigation), checked at every animation frame.
PLAYABLE = """(() => {
  const check = () => {
    const table = document.querySelector("#table");
    const card = document.querySelector('.slot[data-position="P1"]');
    if (table && /^\\d+$/.test(table.dataset.version || "") && card) {
      const box = card.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      if (box.width > 0 && hit && card.contains(hit)) {
        window.__playable = performance.now();
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();"""


def serve(checkout: Path, database: Path, jobs: str = "auto") -> ServerProcess:
    """`make run` of ``checkout`` on a new SQLite database: migrated and collected; the server
    starts as the returned process is entered (``with``)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")
    }
    env.update(
        SQLITE_PATH=str(database),
        HALFMOON_STATIC_COLLECTED="true",
        LOG_LEVEL="WARNING",
        REQUEST_LOG_LEVEL="WARNING",
        PYTHONUNBUFFERED="1",
        HALFMOON_BACKGROUND_JOBS=jobs,
    )
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=checkout, env=env, check=True)
    if (checkout / "web" / "static" / "web" / "dist").exists() and stale(checkout):
        print("collectstatic (a minute the first time)…", flush=True)
        subprocess.run(
            [*manage, "collectstatic", "--noinput", "--clear", "-v", "0"],
            cwd=checkout,
            env=env,
            check=True,
        )
    return ServerProcess(env, kind="drain", cwd=checkout, startup_timeout=60)


def stale(checkout: Path) -> bool:
    manifest = checkout / "staticfiles" / "staticfiles.json"
    if not manifest.exists():
        return True
    collected = manifest.stat().st_mtime
    sources = [checkout / part / "static" for part in ("web", "games", "realtime")]
    return any(
        path.stat().st_mtime > collected
        for root in sources
        if root.exists()
        for path in root.rglob("*")
        if path.is_file()
    )


def measure(browser, url: str, throttle: float) -> tuple[float, float]:
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True
    )
    try:
        context.add_init_script(SEEN_GUIDE)
        context.add_init_script(PLAYABLE)
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        page.goto(url, wait_until="load")
        page.wait_for_function("() => window.__playable !== undefined", timeout=60_000)
        load = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventStart")
        playable = page.evaluate("window.__playable")
        return load / 1000, playable / 1000
    finally:
        context.close()


def summary(name: str, samples: list[float]) -> str:
    return (
        f"{name} median {statistics.median(samples):.3f} s "
        f"(min {min(samples):.3f}, max {max(samples):.3f})"
    )


def run(browser, label: str, url: str, runs: int, throttle: float) -> None:
    measure(browser, url, throttle)  # warm the server (its first requests import code)
    loads, playables = [], []
    for _ in range(runs):
        load, playable = measure(browser, url, throttle)
        loads.append(load)
        playables.append(playable)
    print(f"{label:<28} {summary('load', loads)}; {summary('playable', playables)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--throttle", type=float, default=4, help="CPU slowdown (4: a phone)")
    parser.add_argument("--before", type=Path, help="another checkout to measure as well")
    parser.add_argument(
        "--background-jobs",
        choices=["auto", "off"],
        default="auto",
        help="auto: as `make run` (on SQLite its solving child fills the winnable pool beside "
        "the server, a core busy on a fresh database); off: the server alone",
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    jobs = args.background_jobs

    print(
        f"phone 390×844, CPU ×{args.throttle}, localhost, {args.runs} runs, cold cache each, "
        f"background jobs {args.background_jobs}, load average {os.getloadavg()[0]:.1f}"
    )
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            if args.before:
                before = serve(args.before.resolve(), Path(scratch) / "b.sqlite3", jobs)
                with before as server:
                    run(browser, f"before ({args.before.name})", server.url + "/", args.runs,
                        args.throttle)  # fmt: skip
            with serve(REPO, Path(scratch) / "after.sqlite3", jobs) as server:
                run(browser, "modules (/?modules)", server.url + "/?modules", args.runs,
                    args.throttle)  # fmt: skip
                run(browser, "bundle (/)", server.url + "/", args.runs, args.throttle)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
