// The first visit: a guided first deal on the rule pages' worked example (no deal code deals it,
// so it is played in a picture, not on a game), and the one-line hint on the table. The guide
// opens once on a device's first visit, can be skipped at every step, and is never shown again
// on its own once finished or skipped; the rules page and the hint open it again.

import { arcFigure } from "./diagram.js";
import { exampleAt } from "./example.js";
import { t } from "./i18n.js";

const GUIDE_KEY = "halfmoon.guide";
const HINT_KEY = "halfmoon.hint";

/** Each step: the example's table after ``at`` of its steps, the selection drawn, the card to
 * tap (null: the last step) and its text. They are the example's two removals, tap by tap. */
const STEPS = [
  { at: 0, selection: [], target: "P1", text: "guide_1" },
  { at: 1, selection: ["P1"], target: "P8", text: "guide_2" },
  { at: 2, selection: [], target: "P3", text: "guide_3" },
  { at: 2, selection: ["P3"], target: "P8", text: "guide_4" },
  { at: 2, selection: ["P3", "P8"], target: "P5", text: "guide_5" },
  { at: 10, selection: [], target: null, text: "guide_6" },
];

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // private mode: nothing is kept, nothing is shown on its own
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch { /* private mode */ }
}

/** A device's first visit (it had no player): the guide and the hint are due. */
export function markFirstVisit() {
  for (const key of [GUIDE_KEY, HINT_KEY]) if (!stored(key)) store(key, "due");
}

export const guideDue = () => stored(GUIDE_KEY) === "due";
export const hintDue = () => stored(HINT_KEY) === "due";
/** The hint has done its work (dismissed, the guide finished, or a first removal). */
export const hintDone = () => store(HINT_KEY, "done");

export class Guide {
  /** ``dialog``: the guide's <dialog>; ``finished()``: called when it was played to its end. */
  constructor(dialog, { finished }) {
    this.dialog = dialog;
    this.body = dialog.querySelector(".guide-body");
    this.finished = finished;
    this.step = 0;
    // Escape skips, like the Skip button: the guide is not shown again either way.
    dialog.addEventListener("close", () => {
      store(GUIDE_KEY, "done");
      this.body.replaceChildren(); // its picture's slots leave the page with it
    });
  }

  open() {
    this.step = 0;
    this.render();
    if (!this.dialog.open) this.dialog.showModal();
    this.body.querySelector('[data-guide="next"]')?.focus();
  }

  get isOpen() {
    return this.dialog.open;
  }

  relabel() {
    if (this.dialog.open) this.render();
  }

  next() {
    if (this.step < STEPS.length - 1) {
      this.step += 1;
      this.render();
      this.body.querySelector('[data-guide="next"]')?.focus();
      return;
    }
    this.dialog.close();
    this.finished();
  }

  render() {
    const step = STEPS[this.step];
    const { spots } = exampleAt(step.at);
    const status = document.createElement("p");
    status.className = "guide-status";
    status.textContent = t("step_of", { n: this.step + 1, total: STEPS.length });
    const figure = arcFigure(spots, { selection: step.selection, caption: "" });
    const target = step.target && figure.querySelector(`.slot[data-position="${step.target}"]`);
    if (target) {
      target.classList.add("is-target");
      target.addEventListener("click", () => this.next()); // pointer nicety; Next does the same
    }
    const text = document.createElement("p");
    text.className = "guide-text";
    text.setAttribute("aria-live", "polite");
    text.textContent = t(step.text);
    const how = document.createElement("p");
    how.className = "hint";
    how.textContent = step.target ? t("guide_tap") : "";
    const row = document.createElement("div");
    row.className = "row end";
    const skip = button(t("guide_skip"), "quiet", "skip", () => this.dialog.close());
    const last = this.step === STEPS.length - 1;
    const next = button(t(last ? "guide_play" : "next"), "primary", "next", () => this.next());
    row.append(skip, next);
    this.dialog.dataset.step = String(this.step + 1);
    this.body.replaceChildren(status, figure, text, how, row);
  }
}

function button(text, className, name, onClick) {
  const node = document.createElement("button");
  node.type = "button";
  node.className = className;
  node.dataset.guide = name;
  node.textContent = text;
  node.addEventListener("click", onClick);
  return node;
}
