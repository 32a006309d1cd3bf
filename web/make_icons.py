"""Draw the web app's PNG icons from ``static/web/icon.svg`` with Debian's Chromium.

Run after changing the icon: ``.venv/bin/python -m web.make_icons``. The PNGs are committed
(browsers and home screens want bitmaps at fixed sizes); this script is how they are made.
"""

from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parent / "static" / "web"
CHROMIUM = "/usr/bin/chromium"
#: name → (size in pixels, maskable: full-bleed background with the moon inside the safe zone)
ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}


def page_for(svg: str, size: int, maskable: bool) -> str:
    if maskable:  # the safe zone of a maskable icon is the centre circle of 80 % of the side
        svg = svg.replace('rx="14"', 'rx="0"').replace(
            "<path ", '<path transform="translate(32 32) scale(0.72) translate(-32 -32)" '
        )
    return (
        f"<html><body style='margin:0;background:transparent'>"
        f"<div style='width:{size}px;height:{size}px'>"
        f"{svg.replace('<svg ', f'<svg width={size} height={size} ', 1)}</div></body></html>"
    )


def main() -> None:
    svg = (STATIC / "icon.svg").read_text()
    out = STATIC / "icons"
    out.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, (size, maskable) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_for(svg, size, maskable))
            page.screenshot(
                path=str(out / name),
                omit_background=True,
                clip={"x": 0, "y": 0, "width": size, "height": size},
            )
            page.close()
        browser.close()
    print("\n".join(sorted(p.name for p in out.glob("*.png"))))


if __name__ == "__main__":
    main()
