// The table: the arc of twelve piles around the eight reserve slots (SPEC §1), drawn from a
// game as the API returns it. Only top cards are known and shown; each position is a button
// labelled with its name and card count. Removed cards fly to the discard stack (which counts
// them), the next card of a pile flips in, cards given back drop in (feel.js does the motion).

import { cardBackSvg, cardSvg } from "./cards.js";
import { bump, flipIn, flyTo, reducedMotion, refuse } from "./feel.js";
import { cardCount, cardName, language, t } from "./i18n.js";

const DECK = 104;

export const PILES = Array.from({ length: 12 }, (_, i) => `P${i + 1}`);
export const RESERVE = Array.from({ length: 8 }, (_, i) => `R${i + 1}`);
export const POSITIONS = [...PILES, ...RESERVE];

// Where each position sits, in half-card units (x right, y down); the CSS grid mirrors it.
// Arrow keys move to the nearest position in their direction on this map.
const COORDS = {
  P1: [0, 6], P2: [0, 4], P3: [0, 2],
  P4: [0, 0], P5: [2, 0], P6: [4, 0], P7: [6, 0], P8: [8, 0], P9: [10, 0], P10: [12, 0],
  P11: [12, 2], P12: [12, 4],
  R1: [3, 3], R2: [5, 3], R3: [7, 3], R4: [9, 3],
  R5: [3, 5], R6: [5, 5], R7: [7, 5], R8: [9, 5],
};
const DIRECTIONS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const ANIMATION_MS = 450;

/** The position an arrow key leads to from ``from``, or null at the edge. */
export function neighbour(from, key) {
  const direction = DIRECTIONS[key];
  if (!direction) return null;
  const [x0, y0] = COORDS[from];
  let best = null, bestScore = Infinity;
  for (const position of POSITIONS) {
    const [x, y] = COORDS[position];
    const along = (x - x0) * direction[0] + (y - y0) * direction[1];
    if (along <= 0) continue;
    const across = Math.abs(direction[0] ? y - y0 : x - x0);
    const score = along + 3 * across;
    if (score < bestScore) [best, bestScore] = [position, score];
  }
  return best;
}

/** Every position of a game as {position, kind, count, card}. */
export function positionsOf(game) {
  return [
    ...game.piles.map((p) => ({ position: p.position, kind: "pile", count: p.count, card: p.top })),
    ...game.reserve.map((r) => ({ position: r.position, kind: "reserve", count: r.card ? 1 : 0, card: r.card })),
  ];
}

export function describePosition(entry, { selected = false, dimmed = false } = {}) {
  const n = entry.position.slice(1);
  const parts = [t(entry.kind === "pile" ? "pile" : "reserve", { n })];
  if (!entry.card) {
    parts.push(t("empty"));
  } else {
    if (entry.kind === "pile") parts.push(cardCount(entry.count));
    parts.push(cardName(entry.card));
  }
  if (selected) parts.push(t("selected"));
  if (dimmed) parts.push(t("dimmed"));
  return parts.join(", ");
}

export class Table {
  constructor(root, { onTap }) {
    this.root = root;
    this.onTap = onTap;
    this.slots = new Map();
    this.state = new Map();
    /** Positions whose card already flew off for a tap not answered yet. */
    this.flown = new Set();
    this.focusedPosition = "P4";
    this.build();
  }

  build() {
    this.root.classList.add("table");
    this.root.setAttribute("role", "group");
    this.fx = document.createElement("div");
    this.fx.className = "fx";
    this.fx.setAttribute("aria-hidden", "true");
    for (const position of POSITIONS) {
      const slot = document.createElement("div");
      slot.className = `slot slot-${position.toLowerCase()}`;
      slot.dataset.position = position;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "spot";
      button.dataset.position = position;
      button.tabIndex = position === this.focusedPosition ? 0 : -1;
      button.append(cardSvg(null));
      button.addEventListener("click", () => this.onTap(position));
      button.addEventListener("focus", () => this.rove(position));
      const label = document.createElement("div");
      label.className = "label";
      label.setAttribute("aria-hidden", "true");
      label.innerHTML = `<span class="name">${position}</span><span class="count">0</span>`;
      slot.append(button, label);
      this.root.append(slot);
      this.slots.set(position, { slot, button, count: label.querySelector(".count") });
    }
    this.discard = document.createElement("div");
    this.discard.className = "discard";
    this.discard.dataset.count = "0";
    this.discard.innerHTML = '<div class="discard-pile" aria-hidden="true"></div>' +
      '<div class="label"><span class="name"></span> <span class="count">0</span></div>';
    this.discardPile = /** @type {HTMLElement} */ (this.discard.querySelector(".discard-pile"));
    this.discardPile.append(cardSvg(null));
    this.root.append(this.discard, this.fx);
    this.root.addEventListener("keydown", (event) => this.onKey(event));
  }

  onKey(event) {
    if (!(event.key in DIRECTIONS) || event.altKey || event.ctrlKey || event.metaKey) return;
    const from = event.target.closest?.(".spot")?.dataset.position;
    const to = from && neighbour(from, event.key);
    event.preventDefault();
    if (to) this.focus(to);
  }

