// The public REST API v1 (SPEC §6) and the player's identity kept in localStorage.
// Nothing here is private to this site: a third-party client would make the same calls.

const BASE = "/api/v1";
const TOKEN_KEY = "halfmoon.token";

export class ApiError extends Error {
  /** ``status`` 0 means the server could not be reached. */
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.code = (body && body.code) || (status ? "http_error" : "network");
    this.body = body || {};
  }
}

export function storedToken() {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function storeToken(token) {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    /* private mode: the identity lasts as long as the page */
  }
}

export async function request(method, path, body) {
  const headers = { Accept: "application/json" };
  const token = storedToken();
  if (token) headers.Authorization = `Token ${token}`;
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
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/** The player behind the stored token; a new one (token saved) on the first visit. */
export async function ensurePlayer(defaultName) {
  if (storedToken()) {
    try {
      return await request("GET", "/players/me");
    } catch (error) {
      if (error.status !== 401) throw error;
    }
  }
  const created = await request("POST", "/players", { name: defaultName });
  storeToken(created.token);
  return { id: created.id, name: created.name, settings: created.settings };
}

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
};

/** ws(s)://host/ws/<path>?token=…&<params> for the current page. */
export function socketUrl(path, params = {}) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const query = new URLSearchParams();
  const token = storedToken();
  if (token) query.set("token", token);
  for (const [name, value] of Object.entries(params)) query.set(name, String(value));
  const text = query.toString();
  return `${scheme}//${location.host}/ws/${path}${text ? `?${text}` : ""}`;
}
