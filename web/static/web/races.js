// Races (SPEC §8): the lobby (create, join by code or link, quick match), the race page
// (members with ready marks, the countdown, standings with rating changes, rematch), the
// progress strip above one's own table while a race runs, and the ratings board.
// Everything comes from the public REST API and the /ws/races/{id}/, /ws/races/open/ and /ws/me/
// sockets.

import { api, ApiError, socketUrl } from "./api.js";
import { ask } from "./ask.js";
import { formatTime } from "./dialogs.js";
import { celebrateRaceWin } from "./feel.js";
import { playerName, t } from "./i18n.js";
import { LiveFeed } from "./live.js";

const CURRENT_RACE_KEY = "halfmoon.race";
const UNFINISHED = new Set(["open", "countdown", "running"]);
const QUEUE_POLL_MS = 2000;
/** Set while this device waits in the quick-match queue: the lobby asks GET /matchmaking only
 * then (not queued, the API answers 404 not_in_queue, and the lobby has no reason to ask). */
const QUEUED_KEY = "halfmoon.queued";

function markQueued(on) {
  try {
    if (on) localStorage.setItem(QUEUED_KEY, "1");
    else localStorage.removeItem(QUEUED_KEY);
  } catch { /* private mode */ }
}

function queuedHere() {
  try {
    return localStorage.getItem(QUEUED_KEY) !== null;
  } catch {
    return false;
  }
}
const TIME_LIMITS = [300, 600, 900, 1800];

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * A race control in the site's button style (races.css gives the race pages the reading pages'
 * buttons; ``kind: "action"`` is the table's own button, for controls over the felt).
 * @param {string} text @param {() => void} action
 * @param {{ primary?: boolean, name?: string, kind?: string }} [options]
 */
function button(text, action, { primary = false, name = undefined, kind = "" } = {}) {
  const node = element("button", [kind, primary ? "primary" : ""].filter(Boolean).join(" "), text);
  node.type = "button";
  if (name) node.dataset.race = name;
  node.addEventListener("click", action);
  return node;
}

function select(name, options, chosen) {
  const node = element("select");
  node.name = name;
  for (const [value, label] of options) {
    const option = element("option", "", label);
    option.value = String(value);
    option.selected = value === chosen;
    node.append(option);
  }
  return node;
}

function field(label, control) {
  const wrap = element("label", "field");
  wrap.append(element("span", "", label), control);
  return wrap;
}

export function rememberRace(id) {
  try {
    if (id) localStorage.setItem(CURRENT_RACE_KEY, String(id));
    else localStorage.removeItem(CURRENT_RACE_KEY);
  } catch { /* private mode */ }
}

export function rememberedRace() {
  try {
    return Number(localStorage.getItem(CURRENT_RACE_KEY)) || null;
  } catch {
    return null;
  }
}

/** The race's Rated/Casual mark (SPEC §8): before the start, what the race would be now. */
function kindMark(race) {
  const mark = element("span", `race-kind ${race.rated ? "is-rated" : "is-casual"}`,
    t(race.rated ? "race_rated" : "race_casual"));
  mark.dataset.rated = race.rated ? "yes" : "no";
  mark.title = t(race.rated ? "race_rated_hint" : "race_casual_hint");
  return mark;
}

/** My member entry of a race, or undefined. */
function mine(race, meId) {
  return race.members.find((m) => m.player.id === meId);
}

/** "Cards cleared" as a share of the table: 0 to 1. */
function cleared(progress) {
  return progress ? (104 - progress.cards_left) / 104 : 0;
}

/** A member's progress bar: name, bar, figures. */
function progressRow(member, meId, race = null) {
  const row = element("li", "racer");
  row.dataset.player = String(member.player.id);
  if (member.player.id === meId) row.classList.add("is-me");
  const progress = member.progress;
  const name = element("span", "racer-name", playerName(member.player.name));
  const bar = element("span", "racer-bar");
  bar.setAttribute("role", "progressbar");
  bar.setAttribute("aria-valuemin", "0");
  bar.setAttribute("aria-valuemax", "104");
  const left = progress ? progress.cards_left : 104;
  bar.setAttribute("aria-valuenow", String(104 - left));
  bar.setAttribute("aria-label", t("race_cleared", { name: playerName(member.player.name), cards: 104 - left }));
  const fill = element("span", "racer-fill");
  fill.style.width = `${Math.round(cleared(progress) * 100)}%`;
  bar.append(fill);
  // once the race is over a member's place says where they stand, not their game's status
  const standing = race?.status === "finished"
    ? (race.standings || []).find((entry) => entry.player.id === member.player.id) : undefined;
  const where = standing ? place(standing.rank) : progress ? t(`status_${progress.status}`) : "";
  const figures = element("span", "racer-figures", progress ? `${progress.score} · ${where}` : "");
  if (standing) row.dataset.rank = String(standing.rank);
  row.dataset.score = progress ? String(progress.score) : "";
  row.dataset.moves = progress ? String(progress.moves) : "";
  row.append(name, bar, figures);
  return row;
}

