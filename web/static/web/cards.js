// Cards drawn as SVG (a 100 × 140 box scaled to any size), so they stay crisp on every screen.
// Faces carry a large rank index top left, the suit top right and a big suit symbol; J, Q and K
// get a framed panel with their own headgear in its own colour (a blue cap with a plume, a
// silver tiara with pearls, a gold crown under a cross), so face cards, and a queen from a king,
// are told apart at a glance (one letter per face: axe wants the visible text in the name). The
// court letters follow the language (J Q K in English, V D R in hr and tr, as the rule pages).

import { rankIndex } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const CARD_PATTERN = /^(A|[2-9]|10|J|Q|K)([CDHS])$/;

/** Suit outlines in a 100 × 100 box. */
const SUIT_PATHS = {
  H: "M50 92C47 88 4 58 4 30C4 13 16 4 29 4C39 4 46 10 50 19C54 10 61 4 71 4C84 4 96 13 96 30C96 58 53 88 50 92Z",
  D: "M50 2Q66 30 90 50Q66 70 50 98Q34 70 10 50Q34 30 50 2Z",
  S: "M50 4C56 16 96 40 96 62C96 77 85 86 72 86C64 86 57 82 53 76C54 86 58 93 66 98H34C42 93 46 86 47 76C43 82 36 86 28 86C15 86 4 77 4 62C4 40 44 16 50 4Z",
  // Several shapes, drawn one by one so overlaps never cancel out: "|" separates them.
  C: "M28 28a22 22 0 1 0 44 0a22 22 0 1 0-44 0Z|M5 61a22 22 0 1 0 44 0a22 22 0 1 0-44 0Z|" +
     "M51 61a22 22 0 1 0 44 0a22 22 0 1 0-44 0Z|M36 52a14 14 0 1 0 28 0a14 14 0 1 0-28 0Z|" +
     "M46 58C46 80 42 91 32 98H68C58 91 54 80 54 58Z",
};

/** Headgear (in a 40 × 30 box) that marks the three face cards, each its own shape: the king's
 * tall pointed crown under a cross, the queen's low round tiara with pearls, the jack's cap. */
const CROWNS = {
  K: '<path class="crown" d="M2 29V12l9 7 9-12 9 12 9-7v17z"/>' +
     '<path class="crown" d="M18 0h4v3h3v4h-3v3h-4V7h-3V3h3z"/>',
  Q: '<path class="crown" d="M3 29V20Q20 8 37 20v9z"/>' +
     '<circle class="pearl" cx="3" cy="18" r="3"/><circle class="pearl" cx="12" cy="13" r="3"/>' +
     '<circle class="pearl" cx="20" cy="11" r="3.4"/><circle class="pearl" cx="28" cy="13" r="3"/>' +
     '<circle class="pearl" cx="37" cy="18" r="3"/>',
  J: '<path class="crown" d="M5 29Q5 15 20 14Q35 15 35 29z"/>' +
     '<path class="plume" d="M22 15Q26 2 38 1Q30 8 27 16z"/>',
};

export function isCard(code) {
  return typeof code === "string" && CARD_PATTERN.test(code);
}

export function rankOf(code) {
  return code.slice(0, -1);
}

export function suitOf(code) {
  return code.slice(-1);
}

function shapes(letter) {
  return SUIT_PATHS[letter].split("|").map((d) => `<path d="${d}"/>`).join("");
}

function suit(letter, x, y, size) {
  return `<g transform="translate(${x} ${y}) scale(${size / 100})">${shapes(letter)}</g>`;
}

function faceMarkup(code) {
  const rank = rankOf(code), letter = suitOf(code), shown = rankIndex(rank);
  const index = `<text class="rank${rank === "10" ? " rank-ten" : ""}" x="8" y="40">${shown}</text>` +
    suit(letter, 70, 10, 22);
  if (rank in CROWNS) {
    return index + `<rect class="panel" x="12" y="50" width="76" height="80" rx="7"/>` +
      `<g class="court court-${rank.toLowerCase()}" transform="translate(20 55) scale(1.5)">${CROWNS[rank]}</g>` +
      suit(letter, 34, 97, 31);
  }
  return index + suit(letter, 22, 58, 56);
}

/** A new <svg> showing the card ``code`` ("QH", "10S"...), or an empty-slot outline for null. */
export function cardSvg(code) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 100 140");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  if (!isCard(code)) {
    svg.setAttribute("class", "card card-empty");
    svg.innerHTML = `<rect class="outline" x="3" y="3" width="94" height="134" rx="9"/>`;
    return svg;
  }
  const red = "HD".includes(suitOf(code));
  svg.setAttribute("class", `card ${red ? "card-red" : "card-black"}`);
  svg.dataset.card = code;
  svg.dataset.index = rankIndex(rankOf(code));
  svg.innerHTML = `<rect class="face" x="1" y="1" width="98" height="138" rx="9"/>` + faceMarkup(code);
  return svg;
}

/** The back of a card: a card that is there but not shown yet (the rules' diagrams). */
export function cardBackSvg() {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 100 140");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", "card card-back");
  svg.innerHTML = `<rect class="face" x="1" y="1" width="98" height="138" rx="9"/>` +
    `<rect class="back" x="8" y="8" width="84" height="124" rx="5"/>` +
    `<path class="back-moon" d="M58 46a24 24 0 1 0 12 42a20 20 0 0 1-12-42z"/>`;
  return svg;
}

/** Just the suit symbol, for decoration (the win celebration). */
export function suitSvg(letter) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", `pip ${"HD".includes(letter) ? "card-red" : "card-black"}`);
  svg.innerHTML = shapes(letter);
  return svg;
}
