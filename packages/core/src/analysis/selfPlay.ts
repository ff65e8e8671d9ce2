import { Result } from "effect"
import type { Bot } from "../kernel/bot.js"
import { toData } from "../kernel/envelope.js"
import type { AnyGame, GameEnded, Typed } from "../kernel/game.js"
import { play, start } from "../kernel/match.js"
import { botCommand, botRandom } from "../kernel/simulate.js"
import type { LoggedEvent } from "./analyse.js"

/**
 * A game self-played by `bots` (one per seat, each on its own random stream keyed by the seed, as `simulate`
 * plays) written as the store would log it: numbered events, each append's commandId, and the seat and command
 * on its first event. For analysis tests and calibration, which need a log without a database.
 */
export const selfPlayedLog = (
  game: AnyGame,
  options: unknown,
  bots: ReadonlyArray<Bot>,
  seed: string,
  maxCommands = 100_000,
): { readonly log: ReadonlyArray<LoggedEvent>; readonly ended: GameEnded } => {
  const opened = start(game, options, bots.length, seed)
  if (Result.isFailure(opened)) throw new Error(opened.failure.message)
  const log: LoggedEvent[] = []
  const append = (events: ReadonlyArray<Typed>, metadata: Record<string, unknown>) =>
    events.forEach((event, k) => {
      const { type, data } = toData(event)
      log.push({
        version: log.length + 1,
        type,
        data,
        metadata: k === 0 ? metadata : { commandId: metadata.commandId },
      })
    })
  append(opened.success.events, { commandId: "create" })
  let match = opened.success.match
  const randoms = bots.map((_, seat) => botRandom(seed, seat))
  for (let n = 0; match.ended === null; n++) {
    if (n > maxCommands) throw new Error(`${game.id}: no end after ${maxCommands} commands`)
    const decision = game.pending(match.state)[0]
    if (decision === undefined)
      throw new Error(`${game.id}: nobody owes a decision but the game has not ended`)
    const { seat } = decision
    const command = botCommand(
      match,
      seat,
      bots[seat] as Bot,
      randoms[seat] as NonNullable<(typeof randoms)[number]>,
    )
    const played = play(match, seat, command)
    if (Result.isFailure(played)) throw new Error(`${played.failure.rule}: ${played.failure.message}`)
    append(played.success.events, { commandId: `c${n}`, seat, command })
    match = played.success.match
  }
  return { log, ended: match.ended as GameEnded }
}
