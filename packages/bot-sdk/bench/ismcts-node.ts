/**
 * IS-MCTS iterations per second on Downtown, 4 seats, each iteration a full random playout to the game's
 * end, in plain Node (tsx, no test runner) with the native hasher the `boroughs-bot` command installs —
 * the setting of the target (≥ 1,000 iterations/s on one core). Baseline in the same process: bare random
 * playouts from the same position through the kernel's play(); the ratio is the search's own overhead.
 * `src/ismcts.bench.ts` keeps the in-runner comparison.
 *
 *   pnpm --filter @boroughs/bot-sdk bench:node
 */
import { Random, type Typed } from "@boroughs/core"
import { type State as DowntownState, downtown } from "@boroughs/core/games/downtown"
import { type IsMctsSettings, isMctsSearch, randomPlayout as uniform } from "../src/bots/ismcts.js"
import { installNodeHasher } from "../src/nodeHasher.js"
import { POSITIONS, randomPlayout, SEATS } from "./positions.js"

const UNIFORM: IsMctsSettings = { playout: uniform, prior: null }

installNodeHasher()
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const BATCH = 50

/** Iterations per second of `batch` (which runs BATCH of them), by wall clock and by CPU time. */
const rate = (batch: (n: number) => void) => {
  batch(-1)
  let n = 0
  const wall0 = performance.now()
  const cpu0 = process.cpuUsage()
  while (performance.now() - wall0 < SECONDS * 1000) batch(n++)
  const cpu = process.cpuUsage(cpu0)
  const done = n * BATCH
  return {
    wall: (done / (performance.now() - wall0)) * 1000,
    cpu: (done / ((cpu.user + cpu.system) / 1000)) * 1000,
  }
}

const f = (x: number) => Math.round(x).toLocaleString("en")
for (const [label, match] of POSITIONS) {
  const view = downtown.view(match.state as DowntownState, { kind: "seat", seat: 0 })
  const legal = downtown.legalCommands(match.state as DowntownState, 0) as ReadonlyArray<Typed>
  const bare = rate((n) => {
    for (let i = 0; i < BATCH; i++) randomPlayout(match, Random.fromKey(`b${n}-${i}`))
  })
  const search = rate((n) => {
    // Uniform full playouts, as the baseline plays: what the search itself costs on top of them.
    isMctsSearch(downtown, view, 0, legal, Random.fromKey(`s${n}`), { iterations: BATCH }, UNIFORM)
  })
  console.log(
    `Downtown ${SEATS} seats, ${label}, ${legal.length} legal: IS-MCTS ${f(search.wall)} it/s wall, ` +
      `${f(search.cpu)} it/s CPU | baseline bare playouts ${f(bare.wall)}/s wall, ${f(bare.cpu)}/s CPU | ` +
      `ratio ${(search.cpu / bare.cpu).toFixed(2)}× | target ≥ 1,000 it/s: ${search.cpu >= 1000 ? "met" : "not met"}`,
  )
}
