// A challenge (SPEC §11): "beat my score on this deal". The page of a challenge link
// (#/challenge/<code>) shows who made it and the result to beat, never the deal: the deal comes
// with the visitor's own game, started here. Its board (the section 7 order, ties shared) is
// read over REST and kept live over /ws/challenges/<code>/. Once the visitor's own game at it
// has ended, the creator's line is theirs to replay.

import { call, socketUrl } from "./api.js";
import { formatTime } from "./dialogs.js";
import { t } from "./i18n.js";
import { LiveFeed } from "./live.js";

const TOP = 20;

/** @param {number} gameId */
export function makeChallenge(gameId) {
  return call("post", "/api/v1/games/{game_id}/challenge", { path: { game_id: gameId } });
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export class ChallengePage {
  /** @param {HTMLElement} root @param {{open: (id: number) => void, onError: (e: any) => void,
   *   toast: (text: string) => void}} actions */
  constructor(root, actions) {
    this.root = root;
    this.card = element("div", "page-card");
    root.append(this.card);
    this.actions = actions;
    this.code = null;
    this.challenge = null;
    this.board = null;
    this.feed = null;
  }

  /** @param {string} code */
  async show(code) {
    this.stop();
    this.root.hidden = false;
    this.code = code;
    this.card.replaceChildren(element("p", "loading", t("loading")));
    try {
      const [challenge, board] = await Promise.all([
        call("get", "/api/v1/challenges/{code}", { path: { code } }),
        call("get", "/api/v1/challenges/{code}/board", { path: { code }, query: { limit: TOP } }),
      ]);
      this.challenge = challenge;
      this.board = { total: board.total, results: board.results };
    } catch (error) {
      this.card.replaceChildren(element("h2", "", t("challenge_title")),
        element("p", "form-error", error.message));
      return;
    }
    this.render();
    this.feed = new LiveFeed(() => socketUrl(`challenges/${encodeURIComponent(code)}/`, { limit: TOP }), {
      onMessage: (message) => {
        if (message.type !== "challenge_board") return;
        this.board = { total: message.total, results: message.top };
        this.renderBoard();
      },
    }).start();
  }

  stop() {
    this.feed?.stop();
    this.feed = null;
  }

  hide() {
    this.stop();
    this.root.hidden = true;
  }

  relabel() { if (this.challenge) this.render(); }

  render() {
    const c = this.challenge;
    const heading = element("h2", "", t("challenge_from", { name: c.creator.name }));
    heading.id = "challenge-title";
    this.root.setAttribute("aria-labelledby", "challenge-title");
    const result = element("p", "challenge-result", t("challenge_to_beat", {
      score: c.result.score, moves: c.result.moves, time: formatTime(c.result.elapsed_ms),
      result: t(c.result.status === "won" ? "challenge_won" : "challenge_resigned"),
    }));
    const intro = element("p", "", t("challenge_intro", { name: c.creator.name }));
    const row = element("div", "row");
    const mine = c.me;
    const play = element("button", "primary", t(mine?.playing_game_id ? "challenge_continue" : "challenge_play"));
    play.type = "button";
    play.dataset.challenge = "play";
    play.addEventListener("click", () => this.play());
    row.append(play);
    if (mine?.line_open && mine.creator_game_id) {
      const replay = element("a", "button", t("challenge_replay_line", { name: c.creator.name }));
      replay.href = `#/games/${mine.creator_game_id}/replay/0`;
      row.append(replay);
    }
    const share = element("div", "row challenge-share");
    const link = element("input", "challenge-link");
    link.readOnly = true;
    link.value = new URL(c.link, location.origin).href;
    link.setAttribute("aria-label", t("challenge_link"));
    const copy = element("button", "", t("challenge_copy"));
    copy.type = "button";
    copy.addEventListener("click", () => this.copy(link));
    share.append(link, copy);
    this.boardRoot = element("section", "challenge-board");
    this.boardRoot.setAttribute("aria-labelledby", "challenge-board-title");
    this.card.replaceChildren(heading, result, intro, row, share, this.boardRoot);
    this.renderBoard();
  }

  renderBoard() {
    if (!this.boardRoot) return;
    const title = element("h3", "", t("challenge_board", { total: this.board.total }));
    title.id = "challenge-board-title";
    const list = element("ol", "board");
    list.setAttribute("aria-live", "polite");
    for (const entry of this.board.results) {
      const item = element("li", "");
      item.append(
        element("span", "rank", String(entry.rank)),
        element("span", "name", entry.player.name),
        element("span", "score", `${entry.score} · ${t(entry.result === "won" ? "challenge_won" : "challenge_resigned")}`),
        element("span", "time", formatTime(entry.elapsed_ms)),
      );
      list.append(item);
    }
    if (!this.board.results.length) list.append(element("li", "empty", t("challenge_empty")));
    this.boardRoot.replaceChildren(title, list);
  }

  async play() {
    const mine = this.challenge?.me;
    if (mine?.playing_game_id) return this.actions.open(mine.playing_game_id);
    try {
      const game = await call("post", "/api/v1/challenges/{code}/games", { path: { code: this.code } });
      this.actions.open(game.id);
    } catch (error) {
      this.actions.onError(error);
    }
  }

  async copy(input) {
    try {
      await navigator.clipboard.writeText(input.value);
      this.actions.toast(t("challenge_copied"));
    } catch {
      input.select();
      this.actions.toast(t("copy_failed"));
    }
  }
}