/** A race kept live over its socket; ``onRace(race)`` after every newer version. */
class RaceFeed {
  constructor(raceId, onRace, onGone) {
    this.race = null;
    this.onRace = onRace;
    this.feed = new LiveFeed(() => socketUrl(`races/${raceId}/`), {
      onMessage: (message) => {
        if (message.type === "race") this.accept(message.race);
      },
      onGone,
    }).start();
  }

  accept(race) {
    if (this.race && race.id === this.race.id && race.version <= this.race.version) return;
    this.race = race;
    this.onRace(race);
  }

  stop() {
    this.feed.stop();
  }
}

/** My standing when I won the race alone (rank 1, nobody tied with me), else undefined. */
export function raceWin(race, meId) {
  const standings = race.status === "finished" ? race.standings || [] : [];
  const first = standings.filter((entry) => entry.rank === 1);
  return first.length === 1 && first[0].player.id === meId ? first[0] : undefined;
}

const celebrated = new Set();

/**
 * The moment of a race won (not a toast): feel.js's cascade with the title, announced (a still
 * picture under reduced motion), then a card with the win and the way to the standings. Once
 * per race.
 * @param {import("./api.js").Race} race @param {any} standing @param {{ standings(): void }} actions
 */
export function raceWinMoment(race, standing, actions) {
  if (celebrated.has(race.id)) return;
  celebrated.add(race.id);
  celebrateRaceWin({ title: t("race_won_title") }).then(() => winCard(race, standing, actions));
}

function winCard(race, standing, actions) {
  document.querySelector(".race-win")?.remove();
  const moment = element("section", "race-win");
  moment.dataset.race = String(race.id);
  moment.setAttribute("role", "dialog");
  moment.setAttribute("aria-labelledby", "race-win-title");
  const card = element("div", "race-win-card");
  const medal = element("span", "race-win-medal", "1");
  medal.setAttribute("aria-hidden", "true");
  const title = element("h2", "", t("race_won_title"));
  title.id = "race-win-title";
  const text = element("p", "race-win-text", t("race_won_text", {
    count: race.members.length, score: standing.score, time: formatTime(standing.elapsed_ms),
  }));
  const shownAt = performance.now(); // not the Escape that ended the cascade
  const close = () => { moment.remove(); document.removeEventListener("keydown", onKey); };
  const onKey = (event) => { if (event.key === "Escape" && event.timeStamp > shownAt) close(); };
  document.addEventListener("keydown", onKey);
  const row = element("div", "row");
  const standings = button(t("race_standings"), () => { close(); actions.standings(); }, { primary: true, name: "win-standings" });
  row.append(standings, button(t("close"), close, { name: "win-close" }));
  card.append(medal, title, text, row);
  moment.append(card);
  document.body.append(moment);
  standings.focus({ preventScroll: true });
}

/** A place in a race: "2nd" in English, "2." in Croatian and Turkish. @param {number} rank */
export function place(rank) {
  return t("race_place", { rank, suffix: ordinalSuffix(rank) });
}

/** English ordinal endings (Intl.PluralRules' "ordinal" categories: one, two, few, other). */
function ordinalSuffix(rank) {
  const kind = new Intl.PluralRules("en", { type: "ordinal" }).select(rank);
  return { one: "st", two: "nd", few: "rd" }[kind] || "th";
}

/**
 * The end of a race for a member who did not win it alone: where they stand (place, score),
 * who won and by how much, the standings, and a rematch, on a card over the table (as the
 * winner's moment is). Once per race; Escape or Close dismisses it.
 * @param {import("./api.js").Race} race @param {number} meId
 * @param {{ standings(): void, onError?(error: unknown): void }} actions
 */
