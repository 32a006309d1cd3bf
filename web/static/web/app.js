// Half Moon web client: boots the player, opens a game and wires the page to it.
// It uses nothing but the public REST API v1 and the game WebSocket.

import { AccountPage, EmailLinkPage, SignInPage } from "./account.js";
import {
  api, ensurePlayer, forgetPlayer, keepPlayer, markSignedOut, signedOutMark, startOver, storedToken, storeToken,
} from "./api.js";
import { beats, ChallengePage, makeChallenge, verdict } from "./challenge.js";
import { DailyPage } from "./daily.js";
import { ask } from "./ask.js";
import { celebrate, formatTime, setupDialogs } from "./dialogs.js";
import {
  cardName, newPlayerName, pickLanguage, playerName, setLanguage, t, translateTree,
} from "./i18n.js";
import { Guide, guideDue, hintDone, hintDue, markFirstVisit } from "./guide.js";
import { ExamplesPage, RulesPage } from "./pages.js";
import { RacePage, RacesPage, RaceStrip, RatingsPage, rememberRace } from "./races.js";
import { ReplayPage } from "./replay.js";
import { GameSession } from "./session.js";
import { buildShell } from "./shell.js";
import { celebrateWin, isRefusal } from "./feel.js";
import { addSoundSetting, play } from "./sound.js";
import { StatsPage } from "./stats.js";
import { addThemeSetting } from "./theme.js";
import { Table } from "./table.js";

const LAST_GAME_KEY = "halfmoon.game";
/** The pages account e-mails link to, by path (their keys come after "#"). */
const EMAIL_PAGES = { "/account/reset-password": "reset", "/account/verify-email": "verify" };
const SHORTCUTS = {
  1: "P1", 2: "P2", 3: "P3", 4: "P4", 5: "P5", 6: "P6", 7: "P7", 8: "P8", 9: "P9", 0: "P10",
  "-": "P11", "=": "P12", a: "R1", s: "R2", d: "R3", f: "R4", z: "R5", x: "R6", c: "R7", v: "R8",
};
const TOAST_MS = 3500;

const ui = buildShell(document.getElementById("app"));
const table = new Table(ui.table, { onTap: (position) => tap(position) });
let me = null;
let session = null;
let toastTimer = null;
/** Counts the messages shown: an action clears the message only if none came since it began. */
let toastSerial = 0;
/** Why this device has no valid token ("signed_out", "suspended", "signed_out_here",
 * "account_deleted"), or null. */
let signedOutReason = null;

addSoundSetting(ui.settingsDialog.querySelector("form")); // before setupDialogs reads the form
addThemeSetting(ui.settingsDialog.querySelector("form"));
const dialogs = setupDialogs(ui, {
  me: () => me,
  saveSettings: async (changes) => {
    me = await api.updateMe(changes);
    applyLanguage();
    session?.resync(); // the owner's view (dimmed) follows the placement aid setting
  },
  playCode: async (code) => showGame(await api.newGame({ deal_code: code })),
});
const guide = new Guide(ui.guideDialog, {
  finished: () => {
    hintDone();
    if (session) render();
    else backToGame(); // opened from the rules page: "Play" leads to the table
  },
});

const pageActions = {
  me: () => me,
  open: (id) => { location.hash = `#/games/${id}`; },
  back: () => backToGame(),
  onError: (error) => hooks.onError(error),
  toast: (text) => toast(text),
  signedIn: (result) => signedIn(result),
  signOutHere: () => signOutHere(),
  accountDeleted: () => accountDeleted(),
  switchTo: (other) => switchTo(other),
  startOver: (device) => startAgain(device),
  guide: () => guide.open(),
};
const dailyPage = new DailyPage(ui.dailyView, { ...pageActions, play: () => startGame({ daily: true }) });
/** The pages beside the table, by their address (#/daily, #/rules…). */
const PAGES = {
  daily: dailyPage,
  rules: new RulesPage(ui.rulesView, pageActions),
  examples: new ExamplesPage(ui.examplesView, pageActions),
  stats: new StatsPage(ui.statsView, pageActions),
  account: new AccountPage(ui.accountView, pageActions),
  "sign-in": new SignInPage(ui.signInView, pageActions),
  email: new EmailLinkPage(ui.emailView, pageActions),
  races: new RacesPage(ui.racesView, pageActions),
  race: new RacePage(ui.raceView, {
    ...pageActions,
    toast: (text) => toast(text),
    openGame: (id) => { location.hash = `#/games/${id}`; },
  }),
  ratings: new RatingsPage(ui.ratingsView, pageActions),
  challenge: new ChallengePage(ui.challengeView, pageActions),
  replay: new ReplayPage(ui.replayView, pageActions),
};
/** Everyone's progress above one's own table while a race runs. */
const raceStrip = new RaceStrip(ui.raceStrip, {
  me: () => me,
  standings: (raceId) => { location.hash = `#/races/${raceId}`; },
  finished: (race) => {
    if (session?.game.race_id === race.id) toast(t("race_over"), "info");
  },
});

