import {
  type AnyGame,
  botRandom,
  canonicalJson,
  findGame,
  type GameEnded,
  type Match,
  owes,
  play,
  type Random,
  type Seat,
  start,
  type Typed,
  viewOf,
} from "@boroughs/core"
import { Result } from "effect"
import { answerOf, NO_ANSWER } from "./answer.js"
import { type AnyBot, checkBotFits } from "./bot.js"

export interface PlayLocalOptions {
  /** A registered game id, or a game definition. */
  readonly game: string | AnyGame
  /** How many seats (default: one per bot). Bots are given to seats in turn, repeating when fewer. */
  readonly seats?: number | undefined
  readonly bots: ReadonlyArray<AnyBot>
  readonly seed: string
  /** The game's options (its defaults when absent). */
  readonly options?: unknown
  /** A clock per decision: a bot that has not answered by then gets the game's default command. */
  readonly decisionMs?: number | null | undefined
  /** Give up after this many commands (a game that never ends is a bug). */
  readonly maxCommands?: number | undefined
  /** Each event as it is folded, with its version. */
  readonly onEvent?: ((event: Typed, version: number) => void) | undefined
  /** Stops the game between two decisions (the promise rejects). */
  readonly signal?: AbortSignal | undefined
}

/** One command played, by its bot or (`defaulted`) by the clock. */
export interface LocalCommand {
  readonly seat: Seat
  /** The version the decision was at (the events count before the command). */
  readonly version: number
  readonly command: Typed
  readonly bot: string
  /** `timeout`: the bot missed its clock; `no-answer`: it answered null. The game's default was played. */
  readonly defaulted: "timeout" | "no-answer" | null
}

export interface LocalResult {
  readonly game: string
  readonly seed: string
  readonly events: ReadonlyArray<Typed>
  readonly commands: ReadonlyArray<LocalCommand>
  readonly outcome: GameEnded
  /** The final match (state and all): for tools that read it after the game, never shown to a bot. */
  readonly match: Match
  /**
   * Per seat, how many decisions its bot answered and the wall time it took over them (ms): its decisions/s.
   * Apart from `commands`, so that two plays of one seed give equal commands.
   */
  readonly thinking: ReadonlyArray<SeatThinking>
}

/** One seat's decisions and the time its bot spent on them. */
export interface SeatThinking {
  readonly decisions: number
  readonly ms: number
}

const resolveGame = (game: string | AnyGame): AnyGame => {
  if (typeof game !== "string") return game
  const found = findGame(game)?.game
  if (found === undefined) throw new Error(`unknown game ${game}`)
  return found
}

/**
 * Plays a whole game in process, with no server, through the same kernel the server runs (`start`, `play`,
 * `viewOf`): each bot gets only its seat's view, the exact legal commands and its own random stream (the one
 * `simulate` gives that seat, so core bots play here exactly as in self-play). Simultaneous decisions are
 * asked one seat at a time, each seeing what the others may (that a card is in, not which).
 */
export const playLocal = async (options: PlayLocalOptions): Promise<LocalResult> => {
  const game = resolveGame(options.game)
  if (options.bots.length === 0) throw new Error("playLocal: no bots")
  const seats = options.seats ?? options.bots.length
  const bots = Array.from({ length: seats }, (_, seat) => options.bots[seat % options.bots.length] as AnyBot)
  for (const bot of bots) checkBotFits(bot, game.id)
  const started = start(game, options.options, seats, options.seed)
  if (Result.isFailure(started)) throw new Error(`${started.failure.rule}: ${started.failure.message}`)
  let match = started.success.match
  const events: Typed[] = []
  const record = (list: ReadonlyArray<Typed>) => {
    for (const e of list) {
      events.push(e)
      options.onEvent?.(e, events.length)
    }
  }
  record(started.success.events)
  const randoms: Random[] = bots.map((_, seat) => botRandom(options.seed, seat))
  const decisionMs = options.decisionMs ?? null
  const maxCommands = options.maxCommands ?? 100_000
  const commands: LocalCommand[] = []
  const thinking = bots.map(() => ({ decisions: 0, ms: 0 }))

  const distinct = [...new Set(bots)]
  for (const bot of distinct)
    await bot.gameStarted?.({
      gameId: "local",
      game: game.id,
      seats: bots.flatMap((b, seat) => (b === bot ? [seat] : [])),
      players: seats,
      holders: bots.map((b) => b.name),
      decisionMs,
      version: match.events,
    })

  while (match.ended === null) {
    const decisions = game.pending(match.state)
    if (decisions.length === 0)
      throw new Error(`${game.id}: nobody owes a decision but the game has not ended`)
    for (const { seat, kind } of decisions) {
      // A move can settle other seats' decisions (a reveal, a phase change): ask again.
      if (!owes(match, seat)) continue
      if (options.signal?.aborted) throw new Error("playLocal: stopped")
      const bot = bots[seat] as AnyBot
      // A copy: games may share their legal lists between calls, and a bot could sort its own in place.
      const legal = [...(game.legalCommands(match.state, seat) as ReadonlyArray<Typed>)]
      const view = viewOf(match, { kind: "seat", seat })
      const abort = new AbortController()
      const version = match.events
      const ctx = {
        game: game.id,
        gameId: "local",
        seat,
        version,
        kind,
        random: randoms[seat] as Random,
        deadline: decisionMs === null ? null : Date.now() + decisionMs,
        signal: abort.signal,
      }
      const asked = performance.now()
      const answer = await answerOf(bot, view, legal, ctx, abort, decisionMs)
      const spent = thinking[seat] as SeatThinking & { decisions: number; ms: number }
      spent.decisions += 1
      spent.ms += performance.now() - asked
      let command: Typed
      let defaulted: LocalCommand["defaulted"] = null
      if (answer === NO_ANSWER || answer === null) {
        command = game.defaultCommand(match.state, seat)
        // A bot that gives up at its deadline (the stdio bridge does) has timed out too.
        const late = ctx.deadline !== null && Date.now() >= ctx.deadline
        defaulted = answer === NO_ANSWER || late ? "timeout" : "no-answer"
      } else {
        const key = canonicalJson(answer)
        if (!legal.some((c) => canonicalJson(c) === key))
          throw new Error(`${game.id}: bot ${bot.name} at seat ${seat} answered an illegal command ${key}`)
        command = answer
      }
      const played = play(match, seat, command)
      if (Result.isFailure(played))
        throw new Error(
          `${game.id}: ${bot.name} played ${canonicalJson(command)}, refused: ${played.failure.rule}: ${played.failure.message}`,
        )
      match = played.success.match
      record(played.success.events)
      commands.push({ seat, version, command, bot: bot.name, defaulted })
      if (commands.length > maxCommands) throw new Error(`${game.id}: no end after ${maxCommands} commands`)
    }
  }
  const outcome = match.ended
  for (const bot of distinct)
    await bot.gameEnded?.({
      gameId: "local",
      version: match.events,
      ranks: outcome.ranks,
      scores: outcome.scores,
      reason: outcome.reason,
    })
  return { game: game.id, seed: options.seed, events, commands, outcome, match, thinking }
}
