/*
 * How strong is IS-MCTS? Plays N games of `--seats` seats: IS-MCTS at one seat (rotating with the game
 * number), `--opponent` at the others, and prints:
 * - wins: rank 1 alone (a sole win), and rank 1 shared too — identical deterministic bots often tie;
 * - the share of opponents finished ahead of (ties count half): "beats the heuristic bot" read seat by seat;
 * - the mean rank; each proportion with a 95% Wilson interval.
 *
 *   pnpm --filter @boroughs/bot-sdk strength --game downtown --games 200 --ms 1000
 *   … --iterations 2400                 a fixed budget instead of a time (reproducible, load-proof)
 *   … --offset 100 --json               games 100.. of the same series; a JSON line to add runs up
 *   … --stop-below 0.6                  stop once the sole-win interval lies wholly below 60% (after 40 games)
 *   … --stop-above 0.6                  stop once it lies wholly above 60% (after 40 games): the verdict is in
 *   … [--playout heuristic|random] [--root halving|ucb] [--confidence z] [--exploration c] [--epsilon e]
 *   … [--threads n]                     search on n threads (worker threads, samples pooled)
 *   … [--flat]                          no tree below the root commands
 *   … [--playout-decisions n]           cut playouts after n decisions, scored by the game's standings
 *   … [--playout-rounds n]              cut playouts after n more turns of IS-MCTS's own
 *   … [--cut-scores standings|prospects] how cut playouts are scored (default standings)
 *   … [--bot heuristic]
 */
import { parseArgs } from "node:util"
import { findGame } from "@boroughs/core"
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
    offset: { type: "string", default: "0" },
    seats: { type: "string", default: "4" },
    ms: { type: "string", default: "1000" },
    iterations: { type: "string" },
    opponent: { type: "string", default: "heuristic" },
    seed: { type: "string", default: "strength" },
    playout: { type: "string", default: "heuristic" },
    root: { type: "string", default: "halving" },
    confidence: { type: "string" },
    /** The share of uniform choices in heuristic playouts (default 0.1). */
    epsilon: { type: "string" },
    exploration: { type: "string" },
    /** Cut playouts after this many decisions and score them by the game's standings. */
    "playout-decisions": { type: "string" },
    /** Cut playouts once IS-MCTS has played this many more turns (every rival as many). */
    "playout-rounds": { type: "string" },
    /** Score cut playouts by the game's bare standings (default) or its prospects, where it has them. */
    "cut-scores": { type: "string" },
    "stop-below": { type: "string" },
    "stop-above": { type: "string" },
    json: { type: "boolean", default: false },
    /** Search on this many threads (worker threads; each round's samples pooled). */
    threads: { type: "string", default: "1" },
    /** No tree below the root commands (the halving root's flat search). */
    flat: { type: "boolean", default: false },
    /** A control: measure this bot instead of IS-MCTS (e.g. `heuristic`, whose expected rate is 1/seats). */
    bot: { type: "string" },
  },
})
const games = Number(values.games)
const offset = Number(values.offset)
const seats = Number(values.seats)
const ms = Number(values.ms)
const iterationBudget = values.iterations === undefined ? undefined : Number(values.iterations)
const stopBelow = values["stop-below"] === undefined ? undefined : Number(values["stop-below"])
const stopAbove = values["stop-above"] === undefined ? undefined : Number(values["stop-above"])
if (!(Number.isInteger(Number(values.threads)) && Number(values.threads) >= 1))
  throw new Error("--threads is a whole number ≥ 1")
if (![games, seats, ms].every((n) => Number.isInteger(n) && n > 0) || !Number.isInteger(offset))
  throw new Error("--games, --seats, --ms and --offset are whole numbers")
if (iterationBudget !== undefined && !(Number.isInteger(iterationBudget) && iterationBudget > 0))
  throw new Error("--iterations is a whole number")
if (values.playout !== "heuristic" && values.playout !== "random")
  throw new Error("--playout is heuristic or random")
if (values.root !== "halving" && values.root !== "ucb") throw new Error("--root is halving or ucb")
const confidence = values.confidence === undefined ? undefined : Number(values.confidence)
const exploration = values.exploration === undefined ? undefined : Number(values.exploration)
const playoutDecisions =
  values["playout-decisions"] === undefined ? undefined : Number(values["playout-decisions"])
if (playoutDecisions !== undefined && !(Number.isInteger(playoutDecisions) && playoutDecisions >= 0))
  throw new Error("--playout-decisions is a whole number")
const playoutRounds = values["playout-rounds"] === undefined ? undefined : Number(values["playout-rounds"])
if (playoutRounds !== undefined && !(Number.isInteger(playoutRounds) && playoutRounds >= 1))
  throw new Error("--playout-rounds is a whole number ≥ 1")
const cutScores = values["cut-scores"]
if (cutScores !== undefined && cutScores !== "prospects" && cutScores !== "standings")
  throw new Error("--cut-scores is prospects or standings")
const epsilon = values.epsilon === undefined ? undefined : Number(values.epsilon)
if (epsilon !== undefined && !(epsilon >= 0 && epsilon <= 1))
  throw new Error("--epsilon is a share in [0, 1]")
const heuristic = findGame(values.game)?.bots.heuristic
if (epsilon !== undefined && (heuristic === undefined || values.playout !== "heuristic"))
  throw new Error("--epsilon needs heuristic playouts and a game with a heuristic bot")
if (![confidence, exploration].every((n) => n === undefined || (Number.isFinite(n) && n >= 0)))
  throw new Error("--confidence and --exploration are numbers ≥ 0")