function backToGame() {
  if (signedOutReason) return; // nothing to go back to until this device signs in
  const last = lastGame();
  if (last) location.hash = `#/games/${last}`;
  else startGame();
}

// -- what the page shows -------------------------------------------------------------------
function applyLanguage() {
  setLanguage(pickLanguage(me?.settings?.language));
  translateTree(ui.root);
  if (session) render();
  for (const page of Object.values(PAGES)) page.relabel();
  raceStrip.relabel();
  guide.relabel();
}

function render({ animate = false } = {}) {
  const game = session.game;
  const owner = playerName(game.owner?.name || "");
  const view = session.view; // the taps not answered yet shown ahead of the server's game
  table.render(game, { dimmed: view.dimmed, animate, selection: view.selection, leaving: view.leaving,
    pending: view.pending, label: session.owned ? t("table") : t("watching", { name: owner }) });
  ui.stats.score.textContent = String(game.score);
  ui.stats.moves.textContent = String(game.moves);
  ui.stats.cards_left.textContent = String(game.cards_left);
  ui.stats.deal_code.textContent = game.deal_code;
  ui.stats.daily.hidden = !game.daily_date;
  ui.stats.daily.textContent = game.daily_date
    ? `${t("daily_badge", { date: game.daily_date })} · ${t(game.ranked ? "ranked" : "practice")}` : "";
  tick();
  const canUndo = session.owned && game.can_undo && !session.finished;
  for (const button of ui.root.querySelectorAll('[data-action="undo"]')) button.disabled = !canUndo;
  ui.stall.hidden = !(game.status === "stalled" && session.owned);
  ui.hint.hidden = !(hintDue() && session.owned && game.status === "playing");
  ui.watching.hidden = session.owned;
  ui.watching.textContent = session.owned ? "" : t("watching", { name: owner });
  // a game at a challenge: what to beat while it runs (the verdict comes with its end)
  const challenge = session.owned && !session.finished ? session.challenge : null;
  ui.challengeStrip.hidden = !challenge;
  ui.challengeStrip.textContent = challenge
    ? t("challenge_beat", { name: playerName(challenge.creator.name), score: challenge.result.score }) : "";
  document.body.dataset.status = game.status;
}

function tick() {
  if (session) ui.stats.time.textContent = formatTime(session.elapsedMs());
}

function toast(text, kind = "info", sticky = false) {
  clearTimeout(toastTimer);
  toastSerial += 1;
  ui.toast.textContent = text;
  ui.toast.dataset.kind = kind;
  ui.toast.hidden = false;
  if (!sticky) toastTimer = setTimeout(() => { ui.toast.hidden = true; }, TOAST_MS);
}

/** A message goes once it is stale: the next action succeeded, or the page changed. */
function clearToast() {
  clearTimeout(toastTimer);
  ui.toast.hidden = true;
}

/** Undo; a message shown before it goes if it succeeds (a refusal brings its own). */
function undoMove() {
  if (!session) return;
  const shown = toastSerial;
  const version = session.game.version;
  session.undo().then(() => {
    if (toastSerial === shown) clearToast();
    // said to screen readers as a removal is: the cards are back, the score with them
    if (session && session.game.version !== version) {
      announce(t("undone", { score: session.game.score }));
    }
  });
}

function announce(text) {
  ui.announcer.textContent = text;
}

/** The end of a game: the win or the summary; a challenge game's compares with the
 * challenge's result ("You beat Ana's 520", "Ana's 520 stands") instead of a bare title. */
function showEnd(game) {
  endTitles(game);
  if (game.status === "won") celebrate(ui, game);
  else if (game.status === "resigned") dialogs.showEnded(game);
}

function endTitles(game) {
  const challenge = session?.owned && session.game.id === game.id ? session.challenge : null;
  for (const dialog of [ui.wonDialog, ui.endedDialog]) {
    const title = /** @type {HTMLElement} */ (dialog.querySelector("h2"));
    title.textContent = challenge ? verdict(game, challenge) : t(/** @type {string} */ (title.dataset.i18n));
    dialog.dataset.verdict = !challenge ? "" : beats(game, challenge) ? "beaten" : "stands";
  }
}

