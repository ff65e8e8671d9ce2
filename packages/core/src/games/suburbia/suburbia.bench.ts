import { Result } from "effect"
import { bench, describe } from "vitest"
import { commandBenches, recordGames, TIMING } from "../../../bench/commands.js"
import type { Seat } from "../../kernel/game.js"
import { play, start } from "../../kernel/match.js"
import { Random } from "../../kernel/random.js"
import { simulate } from "../../kernel/simulate.js"
import { heuristicBot } from "./bots/heuristic.js"
import { randomBot, suburbia } from "./index.js"
import type { State } from "./state.js"

const SEATS = 4
const OPTIONS = suburbia.defaultOptions
const bots = Array.from({ length: SEATS }, () => randomBot)

// What a 4-seat random game costs in chance events (each one a SHA-256 to open the PRNG) and commands.
const SAMPLE = 100
let chance = 0
let commandCount = 0
for (let i = 0; i < SAMPLE; i++) {
  const sim = simulate(suburbia, OPTIONS, bots, `p-${i}`)
  chance += sim.events.filter((e) =>
    ["TileDrawn", "OneMoreRoundDrawn", "PublicGoalsDrawn", "GoalsDealt", "StartPlayerChosen"].includes(
      e.type,
    ),
  ).length
  commandCount += sim.commands.length
}
const CHANCE = Math.round(chance / SAMPLE)
console.log(
  `suburbia.bench: a 4-seat random game averages ${Math.round(commandCount / SAMPLE)} commands and ${CHANCE} chance events`,
)

/** One random playout on the rules alone: legalCommands, decide, evolve, advance — no match, no views. */
const barePlayout = (seed: string): number => {
  const opened = start(suburbia, OPTIONS, SEATS, seed)
  if (Result.isFailure(opened)) throw new Error(opened.failure.message)
  let state = opened.success.match.state as State
  const random = Random.fromKey(seed)
  let commands = 0
  while (state.step !== "over") {
    const seat = (suburbia.pending(state)[0] as { seat: Seat }).seat
    const decided = suburbia.decide(state, seat, random.pick(suburbia.legalCommands(state, seat)))
    if (Result.isFailure(decided)) throw new Error(decided.failure.message)
    for (const e of decided.success) state = suburbia.evolve(state, e)
    for (let auto = suburbia.advance(state); auto.length > 0; auto = suburbia.advance(state))
      for (const e of auto) state = suburbia.evolve(state, e)
    commands++
  }
  return commands
}

describe(`Suburbia random playouts, ${SEATS} seats (playouts/s)`, () => {
  let n = 0
  const seed = () => `p-${n++ % 1000}`
  bench(
    `baseline: the chance draws alone — ${CHANCE} Random.open() calls, one game's worth`,
    () => {
      const rng = { base: "bench", draws: 0 }
      for (let i = 0; i < CHANCE; i++) Random.open({ base: rng.base, draws: i }).int(0, 31)
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
      simulate(suburbia, OPTIONS, bots, seed(), { keepEvents: false })
    },
    TIMING,
  )
})

// The kernel's overhead: the commands of recorded games through play(), against the bare rules loop.
commandBenches("Suburbia commands, 4 seats", suburbia, recordGames(suburbia, OPTIONS, bots, 10))

describe("Suburbia heuristic decisions (decisions/s)", () => {
  const view = (() => {
    const opened = start(suburbia, OPTIONS, SEATS, "heuristic-bench")
    if (Result.isFailure(opened)) throw new Error(opened.failure.message)
    let match = opened.success.match
    // Play the goal choices and a few turns so the boroughs have grown.
    for (let k = 0; k < 4 + 12; k++) {
      const seat = (suburbia.pending(match.state as State)[0] as { seat: Seat }).seat
      const r = play(match, seat, suburbia.defaultCommand(match.state as State, seat))
      if (Result.isFailure(r)) throw new Error(r.failure.message)
      match = r.success.match
    }
    const state = match.state as State
    const seat = (suburbia.pending(state)[0] as { seat: Seat }).seat
    return {
      seat,
      view: suburbia.view(state, { kind: "seat", seat }),
      legal: suburbia.legalCommands(state, seat),
    }
  })()
  const random = Random.fromKey("heuristic-bench")
  bench(
    "baseline: the random bot",
    () => {
      randomBot.choose({ ...view, random })
    },
    TIMING,
  )
  bench(
    `heuristic: resolves all ${view.legal.length} legal commands and projects each to the end`,
    () => {
      heuristicBot.choose({ ...view, random })
    },
    TIMING,
  )
})
