import { Result } from "effect"
import { bench, describe } from "vitest"
import type { Seat } from "../../kernel/game.js"
import { type Match, play, start } from "../../kernel/match.js"
import { Random, rngFromSeed } from "../../kernel/random.js"
import { simulate } from "../../kernel/simulate.js"
import type { Command } from "./commands.js"
import type { Event } from "./events.js"
import { manhattan, randomBot } from "./index.js"
import type { State } from "./state.js"

const SEATS = 4
const OPTIONS = manhattan.defaultOptions
const bots = Array.from({ length: SEATS }, () => randomBot)
/** Long runs with a warm-up: the machine is shared, and short samples swing by ±10%. */
const TIMING = { time: 3000, warmupTime: 500 }

// What a 4-seat random game costs in chance events and commands, measured on a fixed sample.
const SAMPLE = 100
let rolls = 0
let commandCount = 0
for (let i = 0; i < SAMPLE; i++) {
  const sim = simulate(manhattan, OPTIONS, bots, `p-${i}`)
  rolls += sim.events.filter((e) => e.type === "DiceRolled").length
  commandCount += sim.commands.length
}
const ROLLS = Math.round(rolls / SAMPLE)
console.log(
  `manhattan.bench: a 4-seat random game averages ${ROLLS} rolls and ${Math.round(commandCount / SAMPLE)} commands`,
)

describe(`Manhattan random playouts, ${SEATS} seats (playouts/s)`, () => {
  let n = 0
  const seed = () => `p-${n++ % 1000}`
  const rng = rngFromSeed("bench")
  bench(
    `baseline: the kernel's dice alone — ${ROLLS} Random.open() rolls, one game's worth`,
    () => {
      for (let i = 0; i < ROLLS; i++) {
        const r = Random.open({ base: rng.base, draws: i })
        r.die()
        r.die()
      }
    },
    TIMING,
  )
  bench(
    "simulate(), keepEvents: false",
    () => {
      simulate(manhattan, OPTIONS, bots, seed(), { keepEvents: false })
    },
    TIMING,
  )
})

// The commands of recorded games, replayed: commands/s = ops/s × COMMANDS.
const GAMES = 10
const games = Array.from({ length: GAMES }, (_, i) => {
  const seed = `bench-${i}`
  const opened = start(manhattan, OPTIONS, SEATS, seed)
  if (Result.isFailure(opened)) throw new Error(opened.failure.message)
  const { commands } = simulate(manhattan, OPTIONS, bots, seed, { keepEvents: false })
  return { match: opened.success.match, commands }
})
const COMMANDS = games.reduce((total, g) => total + g.commands.length, 0)
console.log(`manhattan.bench: one run of the command benches plays ${COMMANDS} commands (${GAMES} games)`)

/** The rules calls play() makes, without the match wrapper: decide, evolve, advance to rest, outcome. */
const bareGame = (state: State, commands: ReadonlyArray<{ seat: Seat; command: unknown }>) => {
  for (const { seat, command } of commands) {
    const decided = manhattan.decide(state, seat, command as Command)
    if (Result.isFailure(decided)) throw new Error(decided.failure.message)
    for (const e of decided.success) state = manhattan.evolve(state, e)
    for (let auto = manhattan.advance(state); auto.length > 0; auto = manhattan.advance(state))
      for (const e of auto) state = manhattan.evolve(state, e as Event)
    manhattan.outcome(state)
  }
  return state
}

describe(`Manhattan commands: ${COMMANDS} commands of ${GAMES} recorded 4-seat games (commands/s = ops/s × ${COMMANDS})`, () => {
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
