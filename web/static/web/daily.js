// Today's daily deal: the leaderboard (top entries and my rank), kept live over
// /ws/daily/{date}/, with the way into today's ranked game (or practice once it is over).
// The board is read over REST once when the page opens (and again after a reconnect, a
// removal by the staff or the day's close); each pushed entry is then put in place here,
// with the ranks below it moved down, instead of reading the board again.

import { api, call, socketProtocols, socketUrl } from "./api.js";
import { formatTime } from "./dialogs.js";
import { playerName, t } from "./i18n.js";
import { LiveFeed } from "./live.js";

const TOP = 20;
const SEASON_TOP = 10;
const REFRESH_DELAY_MS = 200;
const OPEN_GAME = new Set(["playing", "stalled"]);

/**
 * The board after a pushed entry entered it: the entry at its rank, every entry at or below
 * that rank one place lower, the top kept to ``limit``; ``me`` moves the same way.
 */
export function withEntry(board, entry, total, myId, limit = TOP) {
  const shift = (e) => (e && e.game_id !== entry.game_id && e.rank >= entry.rank
    ? { ...e, rank: e.rank + 1 } : e);
  const results = board.results.filter((e) => e.game_id !== entry.game_id).map(shift);
  if (entry.rank <= limit) results.push(entry);
  results.sort((a, b) => a.rank - b.rank);
  let me = board.me && board.me.game_id !== entry.game_id ? shift(board.me) : board.me;
  if (entry.player.id === myId) me = entry;
  return { ...board, results: results.slice(0, limit), total, me };
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export class DailyPage {
  /** @param {{me, play, open, back, onError}} actions */
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.feed = null;
    /** @type {import("./api.js").Daily | null} */
    this.today = null;
    /** @type {import("./api.js").Leaderboard | null} */
    this.board = null;
    this.timer = null;
    this.refreshTimer = null;
    this.visible = false;
    /** Today's board among the people I follow (and me), the week's season, whom I follow. */
    this.friends = null;
    /** @type {{week: any, month: any} | null} */
    this.seasons = null;
    /** @type {"week" | "month"} */
    this.seasonKind = "week";
    /** @type {Set<number>} */
    this.following = new Set();
  }

  async show() {
    this.visible = true;
    this.root.hidden = false;
    await this.refresh();
    if (!this.visible || !this.today) return;
    this.feed?.stop();
    const date = this.today.date;
    let opened = false;
    this.feed = new LiveFeed(() => socketUrl(`daily/${date}/`, { limit: TOP }), {
      onMessage: (message) => this.onPush(message),
      onOpen: () => {
        if (opened) this.refreshSoon(); // back after a drop: entries may have been missed
        opened = true;
      },
    }, () => socketProtocols({ withToken: false })).start(); // a board is public: no token
    clearInterval(this.timer);
    this.timer = setInterval(() => this.tick(), 1000);
  }

  hide() {
    this.visible = false;
    this.root.hidden = true;
    this.feed?.stop();
    this.feed = null;
    clearInterval(this.timer);
    clearTimeout(this.refreshTimer);
  }

  /** Draw again in the current language. */
  relabel() {
    if (this.visible && this.today) this.render();
  }

  /** A message of the live board: entries are put in place; anything else reads it again. */
  onPush(message) {
    if (!this.board || !this.visible) return;
    if (message.type === "entry" && message.change === "entered") {
      this.board = withEntry(this.board, message.entry, message.total, this.actions.me()?.id);
      this.render();
      if (this.following.has(message.entry.player.id)) this.refreshSoon(); // a friend's rank
    } else if (message.type === "board") {
      this.board = { ...this.board, results: message.top, total: message.total };
      this.render();
    } else if (message.type === "entry" || message.type === "closed") {
      this.refreshSoon(); // a removal by the staff (rare) or the day's close
    }
  }

  refreshSoon() {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => this.refresh(), REFRESH_DELAY_MS);
  }

  async refresh() {
    try {
      const today = await api.daily();
      const date = today.date;
      const [board, friends, following, season] = await Promise.all([
        api.leaderboard(date, TOP),
        call("get", "/api/v1/daily/{date}/leaderboard",
          { path: { date }, query: { limit: TOP, among: "following" } }),
        call("get", "/api/v1/players/me/following", { query: { limit: 100 } }),
        call("get", "/api/v1/seasons", {}).then(({ week, month }) => Promise.all([week, month].map(
          (current) => call("get", "/api/v1/seasons/{season}/board",
            { path: { season: current.season }, query: { limit: SEASON_TOP } })))),
      ]);
      if (!this.visible) return;
      [this.today, this.board, this.friends] = [today, board, friends];
      this.seasons = { week: season[0], month: season[1] };
      this.following = new Set(following.results.map((f) => f.player.id));
      this.render();
    } catch (error) {
      this.actions.onError(error);
    }
  }

  tick() {
    const closes = this.root.querySelector(".closes");
    if (!closes || !this.today) return;
    const left = Date.parse(this.today.closes_at) - Date.now();
    closes.textContent = left > 0 ? t("closes_in", { time: formatTime(left) }) : t("closed");
    if (left <= 0 && left > -1500) setTimeout(() => this.show(), 2000);
  }

  render() {
    const { today, board } = this;
    const card = element("div", "daily-card");
    const head = element("header", "daily-head");
    head.append(element("h2", "", t("daily_of", { date: today.date })),
      element("code", "", today.deal_code), element("p", "closes", ""));
    const main = element("section", "daily-main");
    main.append(element("h3", "", t("leaderboard")), this.table());
    const columns = element("div", "daily-columns");
    columns.append(main, this.friendsToday());
    card.append(head, this.mine(), this.buttons(), columns, this.seasonBoard());
    const focused = focusedControl(this.root);
    this.root.replaceChildren(card);
    focused?.(this.root)?.focus(); // a redraw (the live board, a refresh) keeps the keyboard's place
    this.tick();
  }

  mine() {
    const { today, board } = this;
    const entry = board.me || today.entry;
    let text = t("not_ranked");
    if (entry) text = t("my_rank", { rank: entry.rank, total: board.total });
    else if (today.attempt) text = t("not_entered");
    const line = element("p", "mine", text);
    line.dataset.rank = entry ? String(entry.rank) : "";
    return line;
  }

  buttons() {
    const attempt = this.today.attempt;
    const row = element("div", "row");
    const play = element("button", "primary");
    play.type = "button";
    play.dataset.daily = "play";
    if (attempt && OPEN_GAME.has(attempt.status)) {
      play.textContent = t("continue_daily");
      play.addEventListener("click", () => this.actions.open(attempt.id));
    } else {
      play.textContent = t(attempt ? "practice_daily" : "play_daily");
      play.addEventListener("click", () => this.actions.play());
    }
    const back = element("button", "", t("back_to_game"));
    back.type = "button";
    back.addEventListener("click", () => this.actions.back());
    row.append(play, back);
    return row;
  }

  table() {
    const { board } = this;
    if (!board.results.length) return element("p", "empty-board", t("no_entries"));
    const table = element("table", "board");
    const head = table.createTHead().insertRow();
    for (const key of ["rank", "player", "result", "score", "time", "moves"]) {
      head.append(element("th", `col-${key}`, t(key)));
    }
    const followHead = element("th", "col-follow");
    followHead.append(element("span", "visually-hidden", t("follow_column")));
    head.append(followHead);
    const body = table.createTBody();
    const me = this.actions.me()?.id;
    const rows = [...board.results];
    if (board.me && !rows.some((e) => e.game_id === board.me.game_id)) rows.push(null, board.me);
    for (const entry of rows) {
      const row = body.insertRow();
      if (entry === null) {
        row.className = "gap";
        row.append(element("td", "", "…"));
        row.cells[0].colSpan = 7;
        continue;
      }
      if (entry.player.id === me) row.className = "is-me";
      row.append(
        element("td", "col-rank", String(entry.rank ?? "–")),
        element("td", "col-player", playerName(entry.player.name)),
        element("td", `col-result result-${entry.result}`, t(`result_${entry.result}`)),
        element("td", "col-score", String(entry.score)),
        element("td", "col-time", formatTime(entry.elapsed_ms)),
        element("td", "col-moves", String(entry.moves)),
        this.followCell(entry.player, me),
      );
    }
    return table;
  }

  /** A button to follow or unfollow the row's player (none on my own row). */
  followCell(player, me) {
    const cell = element("td", "col-follow");
    if (player.id === me) return cell;
    const followed = this.following.has(player.id);
    const button = element("button", "follow", t(followed ? "unfollow" : "follow"));
    button.type = "button";
    button.dataset.follow = String(player.id);
    button.setAttribute("aria-pressed", String(followed));
    button.setAttribute("aria-label", t(followed ? "unfollow_name" : "follow_name", { name: playerName(player.name) }));
    button.addEventListener("click", () => this.toggleFollow(player.id, followed));
    cell.append(button);
    return cell;
  }

  async toggleFollow(playerId, followed) {
    try {
      const path = { path: { player_id: playerId } };
      if (followed) await call("delete", "/api/v1/players/me/following/{player_id}", path);
      else await call("put", "/api/v1/players/me/following/{player_id}", path);
      await this.refresh();
      this.root.querySelector(`button[data-follow="${playerId}"]`)?.focus();
    } catch (error) {
      this.actions.onError(error);
    }
  }

  /** "Your friends today": today's board among the people I follow, ranked among us. */
  friendsToday() {
    const aside = element("aside", "friends-today");
    aside.setAttribute("aria-labelledby", "friends-today-title");
    const title = element("h3", "", t("friends_today"));
    title.id = "friends-today-title";
    aside.append(title);
    const friends = this.friends;
    if (!this.following.size) {
      aside.append(element("p", "empty-board", t("friends_none")));
      return aside;
    }
    if (!friends || !friends.results.length) {
      aside.append(element("p", "empty-board", t("friends_no_entries")));
      return aside;
    }
    const list = element("ol", "friends-list");
    const me = this.actions.me()?.id;
    for (const entry of friends.results) {
      const item = element("li", entry.player.id === me ? "is-me" : "");
      item.append(element("span", "friend-rank", String(entry.rank)),
        element("span", "friend-name", playerName(entry.player.name)),
        element("span", "friend-score", `${entry.score} · ${formatTime(entry.elapsed_ms)}`));
      list.append(item);
    }
    aside.append(list);
    return aside;
  }

  /** The season boards, the ISO week's or the calendar month's (a toggle): points over their
   * closed days (SPEC §11). */
  seasonBoard() {
    const section = element("section", "season-board");
    section.setAttribute("aria-labelledby", "season-title");
    const kind = this.seasonKind;
    const season = this.seasons ? this.seasons[kind] : null;
    const title = element("h3", "", t(`season_${kind}`, { season: season ? season.season : "" }));
    title.id = "season-title";
    const toggle = element("div", "row season-toggle");
    toggle.setAttribute("role", "group");
    toggle.setAttribute("aria-label", t("season_choose"));
    for (const option of /** @type {const} */ (["week", "month"])) {
      const button = element("button", option === kind ? "primary" : "", t(`season_show_${option}`));
      button.type = "button";
      button.dataset.season = option;
      button.setAttribute("aria-pressed", String(option === kind));
      button.addEventListener("click", () => {
        this.seasonKind = option;
        section.replaceWith(this.seasonBoard());
        /** @type {HTMLElement|null} */ (document.querySelector(`[data-season="${option}"]`))?.focus();
      });
      toggle.append(button);
    }
    section.append(title, toggle, element("p", "season-note", t("season_note")));
    if (!season || !season.results.length) {
      section.append(element("p", "empty-board", t(`season_empty_${kind}`)));
      return section;
    }
    const table = element("table", "board season");
    const head = table.createTHead().insertRow();
    for (const key of ["rank", "player", "points", "days"]) {
      head.append(element("th", `col-${key}`, t(key === "rank" || key === "player" ? key : `season_${key}`)));
    }
    const body = table.createTBody();
    const me = this.actions.me()?.id;
    for (const entry of season.results) {
      const row = body.insertRow();
      if (entry.player.id === me) row.className = "is-me";
      row.append(element("td", "col-rank", String(entry.rank)),
        element("td", "col-player", playerName(entry.player.name)),
        element("td", "col-points", String(entry.points)),
        element("td", "col-days", String(entry.days)));
    }
    section.append(table);
    return section;
  }
}

/** The control that has the keyboard inside ``root``, as a finder of its twin in a redrawn
 * ``root`` (the same kind of element with the same data attributes and words), or null.
 * @param {HTMLElement} root @returns {((root: HTMLElement) => HTMLElement|undefined)|null} */
function focusedControl(root) {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === root || !root.contains(active)) return null;
  const { tagName, textContent } = active;
  const data = JSON.stringify({ ...active.dataset });
  return (redrawn) => /** @type {HTMLElement[]} */ ([...redrawn.querySelectorAll(tagName)]).find(
    (element) => element.textContent === textContent && JSON.stringify({ ...element.dataset }) === data);
}
