// A replay (SPEC §11): any game the viewer may see, removal by removal
// (#/games/<id>/replay/<n>, n the move shown). Each step is the engine's own replay of the
// game's log, served by GET /games/{id}/replay/{step}: the client implements no rule. The log
// (GET /games/{id}/log) says which entries changed the table (a removal, made by a move or a
// completing tap, an undo, the resignation); taps that only selected are passed over, so
// "Move 12 of 48" counts what the player did to the table, with the score beside it. Step back
// and forward, jump to move N, play and pause at a speed; ←/→, Home/End and Space do the same,
// and a live region says what each step did. The controls stay in view on a phone (sticky).

import { call } from "./api.js";
import { cardName, playerName, t } from "./i18n.js";
import { Table } from "./table.js";

const SPEEDS = [2000, 1000, 500, 250];

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(label, name, text) {
  const node = element("button", "", text);
  node.type = "button";
  node.dataset.replay = name;
  node.setAttribute("aria-label", label);
  return node;
}

export class ReplayPage {
  /** @param {HTMLElement} root @param {{onError: (e: any) => void}} actions */
  constructor(root, actions) {
    this.root = root;
    this.card = element("div", "page-card");
    root.append(this.card);
    this.actions = actions;
    this.gameId = null;
    /** The move shown: an index into ``points``. */
    this.step = 0;
    /** The last move (points.length - 1). */
    this.steps = 0;
    /** The log entries (seq) that changed the table, after 0 (as dealt). @type {number[]} */
    this.points = [0];
    this.timer = null;
    this.speed = SPEEDS[1];
    /** @type {Map<number, any>} steps already read */
    this.cache = new Map();
    this.visible = false;
    document.addEventListener("keydown", (event) => this.onKey(event));
  }

  /** @param {number} gameId @param {number} step */
  async show(gameId, step) {
    this.pause();
    this.visible = true;
    this.root.hidden = false;
    if (gameId !== this.gameId) this.cache.clear();
    this.gameId = gameId;
    this.build();
    try {
      this.points = await this.readPoints(gameId);
    } catch (error) {
      return this.actions.onError(error);
    }
    this.steps = this.points.length - 1;
    await this.go(Math.min(step, this.steps));
  }

  /** 0 and every log entry that changed the table, read page by page (oldest first).
   * @param {number} gameId @returns {Promise<number[]>} */
  async readPoints(gameId) {
    const points = [0];
    /** @type {string | null} */
    let cursor = null;
    for (;;) {
      const query = cursor ? { cursor, limit: 100 } : { limit: 100 };
      const page = await call("get", "/api/v1/games/{game_id}/log", { path: { game_id: gameId }, query });
      for (const entry of page.results) {
        if (entry.kind !== "tap" || entry.removed?.length) points.push(entry.seq);
      }
      if (!page.next || !page.results.length) return points;
      cursor = page.next;
    }
  }

  hide() {
    this.visible = false;
    this.root.hidden = true;
    this.pause();
  }

  relabel() { if (this.visible && this.gameId) { this.build(); this.go(this.step); } }

