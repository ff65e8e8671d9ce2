import { isMctsSearch } from "@boroughs/bot-sdk"
import { findGame, play, Random, type Seat, start, type Typed } from "@boroughs/core"
import { houseBotKey } from "@boroughs/engine"
import { Result } from "effect"

/** A move as GET /api/games/:id/events shows it to an organiser. */
export interface RecordedMove {
  readonly version: number
  readonly metadata: { readonly seat?: number; readonly command?: Typed }
}

/**
 * For tests: replays a game's moves from its seed in this process and, at each move of `seat`, searches the
 * position as a house bot does (the seat's view, the position's random stream, `iterations`). Returns the
 * searched commands beside the recorded ones: equal when the server searched each move itself and a search
 * under an iteration budget gives one position one answer, whichever process or thread runs it.
 */
export const researched = (
  game: string,
  gameId: string,
  seed: string,
  seats: number,
  seat: Seat,
  iterations: number,
  moves: ReadonlyArray<RecordedMove>,
): { readonly recorded: ReadonlyArray<Typed>; readonly searched: ReadonlyArray<Typed> } => {
  const def = findGame(game)?.game
  if (def === undefined) throw new Error(`no game ${game}`)
  const started = start(def, undefined, seats, seed)
  if (Result.isFailure(started)) throw new Error(started.failure.message)
  let match = started.success.match
  const recorded: Typed[] = []
  const searched: Typed[] = []
  for (const move of moves) {
    const mover = move.metadata.seat
    const command = move.metadata.command
    if (mover === undefined || command === undefined) continue
    if (mover === seat) {
      recorded.push(command)
      const view = def.view(match.state, { kind: "seat", seat })
      const legal = def.legalCommands(match.state, seat)
      const random = Random.fromKey(houseBotKey(gameId, seat, match.events))
      searched.push(isMctsSearch(def, view, seat, legal, random, { iterations }).command)
    }
    const played = play(match, mover as Seat, command)
    if (Result.isFailure(played)) throw new Error(`version ${move.version}: ${played.failure.message}`)
    match = played.success.match
  }
  return { recorded, searched }
}