// -- the open game ---------------------------------------------------------------------------
const hooks = {
  onChange(game, { animate, previous }) {
    render({ animate });
    if (previous.status === game.status) return;
    // A race's game ends with its race: the strip above the table leads to the standings, and
    // the race's winner sees the race-win moment (races.js), not a toast.
    // A win just made here: the cascade first, so the won dialog, opened after it, lies above
    // it in the top layer (the cards fall behind the dialog, which is readable at once).
    if (game.status === "won" && !game.race_id && session?.owned) {
      play("win");
      celebrateWin();
    }
    if (!game.race_id) showEnd(game);
  },
  onTapResult(response, { before, position }) {
    if (response.message) toast(response.message.text, "message");
    else clearToast(); // a good tap: an earlier message is stale
    if (response.removed && hintDue()) {
      hintDone(); // the first removal: the hint has done its work
      render();
    }
    if (isRefusal(before, position, response)) { // a shake, no words (those are Move errors')
      table.refuse([...(before.selection || []), position]);
      play("refused");
    }
    if (response.removed?.length) play(response.removed.length === 3 ? "triple" : "pair");
    if (response.removed) {
      announce(t("removed", { cards: response.removed.map((r) => cardName(r.card)).join(` ${t("and")} `) }));
    }
  },
  onError(error) {
    // An empty position has nothing to tap: said only to players who want move errors.
    if (error.code === "empty_position") {
      if (me?.settings?.move_errors) toast(error.message, "message");
      return;
    }
    toast(error.status === 0 ? t("offline") : error.message, "error");
  },
  onConnection(online) {
    ui.connection.hidden = online;
  },
  onGone() {
    startGame();
  },
  onPending() {
    render();
  },
  onRefused(error) {
    lostCredentials(error.code === "token_suspended" ? "suspended" : "signed_out");
  },
};

// -- who this device is --------------------------------------------------------------------
/** Start the page again as the device's (new) player. */
function restart() {
  if (location.pathname === "/" && !location.hash) location.reload();
  else location.assign("/");
}

/** Before this device becomes another player: keep an anonymous current player reachable
 * (its token stays on the device, to switch back to); a player with credentials signs in again. */
async function keepCurrentIfAnonymous() {
  const token = storedToken();
  if (!token || !me || signedOutReason) return;
  try {
    await api.account();
  } catch (error) {
    if (error.code === "no_credentials") keepPlayer(me, token);
  }
}

/** A sign-in of any kind answered ``result`` (a player with this device's new token). */
async function signedIn(result) {
  await keepCurrentIfAnonymous();
  storeToken(result.token);
  forgetPlayer(result.id);
  remember(null);
  restart();
  return null;
}

async function switchTo(other) {
  await keepCurrentIfAnonymous();
  storeToken(other.token);
  forgetPlayer(other.id);
  remember(null);
  restart();
}

/** Play as a new player on this device (named ``device`` in the device list). */
async function startAgain(device = undefined) {
  await keepCurrentIfAnonymous();
  storeToken(null);
  remember(null);
  try {
    await startOver(newPlayerName(), device);
  } catch (error) {
    hooks.onError(error);
    return;
  }
  restart();
}

async function signOutHere() {
  try {
    await api.signOut();
  } catch (error) {
    if (error.code !== "invalid_token") {
      hooks.onError(error);
      return;
    }
  }
  storeToken(null);
  remember(null);
  lostCredentials("signed_out_here");
}

/** The account was deleted (SPEC §12): this device forgets the player altogether (its token,
 * and its place among the players kept on this device), and says so. */
function accountDeleted() {
  const id = me?.id;
  session?.close();
  session = null;
  raceStrip.stop();
  storeToken(null);
  if (id !== undefined) forgetPlayer(id);
  remember(null);
  lostCredentials("account_deleted");
}

/** This device's token no longer works (revoked elsewhere, signed out here, or the account
 * deleted): everything stops, and the sign-in page says why. Live: a socket closed with 4401
 * brings it at once. Signed out means signed out: the device forgets the player (its token,
 * its last game and race; a reload shows the sign-in page again), and the page offers only to
 * sign in or to play as a new player, with nothing of the old player (no game, no name, no
 * way back to the table). A suspension is reversible: that token is kept. */
function lostCredentials(reason) {
  if (signedOutReason === reason || signedOutReason === "account_deleted") return;
  signedOutReason = reason;
  session?.close();
  session = null;
  raceStrip.stop();
  table.reset();
  for (const stat of Object.values(ui.stats)) stat.textContent = "";
  if (reason !== "suspended") {
    me = null;
    remember(null);
    rememberRace(null);
    markSignedOut(reason);
  }
  dialogs.closeAll();
  document.body.dataset.signedOut = reason;
  showView("sign-in");
  window.scrollTo(0, 0);
  PAGES["sign-in"].show(reason);
}

