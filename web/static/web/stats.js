// The player's statistics (GET /players/{id}/stats): figures, a small chart of the recent
// games' scores (inline SVG: a dozen bars need no chart library) and the daily history, read
// from the player's own games list.

import { api } from "./api.js";
import { formatTime } from "./dialogs.js";
import { language, t } from "./i18n.js";
import { button, element, pageHead } from "./pages.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const HISTORY_GAMES = 100;
const WON_SCORE = 520;
/** Room for this many bars (the API's recent games), so a bar keeps its width with fewer. */
const CHART_SLOTS = 10;

function svg(tag, attributes = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

function percent(rate) {
  return rate === null ? "–" : new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 1 }).format(rate);
}

function time(ms) {
  return ms === null || ms === undefined ? "–" : formatTime(ms);
}

/** The statuses a bar can have, in the legend's order. A stalled game has its own colour and
 * a hatching (never colour alone); its clock stopped at the stall and it counts as not won. */
const BAR_STATUSES = ["won", "resigned", "stalled", "playing"];
const HATCH_ID = "chart-stall-hatch";

/** A bar (or a legend swatch) of ``status``: a stalled one is hatched over its colour. */
function bar(status, attributes) {
  const group = svg("g", { class: `bar-group bar-group-${status}` });
  group.append(svg("rect", { ...attributes, class: `bar bar-${status}` }));
  if (status === "stalled") group.append(svg("rect", { ...attributes, class: "bar-hatch", fill: `url(#${HATCH_ID})` }));
  return group;
}

function hatching() {
  const pattern = svg("pattern", {
    id: HATCH_ID, width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)",
  });
  pattern.append(svg("line", { x1: 0, y1: 0, x2: 0, y2: 6, class: "hatch-line" }));
  const defs = svg("defs");
  defs.append(pattern);
  return defs;
}

/** The chart's key: a swatch and a word per status (the words the table's Result column uses). */
export function chartLegend() {
  const list = element("ul", "chart-legend");
  list.setAttribute("aria-label", t("chart_key"));
  for (const status of BAR_STATUSES) {
    const item = element("li", `legend-${status}`);
    const swatch = svg("svg", { viewBox: "0 0 14 14", width: 14, height: 14, "aria-hidden": "true", class: "swatch" });
    swatch.append(bar(status, { x: 0, y: 0, width: 14, height: 14, rx: 2 }));
    item.append(swatch, element("span", "", t(`status_${status}`)));
    list.append(item);
  }
  return list;
}

/** Bars of the recent games' scores, oldest on the left; every bar says its game in words. */
export function resultsChart(games) {
  const oldestFirst = [...games].reverse();
  const width = 320, height = 150, top = 14, bottom = 126, left = 34, right = 8;
  const slot = (width - left - right) / Math.max(oldestFirst.length, CHART_SLOTS);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img" });
  const words = oldestFirst.map((g) => `${t(`status_${g.status}`)} ${g.score}`).join(", ");
  chart.setAttribute("aria-label", t("chart_label", { n: oldestFirst.length, list: words }));
  chart.append(hatching());
  const y = (score) => bottom - (bottom - top) * Math.min(score, WON_SCORE) / WON_SCORE;
  for (const [score, label] of [[0, "0"], [WON_SCORE, String(WON_SCORE)]]) {
    chart.append(svg("line", { x1: left, x2: width - right, y1: y(score), y2: y(score), class: "axis" }));
    const text = svg("text", { x: left - 6, y: y(score) + 4, class: "axis-label", "text-anchor": "end" });
    text.textContent = label;
    chart.append(text);
  }
  oldestFirst.forEach((game, index) => {
    const barHeight = Math.max(bottom - y(game.score), 2);
    const group = bar(game.status, {
      x: left + index * slot + slot * 0.18, width: slot * 0.64, y: bottom - barHeight,
      height: barHeight, rx: 2,
    });
    const rect = group.querySelector("rect.bar");
    rect.dataset.game = String(game.id);
    rect.dataset.score = String(game.score);
    const title = svg("title");
    title.textContent = `${game.deal_code}: ${t(`status_${game.status}`)}, ${game.score}`;
    group.prepend(title);
    chart.append(group);
  });
  return chart;
}

