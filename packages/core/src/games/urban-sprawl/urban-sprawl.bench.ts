import { Result } from "effect"
import { bench, describe } from "vitest"
import { TIMING } from "../../../bench/commands.js"
import type { Seat } from "../../kernel/game.js"
import { start } from "../../kernel/match.js"
import { Random } from "../../kernel/random.js"
import { simulate } from "../../kernel/simulate.js"
import { heuristicBot, randomBot, urbanSprawl } from "./index.js"
import type { State } from "./state.js"

const SEATS = 4
const OPTIONS = urbanSprawl.defaultOptions
const randoms = Array.from({ length: SEATS }, () => randomBot)

// What a 4-seat random game costs: chance events (each opens the PRNG) and commands.
const SAMPLE = 20
let chance = 0
let commands = 0
for (let i = 0; i < SAMPLE; i++) {
  const sim = simulate(urbanSprawl, OPTIONS, randoms, `p-${i}`)
  chance += sim.events.filter((e) => e.type === "CardRevealed" || e.type === "StartPlayerChosen").length
  commands += sim.commands.length
}
const CHANCE = Math.round(chance / SAMPLE)
console.log(
  `urban-sprawl.bench: a 4-seat random game averages ${Math.round(commands / SAMPLE)} commands and ${CHANCE} chance events`,
)

/** One random playout on the rules alone: legalCommands, decide, evolve, advance — no match, no views. */
const barePlayout = (seed: string): number => {
  const opened = start(urbanSprawl, OPTIONS, SEATS, seed)
  if (Result.isFailure(opened)) throw new Error(opened.failure.message)
  let state = opened.success.match.state as State
  const random = Random.fromKey(seed)
  let n = 0
  while (state.phase !== "over") {
    const seat = (urbanSprawl.pending(state)[0] as { seat: Seat }).seat
    const decided = urbanSprawl.decide(state, seat, random.pick(urbanSprawl.legalCommands(state, seat)))
    if (Result.isFailure(decided)) throw new Error(decided.failure.message)
    for (const e of decided.success) state = urbanSprawl.evolve(state, e)
    for (let auto = urbanSprawl.advance(state); auto.length > 0; auto = urbanSprawl.advance(state))
      for (const e of auto) state = urbanSprawl.evolve(state, e)
    n++
  }
  return n
}

describe(`Urban Sprawl random playouts, ${SEATS} seats (playouts/s)`, () => {
  let n = 0
  const seed = () => `p-${n++ % 1000}`
  bench(
    `baseline: the chance draws alone — ${CHANCE} Random.open() calls, one game's worth`,
    () => {
      for (let i = 0; i < CHANCE; i++) Random.open({ base: "bench", draws: i }).int(0, 31)
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
    "simulate(), keepEvents: false",
    () => {
      simulate(urbanSprawl, OPTIONS, randoms, seed(), { keepEvents: false })
    },
    TIMING,
  )
  bench(
    "simulate() with heuristic bots, keepEvents: false",
    () => {
      simulate(
        urbanSprawl,
        OPTIONS,
        Array.from({ length: SEATS }, () => heuristicBot),
        seed(),
        { keepEvents: false },
      )
    },
    TIMING,
  )
})
