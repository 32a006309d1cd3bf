// One open game: its latest known version, the player's taps (sent in order, one at a time),
// and the live feed that keeps it in step with every other tab or device on the same game.

import { api, ApiError, socketUrl } from "./api.js";
import { LiveFeed } from "./live.js";
import { dimmedFor, predictTap } from "./predict.js";

const FINISHED = new Set(["won", "resigned"]);

export class GameSession {
  /**
   * @param {object} hooks  onChange(game, {animate, previous}),
   *   onTapResult(response, {before, position}) (before: the game the tap was made on),
   *   onError(ApiError), onConnection(online: boolean), onGone(), onRefused(error frame),
   *   onPending() (the taps not answered yet changed: the page shows ``view`` again)
   */
  /** @param {import("./api.js").Game} game @param {import("./api.js").Me} me */
  constructor(game, me, hooks) {
    this.game = game;
    this.me = me;
    this.hooks = hooks;
    this.syncClock(game);
    this.queue = Promise.resolve();
    /** Taps not answered yet, oldest first. ``sentAt``: the version the game was at when the
     * tap was sent (a later version already holds it); undefined while it waits its turn.
     * @type {{position: string, sentAt?: number}[]} */
    this.pending = [];
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

  /** The challenge this game was played at, as the game itself says (``game.challenge``: on
   * every answer and frame, so on any device), else null. */
  get challenge() {
    return this.game.challenge ?? null;
  }

  get finished() {
    return FINISHED.has(this.game.status);
  }

  close() {
    this.closed = true;
    this.feed.stop();
  }

  /**
   * Set the clock from the server's figure. ``sameVersion``: ``game`` repeats the version shown
   * (the answer to a tap and its live message each carry it). While a version is played, the
   * clock runs without pause, and each copy's figure is the server's clock when it was sent, so
   * a copy that took longer on the way reads less: the clock keeps the furthest reading of the
   * version and is never set back by a late copy.
   */
  syncClock(game, sameVersion = false) {
    const elapsed = game.elapsed_ms || 0;
    if (sameVersion && game.status === "playing" && this.elapsedMs() >= elapsed) return;
    this.elapsedBase = elapsed;
    this.receivedAt = performance.now();
  }

  /** Milliseconds played: the server's figure, moved on by the local clock while it runs.
   * It stands still once the server stopped it (``finished_at``: won, resigned or stalled) and
   * runs again from the server's figure when an undo takes the game out of its stall. Before
   * the game's first change it reads 0: the clock starts at the first tap (``clock_started_at``).
   */
  elapsedMs() {
    if (!this.game.clock_started_at) return 0;
    if (this.game.finished_at || this.game.status !== "playing") return this.game.elapsed_ms;
    return this.elapsedBase + (performance.now() - this.receivedAt);
  }

  /**
   * What the table shows: the server's game with the taps not answered yet applied to it as
   * the engine would (predict.js), as far as the page knows the cards. ``leaving``: positions
   * whose card a pending tap removes. The server stays the authority: each answer (or live
   * message) recomputes this from its game, which rolls back any prediction it contradicts.
   * @returns {{selection: string[], leaving: string[], dimmed: string[] | null, pending: number}}
   */
  get view() {
    const game = this.game;
    let selection = [...(game.selection || [])];
    const leaving = [];
    /** @type {Map<string, string | null>} */
    const cards = new Map();
    for (const p of game.piles) cards.set(p.position, p.top || null);
    for (const r of game.reserve) cards.set(r.position, r.card || null);
    const counts = new Map(game.piles.map((p) => [p.position, p.count]));
    let changed = false;
    for (const tap of this.pending) {
      if (tap.sentAt !== undefined && game.version > tap.sentAt) continue; // already in game
      const next = predictTap(selection, cards, tap.position);
      if (!next) break; // a card the page does not know yet: the server will tell
      changed = true;
      selection = next.selection;
      for (const position of next.removal || []) {
        leaving.push(position);
        // a reserve slot or a pile's last card leaves an empty place; a pile's next card is unknown
        if ((counts.get(position) ?? 1) <= 1) cards.set(position, null);
        else cards.delete(position);
      }
    }
    const aid = Array.isArray(game.dimmed); // the placement aid is on (the server sends dimmed)
    const dimmed = !aid ? null : changed ? dimmedFor(selection, cards) : game.dimmed;
    return { selection, leaving, dimmed, pending: this.pending.length };
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
      this.syncClock(game, true);
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

  /** A tap: shown at once (``view``), sent when the taps before it are answered (one request
   * in flight per game), never sent twice. */
  tap(position) {
    if (!this.owned || this.finished) return Promise.resolve();
    const entry = { position, sentAt: /** @type {number | undefined} */ (undefined) };
    this.pending.push(entry);
    this.hooks.onPending?.();
    return this.enqueue(async () => {
      try {
        if (this.finished) return; // an earlier tap ended the game: this one has nothing to do
        const before = this.game;
        entry.sentAt = before.version;
        const response = await api.tap(this.game.id, position);
        this.settle(entry);
        const shown = this.game;
        this.accept(response.game);
        // the live feed may have brought this game first: the page still drops the answered tap
        if (this.game === shown) this.hooks.onPending?.();
        this.hooks.onTapResult(response, { before, position });
      } catch (error) {
        if (this.settle(entry)) this.hooks.onPending?.(); // the prediction rolls back
        this.failed(error);
      } finally {
        if (this.settle(entry)) this.hooks.onPending?.();
      }
    });
  }

  /** A tap is answered: it leaves the pending list (true if it was there). */
  settle(entry) {
    const at = this.pending.indexOf(entry);
    if (at >= 0) this.pending.splice(at, 1);
    return at >= 0;
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