window.addEventListener("halfmoon:signed-out", () => lostCredentials("signed_out"));

/** A tap on the table. An empty position has no card: with move errors off nothing happens. */
function tap(position) {
  if (!session) return;
  const empty = !session.view.leaving.includes(position) && [...session.game.piles, ...session.game.reserve]
    .some((p) => p.position === position && !(p.top ?? p.card));
  if (empty && !me?.settings?.move_errors) return;
  session.tap(position);
}

/** Escape on the table: every selected card is tapped off again (shown at once, sent in
 * order like any tap), and the live region says so. False when nothing was selected. */
function clearSelection() {
  if (!session?.owned || session.finished || !document.body.classList.contains("view-table")) return false;
  const selected = [...session.view.selection];
  if (!selected.length) return false;
  for (const position of selected) session.tap(position);
  announce(t("selection_cleared"));
  return true;
}

/** Show the table or one of the pages ("daily", "rules", "examples", "stats"). */
function showView(name) {
  // the message sits on the table's free band there, at the page's bottom elsewhere
  if (name === "table") ui.tableOverlay.prepend(ui.toast);
  else ui.root.append(ui.toast);
  for (const [key, page] of Object.entries(PAGES)) if (key !== name) page.hide();
  for (const view of ["table", ...Object.keys(PAGES)]) {
    document.body.classList.toggle(`view-${view}`, view === name);
  }
  for (const action of ui.root.querySelectorAll(".actions [data-action], .tools [data-action]")) {
    if (action.dataset.action === name) action.setAttribute("aria-current", "page");
    else action.removeAttribute("aria-current");
  }
}

function showGame(game) {
  session?.close();
  dialogs.closeAll();
  table.reset();
  session = new GameSession(game, me, hooks);
  if (session.owned) remember(game.id);
  history.replaceState(null, "", `#/games/${game.id}`);
  showView("table");
  if (game.race_id) raceStrip.follow(game.race_id);
  else raceStrip.stop();
  render();
  if (!game.race_id) showEnd(game);
  return game;
}

async function startGame(body = {}) {
  if (signedOutReason) return null; // no player to start it for
  try {
    return showGame(await api.newGame(body));
  } catch (error) {
    hooks.onError(error);
    return null;
  }
}

async function openGame(id) {
  try {
    return showGame(await api.game(id));
  } catch (error) {
    if (error.status === 404) return startGame();
    if (error.status === 403) { // another player's private game: say so, back to one's own
      toast(error.message, "error");
      const last = lastGame();
      return last && last !== id ? openGame(last) : startGame();
    }
    throw error;
  }
}

function remember(id) {
  try {
    if (id === null) localStorage.removeItem(LAST_GAME_KEY);
    else localStorage.setItem(LAST_GAME_KEY, String(id));
  } catch { /* private mode */ }
}

function lastGame() {
  try {
    return Number(localStorage.getItem(LAST_GAME_KEY)) || null;
  } catch {
    return null;
  }
}

/** Close the open game (and its race strip) for a page. */
function leaveTable(name) {
  session?.close();
  session = null;
  raceStrip.stop();
  dialogs.closeAll();
  showView(name);
  window.scrollTo(0, 0);
}

function showPage(name, ...args) {
  leaveTable(name);
  return PAGES[name].show(...args);
}

