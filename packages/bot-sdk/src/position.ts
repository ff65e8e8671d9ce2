import { botRandom, canonicalJson, type Typed } from "@boroughs/core"
import { Position } from "@boroughs/protocol"
import { Schema } from "effect"
import { answerOf, NO_ANSWER } from "./answer.js"
import { type AnyBot, checkBotFits } from "./bot.js"

/** A position file (`boroughs position` prints one), checked: a clear error says which field is wrong. */
export const readPosition = (text: string): Position => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new Error(`a position is JSON: ${(e as Error).message}`)
  }
  const decoded = Schema.decodeUnknownResult(Position)(json)
  if (decoded._tag === "Failure") throw new Error(`not a position: ${decoded.failure.message}`)
  return decoded.success
}

export interface PositionTestOptions {
  readonly position: Position
  readonly bot: AnyBot
  /** The bot's random stream is the one this seed gives the seat (default "1", as `boroughs-bot local`). */
  readonly seed?: string | undefined
  /** A clock for the decision; null (default): none. */
  readonly decisionMs?: number | null | undefined
  /** The command the bot should play: the test passes only if it does. */
  readonly expected?: Typed | undefined
}

/** What a bot did at a position. `ok`: it answered a legal command (the expected one, when one is given). */
export interface PositionTestResult {
  readonly ok: boolean
  readonly bot: string
  readonly command: Typed | null
  /** `illegal`, `timeout`, `no-answer` or `unexpected`; null when ok. */
  readonly problem: "illegal" | "timeout" | "no-answer" | "unexpected" | null
  readonly ms: number
  readonly expected?: Typed
}

/**
 * Asks a bot for the decision of a position exactly as a game would: the seat's view, the legal commands in
 * their order, the seat's own random stream, a deadline when given. The game's start is announced first, so
 * bots that keep state per game (a stdio program) are told which game and seat it is.
 */
export const testPosition = async (o: PositionTestOptions): Promise<PositionTestResult> => {
  const { position, bot } = o
  checkBotFits(bot, position.game)
  if (position.decision === null || position.legal.length === 0)
    throw new Error(
      `seat ${position.seat} owes no decision at position ${position.version}: nothing to ask a bot`,
    )
  const legal = position.legal as ReadonlyArray<Typed>
  const decisionMs = o.decisionMs ?? null
  await bot.gameStarted?.({
    gameId: position.gameId,
    game: position.game,
    seats: [position.seat],
    players: position.players,
    holders: Array.from({ length: position.players }, () => null),
    decisionMs,
    version: position.version,
  })
  const abort = new AbortController()
  const asked = performance.now()
  const answer = await answerOf(
    bot,
    position.view,
    legal,
    {
      game: position.game,
      gameId: position.gameId,
      seat: position.seat,
      version: position.version,
      kind: position.decision,
      random: botRandom(o.seed ?? "1", position.seat),
      deadline: decisionMs === null ? null : Date.now() + decisionMs,
      signal: abort.signal,
    },
    abort,
    decisionMs,
  )
  const ms = performance.now() - asked
  const expected = o.expected === undefined ? {} : { expected: o.expected }
  const result = (command: Typed | null, problem: PositionTestResult["problem"]): PositionTestResult => ({
    ok: problem === null,
    bot: bot.name,
    command,
    problem,
    ms,
    ...expected,
  })
  if (answer === NO_ANSWER) return result(null, "timeout")
  if (answer === null) return result(null, "no-answer")
  const key = canonicalJson(answer)
  if (!legal.some((c) => canonicalJson(c) === key)) return result(answer, "illegal")
  if (o.expected !== undefined && canonicalJson(o.expected) !== key) return result(answer, "unexpected")
  return result(answer, null)
}