/** The 95% Wilson score interval of a proportion: sound at small N and near 0 or 1, unlike the normal one. */
const wilson = (wins: number, n: number, z = 1.96): [number, number] => {
  if (n === 0) return [0, 1]
  const p = wins / n
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n)
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n)
  return [Math.max(0, centre - half), Math.min(1, centre + half)]
}

const iterations: number[] = []
const mcts = isMctsBot({
  ...(iterationBudget === undefined ? { timeMs: ms } : { iterations: iterationBudget }),
  playout: values.playout,
  epsilon,
  threads: Number(values.threads),
  root: values.root,
  confidence,
  exploration,
  playoutDecisions,
  playoutRounds,
  cutScores,
  flat: values.flat,
  onSearch: (r) => iterations.push(r.iterations),
})
const opponent = botByName(values.opponent, values.game)
const tested = values.bot === undefined ? mcts : botByName(values.bot, values.game)
const budgetWords = iterationBudget === undefined ? `${ms} ms` : `${iterationBudget} iterations`
const testedName =
  values.bot ??
  `IS-MCTS (${budgetWords} a decision, ${values.root} root${confidence === undefined ? "" : ` at ${confidence} s.e.`}, ${values.playout} playouts${epsilon === undefined ? "" : ` with ε ${epsilon}`}${exploration === undefined ? "" : `, exploration ${exploration}`}${playoutDecisions === undefined ? "" : `, cut after ${playoutDecisions} decisions`}${playoutRounds === undefined ? "" : `, cut after ${playoutRounds} more turn(s) of its own`}${cutScores === undefined ? "" : `, cut scored by ${cutScores}`}${values.flat ? ", flat" : ""}${values.threads === "1" ? "" : `, ${values.threads} threads`})`
let played = 0
let wins = 0
let soleWins = 0
let rankSum = 0
/** Opponents finished ahead of, ties counted half, summed over games (each game adds up to seats − 1). */
let beaten = 0
const started = Date.now()
for (let g = offset; g < offset + games; g++) {
  const seat = g % seats
  const bots = Array.from({ length: seats }, (_, s) => (s === seat ? tested : opponent))
  const result = await playLocal({ game: values.game, bots, seed: `${values.seed}-${g}` })
  const ranks = result.outcome.ranks
  const rank = ranks[seat] as number
  const firsts = ranks.filter((r) => r === 1).length
  played++
  if (rank === 1) wins++
  if (rank === 1 && firsts === 1) soleWins++
  rankSum += rank
  let ahead = 0
  ranks.forEach((r, s) => {
    if (s !== seat) ahead += r > rank ? 1 : r === rank ? 0.5 : 0
  })
  beaten += ahead
  // Each line carries the game's own figures, so a series split across runs adds up from its logs alone.
  if (!values.json)
    process.stdout.write(
      `game ${g + 1} (seed ${values.seed}-${g}): ${values.bot ?? "IS-MCTS"} at seat ${seat} rank ${rank}${rank === 1 && firsts === 1 ? " alone" : ""}, ahead of ${ahead} of ${seats - 1} (scores ${result.outcome.scores.join(" ")}); ${soleWins} sole win(s) in ${played}\n`,
    )
  const [low, high] = wilson(soleWins, played)
  if (
    played >= 40 &&
    ((stopBelow !== undefined && high < stopBelow) || (stopAbove !== undefined && low > stopAbove))
  )
    break
}
const pct = (x: number) => `${(100 * x).toFixed(1)}%`
const interval = ([low, high]: [number, number]) => `[${pct(low)}, ${pct(high)}]`
const meanIterations = iterations.reduce((a, b) => a + b, 0) / Math.max(1, iterations.length)
// Decisions with one legal command are not searched (0 iterations): the rate is the median of the others.
const searched = iterations.filter((n) => n > 0).sort((a, b) => a - b)
const medianIterations = searched[Math.floor(searched.length / 2)] ?? 0
const pairs = played * (seats - 1)
if (values.json) {
  process.stdout.write(
    `${JSON.stringify({ game: values.game, tested: testedName, offset, played, wins, soleWins, rankSum, beaten, pairs, meanIterations, medianIterations, seconds: (Date.now() - started) / 1000 })}\n`,
  )
} else {
  process.stdout.write(
    [
      "",
      `${testedName} vs ${values.opponent} ×${seats - 1}, ${values.game}, ${played} games, seats rotating`,
      played < games
        ? `  stopped early after ${played} of ${games}: the sole-win interval lies wholly ${wilson(soleWins, played)[1] < (stopBelow ?? 0) ? `below ${pct(stopBelow ?? 0)}` : `above ${pct(stopAbove ?? 0)}`}`
        : "",
      `  sole wins (rank 1 alone): ${soleWins}/${played} = ${pct(soleWins / played)}, 95% Wilson ${interval(wilson(soleWins, played))}`,
      `  wins (rank 1, ties included): ${wins}/${played} = ${pct(wins / played)}, 95% Wilson ${interval(wilson(wins, played))}`,
      `  opponents finished ahead of (ties half): ${pct(beaten / pairs)} of ${pairs}; chance 50%`,
      `  mean rank ${(rankSum / played).toFixed(2)}; a sole win by chance ${pct(1 / seats)} or less`,
      `  ${medianIterations} iterations per searched decision (median of ${searched.length}; ${iterations.length - searched.length} decisions had one legal command); ${((Date.now() - started) / 1000).toFixed(0)} s`,
      "",
    ]
      .filter((line, i) => i === 0 || line !== "")
      .join("\n"),
  )
}
