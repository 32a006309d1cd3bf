// The feel of a move: removed cards travel to the discard stack, the next card of a pile flips
// in, a refused pair shakes (no words: the words are the "Move errors" setting's), and a win
// (or a race won) is celebrated with cards cascading over the whole screen. With
// prefers-reduced-motion nothing moves: states change at once and the celebration is a still
// picture, dismissed the same way (Esc, a click or a tap).

import { cardSvg } from "./cards.js";

const FLY_MS = 480;
const FLIP_MS = 320;
const SHAKE_MS = 420;
const CASCADE_CARDS = 26;
const CASCADE_MS = 5200;
const COURT = ["J", "Q", "K"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", ...COURT];

export function reducedMotion() {
  return Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}

/**
 * Fly ``ghost`` (a card already placed over ``from`` in an absolutely positioned layer) onto
 * ``to``; ``landed`` runs when it arrives (at once under reduced motion, with no ghost).
 * @param {HTMLElement} ghost @param {HTMLElement} to @param {() => void} landed
 */
export function flyTo(ghost, to, landed) {
  const start = ghost.getBoundingClientRect(), end = to.getBoundingClientRect();
  const dx = end.left + end.width / 2 - (start.left + start.width / 2);
  const dy = end.top + end.height / 2 - (start.top + start.height / 2);
  const scale = start.width ? end.width / start.width : 1;
  const turn = Math.round(Math.random() * 24 - 12);
  const flight = ghost.animate([
    { transform: "translate(0, 0) scale(1) rotate(0deg)" },
    { transform: `translate(${dx * 0.5}px, ${dy * 0.5 - start.height * 0.35}px) scale(${(1 + scale) / 2 + 0.08}) rotate(${turn / 2}deg)`, offset: 0.45 },
    { transform: `translate(${dx}px, ${dy}px) scale(${scale}) rotate(${turn}deg)` },
  ], { duration: FLY_MS, easing: "cubic-bezier(.3,.7,.4,1)", fill: "forwards" });
  flight.finished.then(landed, landed).finally(() => ghost.remove());
}

/** A card just revealed on a pile turns over into view. @param {Element} card */
export function flipIn(card) {
  if (reducedMotion()) return;
  card.animate([
    { transform: "perspective(600px) rotateY(90deg)", filter: "brightness(0.7)" },
    { transform: "perspective(600px) rotateY(0deg)", filter: "brightness(1)" },
  ], { duration: FLIP_MS, delay: FLY_MS * 0.35, easing: "ease-out", fill: "backwards" });
}

/** The discard stack takes a card: a small bump. @param {Element} stack */
export function bump(stack) {
  if (reducedMotion()) return;
  stack.animate([{ transform: "scale(1.08)" }, { transform: "scale(1)" }], { duration: 180, easing: "ease-out" });
}

/**
 * A refused pair or triple: the cards shake, with no words. ``.is-refused`` marks them for as
 * long as the cue lasts (a red edge that stands alone under reduced motion).
 * @param {Iterable<HTMLElement>} slots
 */
export function refuse(slots) {
  for (const slot of slots) {
    slot.classList.add("is-refused");
    const spot = slot.querySelector(".spot");
    const done = () => slot.classList.remove("is-refused");
    if (reducedMotion() || !spot) {
      setTimeout(done, SHAKE_MS * 2);
      continue;
    }
    spot.animate([
      { translate: "0 0" }, { translate: "-7% 0" }, { translate: "6% 0" }, { translate: "-4% 0" },
      { translate: "2% 0" }, { translate: "0 0" },
    ], { duration: SHAKE_MS, easing: "ease-in-out" }).finished.then(done, done);
  }
}

/**
 * Was the tap on ``position`` (on ``before``, answered by ``response``) a refused pair or
 * triple? A card was selected, the tap was not on it, nothing went and the selection is
 * cleared. (Two face cards of one rank move the selection instead: not a refusal.)
 * @param {{selection?: string[] | null}} before @param {string} position
 * @param {{removed: unknown[] | null, game: {selection?: string[] | null}}} response
 */
export function isRefusal(before, position, response) {
  const had = before.selection || [];
  return had.length > 0 && !had.includes(position) && !response.removed?.length &&
    !(response.game.selection || []).length;
}

/** @type {(() => void) | null} */
let dismissShown = null;

/**
 * Cards cascading over the whole screen (a layer in the top layer, above any dialog, never
 * clipped by one). ``title``: a line shown over it and read out by screen readers. Esc, a click
 * or a tap anywhere dismisses it; so does the end of the cascade. Resolves when it is gone.
 * @param {{title?: string, suits?: string}} [options]
 * @returns {Promise<void>}
 */
function cascade({ title = "", suits = "HSDC" } = {}) {
  dismissShown?.();
  const layer = document.createElement("div");
  layer.className = "celebration-layer";
  layer.setAttribute("popover", "manual");
  const cards = document.createElement("div");
  cards.className = "cascade";
  cards.setAttribute("aria-hidden", "true");
  const still = reducedMotion();
  const width = window.innerWidth, height = window.innerHeight;
  const size = Math.max(44, Math.min(110, width / 9));
  for (let i = 0; i < CASCADE_CARDS; i += 1) {
    const card = cardSvg(RANKS[(i * 5) % RANKS.length] + suits[i % suits.length]);
    const holder = document.createElement("div");
    holder.className = "cascade-card";
    holder.style.width = `${size}px`;
    holder.style.height = `${size * 1.4}px`;
    const x = ((i + 0.5) / CASCADE_CARDS) * width - size / 2 + (Math.random() - 0.5) * size;
    holder.style.left = `${Math.round(x)}px`;
    holder.append(card);
    cards.append(holder);
    if (still) {
      // a still fan across the screen: nothing moves
      holder.style.top = `${Math.round(height * (0.15 + 0.6 * ((i * 7) % CASCADE_CARDS) / CASCADE_CARDS))}px`;
      holder.style.rotate = `${((i * 37) % 50) - 25}deg`;
    } else {
      holder.style.top = `${-size * 1.6}px`;
      const fall = height + size * 3.2, drift = (Math.random() - 0.5) * width * 0.25;
      holder.animate([
        { transform: "translate(0, 0) rotate(0deg)" },
        { transform: `translate(${drift * 0.6}px, ${fall * 0.55}px) rotate(${Math.random() * 300 - 150}deg)`, offset: 0.6 },
        { transform: `translate(${drift}px, ${fall}px) rotate(${Math.random() * 540 - 270}deg)` },
      ], { duration: 2200 + Math.random() * 1600, delay: Math.random() * 1400, easing: "cubic-bezier(.45,.05,.7,.9)", fill: "both" });
    }
  }
  layer.append(cards);
  const line = document.createElement("p");
  line.className = "celebration-title";
  line.setAttribute("role", "status");
  layer.append(line);
  document.body.append(layer);
  layer.showPopover?.();
  if (title) requestAnimationFrame(() => { line.textContent = title; }); // a change is announced
  else line.hidden = true;

  return new Promise((resolve) => {
    const onKey = (/** @type {KeyboardEvent} */ event) => { if (event.key === "Escape") dismiss(); };
    const dismiss = () => {
      clearTimeout(timer);
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("pointerdown", dismiss, true);
      if (dismissShown === dismiss) dismissShown = null;
      layer.remove();
      resolve();
    };
    const timer = setTimeout(dismiss, CASCADE_MS);
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("pointerdown", dismiss, true);
    dismissShown = dismiss;
  });
}

/** A game won: the cascade over the table (the won dialog, opened by its own code, says the
 * rest). @returns {Promise<void>} */
export function celebrateWin() {
  return cascade();
}

/**
 * The moment a race is won, for the race pages to call: cards cascade over the whole screen
 * with ``title`` shown and announced (a polite status) over them. Esc, a click or a tap
 * dismisses it, or it ends by itself after a few seconds.
 * @param {{title: string}} options  title: e.g. t("race_won_title"), "You won the race!"
 * @returns {Promise<void>} settles when the moment is over
 */
export function celebrateRaceWin({ title }) {
  return cascade({ title, suits: "HD" });
}