export function raceEndCard(race, meId, actions) {
  document.querySelector(".race-end")?.remove();
  const standings = race.standings || [];
  const own = standings.find((entry) => entry.player.id === meId);
  const winners = standings.filter((entry) => entry.rank === 1 && entry.player.id !== meId);
  const moment = element("section", "race-end");
  moment.dataset.race = String(race.id);
  moment.setAttribute("role", "dialog");
  moment.setAttribute("aria-labelledby", "race-end-title");
  const card = element("div", "race-win-card");
  const medal = element("span", "race-win-medal race-end-medal", own ? String(own.rank) : "–");
  medal.setAttribute("aria-hidden", "true");
  const title = element("h2", "", own
    ? t("race_end_title", { place: place(own.rank), count: standings.length })
    : t("race_over"));
  title.id = "race-end-title";
  card.append(medal, title);
  if (own) card.append(element("p", "race-end-score", t("race_end_score", { score: own.score })));
  const best = winners[0];
  if (best) {
    const names = winners.map((entry) => playerName(entry.player.name)).join(", ");
    card.append(element("p", "race-end-winner", t("race_end_winner", { name: names, score: best.score })));
    if (own) {
      const gap = best.score - own.score;
      card.append(element("p", "race-end-gap",
        gap > 0 ? t("race_end_gap", { points: gap }) : t("race_end_level")));
    }
  }
  const list = element("ol", "race-end-standings");
  list.setAttribute("aria-label", t("race_standings"));
  for (const entry of standings) {
    const item = element("li", entry.player.id === meId ? "is-me" : "");
    item.dataset.rank = String(entry.rank);
    item.append(element("span", "race-end-place", place(entry.rank)),
      element("span", "race-end-name", playerName(entry.player.name)),
      element("span", "race-end-points", String(entry.score)));
    list.append(item);
  }
  card.append(list);
  const close = () => { moment.remove(); document.removeEventListener("keydown", onKey); };
  const onKey = (event) => { if (event.key === "Escape") close(); };
  document.addEventListener("keydown", onKey);
  const row = element("div", "row");
  const rematch = button(t(race.rematch && race.rematch.host.id !== meId ? "rematch_join" : "rematch"),
    () => { close(); joinRematch(race, actions.onError); }, { primary: true, name: "end-rematch" });
  row.append(rematch,
    button(t("race_standings"), () => { close(); actions.standings(); }, { name: "end-standings" }),
    button(t("close"), close, { name: "end-close" }));
  card.append(row);
  moment.append(card);
  document.body.append(moment);
  rematch.focus({ preventScroll: true });
}

/** "X started a rematch — Join" for the members who did not start it; null otherwise. */
function rematchNotice(race, meId, join) {
  const host = race.rematch?.host;
  if (!host || host.id === meId || !mine(race, meId)) return null;
  const notice = element("div", "rematch-notice");
  notice.dataset.rematch = String(race.rematch.id);
  notice.append(element("span", "rematch-notice-text", t("rematch_started", { name: playerName(host.name) })),
    button(t("rematch_join"), join, { primary: true, name: "rematch-join" }));
  return notice;
}

async function joinRematch(race, onError) {
  try {
    const next = await api.rematch(race.id); // a later call of another member joins the same one
    rememberRace(next.id);
    location.hash = `#/races/${next.id}`;
  } catch (error) {
    onError?.(error);
  }
}

// -- the progress strip above one's own table ----------------------------------------------------
export class RaceStrip {
  /** @param {{me, standings(raceId), finished(race), onError?(error)}} actions */
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.feed = null;
    this.raceId = null;
    this.timer = null;
    this.ended = false;
    /** @type {string | null} the status last shown */
    this.status = null;
  }

  follow(raceId) {
    if (this.raceId === raceId && this.feed) return;
    this.stop();
    this.raceId = raceId;
    this.ended = false;
    this.status = null;
    this.root.hidden = false;
    this.root.replaceChildren(element("p", "race-strip-note", t("loading")));
    document.body.classList.add("in-race");
    this.feed = new RaceFeed(raceId, (race) => this.render(race), () => this.stop());
    api.race(raceId).then((race) => this.feed?.accept(race)).catch(() => {});
    this.timer = setInterval(() => this.tick(), 250);
  }

  stop() {
    this.feed?.stop();
    this.feed = null;
    this.raceId = null;
    clearInterval(this.timer);
    this.root.hidden = true;
    this.root.replaceChildren();
    document.body.classList.remove("in-race");
  }

  relabel() {
    if (this.feed?.race) this.render(this.feed.race);
  }

  tick() {
    const clock = this.root.querySelector(".race-clock");
    const race = this.feed?.race;
    if (!clock || !race || race.status !== "running") return;
    clock.textContent = formatTime(Math.max(0, Date.parse(race.ends_at) - Date.now()));
  }

  render(race) {
    const meId = this.actions.me()?.id;
    this.root.dataset.status = race.status;
    this.root.dataset.version = String(race.version);
    const head = element("div", "race-strip-head");
    head.append(element("strong", "", t("race_title")), kindMark(race), element("span", "race-clock", ""));
    if (race.status === "finished") {
      head.querySelector(".race-clock").textContent = t("race_over");
      head.append(button(t("race_standings"), () => this.actions.standings(race.id), { primary: true, name: "standings", kind: "action" }));
    }
    const list = element("ol", "racers");
    for (const member of race.members) list.append(progressRow(member, meId, race));
    this.root.replaceChildren(head, list);
    const notice = race.status === "finished" && rematchNotice(race, meId, () => joinRematch(race, this.actions.onError));
    if (notice) {
      notice.querySelector("button").className = "action primary";
      this.root.append(notice);
    }
    this.tick();
    const seenRunning = this.status !== null && this.status !== "finished";
    this.status = race.status;
    if (race.status === "finished" && !this.ended) {
      this.ended = true;
      rememberRace(null);
      const won = seenRunning && raceWin(race, meId); // the moment it ends, not a later visit
      if (won) raceWinMoment(race, won, { standings: () => this.actions.standings(race.id) });
      else if (seenRunning && mine(race, meId)) { // the moment it ends: where I stand
        raceEndCard(race, meId, { standings: () => this.actions.standings(race.id), onError: this.actions.onError });
      } else this.actions.finished(race);
    }
  }
}

