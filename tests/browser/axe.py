"""axe-core in the browser tests: inject the vendored engine into a page and audit it.

The page's Content-Security-Policy allows only its own scripts, so the engine is evaluated
through the DevTools protocol (``page.evaluate``), which a page's CSP does not govern.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

AXE_PATH = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
AXE_VERSION = "4.14.1"
AXE_SHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"


@lru_cache(maxsize=1)
def axe_source() -> str:
    data = AXE_PATH.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    assert digest == AXE_SHA256, f"{AXE_PATH} is not axe-core {AXE_VERSION} (sha256 {digest})"
    return data.decode("utf-8")


#: The lightest colour of the felt's gradient: the worst background for the light text on it.
FELT_LIGHTEST = "#1d7a49"

#: Text contrast for the texts axe leaves undecided: single characters (a card's rank, a
#: count), text in a button with an icon, text over a fixed toolbar or in an SVG. Hand-written
#: because axe declines these; it is WCAG's own definition (relative luminance, 4.5:1, or 3:1
#: for large text), with the background found by compositing the element's ancestors (an SVG
#: text stands on the card face or chart it is drawn on).
CONTRAST_SCRIPT = """(selectors) => {
    const parse = (text) => {
        const m = text.match(/rgba?\\(([^)]+)\\)/);
        if (!m) return null;
        const [r, g, b, a = 1] = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
        return [r, g, b, a];
    };
    const over = (top, bottom) => {
        const a = top[3] + bottom[3] * (1 - top[3]);
        if (!a) return [0, 0, 0, 0];
        return [0, 1, 2].map((i) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a).concat(a);
    };
    const luminance = ([r, g, b]) => [r, g, b].map((v) => {
        v /= 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const layers = (el) => {
        const found = [];
        for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
            if (node instanceof SVGElement && node.tagName !== "svg") {
                const face = node.ownerSVGElement?.querySelector(":scope > rect.face");
                if (face) found.push(parse(getComputedStyle(face).fill));
                continue;
            }
            const colour = parse(getComputedStyle(node).backgroundColor);
            if (colour && colour[3] > 0) found.push(colour);
        }
        return found;
    };
    return selectors.map((selector) => {
        const el = document.querySelector(selector);
        if (!el) return [selector, null, "gone"];
        const style = getComputedStyle(el);
        let background = [255, 255, 255, 1];
        for (const layer of layers(el).reverse()) background = over(layer, background);
        const ink = parse(el instanceof SVGElement ? style.fill : style.color);
        let opacity = 1;
        for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
            opacity *= Number(getComputedStyle(node).opacity);
        }
        const text = over([ink[0], ink[1], ink[2], ink[3] * opacity], background);
        const [hi, lo] = [luminance(text), luminance(background)].sort((a, b) => b - a);
        const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
        // an SVG's font size is in its own units, scaled with the card: judged as small text
        const large = !(el instanceof SVGElement) && (size >= 24 || (bold && size >= 18.66));
        return [selector, (hi + 0.05) / (lo + 0.05), large ? 3 : 4.5];
    });
}"""


def violations(page, selector: str | None = None) -> list[dict]:
    """Every axe rule (WCAG 2.x A/AA and best practices) that fails on the page, or inside
    ``selector`` only; each as {id, impact, help, nodes: [target, summary]}.

    axe cannot measure text contrast over a gradient, so the felt's gradients are painted in
    their lightest colour for the audit (the worst case for the light text on them). Contrast
    checks axe still leaves undecided are measured by ``CONTRAST_SCRIPT``; a text below its
    threshold is reported as a ``color-contrast`` violation.
    """
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_source())
        assert page.evaluate("window.axe.version") == AXE_VERSION
    # measure what stays on screen, not a frame of an entrance animation
    page.evaluate("""() => document.getAnimations().forEach((a) => {
        if (a.effect?.getComputedTiming().iterations !== Infinity) a.finish();
    })""")
    painted = "[document.body, ...document.querySelectorAll('.diagram')]"
    page.evaluate(
        f"(felt) => {painted}.forEach((el) => el.style.setProperty('background', felt, 'important'))",
        FELT_LIGHTEST,
    )
    try:
        found, undecided = page.evaluate(
            """async (selector) => {
                const context = selector ? { include: [selector] } : document;
                const result = await axe.run(context, { resultTypes: ["violations", "incomplete"] });
                const describe = (v) => ({ id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.map((n) => [n.target.join(" "), n.failureSummary]) });
                const contrast = result.incomplete.filter((v) => v.id === "color-contrast");
                return [result.violations.map(describe),
                        contrast.flatMap((v) => v.nodes.map((n) => n.target.join(" ")))];
            }""",
            selector,
        )
        measured = page.evaluate(CONTRAST_SCRIPT, undecided) if undecided else []
    finally:
        page.evaluate(f"() => {painted}.forEach((el) => el.style.removeProperty('background'))")
    low = [
        (target, ratio, need)
        for target, ratio, need in measured
        if ratio is not None and ratio < need
    ]
    if low:
        found.append(
            {
                "id": "color-contrast",
                "impact": "serious",
                "help": "Text contrast measured outside axe (undecided by it)",
                "nodes": [[t, f"{r:.2f}:1, needs {n}:1"] for t, r, n in low],
            }
        )
    return found


def assert_accessible(page, what: str, selector: str | None = None) -> None:
    found = violations(page, selector)
    assert not found, f"axe found problems on {what}:\n" + "\n".join(
        f"- {v['id']} ({v['impact']}): {v['help']}\n    "
        + "\n    ".join(f"{target}: {summary}" for target, summary in v["nodes"][:6])
        for v in found
    )
