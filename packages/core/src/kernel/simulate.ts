import { Result } from "effect"
import type { Bot } from "./bot.js"
import { unrecorded } from "./commitment.js"
import type { AnyGame, Seat, Typed } from "./game.js"
import { type Match, owes, playOwed, start } from "./match.js"
import { Random } from "./random.js"

/** One command a seat played in a simulation, in order. */
export interface PlayedCommand {
  readonly seat: Seat
  readonly command: Typed
}

export interface Simulation {
  readonly match: Match
  readonly events: ReadonlyArray<Typed>
  readonly commands: ReadonlyArray<PlayedCommand>
}

export interface SimulateLimits {
  readonly maxCommands?: number
  /** Default true; false returns no events (a lean playout). */
  readonly keepEvents?: boolean
  /** Default true; false (with `keepEvents: false` only) leaves commitments empty, skipping their hashing. */
  readonly commitments?: boolean
}

/** What a bot plays for a seat that owes a decision: chosen from the seat's own view and legal commands. */
export const botCommand = (match: Match, seat: Seat, bot: Bot, random: Random): Typed => {
  const { game } = match
  const legal = game.legalCommands(match.state, seat)
  if (legal.length === 0) throw new Error(`${game.id}: seat ${seat} owes a decision but has no legal command`)
  // A bot that never reads the view (the uniform one) gets none: building it showed in playout profiles.
  const view = bot.ignoresView === true ? undefined : game.view(match.state, { kind: "seat", seat })
  return bot.choose({ seat, view, legal, random })
}

/** The random stream a seat's bot uses in a game with this seed (self-play and simulations agree). */
export const botRandom = (seed: string, seat: Seat): Random => Random.fromKey(`${seed}/bot/${seat}`)

/**
 * Plays a whole game in process with one bot per seat: no store, no I/O. Each bot sees only its seat's
 * view and its own random stream keyed by (seed, seat). Throws when the rules refuse a legal command or
 * the game does not end within `maxCommands` — both are bugs in a game, which property tests look for.
 * `commitments: false` (only with `keepEvents: false`, so no event without them is ever handed out) skips
 * hashing secret choices (see `unrecorded`): the same commands and outcome, but the final state holds empty
 * hashes and salts. For playouts nobody verifies: search, win rates, throughput.
 */
export const simulate = (
  game: AnyGame,
  options: unknown,
  bots: ReadonlyArray<Bot>,
  seed: string,
  limits: SimulateLimits = {},
): Simulation => {
  if (limits.commitments !== false) return run(game, options, bots, seed, limits)
  if (limits.keepEvents !== false) throw new Error("simulate: commitments: false needs keepEvents: false")
  return unrecorded(() => run(game, options, bots, seed, limits))
}

const run = (
  game: AnyGame,
  options: unknown,
  bots: ReadonlyArray<Bot>,
  seed: string,
  limits: SimulateLimits,
): Simulation => {
  const started = start(game, options, bots.length, seed)
  if (Result.isFailure(started)) throw new Error(`${started.failure.rule}: ${started.failure.message}`)
  let match = started.success.match
  const keep = limits.keepEvents ?? true
  const events: Typed[] = keep ? [...started.success.events] : []
  const commands: PlayedCommand[] = []
  const randoms = bots.map((_, seat) => botRandom(seed, seat))
  const max = limits.maxCommands ?? 100_000
  while (!match.ended) {
    const decisions = game.pending(match.state)
    if (decisions.length === 0)
      throw new Error(`${game.id}: nobody owes a decision but the game has not ended`)
    for (let i = 0; i < decisions.length; i++) {
      const { seat } = decisions[i] as (typeof decisions)[number]
      // A move can settle other seats' decisions (a reveal, a phase change): ask again after the first,
      // which `pending` has just listed for this very state.
      if (i > 0 && !owes(match, seat)) continue
      const bot = bots[seat] as Bot
      const command = botCommand(match, seat, bot, randoms[seat] as Random)
      // `pending` (or `owes` above) has just listed this seat for this state: no need to ask again.
      const result = playOwed(match, seat, command)
      if (Result.isFailure(result))
        throw new Error(
          `${game.id}: ${bot.name} played ${JSON.stringify(command)}, refused: ${result.failure.rule}: ${result.failure.message}`,
        )
      match = result.success.match
      if (keep) events.push(...result.success.events)
      commands.push({ seat, command })
      if (commands.length > max) throw new Error(`${game.id}: no end after ${max} commands`)
    }
  }
  return { match, events, commands }
}
