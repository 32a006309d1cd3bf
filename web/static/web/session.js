// One open game: its latest known version, the player's taps (sent in order, one at a time),
// and the live feed that keeps it in step with every other tab or device on the same game.

import { api, ApiError, socketUrl } from "./api.js";
import { LiveFeed } from "./live.js";

const FINISHED = new Set(["won", "resigned"]);

export class GameSession {
  /**
   * @param {object} hooks  onChange(game, {animate, previous}),
   *   onTapResult(response, {before, position}) (before: the game the tap was made on),
   *   onError(ApiError), onConnection(online: boolean), onGone(), onRefused(error frame)
   */
  /** @param {import("./api.js").Game} game @param {import("./api.js").Me} me */
  constructor(game, me, hooks) {
    this.game = game;
    this.me = me;
    this.hooks = hooks;
    this.syncClock(game);
    this.queue = Promise.resolve();
    this.closed = false;
    this.feed = new LiveFeed(() => socketUrl(`games/${game.id}/`), {
      onMessage: (data) => {
        if (data.type === "game" && data.game) this.accept(data.game);
      },
      onOpen: () => {
        this.hooks.onConnection(true);
        this.resync();
      },
      onDown: () => this.hooks.onConnection(false),
      onGone: () => this.hooks.onGone(),
      onRefused: (error) => this.hooks.onRefused?.(error),
    }).start();
  }

  get owned() {
    return this.game.owner?.id === this.me.id;
  }

  get finished() {
    return FINISHED.has(this.game.status);
  }

  close() {
    this.closed = true;
    this.feed.stop();
  }

  syncClock(game) {
    this.elapsedBase = game.elapsed_ms || 0;
    this.receivedAt = performance.now();
  }

  /** Milliseconds played: the server's figure, moved on by the local clock while it runs.
   * It stands still once the server stopped it (``finished_at``: won, resigned or stalled) and
   * runs again from the server's figure when an undo takes the game out of its stall. */
  elapsedMs() {
    if (this.game.finished_at || this.game.status !== "playing") return this.game.elapsed_ms;
    return this.elapsedBase + (performance.now() - this.receivedAt);
  }

  /** Positions the placement aid dims: part of the owner's game representation. */
  get dimmed() {
    return this.game.dimmed || null;
  }

  /**
   * Take ``game`` if it is newer than the one shown (messages with an older version are
   * dropped). The same version again is taken only when it says something new about the
   * owner's view (``dimmed`` after the placement aid was switched).
   */
  accept(game) {
    if (this.closed || game.id !== this.game.id) return;
    const previous = this.game;
    if (game.version > previous.version) {
      this.game = game;
      this.syncClock(game);
      this.hooks.onChange(game, { animate: true, previous });
    } else if (game.version === previous.version) {
      this.syncClock(game);
      if (JSON.stringify(game.dimmed ?? null) !== JSON.stringify(previous.dimmed ?? null)) {
        this.game = game;
        this.hooks.onChange(game, { animate: false, previous });
      }
    }
  }

  /** Send the requests one after another, in the order the player made them. */
  enqueue(work) {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => {});
    return run;
  }

  tap(position) {
    if (!this.owned || this.finished) return Promise.resolve();
    return this.enqueue(async () => {
      try {
        const before = this.game;
        const response = await api.tap(this.game.id, position);
        this.accept(response.game);
        this.hooks.onTapResult(response, { before, position });
      } catch (error) {
        this.failed(error);
      }
    });
  }

  undo() {
    if (!this.owned) return Promise.resolve();
    return this.enqueue(async () => {
      try {
        this.accept(await api.undo(this.game.id));
      } catch (error) {
        this.failed(error);
      }
    });
  }

  resign() {
    if (!this.owned || this.finished) return Promise.resolve();
    return this.enqueue(async () => {
      try {
        this.accept(await api.resign(this.game.id));
      } catch (error) {
        this.failed(error);
      }
    });
  }

  /** Fetch the game again (after a reconnect, or when a request says we are behind). */
  async resync() {
    try {
      this.accept(await api.game(this.game.id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) this.hooks.onGone();
      else if (error.status !== 0) this.hooks.onError(error);
    }
  }

  failed(error) {
    if (!(error instanceof ApiError)) throw error;
    this.hooks.onError(error);
    if (error.status === 0) this.feed.reconnectSoon();
    if (error.status === 409 || error.code === "game_finished") this.resync();
  }
}
