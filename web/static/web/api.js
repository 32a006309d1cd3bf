// The public REST API v1 (SPEC §6, §9) and the player's identity kept in localStorage.
// Nothing here is private to this site: a third-party client would make the same calls.
//
// The device's token goes in the Authorization header (Bearer) and, for sockets, in the
// subprotocol offer ("halfmoon", "halfmoon.token.<token>"): never in a URL, where proxies and
// access logs would keep it. Signing in to another account from a device that held an anonymous
// player keeps that player's token here (OTHERS_KEY), so it can be switched back to: nothing
// ever merges two players.

const BASE = "/api/v1";
const TOKEN_KEY = "halfmoon.token";
const OTHERS_KEY = "halfmoon.others";
/** Why this device was signed out ("signed_out", "signed_out_here"…), until it signs in again
 * or starts over: a reload shows the sign-in page again instead of a new player. */
const SIGNED_OUT_KEY = "halfmoon.signed-out";
/** The subprotocol the server selects, and the prefix of the one that carries the token. */
export const SUBPROTOCOL = "halfmoon";
const TOKEN_SUBPROTOCOL = "halfmoon.token.";

export class ApiError extends Error {
  /** ``status`` 0 means the server could not be reached. */
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.code = (body && body.code) || (status ? "http_error" : "network");
    this.body = body || {};
  }
}

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* private mode: the identity lasts as long as the page */
  }
}

export function storedToken() {
  return read(TOKEN_KEY);
}

/** This device's token from now on (null: none). A token signs the device in again. */
export function storeToken(token) {
  write(TOKEN_KEY, token);
  if (token) write(SIGNED_OUT_KEY, null);
}

/** This device was signed out for ``reason``: it forgets the token and remembers only why. */
export function markSignedOut(reason) {
  write(TOKEN_KEY, null);
  write(SIGNED_OUT_KEY, reason);
}

/** Why this device was signed out and has not signed in since, or null. */
export function signedOutMark() {
  return read(SIGNED_OUT_KEY);
}

/** Anonymous players kept on this device: [{token, id, name}]. */
export function otherPlayers() {
  try {
    const list = JSON.parse(read(OTHERS_KEY) || "[]");
    return Array.isArray(list) ? list.filter((p) => p && typeof p.token === "string") : [];
  } catch {
    return [];
  }
}

function saveOthers(list) {
  write(OTHERS_KEY, list.length ? JSON.stringify(list) : null);
}

/** Keep an anonymous player's token on this device, to switch back to it later. */
export function keepPlayer(player, token) {
  const others = otherPlayers().filter((p) => p.id !== player.id);
  saveOthers([...others, { token, id: player.id, name: player.name }]);
}

export function forgetPlayer(id) {
  saveOthers(otherPlayers().filter((p) => p.id !== id));
}

/** A name for this device in the device list ("Chrome on Linux"), from the browser's
 * client hints (``navigator.userAgentData``) where it has them, else its user agent; the
 * sign-in page lets the person change it before signing in. */
