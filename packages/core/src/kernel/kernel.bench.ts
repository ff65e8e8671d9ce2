import { Result } from "effect"
import { bench, describe } from "vitest"
import { commandBenches, TIMING } from "../../bench/commands.js"
import type { BluffDiceCommand } from "../fixture/bluff-dice/commands.js"
import type { BluffDiceEvent } from "../fixture/bluff-dice/events.js"
import { bluffDice, middleBot } from "../fixture/bluff-dice/index.js"
import type { BluffDiceState } from "../fixture/bluff-dice/state.js"
import { type Bot, randomBot } from "./bot.js"
import { commit } from "./commitment.js"
import { envelopeHash, GENESIS_HASH, redactEnvelope, toData } from "./envelope.js"
import type { Seat } from "./game.js"
import { start } from "./match.js"
import { Random, rngFromSeed } from "./random.js"
import { botRandom, simulate } from "./simulate.js"

// Bluff Dice, 4 seats, 5 rounds: 24 commands a game (20 sealed bids, 4 leader choices).
const OPTIONS = { rounds: 5, sides: 6 }
const SEATS = 4
const GAMES = 40
const bots: Bot[] = [randomBot(), middleBot, randomBot(), middleBot]

/** The games both loops replay: the opened match and the commands played, from simulate. */
const games = Array.from({ length: GAMES }, (_, i) => {
  const seed = `bench-${i}`
  const opened = start(bluffDice, OPTIONS, SEATS, seed)
  if (Result.isFailure(opened)) throw new Error(opened.failure.message)
  const { commands } = simulate(bluffDice, OPTIONS, bots, seed, { keepEvents: false })
  return { match: opened.success.match, commands }
})
const COMMANDS = games.reduce((n, g) => n + g.commands.length, 0)
console.log(`kernel.bench: one run of the command benches plays ${COMMANDS} commands (${GAMES} games)`)

/** The same rules calls play() makes, without the match wrapper: decide, evolve, advance to rest, outcome. */
const bareGame = (state: BluffDiceState, commands: ReadonlyArray<{ seat: Seat; command: unknown }>) => {
  for (const { seat, command } of commands) {
    const decided = bluffDice.decide(state, seat, command as BluffDiceCommand)
    if (Result.isFailure(decided)) throw new Error(decided.failure.message)
    for (const e of decided.success) state = bluffDice.evolve(state, e)
    for (let auto = bluffDice.advance(state); auto.length > 0; auto = bluffDice.advance(state))
      for (const e of auto) state = bluffDice.evolve(state, e as BluffDiceEvent)
    bluffDice.outcome(state)
  }
  return state
}

commandBenches("kernel overhead, Bluff Dice 4 seats", bluffDice, games)

/**
 * The same game with its decisions memoised: the rules cost next to nothing (no commitment hashing), so
 * the ratio shows the kernel's own per-command cost at its most visible, as for a game without secrets.
 */
const memo = new Map<string, ReturnType<typeof bluffDice.decide>>()
const cheapDice = {
  ...bluffDice,
  decide: (state: BluffDiceState, seat: Seat, command: BluffDiceCommand) => {
    const key = `${state.seed}/${state.round}/${state.phase}/${seat}/${JSON.stringify(command)}`
    const known = memo.get(key)
    if (known) return known
    const decided = bluffDice.decide(state, seat, command)
    memo.set(key, decided)
    return decided
  },
}
const cheapGames = games.map((g) => ({ match: { ...g.match, game: cheapDice }, commands: g.commands }))
commandBenches(
  "kernel overhead, rules without hashing (memoised Bluff Dice decisions)",
  cheapDice,
  cheapGames,
)

/** A playout by hand: the same bots, views and legal lists simulate() builds, without the kernel. */
const barePlayout = (seed: string) => {
  const opened = start(bluffDice, OPTIONS, SEATS, seed)
  if (Result.isFailure(opened)) throw new Error(opened.failure.message)
  let state = opened.success.match.state as BluffDiceState
  const randoms = bots.map((_, seat) => botRandom(seed, seat))
  while (bluffDice.outcome(state) === null) {
    const decision = bluffDice.pending(state)[0]
    if (!decision) throw new Error("stuck")
    const { seat } = decision
    const command = (bots[seat] as Bot).choose({
      seat,
      view: bluffDice.view(state, { kind: "seat", seat }),
      legal: bluffDice.legalCommands(state, seat),
      random: randoms[seat]!,
    }) as BluffDiceCommand
    state = bareGame(state, [{ seat, command }])
  }
}

describe(`simulate(): full Bluff Dice playouts (${SEATS} seats, ${OPTIONS.rounds} rounds)`, () => {
  let n = 0
  // Seeds cycle over a fixed set so every bench plays the same games.
  const seed = () => `p-${n++ % 1000}`
  bench("bare playout loop (same bots, views and legal lists)", () => barePlayout(seed()), TIMING)
  bench(
    "simulate(), keepEvents: false",
    () => {
      simulate(bluffDice, OPTIONS, bots, seed(), { keepEvents: false })
    },
    TIMING,
  )
  bench(
    "simulate(), keeping events",
    () => {
      simulate(bluffDice, OPTIONS, bots, seed())
    },
    TIMING,
  )
})

const sealed = bluffDice.decide(games[0]!.match.state as BluffDiceState, 0, { type: "CommitBid", bid: 3 })
const event = Result.isSuccess(sealed) ? (sealed.success[0] as BluffDiceEvent) : null
const unhashed = {
  streamId: "game-1",
  version: 7,
  eventId: "c8f9c0de-0000-5000-8000-000000000000",
  ...toData(event as BluffDiceEvent),
  schemaVersion: 1,
  metadata: { commandId: "c8f9c0de", seat: 0, command: { type: "CommitBid", bid: 3 }, actor: "seat:0" },
  prevHash: GENESIS_HASH,
}
const envelope = { ...unhashed, hash: envelopeHash(unhashed) }
const rng = rngFromSeed("bench")

describe("kernel primitives (what a command costs beyond the rules)", () => {
  bench("Random.open(rng).die() — one chance event", () => {
    Random.open(rng).die()
  })
  bench("commit() — one sealed secret (two SHA-256)", () => {
    commit("bench-seed", "bid/r1/s0", 3)
  })
  bench("envelopeHash() — one stored event", () => {
    envelopeHash(unhashed)
  })
  bench("redactEnvelope() — one private event for another seat", () => {
    redactEnvelope(bluffDice, envelope, { kind: "seat", seat: 1 }, false)
  })
})
