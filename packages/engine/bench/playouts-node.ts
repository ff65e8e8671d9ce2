/**
 * Random playouts per second of every registered game in plain Node (run with tsx, no test runner): the
 * figure the rules targets speak of ("on one core"). Vitest's bench runs the same work through its module
 * transform, which costs these sub-millisecond loops about a fifth; `playouts.bench.ts` keeps the in-runner
 * ratios, this prints absolute rates beside a baseline measured in the same process: the same playouts with
 * the kernel's portable @noble SHA-256 (what a browser runs). Wall-clock and CPU-time rates are both shown;
 * on a loaded machine trust the CPU-time one.
 *
 *   pnpm --filter @boroughs/engine bench:node
 */
import { type AnyGame, type Bot, registry, resetSha256, type SimulateLimits, simulate } from "@boroughs/core"
import { installNodeSha256 } from "../src/internal/nodeSha256.js"

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2)
/** Playouts per second per core that search bots and replay analysis need (commitments: false). */
const TARGETS: Readonly<Record<string, number>> = {
  downtown: 5000,
  manhattan: 5000,
  suburbia: 5000,
  uptown: 5000,
  "urban-sprawl": 1000,
}

const measure = (game: AnyGame, bots: ReadonlyArray<Bot>, limits: SimulateLimits) => {
  for (let i = 0; i < 50; i++) simulate(game, game.defaultOptions, bots, `warm-${i}`, limits)
  let n = 0
  const wall0 = performance.now()
  const cpu0 = process.cpuUsage()
  while (performance.now() - wall0 < SECONDS * 1000)
    simulate(game, game.defaultOptions, bots, `p-${n++ % 1000}`, limits)
  const wallMs = performance.now() - wall0
  const cpu = process.cpuUsage(cpu0)
  return { wall: (n / wallMs) * 1000, cpu: (n / ((cpu.user + cpu.system) / 1000)) * 1000 }
}

const f = (x: number) => Math.round(x).toLocaleString("en")
for (const { game, bots } of registry) {
  const seats = Math.min(4, game.seats.max)
  const bot = bots.random
  if (bot === undefined) continue
  const table = Array.from({ length: seats }, () => bot)
  resetSha256()
  const noble = measure(game, table, { keepEvents: false })
  installNodeSha256()
  const node = measure(game, table, { keepEvents: false })
  const search = measure(game, table, { keepEvents: false, commitments: false })
  const target = TARGETS[game.id]
  console.log(
    `${game.id.padEnd(13)} ${seats} seats  search playouts (commitments: false) ${f(search.cpu)}/s CPU, ${f(search.wall)}/s wall` +
      `  |  with commitments, node:crypto ${f(node.cpu)}/s CPU  |  baseline @noble ${f(noble.cpu)}/s CPU` +
      `  |  ratio ${(search.cpu / noble.cpu).toFixed(2)}×` +
      (target === undefined
        ? ""
        : `  |  target ≥ ${f(target)}/s: ${search.cpu >= target ? "met" : "not met"}`),
  )
}