// -- the lobby -----------------------------------------------------------------------------------
export class RacesPage {
  /** @param {{me, onError}} actions */
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.visible = false;
    this.queue = null; // {status, seats, since} while waiting
    this.personal = null;
    this.poll = null;
    this.current = null;
    /** The open public races (null: not read yet), kept up to date by /ws/races/open/ while
     * the lobby is shown; ``openAt``: the ``at`` of the frame they came from (null: none yet). */
    this.open = null;
    this.openAt = null;
    this.openFeed = null;
  }

  async show() {
    this.visible = true;
    this.root.hidden = false;
    this.current = null;
    const remembered = rememberedRace();
    if (remembered) {
      try {
        const race = await api.race(remembered);
        if (UNFINISHED.has(race.status)) this.current = race;
        else rememberRace(null);
      } catch {
        rememberRace(null);
      }
    }
    if (queuedHere()) {
      try {
        const status = await api.queue();
        if (status.status === "matched") return this.matched(status.race);
        this.waiting(status);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) markQueued(false); // not any more
        else this.actions.onError(error);
        this.queue = null;
      }
    }
    this.render();
    this.readOpenRaces();
    this.openFeed?.stop();
    this.openFeed = new LiveFeed(() => socketUrl("races/open/"), {
      onMessage: (message) => {
        if (message.type === "open_races") this.showOpenRaces(message.results, message.at);
      },
    }).start();
  }

  hide() {
    this.visible = false;
    this.root.hidden = true;
    this.stopWaiting();
    this.openFeed?.stop();
    this.openFeed = null;
  }

  /** Read the open public races once over REST, for the first paint (quietly: a failed read
   * waits for the socket's list); the socket's frames win over it. */
  async readOpenRaces() {
    let answer;
    try {
      answer = await api.openRaces();
    } catch {
      return;
    }
    if (this.openAt === null) this.showOpenRaces(answer.results, null);
  }

  /** Show ``races``, read at ``at`` (null: over REST), unless a later list is shown already:
   * two changes made at once may arrive in either order. */
  showOpenRaces(races, at) {
    if (at !== null && this.openAt !== null && Date.parse(at) < Date.parse(this.openAt)) return;
    this.open = races;
    if (at !== null) this.openAt = at;
    const box = this.root.querySelector(".open-races");
    if (this.visible && box) box.replaceWith(this.openRaces());
  }

  relabel() {
    if (this.visible) this.render();
  }

  render() {
    const card = element("div", "races-card");
    card.append(element("h2", "", t("races_title")), element("p", "hint", t("races_intro")));
    if (this.current) {
      const back = element("p", "current-race");
      back.append(button(t("race_back"), () => { location.hash = `#/races/${this.current.id}`; }, { primary: true, name: "back" }));
      card.append(back);
    }
    card.append(this.openRaces(), this.quickMatch(), this.createForm(), this.joinForm());
    const links = element("div", "row");
    links.append(button(t("ratings_title"), () => { location.hash = "#/ratings"; }, { name: "ratings" }));
    card.append(links);
    this.root.replaceChildren(card);
  }

  quickMatch() {
    const box = element("section", "race-box quick-match");
    box.append(element("h3", "", t("quick_match")));
    if (this.queue) {
      box.dataset.state = "waiting";
      const since = Date.parse(this.queue.since);
      const line = element("p", "waiting");
      line.append(element("span", "spinner"), element("span", "", t("queue_waiting", { seats: this.queue.seats })));
      line.title = new Date(since).toLocaleTimeString();
      const queue = element("p", `queue-kind ${this.queue.rated ? "is-rated" : "is-casual"}`,
        t(this.queue.rated ? "queue_rated" : "queue_casual"));
      queue.dataset.rated = this.queue.rated ? "yes" : "no";
      box.append(line, queue, button(t("cancel"), () => this.leaveQueue(), { name: "unqueue" }));
      return box;
    }
    box.dataset.state = "idle";
    const seats = select("seats", [2, 3, 4].map((n) => [n, t("players_n", { n })]), 2);
    box.append(field(t("race_seats"), seats),
      button(t("find_match"), () => this.enqueue(Number(seats.value)), { primary: true, name: "queue" }));
    return box;
  }

  /** The open public races: host, seats taken of all, time limit, deal kind, and "Join". */
  openRaces() {
    const box = element("section", "race-box open-races");
    box.setAttribute("aria-labelledby", "open-races-title");
    const title = element("h3", "", t("open_races"));
    title.id = "open-races-title";
    box.append(title);
    if (this.open === null) {
      box.dataset.state = "loading";
      box.append(element("p", "hint", t("open_races_loading")));
      return box;
    }
    box.dataset.state = this.open.length ? "listed" : "empty";
    if (!this.open.length) {
      box.append(element("p", "hint", t("open_races_none")));
      return box;
    }
    const list = element("ul", "open-race-list");
    for (const race of this.open) {
      const item = element("li", "open-race");
      item.dataset.raceId = String(race.id);
      const host = playerName(race.host.name);
      const text = element("span", "open-race-text");
      text.append(element("strong", "open-race-host", host),
        element("span", "open-race-facts", [
          t("seats_taken", { taken: race.taken, seats: race.seats }),
          t("minutes_n", { n: Math.round(race.time_limit_s / 60) }),
          t(race.deal === "chosen" ? "deal_chosen" : "deal_random"),
        ].join(" · ")));
      const join = button(t("join"), () => this.joinPublic(race.id), { primary: true, name: "join-open" });
      join.setAttribute("aria-label", t("join_race_of", { name: host }));
      item.append(text, join);
      list.append(item);
    }
    box.append(list);
    return box;
  }

  createForm() {
    const box = element("section", "race-box create-race");
    box.append(element("h3", "", t("create_race")));
    const seats = select("seats", [2, 3, 4, 5, 6, 7, 8].map((n) => [n, t("players_n", { n })]), 2);
    const limit = select("time_limit_s", TIME_LIMITS.map((s) => [s, t("minutes_n", { n: s / 60 })]), 900);
    const code = element("input");
    code.name = "deal_code";
    code.placeholder = "HM1-N-AAAAAAA";
    code.autocomplete = "off";
    code.spellcheck = false;
    const listed = element("label", "switch");
    const publicBox = element("input");
    publicBox.type = "checkbox";
    publicBox.name = "public";
    const words = element("span");
    words.append(element("strong", "", t("race_public")), element("small", "", t("race_public_hint")));
    listed.append(publicBox, words);
    box.append(field(t("race_seats"), seats), field(t("race_time_limit"), limit),
      field(t("race_deal_optional"), code), listed,
      button(t("create_race"), () => this.create(Number(seats.value), Number(limit.value), code.value.trim(), publicBox.checked), { primary: true, name: "create" }));
    return box;
  }

  joinForm() {
    const box = element("section", "race-box join-race");
    box.append(element("h3", "", t("join_race")));
    const code = element("input");
    code.name = "invite";
    code.maxLength = 6;
    code.autocomplete = "off";
    code.spellcheck = false;
    code.setAttribute("autocapitalize", "characters");
    code.placeholder = "ABC234";
    box.append(field(t("invite_code"), code),
      button(t("join"), () => this.join(code.value), { primary: true, name: "join" }));
    return box;
  }

  async create(seats, limit, code, listed = false) {
    try {
      const body = { seats, time_limit_s: limit };
      if (code) body.deal_code = code;
      if (listed) body.public = true;
      this.enter(await api.createRace(body));
    } catch (error) {
      this.actions.onError(error);
    }
  }

  async join(invite) {
    try {
      this.enter(await api.joinRace(invite));
    } catch (error) {
      this.actions.onError(error);
    }
  }

  /** Join an open public race by its id, in one tap. @param {number} id */
  async joinPublic(id) {
    try {
      this.enter(await api.joinPublicRace(id));
    } catch (error) {
      this.actions.onError(error);
      this.readOpenRaces(); // it may be full or started now
    }
  }

  enter(race) {
    rememberRace(race.id);
    location.hash = `#/races/${race.id}`;
  }

  async enqueue(seats) {
    try {
      const status = await api.enqueue(seats);
      if (status.status === "matched") return this.matched(status.race);
      this.waiting(status);
      this.render();
    } catch (error) {
      this.actions.onError(error);
    }
    return null;
  }

  async leaveQueue() {
    this.stopWaiting();
    markQueued(false);
    try {
      await api.unqueue();
    } catch (error) {
      if (error.code === "already_matched") return this.show();
      if (error.status !== 404) this.actions.onError(error);
    }
    this.render();
    return null;
  }

  /** Waiting: told of the match on /ws/me/, and asking GET /matchmaking now and then. */
  waiting(status) {
    this.queue = status;
    markQueued(true);
    if (this.personal) return;
    this.personal = new LiveFeed(() => socketUrl("me/"), {
      onMessage: (message) => {
        if (message.type === "matched") this.matched(message.race);
      },
    }).start();
    this.poll = setInterval(async () => {
      try {
        const now = await api.queue();
        if (now.status === "matched") this.matched(now.race);
      } catch { /* the socket may still tell */ }
    }, QUEUE_POLL_MS);
  }

  stopWaiting() {
    this.queue = null;
    this.personal?.stop();
    this.personal = null;
    clearInterval(this.poll);
  }

  matched(race) {
    this.stopWaiting();
    markQueued(false);
    if (this.visible) this.enter(race);
  }
}

