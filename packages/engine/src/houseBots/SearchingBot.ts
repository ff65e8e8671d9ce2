import type { EventEnvelope, Seat, Typed } from "@boroughs/core"
import { Data, type Effect } from "effect"
import { deadlineOf } from "../decisionClock.js"
import type { LoadedGame } from "../GameEngine.js"
import { liveFromStream } from "../liveFold.js"

/**
 * One decision of a house bot that searches, as much as the seat may know: its own view, never the state.
 * `randomKey` fixes the bot's random stream by game, seat and version, so one position gets one answer
 * under an iteration budget whichever process (or retry) asks.
 */
export interface HouseTurn {
  readonly gameId: string
  /** The game's id in the registry (`uptown`…). */
  readonly game: string
  readonly seat: Seat
  /** The stream version the decision is at: the command applies only there. */
  readonly version: number
  readonly view: unknown
  readonly legal: ReadonlyArray<Typed>
  readonly randomKey: string
  /** When the seat's clock plays its default command (epoch ms); null: the game has no clock. */
  readonly deadline: number | null
}

/** A searching house bot could not choose (a failed worker, a clock that ran out first). */
export class HouseBotFailed extends Data.TaggedError("HouseBotFailed")<{ readonly message: string }> {}

/**
 * A house bot that takes time to choose (IS-MCTS): it answers as an Effect, so the search runs elsewhere (a
 * worker thread) while the caller's fibers go on. The quick bots (random, heuristic) stay plain `Bot`s.
 */
export interface SearchingBot {
  readonly choose: (turn: HouseTurn) => Effect.Effect<Typed, HouseBotFailed>
}

/** The key of a house bot's random stream at a position: the one every house bot of the scheduler uses. */
export const houseBotKey = (gameId: string, seat: Seat, version: number): string =>
  `boroughs/tournament-bot/${gameId}/${seat}/${version}`

/** The turn a seat owes in a loaded game: its view, its legal commands and its clock's deadline. */
export const houseTurnOf = (loaded: LoadedGame, seat: Seat, decisionMs: number | null): HouseTurn => {
  const { match } = loaded
  const def = match.game
  return {
    gameId: loaded.gameId,
    game: def.id,
    seat,
    version: match.events,
    view: def.view(match.state, { kind: "seat", seat }),
    legal: def.legalCommands(match.state, seat),
    randomKey: houseBotKey(loaded.gameId, seat, match.events),
    deadline: decisionMs === null ? null : deadlineAt(loaded, seat, decisionMs),
  }
}

/**
 * When the seat's clock runs out: from when it started to owe this decision (which a move of another seat
 * does not reset), as the clock itself reckons it. Null when the stream cannot be followed here.
 */
const deadlineAt = (loaded: LoadedGame, seat: Seat, decisionMs: number): number | null => {
  const live = liveFromStream(loaded.envelopes.slice(0, loaded.match.events) as EventEnvelope[], (id) =>
    id === loaded.match.game.id ? loaded.match.game : undefined,
  )
  const owed = live?.decisions.find((d) => d.seat === seat)
  return owed === undefined ? null : deadlineOf(owed, decisionMs)
}
