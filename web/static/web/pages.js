// The reading pages beside the table: the rules and the worked example, as the rule pages
// have them, in the player's language. Each page is a section of the one HTML page, shown by
// its #/rules or #/examples address; "Back to the game" returns to the table.

import { arcFigure, cardGroupsFigure } from "./diagram.js";
import { EXAMPLE_STEPS, MESSAGES, exampleAt } from "./example.js";
import { cardName, language, t } from "./i18n.js";
import { RULE_TEXTS } from "./ruletexts.js";

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function button(text, onClick, className = "") {
  const node = element("button", className, text);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

/** The head of a reading page: its title, the way between rules and examples, and back. */
export function pageHead(titleKey, actions, current = null) {
  const head = element("header", "page-head");
  const title = element("h2", "", t(titleKey));
  title.id = `${titleKey}-heading`;
  title.tabIndex = -1; // focused when the page opens, so reading starts at its title
  head.append(title);
  const nav = element("nav", "page-nav");
  nav.setAttribute("aria-label", t("rules"));
  for (const [key, hash] of [["rules", "#/rules"], ["examples", "#/examples"]]) {
    if (current === null) break;
    const link = element("a", "tab", t(key));
    link.href = hash;
    if (key === current) link.setAttribute("aria-current", "page");
    nav.append(link);
  }
  nav.append(button(t("back_to_game"), () => actions.back(), "back"));
  head.append(nav);
  return head;
}

const PAIR_EXAMPLES = [["AH", "10C"], ["2D", "9S"], ["3C", "8H"], ["4S", "7D"], ["5H", "6C"]];
const VALUES = { A: 1, J: null, Q: null, K: null };

function value(code) {
  const rank = code.slice(0, -1);
  return rank in VALUES ? VALUES[rank] : Number(rank);
}

const FIGURES = {
  arc: () => arcFigure(exampleAt(0).spots),
  pairs: () => cardGroupsFigure(PAIR_EXAMPLES.map((cards) => ({
    cards, ok: true, note: `${value(cards[0])} + ${value(cards[1])} = 11` })), t("pairs_caption")),
  triple: () => cardGroupsFigure([{ cards: ["JC", "QH", "KS"], ok: true, note: "+15" }],
    t("triple_caption")),
  refused: () => cardGroupsFigure([
    { cards: ["5S", "AH"], ok: false, note: "5 + 1 = 6" },
    { cards: ["5S", "KH"], ok: false, note: t("note_number_face") },
    { cards: ["KH", "KH"], ok: false, note: t("note_same_rank") },
  ], t("refused_caption")),
};

export class RulesPage {
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.visible = false;
  }

  show() {
    this.visible = true;
    this.root.hidden = false;
    this.render();
    this.root.querySelector("h2")?.focus();
  }

  hide() {
    this.visible = false;
    this.root.hidden = true;
  }

  relabel() {
    if (this.visible) this.render();
  }

  render() {
    const text = RULE_TEXTS[language()] || RULE_TEXTS.en;
    const card = element("article", "page-card rules");
    card.append(pageHead("rules", this.actions, "rules"));
    card.querySelector("h2").textContent = text.title;
    const again = element("p", "more-line");
    const guide = button(t("guide_again"), () => this.actions.guide(), "link-button");
    guide.classList.add("guide-again");
    again.append(guide);
    card.append(again);
    for (const section of text.sections) {
      const part = element("section", "rules-section");
      part.append(element("h3", "", section.heading));
      for (const block of section.blocks) {
        if (block.p) part.append(element("p", "", block.p));
        else if (block.ul) {
          const list = element("ul");
          for (const item of block.ul) list.append(element("li", "", item));
          part.append(list);
        } else if (block.figure) part.append(FIGURES[block.figure]());
        else if (block.link) {
          const link = element("a", "more", t("see_examples"));
          link.href = "#/examples";
          const line = element("p", "more-line");
          line.append(link);
          part.append(line);
        }
      }
      card.append(part);
    }
    this.root.replaceChildren(card);
  }
}

