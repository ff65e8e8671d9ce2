/**
 * IS-MCTS on several threads: Manhattan iterations in one second of search, 4 seats, the bot's own settings
 * (heuristic playouts cut after 12 decisions), on this thread alone and on this thread with N−1 worker
 * threads (`isMctsSearchOnThreads`), from the same positions. The one-thread search in the same process is
 * the baseline; the ratio is what the extra threads buy.
 *
 *   pnpm --filter @boroughs/bot-sdk bench:threads        (BENCH_THREADS=2 by default, BENCH_POSITIONS=6)
 */
import { availableParallelism } from "node:os"
import type { AnyGame } from "@boroughs/core"
import { Random, type Typed } from "@boroughs/core"
import { type Board, heuristicBot, manhattan } from "@boroughs/core/games/manhattan"
import { helperSettingsOf, isMctsSearch, isMctsSearchOnThreads, playoutOf } from "../src/bots/ismcts.js"
import { heuristicBot as sdkHeuristic } from "../src/bots/reference.js"
import { helperPool } from "../src/bots/threads.js"
import { playLocal } from "../src/local.js"
import { installNodeHasher } from "../src/nodeHasher.js"

installNodeHasher()
const THREADS = Number(process.env.BENCH_THREADS ?? 2)
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 6)
const MS = 1_000

// Seat 0's pawn moves in a game of heuristic bots, after the opening.
const positions: Array<{ view: unknown; legal: ReadonlyArray<Typed> }> = []
const recorder = {
  name: "recorder",
  decide: (view: unknown, legal: ReadonlyArray<Typed>, ctx: Parameters<typeof sdkHeuristic.decide>[2]) => {
    if (ctx.seat === 0 && legal.length > 4 && legal[0]?.type === "MovePawns" && ctx.version > 80)
      positions.push({ view, legal })
    return sdkHeuristic.decide(view, legal, ctx)
  },
}
await playLocal({
  game: "manhattan",
  bots: [recorder, sdkHeuristic, sdkHeuristic, sdkHeuristic],
  seed: "threads",
})
const picked = positions.slice(0, POSITIONS)

const settings = (view: unknown, legal: ReadonlyArray<Typed>) => ({
  playout: playoutOf("manhattan", 0.1),
  playoutDecisions: 12,
  prior: heuristicBot.choose({
    seat: 0,
    view: view as Board,
    legal: legal as never,
    random: Random.fromKey("prior"),
  }),
})
const game = manhattan as AnyGame
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

const one: number[] = []
for (const [i, { view, legal }] of picked.entries()) {
  const r = isMctsSearch(
    game,
    view,
    0,
    legal,
    Random.fromKey(`one-${i}`),
    { until: Date.now() + MS },
    settings(view, legal),
  )
  one.push(r.iterations)
}
const pool = helperPool(THREADS - 1)
await pool.ready
const many: number[] = []
for (const [i, { view, legal }] of picked.entries()) {
  const helpers = await pool.available()
  const r = await isMctsSearchOnThreads(
    game,
    view,
    0,
    legal,
    Random.fromKey(`many-${i}`),
    { until: Date.now() + MS },
    settings(view, legal),
    helpers,
    helperSettingsOf(game),
  )
  many.push(r.iterations)
}
await pool.close()
const f = (x: number) => Math.round(x).toLocaleString("en")
console.log(
  `Manhattan 4 seats, IS-MCTS iterations in ${MS} ms (median of ${picked.length} positions, ${availableParallelism()} cores): ` +
    `1 thread ${f(median(one))} (baseline) | ${THREADS} threads ${f(median(many))} | ratio ${(median(many) / median(one)).toFixed(2)}×`,
)
