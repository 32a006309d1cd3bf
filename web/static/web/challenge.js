// A challenge (SPEC §11): "beat my score on this deal". The page of a challenge link
// (#/challenge/<code>) shows who made it and the result to beat, never the deal: the deal comes
// with the visitor's own game, started here. Its board (the section 7 order, ties shared) is
// read over REST and kept live over /ws/challenges/<code>/. Once the visitor's own game at it
// has ended, the creator's line is theirs to replay.

import { call, socketUrl } from "./api.js";
import { formatTime } from "./dialogs.js";
import { playerName, t } from "./i18n.js";
import { LiveFeed } from "./live.js";

const TOP = 20;
/** Where this device once remembered its games at challenges: the game says so itself now (its
 * ``challenge``), so the key is only cleared. */
const OLD_GAMES_KEY = "halfmoon.challenge-games";

/** The section 7 order as one ascending number (games/play/standings.py standing_of): won
 * first, then the higher score, then the shorter time. */
function standing(won, score, elapsedMs) {
  return (won ? 0 : 1) * 2 ** 46 + (2 ** 15 - 1 - score) * 2 ** 31 + Math.min(Math.max(elapsedMs, 0), 2 ** 31 - 1);
}

/** Did ``game`` (ended) beat the challenge's result, in the board's order? A result equal on
 * won, score and time ranks behind the creator's, which ended first: it stands.
 * @param {{status: string, score: number, elapsed_ms: number}} game
 * @param {{result: {status: string, score: number, elapsed_ms: number}}} challenge */
export function beats(game, challenge) {
  const theirs = challenge.result;
  return standing(game.status === "won", game.score, game.elapsed_ms)
    < standing(theirs.status === "won", theirs.score, theirs.elapsed_ms);
}

/** "You beat Ana's 520" or "Ana's 520 stands", for an ended challenge game. ``challenge``: the
 * game's own (``game.challenge``, on any device that opens it).
 * @param {{status: string, score: number, elapsed_ms: number}} game
 * @param {{creator: {name: string}, result: {status: string, score: number, elapsed_ms: number}}} challenge */
export function verdict(game, challenge) {
  const words = { name: playerName(challenge.creator.name), score: challenge.result.score };
  return t(beats(game, challenge) ? "challenge_beaten" : "challenge_stands", words);
}

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
    try { localStorage.removeItem(OLD_GAMES_KEY); } catch { /* storage off: nothing kept */ }
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
      this.creator = board.creator ?? null;
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
    const heading = element("h2", "", t("challenge_from", { name: playerName(c.creator.name) }));
    heading.id = "challenge-title";
    this.root.setAttribute("aria-labelledby", "challenge-title");
    const result = element("p", "challenge-result", t("challenge_to_beat", {
      score: c.result.score, moves: c.result.moves, time: formatTime(c.result.elapsed_ms),
      result: t(c.result.status === "won" ? "challenge_won" : "challenge_resigned"),
    }));
    const intro = element("p", "", t("challenge_intro", { name: playerName(c.creator.name) }));
    const row = element("div", "row");
    const mine = c.me;
    const play = element("button", "primary", t(mine?.playing_game_id ? "challenge_continue" : "challenge_play"));
    play.type = "button";
    play.dataset.challenge = "play";
    play.addEventListener("click", () => this.play());
    row.append(play);
    if (mine?.line_open && mine.creator_game_id) {
      const replay = element("a", "button", t("challenge_replay_line", { name: playerName(c.creator.name) }));
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
    const row = (entry, rank) => {
      const item = element("li", "");
      item.append(
        element("span", "rank", String(rank)),
        element("span", "name", playerName(entry.player.name)),
        element("span", "score", `${entry.score} · ${t(entry.result === "won" ? "challenge_won" : "challenge_resigned")}`),
        element("span", "time", formatTime(entry.elapsed_ms)),
      );
      return item;
    };
    // The creator's result, marked, where it stands among the attempts (before the first it is
    // ahead of: the section 7 order, as the server's ``creator.rank`` counts it).
    const creator = this.creator;
    const at = creator ? this.board.results.findIndex((entry) => ahead(creator, entry)) : -1;
    this.board.results.forEach((entry, index) => {
      if (index === at) list.append(this.creatorRow(row, creator));
      list.append(row(entry, entry.rank));
    });
    if (creator && at === -1) list.append(this.creatorRow(row, creator));
    if (!this.board.results.length && !creator) list.append(element("li", "empty", t("challenge_empty")));
    this.boardRoot.replaceChildren(title, list);
  }

  /** The creator's row: marked as the result to beat, without a rank of its own (the ranks are
   * the challengers'). */
  creatorRow(row, creator) {
    const item = row(creator, "–");
    item.classList.add("creator");
    item.dataset.creator = "true";
    item.append(element("span", "mark", t("challenge_creator_mark")));
    return item;
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

/** Whether board entry ``a`` stands ahead of ``b`` in the section 7 order (won first, then a
 * higher score, a shorter time, an earlier end); equal results are not ahead (a shared rank).
 * @param {{result: string|null, score: number, elapsed_ms: number, ended_at: string|null}} a
 * @param {{result: string|null, score: number, elapsed_ms: number, ended_at: string|null}} b */
function ahead(a, b) {
  const won = (entry) => (entry.result === "won" ? 1 : 0);
  if (won(a) !== won(b)) return won(a) > won(b);
  if (a.score !== b.score) return a.score > b.score;
  if (a.elapsed_ms !== b.elapsed_ms) return a.elapsed_ms < b.elapsed_ms;
  return (a.ended_at ?? "") < (b.ended_at ?? "");
}