export function deviceName() {
  const agent = navigator.userAgent;
  /** @type {{ brands?: {brand: string}[], platform?: string } | undefined} */
  const hints = /** @type {any} */ (navigator).userAgentData;
  const brands = hints?.brands?.map((b) => b.brand) || []; // in no particular order
  const hinted = ["Microsoft Edge", "Opera", "Brave", "Google Chrome", "Chromium"]
    .find((brand) => brands.includes(brand));
  const browser = hinted?.replace(/^(Google|Microsoft) /, "")
    || [["Edg/", "Edge"], ["Firefox/", "Firefox"], ["Chrome/", "Chrome"], ["Safari/", "Safari"]]
      .find(([mark]) => agent.includes(mark))?.[1] || "Browser";
  const system = (hints?.platform && hints.platform !== "Unknown" ? hints.platform : "")
    || [["Android", "Android"], ["iPhone", "iPhone"], ["iPad", "iPad"], ["Windows", "Windows"],
      ["Mac OS", "macOS"], ["CrOS", "ChromeOS"], ["Linux", "Linux"]]
      .find(([mark]) => agent.includes(mark))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

/** Any request answered 401 ``invalid_token``: this device's token was revoked elsewhere. */
function signedOut(error) {
  window.dispatchEvent(new CustomEvent("halfmoon:signed-out", { detail: error }));
}

/**
 * @typedef {import("../../../clients/typescript/web-api.js").Method} Method
 * @typedef {{ token?: string | null, anonymous?: boolean, cookies?: boolean }} RequestOptions
 */
/**
 * The success JSON of an operation, by schema path and method (types generated from the schema).
 * @template {import("../../../clients/typescript/web-api.js").PathWith<M>} P
 * @template {Method} M
 * @typedef {import("../../../clients/typescript/web-api.js").Ok<P, M>} Ok
 */

/**
 * The shapes the pages hold, named by the operation that answers them.
 * @typedef {Ok<"/api/v1/games/{game_id}", "get">} Game
 * @typedef {Ok<"/api/v1/players/me", "get">} Me
 * @typedef {Ok<"/api/v1/daily", "get">} Daily
 * @typedef {Ok<"/api/v1/daily/{date}/leaderboard", "get">} Leaderboard
 * @typedef {Ok<"/api/v1/players/{player_id}/stats", "get">} Stats
 * @typedef {Ok<"/api/v1/races/{race_id}", "get">} Race
 * @typedef {Ok<"/api/v1/ratings", "get">} Ratings
 */

/**
 * One request to the API; answers the JSON body (null when there is none), throws ApiError.
 * @param {string} method
 * @param {string} path under /api/v1, with its query string
 * @param {unknown} [body]
 * @param {RequestOptions} [options]
 * @returns {Promise<any>}
 */
export async function request(method, path, body,
  { token = storedToken(), anonymous = false, cookies = false } = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  if (token && !anonymous) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(BASE + path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      credentials: cookies ? "same-origin" : "omit", cache: "no-store",
    });
  } catch {
    throw new ApiError(0, null);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = new ApiError(response.status, data);
    if (error.code === "invalid_token" && headers.Authorization) signedOut(error);
    throw error;
  }
  return data;
}

/**
 * The player's archive (GET /account/export: everything the service holds on them) as a file
 * to save: the answer's bytes, not parsed. Throws ApiError like `request`.
 * @returns {Promise<Blob>}
 */
async function archive() {
  const token = storedToken();
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(`${BASE}/account/export`, { headers, credentials: "omit", cache: "no-store" });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    let data = null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    const error = new ApiError(response.status, data);
    if (error.code === "invalid_token" && token) signedOut(error);
    throw error;
  }
  return response.blob();
}

/**
 * A call of one operation of the schema, checked by `tsc --checkJs` against the generated types
 * (make typecheck-web): the path must be the schema's, with its method, path and query
 * parameters and JSON body; the answer has the type of its success response.
 * @template {Method} M
 * @template {import("../../../clients/typescript/web-api.js").PathWith<M>} P
 * @param {M} method
 * @param {P} template the schema's path, like "/api/v1/games/{game_id}"
 * @param {import("../../../clients/typescript/web-api.js").Params<P, M>} params
 * @param {import("../../../clients/typescript/web-api.js").Body<P, M>} [body]
 * @param {RequestOptions} [options]
 * @returns {Promise<Ok<P, M>>}
 */
