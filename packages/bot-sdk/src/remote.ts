import { Random, type Typed } from "@boroughs/core"
import {
  type BotStreamMessage,
  botEvents,
  makeClient,
  requestIdOf,
  retryDelay,
  type YourTurnMessage,
} from "@boroughs/protocol"
import { Cause, Effect, Fiber, Stream } from "effect"
import { FetchHttpClient } from "effect/http"
import type { AnyBot, DecisionContext, GameEndInfo } from "./bot.js"

export interface RunRemoteOptions {
  /** The server, e.g. `http://localhost:8080`. */
  readonly url: string
  /** A bot (or player) token: the bot plays every seat the token's name holds, in every live game. */
  readonly token: string
  readonly bot: AnyBot
  /** Stop once this many games have ended (default: run until stopped). */
  readonly games?: number | undefined
  /** Stops the runner: no new decisions, the command in flight is finished, the bot is closed. */
  readonly signal?: AbortSignal | undefined
  /** Taken off each deadline so the answer reaches the server in time (default 300 ms). */
  readonly marginMs?: number | undefined
  /** How long the bot's `gameStarted` and `gameEnded` may take before the runner goes on without them (5 s). */
  readonly hookTimeoutMs?: number | undefined
  readonly log?: ((line: string) => void) | undefined
  /** Each command the runner sends, and what became of it. */
  readonly onCommand?: ((sent: SentCommand) => void) | undefined
  /**
   * Games whose ladder the bot enters (again) before it starts reading: the server then pairs it whenever it
   * is connected and free. Stopping the runner does not leave the ladder; it only stops the pairing.
   */
  readonly ladder?: ReadonlyArray<string> | undefined
}

/** One command sent (with retries) and the server's last word on it. */
export interface SentCommand {
  readonly gameId: string
  readonly seat: number
  readonly version: number
  readonly commandId: string
  readonly command: Typed
  /** `accepted`; `duplicate` (an earlier attempt had been played); `stale` (the game moved on: 409);
   * `rejected` (422 or 403); `failed` (gave up on transient errors). */
  readonly result: "accepted" | "duplicate" | "stale" | "rejected" | "failed"
  readonly attempts: number
  readonly detail?: string | undefined
}

export interface RemoteSummary {
  readonly stopped: "games" | "signal" | "closed"
  readonly ended: ReadonlyArray<GameEndInfo>
  readonly commands: ReadonlyArray<SentCommand>
  /**
   * Decisions the bot did not answer (null); did not answer by the deadline (abandoned at it, or answered
   * after it); or that were superseded (a newer position, the game's end, the runner stopping).
   */
  readonly skipped: { readonly noAnswer: number; readonly late: number; readonly superseded: number }
}

/** The command id of a decision: the same on every retry and reconnection, so the server plays it once. */
export const commandIdOf: (gameId: string, seat: number, version: number) => string = requestIdOf

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener("abort", () => {
      clearTimeout(timer)
      resolve()
    })
  })

/** The bot's answer was not waited for: its `ctx.signal` was aborted first (the signal's reason says why). */
const GIVEN_UP = Symbol("given up")

/**
 * Asks the bot, raced against the decision's deadline and its signal: whichever comes first. At the deadline
 * the signal is aborted (reason `timeout`); once aborted, the answer is no longer waited for, so a `decide`
 * that never settles holds up nothing but itself.
 */
const ask = (
  bot: AnyBot,
  turn: YourTurnMessage,
  ctx: DecisionContext,
  abort: AbortController,
  onError: (error: unknown) => void,
): Promise<Typed | null | typeof GIVEN_UP> =>
  new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const done = (outcome: Typed | null | typeof GIVEN_UP) => {
      clearTimeout(timer)
      abort.signal.removeEventListener("abort", givenUp)
      resolve(outcome)
    }
    const givenUp = () => done(GIVEN_UP)
    if (abort.signal.aborted) return givenUp()
    abort.signal.addEventListener("abort", givenUp)
    if (ctx.deadline !== null)
      timer = setTimeout(() => abort.abort(new Error("timeout")), Math.max(0, ctx.deadline - Date.now()))
    Promise.resolve()
      .then(() => bot.decide(turn.view, turn.legal as ReadonlyArray<Typed>, ctx))
      .then(
        (answer) => done(abort.signal.aborted ? GIVEN_UP : answer),
        (error: unknown) => {
          // A bot that gives up on the abort by throwing has done as asked: no failure to report.
          if (!abort.signal.aborted) onError(error)
          done(abort.signal.aborted ? GIVEN_UP : null)
        },
      )
  })

