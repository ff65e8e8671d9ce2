/*
 * How strong is IS-MCTS? Plays N games of `--seats` seats: IS-MCTS at one seat (rotating with the game
 * number), `--opponent` at the others, and prints its win rate with a 95% Wilson interval. A win is rank 1
 * (a shared first place counts, and is counted apart too). With equal bots the expected rate is 1/seats.
 *
 *   pnpm --filter @boroughs/bot-sdk strength --game downtown --games 200 --ms 1000 [--playout heuristic|random] [--prior 0.1] [--bot heuristic]
 */
import { parseArgs } from "node:util"
import { botByName } from "../src/bots/byName.js"
import { isMctsBot } from "../src/bots/ismcts.js"
import { playLocal } from "../src/local.js"
import { installNodeHasher } from "../src/nodeHasher.js"

// Searched in Node, as the `boroughs-bot` command runs it: native hashing, several times more iterations.
installNodeHasher()

const { values } = parseArgs({
  options: {
    game: { type: "string", default: "downtown" },
    games: { type: "string", default: "40" },
    seats: { type: "string", default: "4" },
    ms: { type: "string", default: "100" },
    opponent: { type: "string", default: "heuristic" },
    seed: { type: "string", default: "strength" },
    playout: { type: "string", default: "heuristic" },
    prior: { type: "string", default: "0" },
    /** A control: measure this bot instead of IS-MCTS (e.g. `heuristic`, whose expected rate is 1/seats). */
    bot: { type: "string" },
  },
})
const games = Number(values.games)
const seats = Number(values.seats)
const ms = Number(values.ms)
if (![games, seats, ms].every((n) => Number.isInteger(n) && n > 0))
  throw new Error("--games, --seats and --ms are whole numbers")

/** The 95% Wilson score interval of a proportion: sound at small N and near 0 or 1, unlike the normal one. */
const wilson = (wins: number, n: number, z = 1.96): [number, number] => {
  const p = wins / n
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n)
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n)
  return [Math.max(0, centre - half), Math.min(1, centre + half)]
}

const iterations: number[] = []
if (values.playout !== "heuristic" && values.playout !== "random")
  throw new Error("--playout is heuristic or random")
const priorShare = Number(values.prior)
const mcts = isMctsBot({
  timeMs: ms,
  playout: values.playout,
  prior: priorShare > 0,
  priorShare,
  onSearch: (r) => iterations.push(r.iterations),
})
const opponent = botByName(values.opponent, values.game)
const tested = values.bot === undefined ? mcts : botByName(values.bot, values.game)
const testedName =
  values.bot ?? `IS-MCTS (${ms} ms a decision, ${values.playout} playouts, heuristic prior ${priorShare})`
let wins = 0
let soleWins = 0
let rankSum = 0
const started = Date.now()
for (let g = 0; g < games; g++) {
  const seat = g % seats
  const bots = Array.from({ length: seats }, (_, s) => (s === seat ? tested : opponent))
  const result = await playLocal({ game: values.game, bots, seed: `${values.seed}-${g}` })
  const rank = result.outcome.ranks[seat] as number
  const firsts = result.outcome.ranks.filter((r) => r === 1).length
  if (rank === 1) wins++
  if (rank === 1 && firsts === 1) soleWins++
  rankSum += rank
  process.stdout.write(
    `game ${g + 1}/${games}: ${values.bot ?? "IS-MCTS"} at seat ${seat} rank ${rank} (scores ${result.outcome.scores.join(" ")}); ${wins} win(s) so far\n`,
  )
}
const [low, high] = wilson(wins, games)
const [soleLow, soleHigh] = wilson(soleWins, games)
const meanIterations = iterations.reduce((a, b) => a + b, 0) / Math.max(1, iterations.length)
const pct = (x: number) => `${(100 * x).toFixed(1)}%`
process.stdout.write(
  [
    "",
    `${testedName} vs ${values.opponent} ×${seats - 1}, ${values.game}, ${games} games, seats rotating`,
    `  wins (rank 1, ties included): ${wins}/${games} = ${pct(wins / games)}, 95% Wilson interval [${pct(low)}, ${pct(high)}]`,
    `  sole wins (rank 1 alone): ${soleWins}/${games} = ${pct(soleWins / games)}, 95% Wilson interval [${pct(soleLow)}, ${pct(soleHigh)}]`,
    `  mean rank ${(rankSum / games).toFixed(2)}; chance level ${pct(1 / seats)} (identical deterministic bots often tie:`,
    "  measure the opponent against itself with --bot for the real baseline)",
    `  ${Math.round(meanIterations)} iterations per search on average (${iterations.length} searches); ${((Date.now() - started) / 1000).toFixed(0)} s`,
    "",
  ].join("\n"),
)
