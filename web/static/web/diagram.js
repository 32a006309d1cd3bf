// Read-only pictures for the rules and examples pages: the arc of a table (SPEC §1) with, as
// the rule pages draw it, each pile's number (1–12) or reserve slot (R1–R8) and its card count
// under every card; and rows of cards for the pair and triple rules. Pictures are hidden from
// screen readers, which get the same content as text next to them.

import { cardBackSvg, cardSvg } from "./cards.js";
import { cardCount, cardName, t } from "./i18n.js";
import { POSITIONS } from "./table.js";

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The label the rule pages put under a card: "1"…"12" for piles, "R1"…"R8" for the reserve. */
export function diagramName(position) {
  return position.startsWith("P") ? position.slice(1) : position;
}

/** One position in words: "Pile 1, 8 cards, five of spades" (a hidden top: "a card not shown"). */
export function describeSpot(position, { card, count }) {
  const pile = position.startsWith("P");
  const parts = [t(pile ? "pile" : "reserve", { n: position.slice(1) })];
  if (!count) return `${parts[0]}, ${t("empty")}`;
  if (pile) parts.push(cardCount(count));
  parts.push(card ? cardName(card) : t("hidden_card"));
  return parts.join(", ");
}

/**
 * A figure with the arc of ``spots`` ({P1: {card, count}, …}; card null with a count: not shown
 * yet). ``selection``: positions drawn lifted; ``tapped``: the position just tapped.
 */
export function arcFigure(spots, { caption = t("diagram_caption"), selection = [], tapped = null,
  label = "" } = {}) {
  const figure = element("figure", "diagram-figure");
  const frame = element("div", "diagram-frame");
  const arc = element("div", "diagram");
  arc.setAttribute("aria-hidden", "true");
  for (const position of POSITIONS) {
    const spot = spots[position] || { card: null, count: 0 };
    const slot = element("div", `slot slot-${position.toLowerCase()}`);
    slot.dataset.position = position;
    slot.dataset.card = spot.card || "";
    slot.dataset.count = String(spot.count);
    slot.classList.toggle("is-empty", !spot.count);
    slot.classList.toggle("is-selected", selection.includes(position));
    slot.classList.toggle("is-tapped", position === tapped);
    const face = element("div", "dcard");
    face.append(!spot.count ? cardSvg(null) : spot.card ? cardSvg(spot.card) : cardBackSvg());
    const name = element("div", "label");
    name.append(element("span", "name", diagramName(position)),
      element("span", "count", String(spot.count)));
    slot.append(face, name);
    arc.append(slot);
  }
  frame.append(arc);
  const words = element("ul", "visually-hidden");
  if (label) words.setAttribute("aria-label", label);
  for (const position of POSITIONS) {
    words.append(element("li", "", describeSpot(position, spots[position] || { count: 0 })));
  }
  figure.append(frame, words);
  if (caption) figure.append(element("figcaption", "", caption));
  return figure;
}

/**
 * Groups of cards side by side, each group with a verdict under it: ``groups`` is a list of
 * {cards: ["5S", "6D"], ok: true|false|null, note: "5 + 6 = 11"}.
 */
export function cardGroupsFigure(groups, caption) {
  const figure = element("figure", "groups-figure");
  const row = element("ul", "card-groups");
  for (const group of groups) {
    const item = element("li", `card-group${group.ok === false ? " is-refused" : ""}`);
    const cards = element("div", "group-cards");
    cards.setAttribute("aria-hidden", "true");
    for (const code of group.cards) {
      const holder = element("div", "mini-card");
      holder.append(cardSvg(code));
      cards.append(holder);
    }
    const names = group.cards.map(cardName).join(" + ");
    const verdict = group.ok === null ? "" : ` — ${t(group.ok ? "fits" : "does_not_fit")}`;
    const note = element("p", "group-note", group.note || "");
    const spoken = element("span", "visually-hidden", `${names}${verdict}. `);
    note.prepend(spoken);
    if (group.ok !== null) {
      const mark = element("span", `verdict ${group.ok ? "ok" : "no"}`, group.ok ? "✓" : "✗");
      mark.setAttribute("aria-hidden", "true");
      note.prepend(mark);
    }
    item.append(cards, note);
    row.append(item);
  }
  figure.append(row);
  if (caption) figure.append(element("figcaption", "", caption));
  return figure;
}
