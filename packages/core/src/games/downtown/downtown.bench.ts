import { Result } from "effect"
import { bench, describe } from "vitest"
import { commandBenches, recordGames, TIMING } from "../../../bench/commands.js"
import { commit } from "../../kernel/commitment.js"
import type { Seat } from "../../kernel/game.js"
import { start } from "../../kernel/match.js"
import { Random } from "../../kernel/random.js"
import { simulate } from "../../kernel/simulate.js"
import { downtown, randomBot } from "./index.js"
import type { State } from "./state.js"

const SEATS = 4
const OPTIONS = downtown.defaultOptions
const bots = Array.from({ length: SEATS }, () => randomBot)

// What a 4-seat random game costs in secret choices (each one a commitment) and commands, on a fixed sample.
const SAMPLE = 100
let secrets = 0
let commandCount = 0
for (let i = 0; i < SAMPLE; i++) {
  const sim = simulate(downtown, OPTIONS, bots, `p-${i}`)
  secrets += sim.events.filter((e) => e.type === "VoteCast" || e.type === "ZoneChosen").length
  commandCount += sim.commands.length
}
const SECRETS = Math.round(secrets / SAMPLE)
console.log(
  `downtown.bench: a 4-seat random game averages ${Math.round(commandCount / SAMPLE)} commands, ${SECRETS} of them secret (committed)`,
)

/** One random playout on the rules alone: legalCommands, decide, evolve, advance — no match, no views. */
const barePlayout = (seed: string): number => {
  const opened = start(downtown, OPTIONS, SEATS, seed)
  if (Result.isFailure(opened)) throw new Error(opened.failure.message)
  let state = opened.success.match.state as State
  const random = Random.fromKey(seed)
  let commands = 0
  while (state.step.kind !== "over") {
    const seat = (downtown.pending(state)[0] as { seat: Seat }).seat
    const decided = downtown.decide(state, seat, random.pick(downtown.legalCommands(state, seat)))
    if (Result.isFailure(decided)) throw new Error(decided.failure.message)
    for (const e of decided.success) state = downtown.evolve(state, e)
    for (let auto = downtown.advance(state); auto.length > 0; auto = downtown.advance(state))
      for (const e of auto) state = downtown.evolve(state, e)
    commands++
  }
  return commands
}

describe(`Downtown random playouts, ${SEATS} seats (playouts/s)`, () => {
  let n = 0
  const seed = () => `p-${n++ % 1000}`
  bench(
    `baseline: the commitments alone — ${SECRETS} commit() calls, one game's worth of secret choices`,
    () => {
      for (let i = 0; i < SECRETS; i++) commit("bench-seed", `vote/r${i}/z1/s0`, "housing")
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
      simulate(downtown, OPTIONS, bots, seed(), { keepEvents: false })
    },
    TIMING,
  )
})

// The kernel's overhead: the commands of recorded games through play(), against the bare rules loop.
commandBenches("Downtown commands, 4 seats", downtown, recordGames(downtown, OPTIONS, bots, 10))
