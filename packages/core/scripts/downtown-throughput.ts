/**
 * Playouts and commands per second of CPU time (process.cpuUsage), for a machine shared with other work
 * where the wall-clock figures of `pnpm bench` swing with the load. Same workloads as downtown.bench.ts.
 * Run: npx tsx scripts/downtown-throughput.ts [seconds per workload, default 10]
 */
import { Result } from "effect"
import { downtown, randomBot as downtownRandomBot } from "../src/games/downtown/index.js"
import type { State as DowntownState } from "../src/games/downtown/state.js"
import { commit } from "../src/kernel/commitment.js"
import { type Match, play, start } from "../src/kernel/match.js"
import { simulate } from "../src/kernel/simulate.js"

const seconds = Number(process.argv[2] ?? 10)
const bots = Array.from({ length: 4 }, () => downtownRandomBot)
const cpu = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1e6
}

/** Runs `work` until `seconds` of CPU are spent; returns work units per CPU second. */
const rate = (label: string, work: (i: number) => number): number => {
  for (let i = 0; i < 50; i++) work(1_000_000 + i)
  const t0 = cpu()
  let units = 0
  let i = 0
  while (cpu() - t0 < seconds) units += work(i++)
  const r = units / (cpu() - t0)
  console.log(`${label}: ${r.toFixed(0)} per CPU second`)
  return r
}

let secrets = 0
let commands = 0
for (let i = 0; i < 100; i++) {
  const sim = simulate(downtown, downtown.defaultOptions, bots, `t-${i}`)
  secrets += sim.events.filter((e) => e.type === "VoteCast" || e.type === "ZoneChosen").length
  commands += sim.commands.length
}
console.log(`a 4-seat random game: ${commands / 100} commands, ${secrets / 100} commitments`)

const playouts = rate("playouts, simulate() with 4 random bots", (i) => {
  simulate(downtown, downtown.defaultOptions, bots, `p-${i}`, { keepEvents: false })
  return 1
})
const commitRate = rate("commit() calls", (i) => {
  commit("bench-seed", `vote/r${i}/z1/s0`, "housing")
  return 1
})
const recorded = Array.from({ length: 10 }, (_, i) => {
  const seed = `bench-${i}`
  const opened = start(downtown, downtown.defaultOptions, 4, seed)
  if (Result.isFailure(opened)) throw new Error(opened.failure.message)
  return {
    match: opened.success.match,
    commands: simulate(downtown, downtown.defaultOptions, bots, seed).commands,
  }
})
rate("commands through play() (recorded games replayed)", () => {
  let n = 0
  for (const g of recorded) {
    let match: Match = g.match
    for (const { seat, command } of g.commands) {
      const r = play(match, seat, command)
      if (Result.isFailure(r)) throw new Error(r.failure.message)
      match = r.success.match
      n++
    }
    if (!(match.state as DowntownState).step) throw new Error("no state")
  }
  return n
})
const perGame = secrets / 100 / commitRate
console.log(
  `commitments take ${(perGame * 1000).toFixed(2)} ms of CPU per game, ${(perGame * playouts * 100).toFixed(0)} % of a playout; ` +
    `the rest of the rules and the kernel: ${((1 / playouts - perGame) * 1000).toFixed(2)} ms`,
)
