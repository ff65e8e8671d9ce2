import { Result } from "effect"
import { bench, describe } from "vitest"
import { commit } from "../../kernel/commitment.js"
import type { Seat } from "../../kernel/game.js"
import { type Match, play, start } from "../../kernel/match.js"
import { Random } from "../../kernel/random.js"
import { simulate } from "../../kernel/simulate.js"
import type { DowntownCommand } from "./commands.js"
import type { DowntownEvent } from "./events.js"
import { downtown, downtownRandomBot } from "./index.js"
import type { DowntownState } from "./state.js"

const SEATS = 4
const OPTIONS = downtown.defaultOptions
const bots = Array.from({ length: SEATS }, () => downtownRandomBot)
/** Long runs with a warm-up: the machine is shared, and short samples swing by ±10%. */
const TIMING = { time: 3000, warmupTime: 500 }

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
  let state = opened.success.match.state as DowntownState
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

// The commands of recorded games, replayed: commands/s = ops/s × COMMANDS.
const GAMES = 10
const games = Array.from({ length: GAMES }, (_, i) => {
  const seed = `bench-${i}`
  const opened = start(downtown, OPTIONS, SEATS, seed)
  if (Result.isFailure(opened)) throw new Error(opened.failure.message)
  const { commands } = simulate(downtown, OPTIONS, bots, seed, { keepEvents: false })
  return { match: opened.success.match, commands }
})
const COMMANDS = games.reduce((total, g) => total + g.commands.length, 0)
console.log(`downtown.bench: one run of the command benches plays ${COMMANDS} commands (${GAMES} games)`)

/** The rules calls play() makes, without the match wrapper: decide, evolve, advance to rest, outcome. */
const bareGame = (state: DowntownState, commands: ReadonlyArray<{ seat: Seat; command: unknown }>) => {
  for (const { seat, command } of commands) {
    const decided = downtown.decide(state, seat, command as DowntownCommand)
    if (Result.isFailure(decided)) throw new Error(decided.failure.message)
    for (const e of decided.success) state = downtown.evolve(state, e)
    for (let auto = downtown.advance(state); auto.length > 0; auto = downtown.advance(state))
      for (const e of auto) state = downtown.evolve(state, e as DowntownEvent)
    downtown.outcome(state)
  }
  return state
}

describe(`Downtown commands: ${COMMANDS} commands of ${GAMES} recorded 4-seat games (commands/s = ops/s × ${COMMANDS})`, () => {
  bench(
    "baseline: bare decide/evolve/advance loop",
    () => {
      for (const g of games) bareGame(g.match.state as DowntownState, g.commands)
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
