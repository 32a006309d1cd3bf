// What a tap will do, shown before the server answers (issue 38: a table that answers at once).
// The same rule as the engine's Board.tap (games/engine/board.py, SPEC §4), applied to what the
// page knows: the top cards the API shows. Hand-written because the engine is Python; it never
// guesses more than that rule: a card not known yet (the next card of a pile whose top is on its
// way out) stops the prediction, and the server's answer is always what the page shows next.

const COURT = new Set(["J", "Q", "K"]);

/** @param {string} card e.g. "10H", "KS" */
function rank(card) {
  return card.slice(0, -1);
}

/** @param {string} card */
function isFace(card) {
  return COURT.has(rank(card));
}

/** @param {string} card */
function value(card) {
  const r = rank(card);
  return r === "A" ? 1 : Number(r);
}

/** The engine's ``joins``: is a tap on ``card`` accepted with ``chosen`` selected?
 * @param {string[]} chosen @param {string} card */
export function joins(chosen, card) {
  if (!chosen.length) return true;
  if (!isFace(chosen[0])) return !isFace(card) && value(chosen[0]) + value(card) === 11;
  return isFace(card) && chosen.every((c) => rank(c) !== rank(card));
}

/**
 * The tap on ``position`` with ``selection`` selected, ``cards`` the known cards by position
 * (null: empty; a missing position: not known). Returns the selection after it and the
 * positions it removes (null: none), or null when the page cannot know.
 * @param {string[]} selection @param {Map<string, string | null>} cards @param {string} position
 * @returns {{selection: string[], removal: string[] | null} | null}
 */
export function predictTap(selection, cards, position) {
  if (!cards.has(position) || selection.some((p) => !cards.has(p))) return null;
  const card = cards.get(position);
  if (!card) return { selection, removal: null }; // an empty position: refused, nothing changes
  if (selection.includes(position)) return { selection: selection.filter((p) => p !== position), removal: null };
  const chosen = selection.map((p) => /** @type {string} */ (cards.get(p)));
  if (joins(chosen, card)) {
    if (chosen.length && (!isFace(card) || chosen.length === 2)) {
      return { selection: [], removal: [...selection, position] };
    }
    return { selection: [...selection, position], removal: null };
  }
  if (!isFace(chosen[0])) return { selection: [], removal: null };
  if (isFace(card)) { // a rank already selected: the new card takes that card's place
    const same = chosen.findIndex((c) => rank(c) === rank(card));
    return { selection: selection.map((p, i) => (i === same ? position : p)), removal: null };
  }
  return { selection: [], removal: null };
}

/**
 * The positions the placement aid dims with ``selection`` (the engine's Board.dimmed): known
 * cards not selected that the selection does not take.
 * @param {string[]} selection @param {Map<string, string | null>} cards
 */
export function dimmedFor(selection, cards) {
  if (!selection.length) return [];
  const chosen = selection.map((p) => /** @type {string} */ (cards.get(p)));
  return [...cards].filter(([p, card]) => card && !selection.includes(p) && !joins(chosen, card))
    .map(([p]) => p);
}