export class ExamplesPage {
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.visible = false;
    this.step = 0;
  }

  show() {
    this.visible = true;
    this.root.hidden = false;
    this.render();
    this.root.querySelector("h2")?.focus();
  }

  hide() {
    this.visible = false;
    this.root.hidden = true;
  }

  relabel() {
    if (this.visible) this.render();
  }

  go(step, focusKey = null) {
    this.step = Math.max(0, Math.min(EXAMPLE_STEPS.length, step));
    this.renderStepper();
    this.stepper.scrollIntoView?.({ block: "nearest" });
    if (!focusKey) return;
    const wanted = this.root.querySelector(`[data-example="${focusKey}"]`);
    const other = this.root.querySelector(`[data-example="${focusKey === "next" ? "previous" : "next"}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }

  render() {
    const card = element("article", "page-card examples");
    card.append(pageHead("examples", this.actions, "examples"));
    this.stepper = element("section", "stepper");
    this.stepper.setAttribute("aria-labelledby", "examples-heading");
    card.append(this.stepper);
    const list = element("ol", "step-list");
    EXAMPLE_STEPS.forEach((step, index) => {
      const item = element("li");
      const jump = button(step.text[language()] || step.text.en, () => this.go(index + 1));
      jump.dataset.stepLink = String(index + 1);
      item.append(jump);
      if (step.message) item.classList.add("is-refused");
      list.append(item);
    });
    card.append(element("h3", "", t("examples_title")), list);
    this.list = list;
    this.root.replaceChildren(card);
    this.renderStepper();
  }

  renderStepper() {
    const { spots, selection, score, moves, step } = exampleAt(this.step);
    const total = EXAMPLE_STEPS.length;
    const stepper = this.stepper;
    stepper.dataset.step = String(this.step);
    stepper.dataset.selection = selection.join(" ");
    stepper.dataset.message = step?.message || "";
    stepper.dataset.score = String(score);
    stepper.dataset.moves = String(moves);
    const status = element("p", "step-status");
    status.setAttribute("aria-live", "polite");
    status.append(element("strong", "", t("step_of", { n: this.step, total })),
      element("span", "", ` · ${t("score")} ${score} · ${t("moves")} ${moves}`));
    const caption = element("div", "step-caption");
    if (step) {
      const tapped = spots[step.tap].card || exampleAt(this.step - 1).spots[step.tap].card;
      caption.append(element("p", "step-tap", t("tapped", { card: `${cardName(tapped)} (${step.tap})` })));
      caption.append(element("p", "step-text", step.text[language()] || step.text.en));
      if (step.message) {
        const bubble = element("p", "step-message");
        bubble.dataset.code = step.message;
        bubble.append(element("span", "", t("message_shown")), " ",
          element("q", "", (MESSAGES[language()] || MESSAGES.en)[step.message]));
        caption.append(bubble);
      }
    } else {
      caption.append(element("p", "step-text", t("example_start")));
    }
    const figure = arcFigure(spots, { selection, tapped: step?.tap ?? null, caption: "" });
    const controls = element("div", "row step-controls");
    const previous = button(t("previous"), () => this.go(this.step - 1, "previous"));
    previous.dataset.example = "previous";
    previous.disabled = this.step === 0;
    const next = button(t("next"), () => this.go(this.step + 1, "next"), "primary");
    next.dataset.example = "next";
    next.disabled = this.step === total;
    const restart = button(t("restart"), () => this.go(0, "next"), "quiet");
    restart.dataset.example = "restart";
    controls.append(previous, next, restart);
    stepper.replaceChildren(status, figure, caption, controls);
    for (const link of this.list?.querySelectorAll("[data-step-link]") || []) {
      const current = Number(link.dataset.stepLink) === this.step;
      if (current) link.setAttribute("aria-current", "step");
      else link.removeAttribute("aria-current");
    }
  }
}