export class StatsPage {
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.visible = false;
    this.data = null;
  }

  async show() {
    this.visible = true;
    this.root.hidden = false;
    this.data = null;
    this.render();
    this.root.querySelector("h2")?.focus();
    try {
      const me = this.actions.me();
      const [stats, games] = await Promise.all([api.stats(me.id), api.games(HISTORY_GAMES)]);
      if (!this.visible) return;
      this.data = { stats, daily: games.results.filter((g) => g.daily_date) };
      this.render();
    } catch (error) {
      this.actions.onError(error);
    }
  }

  hide() {
    this.visible = false;
    this.root.hidden = true;
  }

  relabel() {
    if (this.visible) this.render();
  }

  render() {
    const card = element("article", "page-card stats-page");
    card.append(pageHead("stats_title", this.actions));
    card.setAttribute("aria-busy", String(!this.data));
    if (!this.data) {
      card.append(element("p", "lead", t("loading")));
      this.root.replaceChildren(card);
      return;
    }
    const { stats, daily } = this.data;
    const tiles = element("dl", "tiles");
    const best = stats.daily.best_rank;
    for (const [key, value] of [
      ["games_played", stats.games_played], ["games_won", stats.games_won],
      ["games_stalled", stats.games_stalled ?? 0], ["win_rate", percent(stats.win_rate)], ["best_time", time(stats.best_win_ms)],
      ["average_time", time(stats.average_win_ms)], ["daily_attempts", stats.daily.ranked_attempts],
      ["daily_won", stats.daily.won], ["current_streak", stats.daily.current_streak],
      ["best_streak", stats.daily.best_streak],
      ["best_rank", best ? t("best_rank_value", { rank: best.rank, date: best.date }) : "–"],
      ["races_finished", stats.races?.finished ?? 0], ["races_won", stats.races?.won ?? 0],
      ["race_rating", stats.races?.rating ? stats.races.rating.ordinal.toFixed(2) : "–"],
    ]) {
      const tile = element("div", "tile");
      tile.dataset.stat = key;
      tile.append(element("dt", "", t(key)), element("dd", "", String(value)));
      tiles.append(tile);
    }
    card.append(tiles);

    card.append(element("h3", "", t("recent_results")));
    if (stats.recent_games.length) {
      const figure = element("figure", "chart-figure");
      const caption = element("figcaption", "", t("chart_legend"));
      caption.append(chartLegend());
      figure.append(resultsChart(stats.recent_games), caption);
      card.append(figure, this.gamesTable(stats.recent_games, "recent"));
    } else {
      card.append(element("p", "empty-board", t("no_games")));
    }

    card.append(element("h3", "", t("daily_history")));
    card.append(daily.length ? this.gamesTable(daily, "daily") : element("p", "empty-board", t("no_daily")));
    this.root.replaceChildren(card);
  }

  /** Games as rows; ``kind``: "recent" (by deal code) or "daily" (by date, ranked or not).
   * The first cell of a row is a button that opens the game on the table. */
  gamesTable(games, kind) {
    const wrap = element("div", "table-scroll");
    const table = element("table", `board games-${kind}`);
    const columns = kind === "daily"
      ? ["date", "kind", "result", "score", "time", "moves"]
      : ["deal", "result", "score", "time", "moves"];
    const head = table.createTHead().insertRow();
    for (const key of columns) {
      const cell = element("th", `col-${key}`, t(key));
      cell.scope = "col";
      head.append(cell);
    }
    const body = table.createTBody();
    for (const game of games) {
      const row = body.insertRow();
      row.dataset.game = String(game.id);
      const open = button(kind === "daily" ? game.daily_date : game.deal_code,
        () => this.actions.open(game.id), "link-button");
      open.title = t("open_game");
      const first = element("td", kind === "daily" ? "col-date" : "col-deal");
      first.append(open);
      row.append(first);
      if (kind === "daily") row.append(element("td", "col-kind", t(game.ranked ? "ranked" : "practice")));
      row.append(
        element("td", `col-result result-${game.status}`, t(`status_${game.status}`)),
        element("td", "col-score", String(game.score)),
        element("td", "col-time", formatTime(game.elapsed_ms)),
        element("td", "col-moves", String(game.moves)),
      );
    }
    wrap.append(table);
    return wrap;
  }
}
