/**
 * How well analysis's win chances are calibrated (docs/analysis.md): over self-played heuristic games of each
 * game, `positions` positions per game drawn at random are estimated exactly as `analyseGame` estimates them
 * (default settings, the same rollouts per position for that game's length, the same random streams), and
 * each seat's chance is set against the share of the win it finally got. Prints the reliability table and
 * the Brier score per game as Markdown on stdout, progress on stderr. One process per game, as many at once as
 * the machine has cores.
 *
 * Run: pnpm --filter @boroughs/core calibrate:analysis [games = 500] [positions = 3] [game ids...]
 */
import { fork } from "node:child_process"
import { availableParallelism } from "node:os"
import {
  analysisPositions,
  defaultAnalysisSettings,
  rolloutEstimator,
  rolloutsPerPosition,
  winShares,
} from "../src/analysis/index.js"
import { selfPlayedLog } from "../src/analysis/selfPlay.js"
import { seatRange } from "../src/kernel/match.js"
import { Random } from "../src/kernel/random.js"
import { findGame, gameIds } from "../src/registry.js"

/** One seat at one position: the estimated chance and the share of the win the seat finally got. */
type Pair = readonly [chance: number, share: number, seats: number]

const GAMES = Number(process.argv[2] ?? 500)
const POSITIONS = Number(process.argv[3] ?? 3)
const only = process.argv.slice(4)

/** The pairs of one game id (run in a child process). */
const pairsOf = (id: string): Pair[] => {
  const registered = findGame(id)
  if (registered === undefined) throw new Error(`unknown game ${id}`)
  const { game, bots } = registered
  const heuristic = bots.heuristic
  if (heuristic === undefined) throw new Error(`${id} has no heuristic bot`)
  const range = seatRange(game) ?? game.seats
  const estimate = rolloutEstimator(game, bots, defaultAnalysisSettings)
  const pairs: Pair[] = []
  const started = Date.now()
  for (let g = 0; g < GAMES; g++) {
    const seats = range.min + (g % (range.max - range.min + 1))
    const seed = `calibration/${id}/${g}`
    const { log, ended } = selfPlayedLog(game, undefined, new Array(seats).fill(heuristic), seed)
    const positions = [...analysisPositions(game, log).positions.values()]
    const perPosition = rolloutsPerPosition(defaultAnalysisSettings, positions.length)
    const shares = winShares(ended.ranks)
    const pick = Random.fromKey(seed)
    for (let k = 0; k < POSITIONS; k++) {
      const position = pick.pick(positions)
      const { win } = estimate(position.state, perPosition, "position")
      for (let seat = 0; seat < win.length; seat++)
        pairs.push([win[seat] as number, shares[seat] as number, seats])
    }
    if ((g + 1) % 10 === 0 || g + 1 === GAMES)
      process.stderr.write(`${id}: ${g + 1}/${GAMES} games, ${Math.round((Date.now() - started) / 1000)} s\n`)
  }
  return pairs
}

const BINS = 10

/** Markdown: the reliability table and Brier scores of one game's pairs. */
const report = (id: string, pairs: ReadonlyArray<Pair>): string => {
  const bins = Array.from({ length: BINS }, () => ({ n: 0, chance: 0, share: 0 }))
  let brier = 0
  let baseline = 0
  for (const [chance, share, seats] of pairs) {
    const bin = bins[Math.min(BINS - 1, Math.floor(chance * BINS))] as (typeof bins)[number]
    bin.n++
    bin.chance += chance
    bin.share += share
    brier += (chance - share) ** 2
    baseline += (1 / seats - share) ** 2
  }
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`
  const rows = bins.map((b, i) => {
    if (b.n === 0) return `| ${i * 10}–${i * 10 + 10}% | 0 | | | |`
    const said = b.chance / b.n
    const got = b.share / b.n
    // The observed rate's standard error: a bin with few pairs can miss by chance alone.
    const se = Math.sqrt(Math.max(got * (1 - got), 1e-9) / b.n)
    return `| ${i * 10}–${i * 10 + 10}% | ${b.n.toLocaleString("en-US")} | ${pct(said)} | ${pct(got)} ± ${pct(se)} | ${((got - said) * 100).toFixed(1)} |`
  })
  const n = pairs.length
  return [
    `### ${id}`,
    "",
    `${GAMES} games, ${POSITIONS} positions each, ${n.toLocaleString("en-US")} (seat, position) pairs. ` +
      `Brier score ${(brier / n).toFixed(4)} against ${(baseline / n).toFixed(4)} for a fair share to every seat ` +
      `(skill ${(1 - brier / baseline).toFixed(3)}).`,
    "",
    "| analysis says | pairs | mean said | winner rate | off by (points) |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
  ].join("\n")
}

if (process.env.CALIBRATION_CHILD !== undefined) {
  const id = process.env.CALIBRATION_CHILD
  const pairs = pairsOf(id)
  process.send?.({ id, pairs })
} else {
  const ids = only.length > 0 ? only : gameIds()
  const results = new Map<string, Pair[]>()
  const queue = [...ids]
  const runOne = (): Promise<void> => {
    const id = queue.shift()
    if (id === undefined) return Promise.resolve()
    return new Promise<void>((resolve, reject) => {
      const child = fork(process.argv[1] as string, process.argv.slice(2), {
        env: { ...process.env, CALIBRATION_CHILD: id },
      })
      child.on("message", (m: { id: string; pairs: Pair[] }) => results.set(m.id, m.pairs))
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${id}: exit ${code}`))))
    }).then(runOne)
  }
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), ids.length) }, runOne))
  for (const id of ids) process.stdout.write(`${report(id, results.get(id) ?? [])}\n`)
}
