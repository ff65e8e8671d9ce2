import { writeFile } from "node:fs/promises"
import { findGame, type GameStarted, replay, seatDecision, toEvent } from "@boroughs/core"
import { pendingSeats, Streams } from "@boroughs/engine"
import { POSITION_FORMAT, type Position } from "@boroughs/protocol"
import { CliError } from "../fail.js"
import { gameEnvelopes } from "../gameEnvelopes.js"

export interface PositionOptions {
  readonly file?: string | undefined
  readonly gameId?: string | undefined
  readonly db?: string | undefined
  readonly at: number
  readonly seat?: number | undefined
  readonly out?: string | undefined
}

/**
 * One seat's decision at one position of a game (from the database or an export): its view, what it owes
 * and its legal commands, as a bot there was asked. Without `seat`, the first seat that owes a decision.
 */
export const positionOf = async (o: PositionOptions): Promise<Position> => {
  const envelopes = await gameEnvelopes(o, "position")
  const first = envelopes[0]
  if (first?.type !== "GameStarted") throw new CliError("the stream does not start with GameStarted")
  const started = toEvent(first) as GameStarted
  const game = findGame(started.game)?.game
  if (game === undefined)
    throw new CliError(`the stream is a game this version does not know: ${started.game}`)
  if (o.at < 1 || o.at > envelopes.length)
    throw new CliError(`the game has positions 1–${envelopes.length}; --at ${o.at} is not one of them`)
  const match = replay(game, envelopes.slice(0, o.at).map(toEvent))
  const pending = pendingSeats(match)
  const seat = o.seat ?? pending[0]
  if (seat === undefined)
    throw new CliError(`nobody owes a decision at position ${o.at}: name the seat to see it as with --seat`)
  if (seat < 0 || seat >= started.seats)
    throw new CliError(`the game has seats 0–${started.seats - 1}; --seat ${seat} is not one of them`)
  const { decision, view, legal } = seatDecision(match, seat)
  return {
    format: POSITION_FORMAT,
    game: game.id,
    gameId: Streams.gameIdOf(first.streamId) ?? first.streamId,
    version: o.at,
    players: started.seats,
    options: started.options,
    seat,
    decision,
    view,
    legal,
    pending,
  }
}

/** Prints the position as JSON, or writes it to `out`. */
export const printPosition = async (o: PositionOptions): Promise<void> => {
  const text = `${JSON.stringify(await positionOf(o), null, 2)}\n`
  if (o.out === undefined) process.stdout.write(text)
  else await writeFile(o.out, text)
}
