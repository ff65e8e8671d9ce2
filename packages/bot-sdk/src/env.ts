import { createInterface } from "node:readline"
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
import type { AnyBot } from "./bot.js"
import { botsByName } from "./botModule.js"

/*
 * `boroughs-bot env`: one game hosted for a program that drives it step by step over stdio, JSON lines, as a
 * gym-like environment does (the Python package's `Env`). Unlike `boroughs-bot run`, the caller owns the loop:
 * it resets a game, is shown the agent seat that owes a decision, and steps it with a command. The other seats
 * are played by built-in bots in between. The game runs through the kernel exactly as `playLocal` does (same
 * decision order, same bot random streams), so a seed and a list of commands make the same game in both.
 */

/** Starts a game: the agent seats are the caller's, every other seat a named bot's. */
export interface EnvReset {
  readonly type: "reset"
  readonly game: string
  readonly seed?: string | number | undefined
  readonly seats?: number | undefined
  readonly options?: unknown
  /** The caller's seats (default [0]). */
  readonly agents?: ReadonlyArray<number> | undefined
  /** Bots for the other seats, comma-separated, one per non-agent seat in order, repeating (default heuristic). */
  readonly opponents?: string | undefined
}

/** The agent seat in the last observation plays a command, by value or by its index in `legal`. */
export interface EnvStep {
  readonly type: "step"
  readonly command?: unknown
  readonly index?: number | undefined
}

export type EnvRequest = EnvReset | EnvStep | { readonly type: "quit" }

/** An agent seat owes a decision: its own view only, never the state. */
export interface DecisionObservation {
  readonly type: "observation"
  readonly done: false
  readonly seat: Seat
  readonly version: number
  readonly kind: string
  readonly view: unknown
  readonly legal: ReadonlyArray<Typed>
}

/** The game has ended. */
export interface FinalObservation {
  readonly type: "observation"
  readonly done: true
  readonly version: number
  readonly ranks: ReadonlyArray<number>
  readonly scores: ReadonlyArray<number>
  /** Per seat: see `winShares`. */
  readonly rewards: ReadonlyArray<number>
  readonly reason: string
}

export type EnvObservation = DecisionObservation | FinalObservation

export interface EnvError {
  readonly type: "error"
  /** `malformed` (not a request), `illegal-command`, `no-decision` (step before reset or after the end), `bad-reset`, `failed`. */
  readonly reason: "malformed" | "illegal-command" | "no-decision" | "bad-reset" | "failed"
  readonly message: string
}

export type EnvReply = EnvObservation | EnvError

/**
 * The env's reward per seat at the end: the seat's share of the win, 1 for a sole winner, 1/k for each of k
 * seats tied first, 0 for the others; so the rewards sum to 1. (IS-MCTS's `winShareRewards` adds a little of
 * the score to break flat playouts; a learner gets the plain result and the ranks and scores beside it.)
 */
export const winShares = (ranks: ReadonlyArray<number>): number[] => {
  const winners = ranks.filter((rank) => rank === 1).length
  return ranks.map((rank) => (rank === 1 ? 1 / winners : 0))
}

interface Running {
  readonly game: AnyGame
  /** By seat; null at the agents' seats. */
  readonly bots: ReadonlyArray<AnyBot | null>
  readonly randoms: ReadonlyArray<Random>
  match: Match
  /** The decisions `game.pending` listed, asked in that order as `playLocal` asks them, and the next one's index. */
  decisions: ReadonlyArray<{ readonly seat: Seat; readonly kind: string }>
  next: number
  /** What the caller was last shown. */
  last: EnvObservation | null
}

const error = (reason: EnvError["reason"], message: string): EnvError => ({ type: "error", reason, message })

const finalObservation = (match: Match, ended: GameEnded): FinalObservation => ({
  type: "observation",
  done: true,
  version: match.events,
  ranks: ended.ranks,
  scores: ended.scores,
  rewards: winShares(ended.ranks),
  reason: ended.reason,
})

/** The seats' bots, one per non-agent seat from a comma list that repeats; null at the agents' seats. */
const seatBots = async (
  game: string,
  seats: number,
  agents: ReadonlySet<Seat>,
  opponents: string,
): Promise<Array<AnyBot | null>> => {
  const list = opponents
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
  const others = Array.from({ length: seats }, (_, seat) => seat).filter((seat) => !agents.has(seat))
  if (others.length > 0 && list.length === 0) throw new Error("opponents names no bot")
  const bots = await botsByName(
    others.map((_, i) => list[i % list.length] as string),
    game,
  )
  const bySeat: Array<AnyBot | null> = Array.from({ length: seats }, () => null)
  others.forEach((seat, i) => {
    bySeat[seat] = bots[i] as AnyBot
  })
  return bySeat
}

const distinctBots = (running: Running): AnyBot[] => [
  ...new Set(running.bots.filter((bot): bot is AnyBot => bot !== null)),
]