// -- one race --------------------------------------------------------------------------------------
export class RacePage {
  /** @param {{me, onError, openGame(id), toast(text)}} actions */
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.visible = false;
    this.feed = null;
    this.timer = null;
    /** @type {import("./api.js").Race | null} */
    this.race = null;
    /** said to screen readers when it changes (the card is redrawn on every version) */
    this.live = element("p", "visually-hidden race-live");
    this.live.setAttribute("aria-live", "polite");
  }

  async show(raceId) {
    this.visible = true;
    this.root.hidden = false;
    this.stopFeed();
    this.race = null;
    this.root.replaceChildren(element("p", "hint", t("loading")));
    this.feed = new RaceFeed(raceId, (race) => this.accept(race), () => { location.hash = "#/races"; });
    try {
      this.feed.accept(await api.race(raceId));
    } catch (error) {
      this.actions.onError(error);
      if (error.status === 404) location.hash = "#/races";
    }
    this.timer = setInterval(() => this.tick(), 250);
  }

  /** ``#/race/<invite>``: join by the link, then show the race. */
  async joinByLink(invite) {
    try {
      const race = await api.joinRace(invite);
      rememberRace(race.id);
      history.replaceState(null, "", `#/races/${race.id}`);
      return this.show(race.id);
    } catch (error) {
      this.actions.onError(error);
      location.hash = "#/races";
      return null;
    }
  }

  hide() {
    this.visible = false;
    this.root.hidden = true;
    this.stopFeed();
  }

  stopFeed() {
    this.feed?.stop();
    this.feed = null;
    clearInterval(this.timer);
  }

  relabel() {
    if (this.visible && this.race) this.render();
  }

  accept(race) {
    const previous = this.race;
    this.race = race;
    if (!this.visible) return;
    if (UNFINISHED.has(race.status)) rememberRace(race.id);
    const own = mine(race, this.actions.me()?.id);
    if (race.status === "running" && own?.game_id && !own.left && previous?.status !== "running") {
      this.actions.openGame(own.game_id); // the start: to one's own table
      return;
    }
    this.render();
    const meId = this.actions.me()?.id;
    if (previous?.id === race.id && previous.status !== "finished") {
      const won = raceWin(race, meId);
      if (won) raceWinMoment(race, won, { standings: () => this.root.querySelector(".standings")?.scrollIntoView() });
    }
    const host = race.rematch?.host;
    if (host && host.id !== meId && !previous?.rematch) this.live.textContent = t("rematch_started", { name: playerName(host.name) });
  }

  tick() {
    const race = this.race;
    const clock = this.root.querySelector(".countdown");
    if (!clock || !race) return;
    if (race.status === "countdown") {
      const left = Math.max(0, Date.parse(race.starts_at) - Date.now());
      clock.textContent = left > 0 ? t("starts_in", { seconds: Math.ceil(left / 1000) }) : t("race_go");
    }
  }

  render() {
    const race = this.race;
    const meId = this.actions.me()?.id;
    const own = mine(race, meId);
    const card = element("div", "race-card");
    card.dataset.status = race.status;
    card.dataset.version = String(race.version);
    const head = element("header", "race-head");
    head.append(element("h2", "", t("race_title")), kindMark(race),
      element("p", "race-status", t(`race_status_${race.status}`)));
    card.append(head);
    if (race.status === "finished" && race.aborted) card.append(element("p", "hint race-aborted", t("race_aborted")));
    if (race.status === "open") card.append(this.invite(race));
    if (race.status === "countdown") card.append(element("p", "countdown", ""));
    const notice = race.status === "finished" && rematchNotice(race, meId, () => joinRematch(race, this.actions.onError));
    if (notice) card.append(notice);
    if (race.status === "finished") card.append(this.standings(race, meId));
    else card.append(this.members(race, meId));
    card.append(this.buttons(race, own));
    this.root.replaceChildren(card, this.live);
    this.tick();
  }

  invite(race) {
    const box = element("div", "invite");
    const link = `${location.origin}${location.pathname}#/race/${race.invite}`;
    const code = element("code", "invite-code", race.invite);
    box.append(element("span", "", t("invite_code")), code,
      button(t("copy_link"), () => this.copy(link), { name: "copy-link" }));
    box.dataset.link = link;
    return box;
  }

  async copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      this.actions.toast(t("link_copied"));
    } catch {
      this.actions.toast(text);
    }
  }

  members(race, meId) {
    const list = element("ol", "race-members racers");
    for (const member of race.members) {
      const row = progressRow(member, meId);
      const mark = element("span", `ready-mark${member.ready ? " is-ready" : ""}`,
        member.ready ? t("ready") : t("not_ready"));
      row.dataset.ready = member.ready ? "yes" : "no";
      if (member.player.id === race.host.id) row.append(element("span", "badge", t("host")));
      row.append(mark);
      list.append(row);
    }
    return list;
  }

  standings(race, meId) {
    const table = element("table", "board standings");
    table.dataset.rated = race.rated ? "yes" : "no";
    const head = table.createTHead().insertRow();
    for (const key of ["rank", "player", "result", "score", "time", "rating_change"]) {
      const th = element("th", `col-${key}`);
      th.scope = "col";
      if (key === "rank") {
        const short = element("span", "th-short", "#");
        short.setAttribute("aria-hidden", "true");
        th.append(element("span", "th-long", t(key)), short);
      } else th.textContent = t(key);
      head.append(th);
    }
    const body = table.createTBody();
    for (const entry of race.standings || []) {
      const row = body.insertRow();
      if (entry.player.id === meId) row.className = "is-me";
      const change = entry.rating_change;
      row.append(
        element("td", "col-rank", String(entry.rank)),
        element("td", "col-player", playerName(entry.player.name)),
        element("td", `col-result result-${entry.result}`, t(`result_${entry.result}`)),
        element("td", "col-score", String(entry.score)),
        element("td", "col-time", formatTime(entry.elapsed_ms)),
        element("td", "col-rating", change === null ? "–" : `${change > 0 ? "+" : ""}${change.toFixed(2)}`),
      );
    }
    return table;
  }

  buttons(race, own) {
    const row = element("div", "row");
    if (!own) return row;
    const isHost = race.host.id === own.player.id;
    if (race.status === "open") {
      row.append(button(own.ready ? t("not_ready_action") : t("ready_action"),
        () => this.act(() => api.raceReady(race.id, !own.ready)), { primary: !own.ready, name: "ready" }));
      if (isHost) {
        const start = button(t("race_start"), () => this.act(() => api.raceStart(race.id)), { primary: true, name: "start" });
        start.disabled = race.members.length < 2 || race.members.some((m) => !m.ready);
        row.append(start);
      }
    }
    if (race.status === "running" && own.game_id && !own.left) {
      row.append(button(t("race_to_table"), () => this.actions.openGame(own.game_id), { primary: true, name: "table" }));
    }
    if (race.status === "finished") {
      row.append(button(t("rematch"), () => this.rematch(race), { primary: true, name: "rematch" }));
      for (const member of race.members) {
        if (member.game_id && member.player.id !== own.player.id) {
          row.append(button(t("race_watch", { name: playerName(member.player.name) }),
            () => this.actions.openGame(member.game_id), { name: "watch" }));
        }
      }
    }
    if (UNFINISHED.has(race.status) && !own.left) {
      row.append(button(t("race_leave"), () => this.leave(race), { name: "leave" }));
    }
    if (isHost && race.status === "open") {
      row.append(button(t("race_cancel"), () => this.act(() => api.raceCancel(race.id)), { name: "cancel" }));
    }
    row.append(button(t("races_title"), () => { location.hash = "#/races"; }, { name: "lobby" }));
    return row;
  }

  async act(call) {
    try {
      this.feed?.accept(await call());
    } catch (error) {
      this.actions.onError(error);
    }
  }

  async leave(race) {
    if (race.status === "running" && !(await ask(t("race_leave_confirm"), t("race_leave")))) return;
    try {
      await api.raceLeave(race.id);
      rememberRace(null);
      location.hash = "#/races";
    } catch (error) {
      this.actions.onError(error);
    }
  }

  async rematch(race) {
    try {
      const next = race.rematch ? await api.joinRace(race.rematch.invite) : await api.rematch(race.id);
      rememberRace(next.id);
      location.hash = `#/races/${next.id}`;
    } catch (error) {
      this.actions.onError(error);
    }
  }
}

