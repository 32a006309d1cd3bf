// A WebSocket that stays connected: after a drop it reconnects with exponential backoff
// (with jitter) and reports each (re)connection, so the page can resynchronise.

import { socketProtocols } from "./api.js";

const FIRST_DELAY_MS = 300;
const MAX_DELAY_MS = 5000;
const CLOSE_NOT_FOUND = 4404;
/** The socket's token was refused or revoked (4401), or the player suspended (4403 after
 * ``token_suspended``): reconnecting with it would be refused again. */
const CLOSE_UNAUTHORIZED = 4401;

export class LiveFeed {
  /**
   * @param {() => string} url  called before each attempt
   * @param {{onMessage: (message: any) => void, onOpen?: () => void, onDown?: () => void,
   *   onGone?: () => void, onRefused?: (reason: any) => void}} handlers  all but onMessage optional
   * @param {() => string[]} protocols  the subprotocols to offer, asked before each attempt
   *   (the token may have changed); by default the player's token rides in them
   */
  constructor(url, handlers, protocols = () => socketProtocols()) {
    this.url = url;
    this.protocols = protocols;
    this.handlers = handlers;
    this.refusal = null;
    this.socket = null;
    this.stopped = false;
    this.delay = FIRST_DELAY_MS;
    this.timer = null;
    this.online = false;
    this.retryNow = () => this.reconnectSoon(0);
    window.addEventListener("online", this.retryNow);
  }

  start() {
    this.stopped = false;
    this.connect();
    return this;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    window.removeEventListener("online", this.retryNow);
    if (this.socket) this.socket.close(1000);
    this.socket = null;
  }

  connect() {
    clearTimeout(this.timer);
    let socket;
    try {
      socket = new WebSocket(this.url(), this.protocols());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      this.delay = FIRST_DELAY_MS;
      this.online = true;
      this.handlers.onOpen?.();
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket) return;
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (data.type === "error" && ["invalid_token", "token_revoked", "token_suspended"].includes(data.code)) {
        this.refusal = data; // the close code follows
        return;
      }
      this.handlers.onMessage?.(data);
    });
    socket.addEventListener("close", (event) => {
      if (socket !== this.socket || this.stopped) return;
      this.socket = null;
      this.online = false;
      if (event.code === CLOSE_NOT_FOUND) {
        this.stopped = true;
        this.handlers.onGone?.();
        return;
      }
      if (event.code === CLOSE_UNAUTHORIZED || this.refusal) {
        this.stopped = true;
        this.handlers.onRefused?.(this.refusal || { code: "token_revoked" });
        return;
      }
      this.handlers.onDown?.();
      this.scheduleReconnect();
    });
  }

  scheduleReconnect() {
    if (this.stopped) return;
    const wait = this.delay * (0.8 + Math.random() * 0.4);
    this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
    this.timer = setTimeout(() => this.connect(), wait);
  }

  /** Try again right away (the browser came back online, or a request just succeeded). */
  reconnectSoon(after = 0) {
    if (this.stopped || this.socket) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), after);
  }
}