/** Answers requests one at a time; holds at most one game. */
export const makeEnv = () => {
  let running: Running | null = null

  const closeBots = async () => {
    if (running === null) return
    for (const bot of distinctBots(running)) await bot.close?.()
  }

  /** Plays the bots' decisions until an agent seat owes one (shown to the caller) or the game ends. */
  const advance = async (r: Running): Promise<EnvObservation> => {
    const { game } = r
    while (r.match.ended === null) {
      if (r.next >= r.decisions.length) {
        r.decisions = game.pending(r.match.state)
        r.next = 0
        if (r.decisions.length === 0)
          throw new Error(`${game.id}: nobody owes a decision but the game has not ended`)
      }
      const { seat, kind } = r.decisions[r.next] as { seat: Seat; kind: string }
      // A move can settle other seats' decisions (a reveal, a phase change): skipped, as playLocal does.
      if (!owes(r.match, seat)) {
        r.next++
        continue
      }
      const legal = game.legalCommands(r.match.state, seat) as ReadonlyArray<Typed>
      const view = viewOf(r.match, { kind: "seat", seat })
      const bot = r.bots[seat]
      if (bot === null || bot === undefined) {
        r.last = { type: "observation", done: false, seat, version: r.match.events, kind, view, legal }
        return r.last
      }
      const answer = await bot.decide(view, legal, {
        game: game.id,
        gameId: "local",
        seat,
        version: r.match.events,
        kind,
        random: r.randoms[seat] as Random,
        deadline: null,
        signal: new AbortController().signal,
      })
      let command: Typed
      if (answer === null) command = game.defaultCommand(r.match.state, seat)
      else {
        const key = canonicalJson(answer)
        if (!legal.some((c) => canonicalJson(c) === key))
          throw new Error(`${game.id}: bot ${bot.name} at seat ${seat} answered an illegal command ${key}`)
        command = answer
      }
      playCommand(r, seat, command)
    }
    const ended = r.match.ended
    for (const bot of distinctBots(r))
      await bot.gameEnded?.({
        gameId: "local",
        version: r.match.events,
        ranks: ended.ranks,
        scores: ended.scores,
        reason: ended.reason,
      })
    r.last = finalObservation(r.match, ended)
    return r.last
  }

  const playCommand = (r: Running, seat: Seat, command: Typed) => {
    const played = play(r.match, seat, command)
    if (Result.isFailure(played))
      throw new Error(
        `${r.game.id}: seat ${seat} played ${canonicalJson(command)}, refused: ${played.failure.rule}: ${played.failure.message}`,
      )
    r.match = played.success.match
    r.next++
  }

  const reset = async (request: EnvReset): Promise<EnvReply> => {
    const game = typeof request.game === "string" ? findGame(request.game)?.game : undefined
    if (game === undefined) return error("bad-reset", `unknown game ${String(request.game)}`)
    const seats = request.seats ?? 4
    const agentList = request.agents ?? [0]
    if (!agentList.every((seat) => Number.isInteger(seat) && seat >= 0 && seat < seats))
      return error("bad-reset", `agents must be seats of the game: 0 to ${seats - 1}`)
    const seed = String(request.seed ?? "1")
    const started = start(game, request.options, seats, seed)
    if (Result.isFailure(started))
      return error("bad-reset", `${started.failure.rule}: ${started.failure.message}`)
    const agents = new Set(agentList)
    let bots: Array<AnyBot | null>
    try {
      bots = await seatBots(game.id, seats, agents, request.opponents ?? "heuristic")
    } catch (e) {
      return error("bad-reset", (e as Error).message)
    }
    await closeBots()
    running = {
      game,
      bots,
      randoms: bots.map((_, seat) => botRandom(seed, seat)),
      match: started.success.match,
      decisions: [],
      next: 0,
      last: null,
    }
    const holders = bots.map((bot) => bot?.name ?? "agent")
    for (const bot of distinctBots(running))
      await bot.gameStarted?.({
        gameId: "local",
        game: game.id,
        seats: bots.flatMap((b, seat) => (b === bot ? [seat] : [])),
        players: seats,
        holders,
        decisionMs: null,
        version: running.match.events,
      })
    return await advance(running)
  }

  const step = async (request: EnvStep): Promise<EnvReply> => {
    const r = running
    const last = r?.last
    if (r === null || last === null || last === undefined || last.done)
      return error("no-decision", "no agent seat owes a decision: reset a game first")
    let command: Typed | undefined
    if (request.index !== undefined) {
      if (!Number.isInteger(request.index) || request.index < 0 || request.index >= last.legal.length)
        return error(
          "illegal-command",
          `index ${request.index} is not one of the ${last.legal.length} legal commands`,
        )
      command = last.legal[request.index] as Typed
    } else if (request.command !== undefined) {
      const key = canonicalJson(request.command)
      command = last.legal.find((c) => canonicalJson(c) === key)
      if (command === undefined)
        return error("illegal-command", `not one of the ${last.legal.length} legal commands: ${key}`)
    } else return error("illegal-command", "give a command or an index")
    playCommand(r, last.seat, command)
    return await advance(r)
  }

  /** One request's reply; a request the env cannot read is `malformed`, and nothing changes. */
  const handle = async (request: unknown): Promise<EnvReply> => {
    const type = (request as { type?: unknown } | null)?.type
    try {
      if (type === "reset") return await reset(request as EnvReset)
      if (type === "step") return await step(request as EnvStep)
    } catch (e) {
      return error("failed", (e as Error).message)
    }
    return error("malformed", `not a request: ${JSON.stringify(request)}`)
  }

  return { handle, close: closeBots }
}

/** The `boroughs-bot env` loop: a `hello`, then one reply line per request line, until `quit` or end of input. */
export const serveEnv = async (
  input: NodeJS.ReadableStream,
  write: (line: string) => void,
): Promise<void> => {
  const env = makeEnv()
  write(`${JSON.stringify({ type: "hello", protocol: 1, bridge: "boroughs-bot env" })}\n`)
  try {
    for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
      if (line.trim() === "") continue
      let request: unknown
      try {
        request = JSON.parse(line)
      } catch {
        write(`${JSON.stringify(error("malformed", "not a JSON line"))}\n`)
        continue
      }
      if ((request as { type?: unknown } | null)?.type === "quit") break
      write(`${JSON.stringify(await env.handle(request))}\n`)
    }
  } finally {
    await env.close()
  }
}