  build() {
    const heading = element("h2", "", t("replay_title"));
    heading.id = "replay-title";
    this.root.setAttribute("aria-labelledby", "replay-title");
    const frame = element("div", "replay-frame");
    const tableRoot = element("div", "replay-table");
    frame.append(tableRoot);
    this.table = new Table(tableRoot, { onTap: () => {} });
    this.position = element("p", "replay-position");
    this.announcer = element("p", "replay-announcer");
    this.announcer.setAttribute("role", "status");
    this.announcer.setAttribute("aria-live", "polite");
    const controls = element("div", "row replay-controls");
    controls.setAttribute("role", "toolbar");
    controls.setAttribute("aria-label", t("replay_controls"));
    this.first = button(t("replay_first"), "first", "|◀");
    this.back = button(t("replay_back"), "back", "◀");
    this.playButton = button(t("replay_play"), "play", t("replay_play"));
    this.forward = button(t("replay_forward"), "forward", "▶");
    this.last = button(t("replay_last"), "last", "▶|");
    this.first.addEventListener("click", () => this.go(0));
    this.back.addEventListener("click", () => this.go(this.step - 1));
    this.playButton.addEventListener("click", () => (this.timer ? this.pause() : this.play()));
    this.forward.addEventListener("click", () => this.go(this.step + 1));
    this.last.addEventListener("click", () => this.go(this.steps));
    controls.append(this.first, this.back, this.playButton, this.forward, this.last);
    const jump = element("label", "replay-jump", t("replay_jump"));
    this.slider = element("input", "");
    this.slider.type = "range";
    this.slider.min = "0";
    this.slider.addEventListener("change", () => this.go(Number(this.slider.value)));
    jump.append(this.slider);
    const speed = element("label", "replay-speed", t("replay_speed"));
    this.speedSelect = element("select", "");
    for (const ms of SPEEDS) this.speedSelect.add(new Option(t("replay_per_second", { n: 1000 / ms }), String(ms)));
    this.speedSelect.value = String(this.speed);
    this.speedSelect.addEventListener("change", () => {
      this.speed = Number(this.speedSelect.value);
      if (this.timer) { this.pause(); this.play(); }
    });
    speed.append(this.speedSelect);
    const help = element("p", "hint", t("replay_keys"));
    this.score = element("p", "replay-score");
    // where the replay is and its controls, kept in view (sticky) below the table on a phone
    const bar = element("div", "page-card replay-bar");
    const where = element("div", "replay-where");
    where.append(this.position, this.score);
    bar.append(where, controls);
    const tools = element("div", "page-card replay-tools");
    tools.append(jump, speed, this.announcer, help);
    this.card.replaceChildren(heading);
    // the table on the felt, as at play, between the cards
    this.root.replaceChildren(this.card, frame, bar, tools);
  }

  async read(step) {
    if (!this.cache.has(step)) {
      this.cache.set(step, await call("get", "/api/v1/games/{game_id}/replay/{step}",
        { path: { game_id: this.gameId, step } }));
    }
    return this.cache.get(step);
  }

  /** @param {number} step */
  async go(step) {
    if (step < 0 || step > this.steps) return;
    let shown;
    try {
      shown = await this.read(this.points[step]);
    } catch (error) {
      this.pause();
      return this.actions.onError(error);
    }
    if (!this.visible) return;
    this.step = step;
    this.score.textContent = t("replay_score", { score: shown.game.score });
    this.table.render(shown.game, { label: t("replay_table", { name: playerName(shown.game.owner.name) }) });
    this.slider.max = String(this.steps);
    this.slider.value = String(this.step);
    this.slider.setAttribute("aria-valuetext", t("replay_step", { n: this.step, total: this.steps }));
    this.position.textContent = t("replay_step", { n: this.step, total: this.steps });
    this.announcer.textContent = this.describe(shown);
    this.first.disabled = this.back.disabled = this.step === 0;
    this.forward.disabled = this.last.disabled = this.step === this.steps;
    history.replaceState(null, "", `#/games/${this.gameId}/replay/${this.step}`);
    if (this.step === this.steps) this.pause();
  }

  describe(shown) {
    const entry = shown.entry;
    const where = t("replay_step", { n: this.step, total: this.steps });
    if (!entry) return `${where}: ${t("replay_dealt")}`;
    const cards = (entry.removed || entry.restored || []).map((r) => cardName(r.card)).join(` ${t("and")} `);
    const said = {
      move: () => t("removed", { cards }),
      tap: () => (cards ? t("removed", { cards }) : t("replay_tap", { position: entry.positions.join(" ") })),
      undo: () => t("replay_undo", { cards }),
      resign: () => t("replay_resign"),
    }[entry.kind];
    const score = t("replay_score", { score: shown.game.score });
    return `${where}: ${said ? said() : entry.kind} ${score}.`;
  }

  play() {
    if (this.step >= this.steps) return;
    this.playButton.textContent = t("replay_pause");
    this.playButton.setAttribute("aria-label", t("replay_pause"));
    this.timer = setInterval(() => this.go(this.step + 1), this.speed);
  }

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.playButton) {
      this.playButton.textContent = t("replay_play");
      this.playButton.setAttribute("aria-label", t("replay_play"));
    }
  }

  onKey(event) {
    if (!this.visible || this.root.hidden || event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    if (event.target.closest?.("input, select, textarea, .spot")) return;
    const actions = {
      ArrowLeft: () => this.go(this.step - 1),
      ArrowRight: () => this.go(this.step + 1),
      Home: () => this.go(0),
      End: () => this.go(this.steps),
      " ": () => (this.timer ? this.pause() : this.play()),
    };
    if (!(event.key in actions)) return;
    event.preventDefault();
    event.stopPropagation();
    actions[event.key]();
  }
}