  rove(position) {
    if (this.focusedPosition === position) return;
    this.slots.get(this.focusedPosition).button.tabIndex = -1;
    this.slots.get(position).button.tabIndex = 0;
    this.focusedPosition = position;
  }

  focus(position) {
    this.rove(position);
    this.slots.get(position).button.focus();
  }

  /**
   * Show ``game``. ``animate``: the game is a later version of the one shown, so removed
   * cards fly off and returned ones drop in. ``dimmed``: positions the placement aid dims.
   */
  render(game, { dimmed = null, animate = false, label = "", selection: shown = null, leaving = [], pending = 0 } = {}) {
    const selection = new Set(shown || game.selection || []);
    const dim = new Set(dimmed || []);
    const going = new Set(leaving);
    this.root.setAttribute("aria-label", label || t("table"));
    this.root.dataset.version = String(game.version); // the server's version: taps shown ahead
    this.root.dataset.status = game.status;
    this.root.dataset.pending = String(pending);
    const relabel = this.language !== language(); // the court letters follow the language
    this.language = language();
    this.showDiscard(DECK - game.cards_left + going.size, relabel);
    for (const entry of positionsOf(game)) {
      const { slot, button, count } = this.slots.get(entry.position);
      const before = this.state.get(entry.position);
      const removed = Boolean(animate && before?.card && entry.count < before.count);
      // A tap predicted to remove this card: it flies off at once, and not again when the
      // server's answer takes it away; an answer that keeps it brings it back (a rollback).
      if (going.has(entry.position) && !this.flown.has(entry.position) && entry.card) {
        this.flown.add(entry.position);
        this.flyOff(button, entry.card);
      }
      const flew = this.flown.has(entry.position);
      if (flew && !going.has(entry.position)) this.flown.delete(entry.position);
      if (animate && before) {
        if (removed && !flew) this.flyOff(button, before.card);
        else if (entry.count > before.count) this.dropIn(slot);
      }
      slot.classList.toggle("is-leaving", going.has(entry.position));
      if (!before || before.card !== entry.card || relabel) {
        const face = cardSvg(entry.card);
        button.replaceChildren(face);
        if (removed && entry.card) flipIn(face);
      }
      const selected = selection.has(entry.position), dimmedHere = dim.has(entry.position);
      slot.classList.toggle("is-empty", !entry.card);
      slot.classList.toggle("is-selected", selected);
      slot.classList.toggle("is-dimmed", dimmedHere && !selected);
      slot.dataset.count = String(entry.count);
      slot.dataset.card = entry.card || "";
      slot.dataset.depth = String(entry.count >= 7 ? 3 : entry.count >= 4 ? 2 : entry.count >= 2 ? 1 : 0);
      count.textContent = String(entry.count);
      button.setAttribute("aria-label", describePosition(entry, { selected, dimmed: dimmedHere && !selected }));
      this.state.set(entry.position, entry);
    }
  }

  /** The discard stack shows how many cards are gone (a card back on it once any are). */
  showDiscard(count, relabel = false) {
    const name = /** @type {HTMLElement} */ (this.discard.querySelector(".name"));
    name.textContent = t("discard");
    /** @type {HTMLElement} */ (this.discard.querySelector(".count")).textContent = String(count);
    const had = Number(this.discard.dataset.count);
    this.discard.dataset.count = String(count);
    this.discard.classList.toggle("is-empty", count === 0);
    if ((had === 0) !== (count === 0) || relabel || !this.discardPile.firstChild) {
      this.discardPile.replaceChildren(count ? cardBackSvg() : cardSvg(null));
    }
  }

  /** A refused pair or triple: the cards at ``positions`` shake (no words). */
  refuse(positions) {
    refuse(positions.map((position) => this.slots.get(position)?.slot).filter(Boolean));
  }

  /** Forget what is shown (another game is coming: no animation from the old one). */
  reset() {
    this.state.clear();
    this.flown.clear();
    this.fx.replaceChildren();
    this.discard.dataset.count = "0";
    this.discardPile.replaceChildren(cardSvg(null));
  }

  flyOff(button, card) {
    if (reducedMotion()) {
      this.discardPile.replaceChildren(cardSvg(card));
      return;
    }
    const box = button.getBoundingClientRect(), frame = this.root.getBoundingClientRect();
    const ghost = document.createElement("div");
    ghost.className = "ghost";
    ghost.style.left = `${box.left - frame.left}px`;
    ghost.style.top = `${box.top - frame.top}px`;
    ghost.style.width = `${box.width}px`;
    ghost.style.height = `${box.height}px`;
    ghost.append(cardSvg(card));
    this.fx.append(ghost);
    // the removed card travels to the discard stack and lies face up on it
    flyTo(ghost, this.discardPile, () => {
      if (!ghost.isConnected) return; // another game came meanwhile (reset)
      this.discardPile.replaceChildren(cardSvg(card));
      bump(this.discardPile);
    });
  }

  dropIn(slot) {
    if (reducedMotion()) return;
    slot.classList.remove("is-arriving");
    void slot.offsetWidth; // restart the animation
    slot.classList.add("is-arriving");
    setTimeout(() => slot.classList.remove("is-arriving"), ANIMATION_MS * 2);
  }
}
