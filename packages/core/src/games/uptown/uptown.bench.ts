import { Result } from "effect"
import { bench, describe } from "vitest"
import { commandBenches, recordGames, TIMING } from "../../../bench/commands.js"
import type { Seat } from "../../kernel/game.js"
import { start } from "../../kernel/match.js"
import { Random, rngFromSeed } from "../../kernel/random.js"
import { simulate } from "../../kernel/simulate.js"
import { heuristicBot, randomBot, uptown } from "./index.js"
import type { State } from "./state.js"

const SEATS = 4
const OPTIONS = uptown.defaultOptions
const randoms = Array.from({ length: SEATS }, () => randomBot)
const heuristics = Array.from({ length: SEATS }, () => heuristicBot)

// What a 4-seat random game costs in chance events (each opens a generator with Random.open) and commands.
const SAMPLE = 100
let draws = 0
let commandCount = 0
for (let i = 0; i < SAMPLE; i++) {
  const sim = simulate(uptown, OPTIONS, randoms, `p-${i}`)
  draws += (sim.match.state as State).rng.draws
  commandCount += sim.commands.length
}
const DRAWS = Math.round(draws / SAMPLE)
console.log(
  `uptown.bench: a 4-seat random game averages ${Math.round(commandCount / SAMPLE)} commands and ${DRAWS} chance events`,
)

/** One random playout on the rules alone: legalCommands, decide, evolve, advance — no match, no views. */
const barePlayout = (seed: string): number => {
  const opened = start(uptown, OPTIONS, SEATS, seed)
  if (Result.isFailure(opened)) throw new Error(opened.failure.message)
  let state = opened.success.match.state as State
  const random = Random.fromKey(seed)
  let commands = 0
  while (state.step.kind !== "over") {
    const seat = (uptown.pending(state)[0] as { seat: Seat }).seat
    const decided = uptown.decide(state, seat, random.pick(uptown.legalCommands(state, seat)))
    if (Result.isFailure(decided)) throw new Error(decided.failure.message)
    for (const e of decided.success) state = uptown.evolve(state, e)
    for (let auto = uptown.advance(state); auto.length > 0; auto = uptown.advance(state))
      for (const e of auto) state = uptown.evolve(state, e)
    commands++
  }
  return commands
}

describe(`Uptown random playouts, ${SEATS} seats (playouts/s)`, () => {
  let n = 0
  const seed = () => `p-${n++ % 1000}`
  const rng = rngFromSeed("bench-seed")
  bench(
    `baseline: the chance draws alone — ${DRAWS} Random.open() calls, one game's worth`,
    () => {
      for (let i = 0; i < DRAWS; i++) Random.open({ base: rng.base, draws: i }).int(0, 83)
    },
    TIMING,
  )
  bench(
    "bare loop: legalCommands/decide/evolve/advance, no match wrapper, no views",
    () => {
      barePlayout(seed())
    },
    TIMING,
  )
  bench(
    "simulate(), random bots, keepEvents: false",
    () => {
      simulate(uptown, OPTIONS, randoms, seed(), { keepEvents: false })
    },
    TIMING,
  )
  bench(
    "simulate(), heuristic bots, keepEvents: false",
    () => {
      simulate(uptown, OPTIONS, heuristics, seed(), { keepEvents: false })
    },
    TIMING,
  )
})

// The kernel's overhead: the commands of recorded games through play(), against the bare rules loop.
commandBenches("Uptown commands, 4 seats", uptown, recordGames(uptown, OPTIONS, randoms, 10))
