import {
  type AnyGame,
  apply,
  type EventEnvelope,
  type GameStarted,
  type Match,
  type Seat,
  toEvent,
} from "@boroughs/core"
import { nextDecisions, type OwedDecision } from "./decisionClock.js"
import { type GameSettings, namesAfter, playersAfter, settingsOf } from "./GameSettings.js"
import * as Streams from "./Streams.js"

/**
 * A game as a node follows it live: the folded match, every envelope from version 1, the settings recorded
 * at creation, and the decisions owed now with the time each started (for clocks and bots' deadlines).
 * `envelopes` grows in place; read it up to `match.events`.
 */
export interface LiveGame {
  readonly gameId: string
  readonly streamId: string
  readonly game: AnyGame
  readonly settings: GameSettings
  readonly match: Match
  readonly envelopes: ReadonlyArray<EventEnvelope>
  readonly decisions: ReadonlyArray<OwedDecision>
  /** Whether an organiser paused the game: nobody owes a decision (no clock runs) until it resumes. */
  readonly paused?: boolean
}

/** Just the envelope's own fields (events from the bus also carry their global position). */
const bare = (e: EventEnvelope): EventEnvelope => ({
  streamId: e.streamId,
  version: e.version,
  eventId: e.eventId,
  type: e.type,
  schemaVersion: e.schemaVersion,
  data: e.data,
  metadata: e.metadata,
  prevHash: e.prevHash,
  hash: e.hash,
})

/** When an append was accepted: the time the engine recorded, else when the log stored it, else now. */
const timeOf = (first: EventEnvelope): string => {
  const time = first.metadata.time
  if (typeof time === "string") return time
  const recorded = (first as { recordedAt?: unknown }).recordedAt
  return typeof recorded === "string" ? recorded : new Date().toISOString()
}

/**
 * An empty live game for the stream whose first envelope (GameStarted) is given: fold the stream, from
 * that envelope on, with `foldLive`. Null when the game is not one this node knows.
 */
export const startLive = (first: EventEnvelope, findGame: (id: string) => AnyGame | undefined) => {
  const started = toEvent(first) as GameStarted
  const game = findGame(started.game)
  if (game === undefined) return null
  const gameId = Streams.gameIdOf(first.streamId) ?? first.streamId
  const match: Match = { game, state: game.initial(started), seed: started.seed, ended: null, events: 1 }
  const live: LiveGame = {
    gameId,
    streamId: first.streamId,
    game,
    settings: settingsOf(first),
    match,
    envelopes: [],
    decisions: [],
    paused: false,
  }
  return live
}

/**
 * Folds envelopes that continue a live game (versions `match.events + 1` on, already checked by the
 * caller), one append at a time so the owed decisions are known after each. Mutates `envelopes` in place
 * and returns the game's new value.
 */
export const foldLive = (live: LiveGame, envelopes: ReadonlyArray<EventEnvelope>): LiveGame => {
  let { match, decisions, settings } = live
  let paused = live.paused ?? false
  const all = live.envelopes as EventEnvelope[]
  let i = 0
  while (i < envelopes.length) {
    const first = envelopes[i] as EventEnvelope
    const commandId = first.metadata.commandId
    // An append is the run of events that share the command id of its first event.
    let j = i
    while (j < envelopes.length && (envelopes[j] as EventEnvelope).metadata.commandId === commandId) {
      const e = envelopes[j] as EventEnvelope
      // GameStarted is folded by startLive already (the kernel's `initial`).
      if (e.version > 1) match = apply(match, toEvent(e))
      // Who holds a seat changes with an organiser's replacement; a forfeited seat is nobody's (organisers act).
      if (e.type === "SeatReplaced" || e.type === "SeatForfeited")
        settings = { ...settings, players: playersAfter(settings.players, e) }
      // A seat's name changes with SeatNamed (a guest naming themself): every detail and stream shows it.
      if (e.type === "SeatNamed")
        settings = {
          ...settings,
          names: namesAfter(settings.names ?? settings.players.map(() => null), e),
        }
      if (e.type === "GamePaused") paused = true
      if (e.type === "GameResumed") paused = false
      all.push(bare(e))
      j++
    }
    const seat = first.metadata.seat
    // While paused nobody owes anything; on resume every pending seat's clock starts afresh.
    decisions =
      match.ended || paused
        ? []
        : nextDecisions(decisions, match.game.pending(match.state), {
            seat: typeof seat === "number" ? (seat as Seat) : undefined,
            time: timeOf(first),
            version: match.events,
          })
    i = j
  }
  return { ...live, match, decisions, settings, paused }
}

/** Folds a whole stream read from the store into a live game; null when its game is not known here. */
export const liveFromStream = (
  envelopes: ReadonlyArray<EventEnvelope>,
  findGame: (id: string) => AnyGame | undefined,
): LiveGame | null => {
  const first = envelopes[0]
  if (first === undefined || first.type !== "GameStarted") return null
  const live = startLive(first, findGame)
  return live === null ? null : foldLive(live, envelopes)
}
