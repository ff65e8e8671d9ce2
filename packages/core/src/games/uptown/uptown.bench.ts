import { Result } from "effect"
import { bench, describe } from "vitest"
import type { Seat } from "../../kernel/game.js"
import { type Match, play, start } from "../../kernel/match.js"
import { Random, rngFromSeed } from "../../kernel/random.js"
import { simulate } from "../../kernel/simulate.js"
import type { Command } from "./commands.js"
import type { Event } from "./events.js"
import { heuristicBot, randomBot, uptown } from "./index.js"
import type { State } from "./state.js"

const SEATS = 4
const OPTIONS = uptown.defaultOptions
const randoms = Array.from({ length: SEATS }, () => randomBot)
const heuristics = Array.from({ length: SEATS }, () => heuristicBot)
/** Long runs with a warm-up: the machine is shared, and short samples swing by ±10%. */
const TIMING = { time: 3000, warmupTime: 500 }

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

// The commands of recorded games, replayed: commands/s = ops/s × COMMANDS.
const GAMES = 10
const games = Array.from({ length: GAMES }, (_, i) => {
  const seed = `bench-${i}`
  const opened = start(uptown, OPTIONS, SEATS, seed)
  if (Result.isFailure(opened)) throw new Error(opened.failure.message)
  const { commands } = simulate(uptown, OPTIONS, randoms, seed, { keepEvents: false })
  return { match: opened.success.match, commands }
})
const COMMANDS = games.reduce((total, g) => total + g.commands.length, 0)
console.log(`uptown.bench: one run of the command benches plays ${COMMANDS} commands (${GAMES} games)`)

/** The rules calls play() makes, without the match wrapper: decide, evolve, advance to rest, outcome. */
const bareGame = (state: State, commands: ReadonlyArray<{ seat: Seat; command: unknown }>) => {
  for (const { seat, command } of commands) {
    const decided = uptown.decide(state, seat, command as Command)
    if (Result.isFailure(decided)) throw new Error(decided.failure.message)
    for (const e of decided.success) state = uptown.evolve(state, e)
    for (let auto = uptown.advance(state); auto.length > 0; auto = uptown.advance(state))
      for (const e of auto) state = uptown.evolve(state, e as Event)
    uptown.outcome(state)
  }
  return state
}

describe(`Uptown commands: ${COMMANDS} commands of ${GAMES} recorded 4-seat games (commands/s = ops/s × ${COMMANDS})`, () => {
  bench(
    "baseline: bare decide/evolve/advance loop",
    () => {
      for (const g of games) bareGame(g.match.state as State, g.commands)
    },
    TIMING,
  )
  bench(
    "through play()",
    () => {
      for (const g of games) {
        let match: Match = g.match
        for (const { seat, command } of g.commands) {
          const result = play(match, seat, command)
          if (Result.isFailure(result)) throw new Error(result.failure.message)
          match = result.success.match
        }
      }
    },
    TIMING,
  )
})
