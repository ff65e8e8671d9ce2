import { Result } from "effect"
import type { Bot } from "./bot.js"
import { unrecorded } from "./commitment.js"
import type { AnyGame, Decision, GameEnded, Seat, Typed } from "./game.js"
import { MAX_AUTOMATIC_STEPS, type Match, rulesEnding, start } from "./match.js"
import { isOrganiserEvent } from "./organiser.js"
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

/**
 * What a bot plays for a seat that owes a decision in this state. A bot that picks by position
 * (`pickIndex`) in a game that counts its legal commands (`legalByIndex`) gets only the command it picks
 * built; any other is shown the seat's own view (unless it ignores it) and the legal list.
 */
const commandFor = (game: AnyGame, state: unknown, seat: Seat, bot: Bot, random: Random): Typed => {
  const byIndex = game.legalByIndex
  if (byIndex !== undefined && bot.pickIndex !== undefined) {
    const legal = byIndex(state, seat)
    if (legal.count === 0)
      throw new Error(`${game.id}: seat ${seat} owes a decision but has no legal command`)
    const index = bot.pickIndex(legal.count, random)
    if (!Number.isInteger(index) || index < 0 || index >= legal.count)
      throw new Error(`${bot.name} picked index ${index} of ${legal.count} legal commands`)
    return legal.at(index)
  }
  const legal = game.legalCommands(state, seat)
  if (legal.length === 0) throw new Error(`${game.id}: seat ${seat} owes a decision but has no legal command`)
  // A bot that never reads the view (the uniform one) gets none: building it showed in playout profiles.
  const view = bot.ignoresView === true ? undefined : game.view(state, { kind: "seat", seat })
  return bot.choose({ seat, view, legal, random })
}

/** What a bot plays for a seat that owes a decision: chosen from the seat's own view and legal commands. */
export const botCommand = (match: Match, seat: Seat, bot: Bot, random: Random): Typed =>
  commandFor(match.game, match.state, seat, bot, random)

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

/** Whether `seat` is among the decisions. A loop, not `some`: it runs once or twice a command. */
const listed = (decisions: ReadonlyArray<Decision>, seat: Seat): boolean => {
  for (let i = 0; i < decisions.length; i++) if ((decisions[i] as Decision).seat === seat) return true
  return false
}

/**
 * The game loop of `play`, on the bare state: the same commands, events and final match as `start` then
 * `play` for every command, without a `Match` and a `Result` per event and command (a playout folds over a
 * thousand events) and, when no events are kept, without collecting them. `pending` is asked once per
 * state, since `simulate` only plays for the seats it lists.
 */
const run = (
  game: AnyGame,
  options: unknown,
  bots: ReadonlyArray<Bot>,
  seed: string,
  limits: SimulateLimits,
): Simulation => {
  const started = start(game, options, bots.length, seed)
  if (Result.isFailure(started)) throw new Error(`${started.failure.rule}: ${started.failure.message}`)
  const keep = limits.keepEvents ?? true
  const events: Typed[] = keep ? [...started.success.events] : []
  const commands: PlayedCommand[] = []
  const randoms = bots.map((_, seat) => botRandom(seed, seat))
  const max = limits.maxCommands ?? 100_000
  let { state, ended, events: folded } = started.success.match
  // `apply` without the Match: GameEnded ends the game, organiser events never reach the rules.
  const fold = (event: Typed): void => {
    if (keep) events.push(event)
    folded++
    if (event.type === "GameEnded") ended = event as GameEnded
    else if (!isOrganiserEvent(event)) state = game.evolve(state, event)
  }
  while (ended === null) {
    const decisions = game.pending(state)
    if (decisions.length === 0)
      throw new Error(`${game.id}: nobody owes a decision but the game has not ended`)
    for (let i = 0; i < decisions.length; i++) {
      const { seat } = decisions[i] as Decision
      // A move can settle other seats' decisions (a reveal, a phase change): ask again after the first,
      // which `pending` has just listed for this very state.
      if (i > 0 && (ended !== null || !listed(game.pending(state), seat))) continue
      const bot = bots[seat] as Bot
      const command = commandFor(game, state, seat, bot, randoms[seat] as Random)
      const decided = game.decide(state, seat, command)
      if (Result.isFailure(decided))
        throw new Error(
          `${game.id}: ${bot.name} played ${JSON.stringify(command)}, refused: ${decided.failure.rule}: ${decided.failure.message}`,
        )
      for (const event of decided.success) fold(event)
      // The automatic steps, then the end when the rules give one (`settle` in match.ts).
      for (let step = 0; ; step++) {
        const auto = game.advance(state)
        if (auto.length === 0) break
        if (step === MAX_AUTOMATIC_STEPS)
          throw new Error(`${game.id}: advance still emits events after ${MAX_AUTOMATIC_STEPS} steps`)
        for (let k = 0; k < auto.length; k++) fold(auto[k] as Typed)
      }
      if (ended === null) {
        const ending = rulesEnding(game, state, seed)
        if (ending !== null) fold(ending)
      }
      commands.push({ seat, command })
      if (commands.length > max) throw new Error(`${game.id}: no end after ${max} commands`)
    }
  }
  const match: Match = { game, state, seed, ended, events: folded }
  return { match, events, commands }
}