/**
 * Plays on a server's bot gateway (`GET /api/bot/stream`) until stopped: every game where the token holds a
 * seat, each `yourTurn` answered by the bot from that seat's view. Reconnects with backoff after a drop and
 * resumes from what the server resends (the stream says what is owed; nothing needs to survive). Never plays
 * a command twice: the command id is `<gameId>:<seat>:<version>` and `expectedVersion` is the decision's
 * version, so a retry after a lost answer is played once and an answer to a position that is gone is
 * refused (409), and a decision already answered is not asked again.
 *
 * Decisions of different games and seats are asked at once, each on its own: a slow or stuck `decide` holds up
 * no other. Each is raced against its deadline (the server's, less `marginMs`) and its `ctx.signal`: at the
 * deadline the signal is aborted and the decision abandoned (counted `late`; the server's clock plays the
 * default), and a newer position of the same seat, the game's end or the runner stopping abort it likewise
 * (`superseded`). An abandoned `decide` is not waited for: it should stop when its signal fires.
 */
export const runRemote = async (options: RunRemoteOptions): Promise<RemoteSummary> => {
  const { bot } = options
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`))
  const marginMs = options.marginMs ?? 300
  const hookTimeoutMs = options.hookTimeoutMs ?? 5_000

  /**
   * Runs a bot's hook without letting it hold up the stream: one that throws is logged, one that has not
   * returned after `hookTimeoutMs` is left to finish on its own while the runner reads on.
   */
  const runHook = async (hook: string, gameId: string, call: () => void | Promise<void>): Promise<void> => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        log(
          `boroughs-bot: ${bot.name}'s ${hook} for ${gameId} has not returned after ${hookTimeoutMs} ms; going on`,
        )
        resolve()
      }, hookTimeoutMs)
    })
    try {
      await Promise.race([Promise.resolve().then(call), late])
    } catch (error) {
      log(
        `boroughs-bot: ${bot.name}'s ${hook} for ${gameId} failed: ${error instanceof Error ? error.message : error}`,
      )
    } finally {
      clearTimeout(timer)
    }
  }
  const baseUrl = options.url.replace(/\/+$/, "")
  const client = await Effect.runPromise(
    makeClient({ baseUrl, token: options.token }).pipe(Effect.provide(FetchHttpClient.layer)),
  )

  for (const game of options.ladder ?? []) {
    for (let attempt = 1; ; attempt++) {
      const exit = await Effect.runPromiseExit(client.ladder.enterLadder({ payload: { game } }))
      if (exit._tag === "Success") {
        log(`boroughs-bot: entered the ${game} ladder as ${exit.value.holder}`)
        break
      }
      const found = Cause.findErrorOption(exit.cause)
      const error = (
        found._tag === "Some" ? found.value : { _tag: "Defect", message: Cause.pretty(exit.cause) }
      ) as {
        readonly _tag: string
        readonly message?: string
      }
      const delay = retryDelay(error, attempt)
      if (delay === null || attempt >= 5)
        throw new Error(`cannot enter the ${game} ladder: ${error._tag}: ${error.message ?? ""}`)
      await sleep(delay)
    }
  }

  /** Command ids already settled (sent and answered, or given up): never asked or sent again. */
  const settled = new Set<string>()
  const gameOf = new Map<string, string>()
  const startedGames = new Set<string>()
  const endedGames = new Set<string>()
  /** Games of another kind than the bot is written for. */
  const refused = new Set<string>()
  const ended: GameEndInfo[] = []
  const commands: SentCommand[] = []
  const skipped = { noAnswer: 0, late: 0, superseded: 0 }
  /** The newest decision of each `gameId:seat` that is being thought about or sent. */
  const underWay = new Map<string, { version: number; gameId: string; abort: AbortController }>()
  /** Every decision task still running: the runner waits for them (their sends) before it returns. */
  const tasks = new Set<Promise<void>>()
  let stopped: RemoteSummary["stopped"] | null = null
  const stop = new AbortController()
  const finish = (why: RemoteSummary["stopped"]) => {
    if (stopped !== null) return
    stopped = why
    stop.abort(new Error(why))
    for (const decision of underWay.values()) decision.abort.abort(new Error("stopped"))
  }
  options.signal?.addEventListener("abort", () => finish("signal"))
  if (options.signal?.aborted) finish("signal")

  /** Sends one command, retrying transient failures with the same id until the server has a final word. */
  const send = async (turn: YourTurnMessage, command: Typed): Promise<SentCommand> => {
    const commandId = commandIdOf(turn.gameId, turn.seat, turn.version)
    const base = { gameId: turn.gameId, seat: turn.seat, version: turn.version, commandId, command }
    for (let attempt = 1; ; attempt++) {
      const exit = await Effect.runPromiseExit(
        client.games.command({
          params: { gameId: turn.gameId },
          payload: { commandId, seat: turn.seat, command, expectedVersion: turn.version },
        }),
      )
      if (exit._tag === "Success")
        return { ...base, result: exit.value.duplicate ? "duplicate" : "accepted", attempts: attempt }
      const found = Cause.findErrorOption(exit.cause)
      const error = (
        found._tag === "Some" ? found.value : { _tag: "Defect", message: Cause.pretty(exit.cause) }
      ) as {
        readonly _tag: string
        readonly message?: string
        readonly reason?: string
        readonly rule?: string
      }
      const detail = `${error._tag}${error.reason ? ` ${error.reason}` : ""}${error.rule ? ` ${error.rule}` : ""}: ${error.message ?? ""}`
      if (error._tag === "Conflict" && error.reason === "stale-version")
        return { ...base, result: "stale", attempts: attempt, detail }
      if (error._tag === "RuleViolation" || error._tag === "Forbidden" || error._tag === "Conflict")
        return { ...base, result: "rejected", attempts: attempt, detail }
      // Network failures, 5xx and 429: the same id again after a pause (the first try may have been played).
      const delay = retryDelay(error, attempt)
      const pastDeadline = turn.deadline !== null && Date.now() > Date.parse(turn.deadline)
      if (delay === null || attempt >= 10 || pastDeadline || stopped === "signal")
        return { ...base, result: "failed", attempts: attempt, detail }
      await sleep(delay)
    }
  }

  /** One decision, from asking the bot to the server's word on the command. */
  const decide = async (turn: YourTurnMessage, abort: AbortController) => {
    const commandId = commandIdOf(turn.gameId, turn.seat, turn.version)
    const ctx: DecisionContext = {
      game: gameOf.get(turn.gameId) ?? "unknown",
      gameId: turn.gameId,
      seat: turn.seat,
      version: turn.version,
      kind: turn.kind,
      random: Random.fromKey(`${turn.gameId}/${turn.seat}/${turn.version}/${bot.name}`),
      deadline: turn.deadline === null ? null : Date.parse(turn.deadline) - marginMs,
      signal: abort.signal,
    }
    const answer = await ask(bot, turn, ctx, abort, (error) =>
      log(`boroughs-bot: ${bot.name} failed on ${commandId}: ${(error as Error).message}`),
    )
    if (answer === GIVEN_UP) {
      const reason = abort.signal.reason
      if (reason instanceof Error && reason.message === "timeout") {
        skipped.late++
        settled.add(commandId)
      } else skipped.superseded++
      return
    }
    if (answer === null) {
      skipped.noAnswer++
      return
    }
    // A bot that never yields (a synchronous search) is not cut short by the timer: late all the same.
    if (turn.deadline !== null && Date.now() > Date.parse(turn.deadline)) {
      skipped.late++
      settled.add(commandId)
      return
    }
    const sent = await send(turn, answer)
    settled.add(commandId)
    commands.push(sent)
    options.onCommand?.(sent)
    if (sent.result === "rejected" || sent.result === "failed")
      log(`boroughs-bot: ${commandId} ${sent.result} after ${sent.attempts} attempt(s): ${sent.detail}`)
  }

  /** Starts deciding `turn` beside every other decision under way; a newer one of its seat replaces it. */
  const startDecision = (turn: YourTurnMessage) => {
    const key = `${turn.gameId}:${turn.seat}`
    const abort = new AbortController()
    const decision = { version: turn.version, gameId: turn.gameId, abort }
    underWay.set(key, decision)
    const task = decide(turn, abort).finally(() => {
      if (underWay.get(key) === decision) underWay.delete(key)
      tasks.delete(task)
    })
    tasks.add(task)
  }

  const onMessage = async (m: BotStreamMessage) => {
    switch (m.type) {
      case "gameStarted": {
        if (bot.game !== undefined && bot.game !== m.game) {
          // A bot written for one game sits out the others (their clocks play for it): said once per game.
          if (!refused.has(m.gameId))
            log(`boroughs-bot: ${bot.name} plays ${bot.game}, not ${m.game} (${m.gameId})`)
          refused.add(m.gameId)
          return
        }
        gameOf.set(m.gameId, m.game)
        if (startedGames.has(m.gameId)) return
        startedGames.add(m.gameId)
        const started = {
          gameId: m.gameId,
          game: m.game,
          seats: m.seats,
          players: m.players.length,
          holders: m.players,
          decisionMs: m.decisionMs,
          version: m.version,
        }
        if (bot.gameStarted !== undefined)
          await runHook("gameStarted", m.gameId, () => bot.gameStarted?.(started))
        return
      }
      case "yourTurn": {
        if (
          stopped !== null ||
          refused.has(m.gameId) ||
          endedGames.has(m.gameId) ||
          settled.has(commandIdOf(m.gameId, m.seat, m.version))
        )
          return
        const current = underWay.get(`${m.gameId}:${m.seat}`)
        if (current !== undefined && current.version >= m.version) return
        // The game moved while the seat still owes (a clock's default, others' simultaneous moves): the
        // older answer is moot, and the bot is not waited for before the newer decision is asked.
        current?.abort.abort(new Error("superseded"))
        return startDecision(m)
      }
      case "gameEnded": {
        for (const decision of underWay.values())
          if (decision.gameId === m.gameId) decision.abort.abort(new Error("the game ended"))
        if (endedGames.has(m.gameId) || refused.has(m.gameId)) return
        endedGames.add(m.gameId)
        const info = {
          gameId: m.gameId,
          version: m.version,
          ranks: m.ranks,
          scores: m.scores,
          reason: m.reason,
        }
        ended.push(info)
        if (bot.gameEnded !== undefined) await runHook("gameEnded", m.gameId, () => bot.gameEnded?.(info))
        if (options.games !== undefined && ended.length >= options.games) finish("games")
        return
      }
      case "streamClosed":
        log(`boroughs-bot: the server closed the stream (${m.reason}): ${m.message}`)
        return
      case "keepAlive":
        return
    }
  }

  const events = Effect.runFork(
    botEvents({ baseUrl, token: options.token }).pipe(
      Stream.runForEach((m) => Effect.promise(() => onMessage(m))),
      Effect.provide(FetchHttpClient.layer),
    ),
  )
  const streamDone = Effect.runPromiseExit(Fiber.join(events)).then((exit) => {
    if (exit._tag === "Failure" && !Cause.hasInterruptsOnly(exit.cause)) {
      const found = Cause.findErrorOption(exit.cause)
      const message =
        found._tag === "Some" ? `${found.value._tag}: ${found.value.message}` : Cause.pretty(exit.cause)
      throw new Error(`boroughs-bot: the bot stream failed: ${message}`)
    }
    finish("closed")
  })
  stop.signal.addEventListener("abort", () => {
    void Effect.runPromise(Fiber.interrupt(events))
  })
  try {
    await streamDone
  } finally {
    finish("closed")
    // Every decision was aborted by now: what is left are commands being sent, finished as they stand.
    while (tasks.size > 0) await Promise.allSettled([...tasks])
    await bot.close?.()
  }
  return { stopped: stopped ?? "closed", ended, commands, skipped }
}