async function route() {
  clearToast();
  if (signedOutReason) return showPage("sign-in", signedOutReason);
  const page = location.hash.match(/^#\/(daily|rules|examples|stats|account|sign-in|races|ratings)$/);
  if (page) return showPage(page[1]);
  const race = location.hash.match(/^#\/races\/(\d+)$/);
  if (race) return showPage("race", Number(race[1]));
  const invite = location.hash.match(/^#\/race\/([A-Za-z0-9]{1,12})$/);
  if (invite) {
    leaveTable("race"); // the invite link joins, then shows the race
    return PAGES.race.joinByLink(invite[1]);
  }
  const challenge = location.hash.match(/^#\/challenge\/([A-Za-z0-9_-]{1,32})$/);
  if (challenge) return showPage("challenge", challenge[1]);
  const replay = location.hash.match(/^#\/games\/(\d+)\/replay\/(\d+)$/);
  if (replay) return showPage("replay", Number(replay[1]), Number(replay[2]));
  const match = location.hash.match(/^#\/games\/(\d+)$/);
  if (match) return openGame(Number(match[1]));
  if (session && location.hash === "") return history.replaceState(null, "", `#/games/${session.game.id}`);
  const last = lastGame();
  return last ? openGame(last) : startGame();
}

// -- controls --------------------------------------------------------------------------------
async function copyDealCode() {
  const code = session?.game.deal_code;
  if (!code) return;
  try {
    await navigator.clipboard.writeText(code);
    toast(t("copied"));
  } catch {
    const range = document.createRange();
    range.selectNodeContents(ui.stats.deal_code);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    toast(document.execCommand?.("copy") ? t("copied") : t("copy_failed"));
  }
}

const ACTIONS = {
  undo: () => undoMove(),
  new: () => startGame(),
  code: () => dialogs.showCode(),
  daily: () => { location.hash = "#/daily"; },
  rules: () => { location.hash = "#/rules"; },
  examples: () => { location.hash = "#/examples"; },
  stats: () => { location.hash = "#/stats"; },
  account: () => { location.hash = signedOutReason ? "#/sign-in" : "#/account"; },
  races: () => { location.hash = "#/races"; },
  settings: () => dialogs.showSettings(),
  copy: () => copyDealCode(),
  resign: async () => { if (await ask(t("resign_confirm"), t("resign"), { danger: true })) session?.resign(); },
  close: () => {},
  guide: () => guide.open(),
  "hint-done": () => { hintDone(); if (session) render(); },
  replay: () => { if (session) location.hash = `#/games/${session.game.id}/replay/0`; },
  challenge: () => {
    if (!session) return;
    makeChallenge(session.game.id)
      .then((made) => { location.hash = `#/challenge/${made.code}`; })
      .catch((error) => hooks.onError(error));
  },
};

// The skip link (the first Tab stop): focus goes to the table's current position, past the
// bar and its menus; the address stays the game's (no "#table" for the router).
ui.skipLink.addEventListener("click", (event) => {
  event.preventDefault();
  table.focus(table.focusedPosition);
});

ui.root.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-action]");
  if (!button || !(button.dataset.action in ACTIONS)) return;
  button.closest("dialog")?.close();
  ACTIONS[button.dataset.action]();
});

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (document.querySelector("dialog[open]")) return;
  if (event.key === "Escape" && !session && me && !signedOutReason) {
    event.preventDefault();
    backToGame(); // Escape leaves a page for the table
    return;
  }
  if (!session) return;
  if (/** @type {Element} */ (event.target).closest?.("input, select, textarea, [contenteditable]")) return;
  if (event.key === "Escape" && clearSelection()) {
    event.preventDefault();
    return;
  }
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key === "u") {
    event.preventDefault();
    undoMove();
  } else if (key in SHORTCUTS) {
    event.preventDefault();
    table.focus(SHORTCUTS[key]);
  }
});

// -- start -----------------------------------------------------------------------------------
/** An e-mail's link opened this page: its page first, before any player is made. */
function emailLink() {
  const mode = EMAIL_PAGES[location.pathname];
  if (!mode) return false;
  const keys = Object.fromEntries(new URLSearchParams(location.hash.slice(1)));
  history.replaceState(null, "", location.pathname); // the keys leave the address bar
  showPage("email", mode, keys);
  ui.root.setAttribute("aria-busy", "false");
  return true;
}

async function boot() {
  applyLanguage();
  if (emailLink()) return;
  try {
    const signedOut = storedToken() ? null : signedOutMark();
    if (signedOut) { // signed out before this visit: still signed out, until a choice is made
      lostCredentials(signedOut);
      ui.root.setAttribute("aria-busy", "false");
      return;
    }
    if (!storedToken()) markFirstVisit(); // no player on this device yet: it is new here
    me = await ensurePlayer(newPlayerName());
    applyLanguage();
    await route();
    if (guideDue() && session?.owned && !session.game.race_id) guide.open();
  } catch (error) {
    if (error.code === "invalid_token" || error.code === "token_suspended") {
      lostCredentials(error.code === "token_suspended" ? "suspended" : "signed_out");
      ui.root.setAttribute("aria-busy", "false");
      return;
    }
    // The server is away: try again. Refused (e.g. a suspended player): say so and stop.
    const retry = error.status === 0 || error.status >= 500 || error.status === 429;
    toast(error.status === 0 ? t("offline") : error.message, "error", !retry);
    if (retry) setTimeout(boot, 2000);
    return;
  }
  ui.toast.hidden = true;
  ui.root.setAttribute("aria-busy", "false");
}

window.addEventListener("hashchange", () => route().catch(hooks.onError));
setInterval(tick, 250);
boot();