// -- the ratings board ----------------------------------------------------------------------------
export class RatingsPage {
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.visible = false;
    /** @type {import("./api.js").Ratings | null} */
    this.page = null;
    this.provisional = false;
  }

  async show() {
    this.visible = true;
    this.root.hidden = false;
    this.provisional = false;
    await this.load({});
  }

  hide() {
    this.visible = false;
    this.root.hidden = true;
  }

  relabel() {
    if (this.visible && this.page) this.render();
  }

  /** @param {Parameters<typeof api.ratings>[0]} query  a page of the board: {}, {cursor} or {around: "me"} */
  async load(query) {
    try {
      this.page = await api.ratings(this.provisional ? { ...query, provisional: /** @type {const} */ ("true") } : query);
      if (this.visible) this.render();
    } catch (error) {
      if (error.code === "not_rated") return this.actions.onError(new ApiError(404, { message: t("not_rated_yet") }));
      this.actions.onError(error);
    }
    return null;
  }

  /** The ranked list (established ratings) or the provisional one. */
  list(provisional) {
    this.provisional = provisional;
    return this.load({});
  }

  render() {
    const page = this.page;
    const card = element("div", "ratings-card");
    card.append(element("h2", "", t("ratings_title")), element("p", "hint", t("ratings_intro")));
    card.dataset.list = this.provisional ? "provisional" : "ranked";
    const lists = element("div", "row ratings-lists");
    for (const [provisional, key] of [[false, "ratings_established"], [true, "ratings_provisional"]]) {
      const tab = button(t(key), () => this.list(provisional), { primary: this.provisional === provisional, name: provisional ? "provisional" : "ranked" });
      tab.setAttribute("aria-pressed", String(this.provisional === provisional));
      lists.append(tab);
    }
    card.append(lists);
    if (this.provisional) card.append(element("p", "hint", t("provisional_intro")));
    const me = this.actions.me()?.id;
    if (!page.results.length) card.append(element("p", "empty-board", t("no_ratings")));
    else {
      const table = element("table", "board ratings");
      const head = table.createTHead().insertRow();
      for (const key of ["rank", "player", "rating", "races_played"]) head.append(element("th", `col-${key}`, t(key)));
      const body = table.createTBody();
      for (const entry of page.results) {
        const row = body.insertRow();
        if (entry.player.id === me) row.className = "is-me";
        row.append(element("td", "col-rank", entry.rank === null ? "–" : String(entry.rank)),
          element("td", "col-player", playerName(entry.player.name)),
          element("td", "col-rating", entry.ordinal.toFixed(2)),
          element("td", "col-races", String(entry.races)));
      }
      card.append(table);
    }
    if (page.me?.provisional) card.append(element("p", "mine", t("my_rating_provisional", { races: page.me.races })));
    else if (page.me && !this.provisional) card.append(element("p", "mine", t("my_rating", { rank: page.me.rank, total: page.total })));
    const row = element("div", "row");
    if (page.previous) row.append(button(t("previous"), () => this.load({ cursor: page.previous }), { name: "previous" }));
    if (page.next) row.append(button(t("next"), () => this.load({ cursor: page.next }), { name: "next" }));
    if (page.me && page.me.provisional === this.provisional) row.append(button(t("around_me"), () => this.load({ around: "me" }), { name: "around" }));
    row.append(button(t("from_top"), () => this.load({}), { name: "top" }),
      button(t("races_title"), () => { location.hash = "#/races"; }, { name: "lobby" }));
    card.append(row);
    this.root.replaceChildren(card);
  }
}
