import { availableParallelism } from "node:os"
// One grammar for a bot's budget wherever one is named (see searchWorker.ts for why a path, not a package).
import { parseIsMctsName } from "@boroughs/bot-sdk"
import type { AnyGame } from "@boroughs/core"
import { HouseBotFailed, type SearchingBot } from "@boroughs/engine"
import { Effect } from "effect"
import type { HouseSearchBudget } from "./searchMessages.js"
import type { SearchPool } from "./searchPool.js"

/** How much searching the server's house bots may do (`builtin:ismcts:<budget>` seats). */
export interface HouseSearchLimits {
  /** Worker threads searching at once; 0: no searching house bots on this server. */
  readonly threads: number
  /** The largest time budget a seat may be given, per decision. */
  readonly maxMs: number
  /** The largest iteration budget a seat may be given, per decision. */
  readonly maxIterations: number
}

/** One thread fewer than the cores (the rest serve requests), at least one. */
export const defaultHouseSearch: HouseSearchLimits = {
  threads: Math.max(1, availableParallelism() - 1),
  maxMs: 2_000,
  maxIterations: 20_000,
}

/**
 * Time kept back from a seat's clock: the search stops this long before the clock would play for the seat,
 * so its command is appended first.
 */
export const CLOCK_MARGIN_MS = 250

/**
 * A `builtin:` bot name read as a searching bot for `game`: its budget, or why the server will not play it;
 * null when the name is no searching bot's (`heuristic`).
 */
export const readHouseSearch = (
  name: string,
  game: AnyGame,
  limits: HouseSearchLimits,
): { readonly search: HouseSearchBudget } | { readonly refused: string } | null => {
  let read: ReturnType<typeof parseIsMctsName>
  try {
    read = parseIsMctsName(name)
  } catch (error) {
    return { refused: (error as Error).message }
  }
  if (read === null) return null
  if (limits.threads === 0) return { refused: `${name}: this server runs no searching house bots` }
  if (read.threads !== 1)
    return { refused: `${name}: the server searches each decision on one thread; leave out x${read.threads}` }
  if (game.determinise === undefined)
    return {
      refused: `${name}: ${game.id} has no determinise hook, so IS-MCTS cannot search it from a seat's view`,
    }
  if (read.budget === "time" && read.timeMs > limits.maxMs)
    return { refused: `${name}: at most ${limits.maxMs} ms a decision here, not ${read.timeMs}` }
  if (read.budget === "iterations" && read.iterations > limits.maxIterations)
    return {
      refused: `${name}: at most ${limits.maxIterations} iterations a decision here, not ${read.iterations}`,
    }
  return {
    search:
      read.budget === "time"
        ? { budget: "time", timeMs: read.timeMs }
        : { budget: "iterations", iterations: read.iterations },
  }
}

/**
 * The house bots that search, on `pool`'s threads: each decision is searched from the seat's view with the
 * random stream of its position, stopped `CLOCK_MARGIN_MS` before the seat's clock, given up at the clock.
 * A budget above a cap lowered since its game was created searches as far as the cap.
 */
export const searchingBots =
  (pool: SearchPool, limits: HouseSearchLimits, findGame: (id: string) => AnyGame | undefined) =>
  (name: string): SearchingBot | undefined => {
    if (!(name === "ismcts" || name.startsWith("ismcts:"))) return undefined
    return {
      choose: (turn) => {
        const game = findGame(turn.game)
        const uncapped = {
          ...limits,
          maxMs: Number.POSITIVE_INFINITY,
          maxIterations: Number.POSITIVE_INFINITY,
        }
        const read =
          game === undefined ? { refused: `no game "${turn.game}"` } : readHouseSearch(name, game, uncapped)
        if (read === null || "refused" in read)
          return Effect.fail(new HouseBotFailed({ message: read?.refused ?? `${name} is no searching bot` }))
        const search: HouseSearchBudget =
          read.search.budget === "time"
            ? { budget: "time", timeMs: Math.min(read.search.timeMs, limits.maxMs) }
            : { budget: "iterations", iterations: Math.min(read.search.iterations, limits.maxIterations) }
        const stopBy = turn.deadline === null ? null : turn.deadline - CLOCK_MARGIN_MS
        return Effect.tryPromise({
          try: () =>
            pool.search(
              {
                game: turn.game,
                seat: turn.seat,
                view: turn.view,
                legal: turn.legal,
                randomKey: turn.randomKey,
                search,
                stopBy,
              },
              turn.deadline,
            ),
          catch: (error) => new HouseBotFailed({ message: (error as Error).message }),
        }).pipe(Effect.map((searched) => searched.command))
      },
    }
  }
