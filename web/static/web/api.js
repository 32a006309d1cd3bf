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

/** This device's token from now on (null: none). */
export function storeToken(token) {
  write(TOKEN_KEY, token);
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

/** A name for this device in the device list ("Chrome on Linux"). */
export function deviceName() {
  const agent = navigator.userAgent;
  const browser = [["Edg/", "Edge"], ["Firefox/", "Firefox"], ["Chrome/", "Chrome"], ["Safari/", "Safari"]]
    .find(([mark]) => agent.includes(mark))?.[1] || "Browser";
  const system = [["Android", "Android"], ["iPhone", "iPhone"], ["iPad", "iPad"], ["Windows", "Windows"],
    ["Mac OS", "macOS"], ["CrOS", "ChromeOS"], ["Linux", "Linux"]]
    .find(([mark]) => agent.includes(mark))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

/** Any request answered 401 ``invalid_token``: this device's token was revoked elsewhere. */
function signedOut(error) {
  window.dispatchEvent(new CustomEvent("halfmoon:signed-out", { detail: error }));
}

export async function request(method, path, body, { token = storedToken(), anonymous = false } = {}) {
  const headers = { Accept: "application/json" };
  if (token && !anonymous) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(BASE + path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit", cache: "no-store",
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

/** The player behind the stored token; a new one (token saved) on the very first visit.
 * A stored token that is refused is not replaced: the device was signed out (the caller
 * offers to sign in again, or to start over). */
export async function ensurePlayer(defaultName) {
  if (storedToken()) return request("GET", "/players/me");
  return startOver(defaultName);
}

/** A new anonymous player for this device. */
export async function startOver(name) {
  const created = await request("POST", "/players", { name, device: deviceName() }, { anonymous: true });
  storeToken(created.token);
  return { id: created.id, name: created.name, settings: created.settings };
}

/** POST without credentials (sign-in, links, resets: they give this device a token). */
const open = (path, body) => request("POST", path, body, { anonymous: true });

export const api = {
  me: () => request("GET", "/players/me"),
  updateMe: (changes) => request("PATCH", "/players/me", changes),
  game: (id) => request("GET", `/games/${id}`),
  newGame: (body = {}) => request("POST", "/games", body),
  tap: (id, position) => request("POST", `/games/${id}/taps`, { position }),
  undo: (id) => request("POST", `/games/${id}/undo`, {}),
  resign: (id) => request("POST", `/games/${id}/resign`, {}),
  daily: () => request("GET", "/daily"),
  leaderboard: (date, limit) => request("GET", `/daily/${date}/leaderboard?limit=${limit}`),
  stats: (playerId) => request("GET", `/players/${playerId}/stats`),
  games: (limit) => request("GET", `/games?limit=${limit}`),
  // accounts and devices (SPEC §9)
  account: () => request("GET", "/account"),
  addCredentials: (body) => request("POST", "/account", body),
  signIn: (username, password) => open("/account/sign-in", { username, password, device: deviceName() }),
  link: (code) => open("/players/link", { code, device: deviceName() }),
  recover: (username, recovery_code, new_password) =>
    open("/account/recover", { username, recovery_code, new_password, device: deviceName() }),
  askReset: (email) => open("/account/password-reset", { email }),
  confirmReset: (uid, key, new_password) =>
    open("/account/password-reset/confirm", { uid, key, new_password, device: deviceName() }),
  verifyEmail: (key) => open("/account/email/verify", { key }),
  setEmail: (email) => request("PUT", "/account/email", { email: email || null }),
  changePassword: (current_password, new_password) =>
    request("POST", "/account/password", { current_password, new_password }),
  recoveryCodes: (password) => request("POST", "/account/recovery-codes", { password }),
  devices: () => request("GET", "/players/me/tokens"),
  revokeDevice: (id) => request("DELETE", `/players/me/tokens/${id}`),
  revokeOthers: () => request("POST", "/players/me/tokens/revoke-others"),
  signOut: () => request("DELETE", "/players/me/token"),
  linkCode: () => request("POST", "/players/me/link-codes"),
  race: (id) => request("GET", `/races/${id}`),
  createRace: (body) => request("POST", "/races", body),
  joinRace: (invite) => request("POST", "/races/join", { invite }),
  raceReady: (id, ready) => request("POST", `/races/${id}/ready`, { ready }),
  raceStart: (id) => request("POST", `/races/${id}/start`, {}),
  raceLeave: (id) => request("POST", `/races/${id}/leave`, {}),
  raceCancel: (id) => request("POST", `/races/${id}/cancel`, {}),
  rematch: (id) => request("POST", `/races/${id}/rematch`, {}),
  enqueue: (seats) => request("POST", "/matchmaking", { seats }),
  queue: () => request("GET", "/matchmaking"),
  unqueue: () => request("DELETE", "/matchmaking"),
  ratings: (query = "") => request("GET", `/ratings${query ? `?${query}` : ""}`),
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