export function call(method, template, params, body, options) {
  const { path = {}, query = {} } = /** @type {{ path?: object, query?: object }} */ (params);
  const filled = template.slice(BASE.length).replace(/\{(\w+)\}/g,
    (_, name) => encodeURIComponent(String(path[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return request(method.toUpperCase(), text ? `${filled}?${text}` : filled, body, options);
}

/** The player behind the stored token; a new one (token saved) on the very first visit.
 * A stored token that is refused is not replaced: the device was signed out (the caller
 * offers to sign in again, or to start over). */
export async function ensurePlayer(defaultName) {
  if (storedToken()) return api.me();
  return startOver(defaultName);
}

/** A new anonymous player for this device.
 * @param {string} name @param {string} device this device's name */
export async function startOver(name, device = deviceName()) {
  const created = await call("post", "/api/v1/players", {}, { name, device },
    { anonymous: true });
  storeToken(created.token);
  return { id: created.id, name: created.name, settings: created.settings };
}

/** POST without credentials (sign-in, links, resets: they give this device a token). */
const ANONYMOUS = { anonymous: true };
/** The password sign-in also sends and keeps this device's proof of the account: an HttpOnly
 * cookie only the sign-in endpoint reads (PROTOCOL §2, "Accounts"). */
const WITH_DEVICE_PROOF = { anonymous: true, cookies: true };

/**
 * Every call the site makes, each checked against the schema (see `call`).
 * @typedef {import("../../../clients/typescript/web-api.js").Body<"/api/v1/players/me", "patch">} SettingsChange
 */
export const api = {
  me: () => call("get", "/api/v1/players/me", {}),
  /** @param {SettingsChange} changes */
  updateMe: (changes) => call("patch", "/api/v1/players/me", {}, changes),
  /** @param {number} id */
  game: (id) => call("get", "/api/v1/games/{game_id}", { path: { game_id: id } }),
  /** @param {import("../../../clients/typescript/web-api.js").Body<"/api/v1/games", "post">} body */
  newGame: (body = {}) => call("post", "/api/v1/games", {}, body),
  /** @param {number} id @param {string} position */
  tap: (id, position) => call("post", "/api/v1/games/{game_id}/taps", { path: { game_id: id } }, { position }),
  /** @param {number} id */
  undo: (id) => call("post", "/api/v1/games/{game_id}/undo", { path: { game_id: id } }, {}),
  /** @param {number} id */
  resign: (id) => call("post", "/api/v1/games/{game_id}/resign", { path: { game_id: id } }, {}),
  daily: () => call("get", "/api/v1/daily", {}),
  /** @param {string} date @param {number} limit */
  leaderboard: (date, limit) =>
    call("get", "/api/v1/daily/{date}/leaderboard", { path: { date }, query: { limit } }),
  /** @param {number} playerId */
  stats: (playerId) => call("get", "/api/v1/players/{player_id}/stats", { path: { player_id: playerId } }),
  /** @param {number} limit */
  games: (limit) => call("get", "/api/v1/games", { query: { limit } }),
  // accounts and devices (SPEC §9)
  account: () => call("get", "/api/v1/account", {}),
  /** @param {import("../../../clients/typescript/web-api.js").Body<"/api/v1/account", "post">} body */
  addCredentials: (body) => call("post", "/api/v1/account", {}, body),
  /** @param {string} username @param {string} password @param {string} device this device's name */
  signIn: (username, password, device = deviceName()) =>
    call("post", "/api/v1/account/sign-in", {}, { username, password, device }, WITH_DEVICE_PROOF),
  /** @param {string} code @param {string} device */
  link: (code, device = deviceName()) =>
    call("post", "/api/v1/players/link", {}, { code, device }, ANONYMOUS),
  /** @param {string} username @param {string} recovery_code @param {string} new_password @param {string} device */
  recover: (username, recovery_code, new_password, device = deviceName()) =>
    call("post", "/api/v1/account/recover", {},
      { username, recovery_code, new_password, device }, ANONYMOUS),
  /** @param {string} email */
  askReset: (email) => call("post", "/api/v1/account/password-reset", {}, { email }, ANONYMOUS),
  /** @param {string} uid @param {string} key @param {string} new_password @param {string} device */
  confirmReset: (uid, key, new_password, device = deviceName()) =>
    call("post", "/api/v1/account/password-reset/confirm", {},
      { uid, key, new_password, device }, ANONYMOUS),
  /** @param {string} key */
  verifyEmail: (key) => call("post", "/api/v1/account/email/verify", {}, { key }, ANONYMOUS),
  /** @param {string | null} email */
  setEmail: (email) => call("put", "/api/v1/account/email", {}, { email: email || null }),
  /** @param {string} current_password @param {string} new_password */
  changePassword: (current_password, new_password) =>
    call("post", "/api/v1/account/password", {}, { current_password, new_password }),
  /** @param {string} password */
  recoveryCodes: (password) => call("post", "/api/v1/account/recovery-codes", {}, { password }),
  devices: () => call("get", "/api/v1/players/me/tokens", {}),
  /** @param {number} id @param {string} device its new name */
  renameDevice: (id, device) =>
    call("patch", "/api/v1/players/me/tokens/{token_id}", { path: { token_id: id } }, { device }),
  /** @param {number} id */
  revokeDevice: (id) => call("delete", "/api/v1/players/me/tokens/{token_id}", { path: { token_id: id } }),
  revokeOthers: () => call("post", "/api/v1/players/me/tokens/revoke-others", {}),
  // third-party apps (SPEC §13): web/static/web/connected_apps.js
  connectedApps: () => call("get", "/api/v1/players/me/apps", {}),
  /** @param {number} id */
  disconnectApp: (id) => call("delete", "/api/v1/players/me/apps/{app_id}", { path: { app_id: id } }),
  // personal tokens (SPEC §13): web/static/web/personal_tokens.js
  personalTokens: () => call("get", "/api/v1/account/tokens", {}),
  /** @param {import("../../../clients/typescript/web-api.js").Body<"/api/v1/account/tokens", "post">} body */
  makePersonalToken: (body) => call("post", "/api/v1/account/tokens", {}, body),
  /** @param {number} id */
  revokePersonalToken: (id) =>
    call("delete", "/api/v1/account/tokens/{token_id}", { path: { token_id: id } }),
  // the player's own apps (SPEC §13): web/static/web/own_apps.js
  ownApps: () => call("get", "/api/v1/account/apps", {}),
  /** @param {import("../../../clients/typescript/web-api.js").Body<"/api/v1/account/apps", "post">} body */
  registerApp: (body) => call("post", "/api/v1/account/apps", {}, body),
  /** @param {number} id */
  deleteOwnApp: (id) => call("delete", "/api/v1/account/apps/{app_id}", { path: { app_id: id } }),
  signOut: () => call("delete", "/api/v1/players/me/token", {}),
  linkCode: () => call("post", "/api/v1/players/me/link-codes", {}),
  // a player's data (SPEC §12)
  archive: () => archive(),
  /** @param {import("../../../clients/typescript/web-api.js").Body<"/api/v1/account/delete", "post">} body */
  deleteAccount: (body) => call("post", "/api/v1/account/delete", {}, body),
  /** @param {number} id */
  race: (id) => call("get", "/api/v1/races/{race_id}", { path: { race_id: id } }),
  /** @param {import("../../../clients/typescript/web-api.js").Body<"/api/v1/races", "post">} body */
  createRace: (body) => call("post", "/api/v1/races", {}, body),
  /** @param {string} invite */
  joinRace: (invite) => call("post", "/api/v1/races/join", {}, { invite }),
  /** The open public races with a free seat, newest first (the lobby's list). */
  openRaces: () => call("get", "/api/v1/races", { query: { status: "open" } }),
  /** @param {number} id */
  joinPublicRace: (id) => call("post", "/api/v1/races/{race_id}/join", { path: { race_id: id } }),
  /** @param {number} id @param {boolean} ready */
  raceReady: (id, ready) => call("post", "/api/v1/races/{race_id}/ready", { path: { race_id: id } }, { ready }),
  /** @param {number} id */
  raceStart: (id) => call("post", "/api/v1/races/{race_id}/start", { path: { race_id: id } }),
  /** @param {number} id */
  raceLeave: (id) => call("post", "/api/v1/races/{race_id}/leave", { path: { race_id: id } }),
  /** @param {number} id */
  raceCancel: (id) => call("post", "/api/v1/races/{race_id}/cancel", { path: { race_id: id } }),
  /** @param {number} id */
  rematch: (id) => call("post", "/api/v1/races/{race_id}/rematch", { path: { race_id: id } }),
  /** @param {number} seats */
  enqueue: (seats) => call("post", "/api/v1/matchmaking", {}, { seats }),
  queue: () => call("get", "/api/v1/matchmaking", {}),
  unqueue: () => call("delete", "/api/v1/matchmaking", {}),
  /** @param {import("../../../clients/typescript/web-api.js").Params<"/api/v1/ratings", "get">["query"]} query */
  ratings: (query = {}) => call("get", "/api/v1/ratings", { query }),
};

/** ws(s)://host/ws/<path>?<params> for the current page: never a token (see socketProtocols). */
export function socketUrl(path, params = {}) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) query.set(name, String(value));
  const text = query.toString();
  return `${scheme}//${location.host}/ws/${path}${text ? `?${text}` : ""}`;
}

/** The subprotocols a socket offers: the token rides in the handshake, not in the URL. */
export function socketProtocols({ withToken = true } = {}) {
  const token = storedToken();
  return withToken && token ? [SUBPROTOCOL, TOKEN_SUBPROTOCOL + token] : [SUBPROTOCOL];
}
