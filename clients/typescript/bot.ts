// An example bot on the generated TypeScript types (src/schema.d.ts, openapi-typescript) and
// openapi-fetch: creates a player, starts a game of a fixed deal, plays it to its end and prints
// the result.
//
//   cd clients/typescript && npx tsx bot.ts --base-url http://127.0.0.1:8000 [--deal HM1-N-AAAAAAA]
//
// Strategy (docs/SPEC.md §3): among the playable cards (the top card of each pile, every reserve
// card) remove the first pair summing to 11 or J+Q+K triple, preferring cards on piles; when none
// is left the game is stalled and the bot resigns. It never undoes, so every game it plays ends.
// The last line printed is `result {...}` (JSON: game id, status, moves, score) for scripts.
//
// Types are taken from the paths (stable), not from component names, which schema work may
// rename: openapi-fetch infers every request body and response from the path and method.

import { parseArgs } from "node:util";
import createClient from "openapi-fetch";
import type { paths } from "./src/schema.js";

type Game = paths["/api/v1/games/{game_id}"]["get"]["responses"][200]["content"]["application/json"];

const DEFAULT_DEAL = "HM1-N-AAAAAAA";
const FACES = ["J", "Q", "K"] as const;
const OVER = new Set<string>(["won", "resigned"]);

/** The data of a successful call; exits with the error body otherwise. */
function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) {
    console.error(`HTTP ${result.response.status}: ${JSON.stringify(result.error)}`);
    process.exit(1);
  }
  return result.data;
}

/** A number card's value (A = 1); null for J, Q and K. */
function value(card: string): number | null {
  const rank = card.slice(0, -1);
  if ((FACES as readonly string[]).includes(rank)) return null;
  return rank === "A" ? 1 : Number(rank);
}

/** [position, card] of every playable card: pile tops first, then the reserve. */
function playable(game: Game): [string, string][] {
  const cards: [string, string][] = [];
  for (const pile of game.piles) if (pile.top) cards.push([pile.position, pile.top]);
  for (const slot of game.reserve) if (slot.card) cards.push([slot.position, slot.card]);
  return cards;
}

/** Positions of a legal removal among the playable cards, or null (stalled). */
function findRemoval(game: Game): string[] | null {
  const cards = playable(game);
  for (let i = 0; i < cards.length; i++) {
    for (let j = i + 1; j < cards.length; j++) {
      const a = value(cards[i][1]);
      const b = value(cards[j][1]);
      if (a !== null && b !== null && a + b === 11) return [cards[i][0], cards[j][0]];
    }
  }
  const byRank = new Map<string, string>();
  for (const [position, card] of cards) {
    const rank = card.slice(0, -1);
    if (!byRank.has(rank)) byRank.set(rank, position);
  }
  const triple = FACES.map((rank) => byRank.get(rank));
  return triple.every((position) => position !== undefined) ? (triple as string[]) : null;
}

async function play(baseUrl: string, deal: string, name: string) {
  const anonymous = createClient<paths>({ baseUrl });
  const created = ok(await anonymous.POST("/api/v1/players", { body: { name } }));
  const client = createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${created.token}` },
  });
  let game: Game = ok(await client.POST("/api/v1/games", { body: { deal_code: deal } }));
  console.log(`player ${created.id} (${created.name}) plays game ${game.id}, deal ${game.deal_code}`);
  const path = { game_id: game.id };
  while (!OVER.has(game.status)) {
    const positions = findRemoval(game);
    if (positions === null) {
      console.log(`stalled after ${game.moves} moves with ${game.cards_left} cards left: resigning`);
      game = ok(await client.POST("/api/v1/games/{game_id}/resign", { params: { path } }));
      break;
    }
    game = ok(
      await client.POST("/api/v1/games/{game_id}/moves", {
        params: { path },
        body: { positions, expected_version: game.version },
      }),
    );
    console.log(`move ${game.moves}: ${positions.join(" + ")} -> score ${game.score}`);
  }
  return { game: game.id, status: game.status, moves: game.moves, score: game.score };
}

const { values } = parseArgs({
  options: {
    "base-url": { type: "string", default: "http://127.0.0.1:8000" },
    deal: { type: "string", default: DEFAULT_DEAL },
    name: { type: "string", default: "typescript-bot" },
  },
});
const result = await play(values["base-url"]!, values.deal!, values.name!);
console.log(`game ${result.game} over: ${result.status}, ${result.moves} moves, ${result.score} points`);
console.log(`result ${JSON.stringify(result)}`);
