import {
  type AnyGame,
  apply,
  type EventEnvelope,
  type GameStarted,
  type Match,
  toEvent,
} from "@boroughs/core"
import type { EventStore, StoreError } from "@boroughs/store"
import { Effect } from "effect"
import * as Streams from "../Streams.js"
import { BoundedMap } from "./BoundedMap.js"

/**
 * Games a projection keeps folded between batches; the least recently used go first. More than a batch's
 * streams (ProjectionRunner's BATCH), so what `prepare` reads stays until `fold` uses it.
 */
const CAPACITY = 1_000

/**
 * The matches a projection folds as events arrive, so each event is folded once. `prepare` reads, before
 * a batch's transaction, the match before each game stream's first event in the batch when the cache cannot
 * continue it (a rolled-back transaction, a restart, eviction); `fold` then only folds, synchronously.
 */
export class ProjectionFolds {
  /** Per game stream, the match after its last folded event; null for a game this node does not know. */
  private readonly cache = new BoundedMap<string, Match | null>(CAPACITY)

  constructor(
    private readonly store: EventStore["Service"],
    private readonly findGame: (id: string) => AnyGame | undefined,
  ) {}

  /**
   * Folds one game stream's consecutive events of a prepared batch; `each` sees the match after every event.
   * Null when the stream is not a game this node knows (its events are skipped).
   */
  fold(
    events: ReadonlyArray<EventEnvelope>,
    each?: (match: Match, envelope: EventEnvelope) => void,
  ): Match | null {
    const first = events[0]
    if (first === undefined) return null
    let match: Match | undefined
    if (first.version !== 1) {
      const before = this.cache.get(first.streamId)
      if (before === null) return null
      // `prepare` ran on the batch this run belongs to: a miss is a caller's bug, and fails the transaction.
      if (before === undefined || before.events !== first.version - 1)
        throw new Error(`${first.streamId} was not prepared to fold from version ${first.version}`)
      match = before
    }
    for (const e of events) {
      if (e.version === 1) {
        const started = toEvent(e) as GameStarted
        const game = this.findGame(started.game)
        if (game === undefined) {
          this.cache.set(first.streamId, null)
          return null
        }
        match = { game, state: game.initial(started), seed: started.seed, ended: null, events: 1 }
      } else match = apply(match as Match, toEvent(e))
      each?.(match as Match, e)
    }
    if (match === undefined) return null
    this.cache.set(first.streamId, match)
    return match
  }

  /**
   * Reads, outside any transaction, what `fold` will need of each game stream in `events` before its first
   * event there. Projections fold inside their batch's transaction, and on PGlite that transaction holds the
   * only session, so a read from there would wait for itself forever.
   */
  prepare(events: ReadonlyArray<EventEnvelope>): Effect.Effect<void, StoreError> {
    const seen = new Set<string>()
    const missing = new Map<string, EventEnvelope>()
    for (const e of events) {
      // Only a stream's first event in the batch matters: its later ones continue what `fold` folds.
      if (seen.has(e.streamId)) continue
      seen.add(e.streamId)
      if (e.version === 1 || Streams.gameIdOf(e.streamId) === null) continue
      const cached = this.cache.get(e.streamId)
      if (cached === null || cached?.events === e.version - 1) continue
      missing.set(e.streamId, e)
    }
    return Effect.forEach(
      missing.values(),
      (first) =>
        Effect.map(this.store.readStream(first.streamId, { to: first.version - 1 }), (earlier) =>
          this.cache.set(first.streamId, this.matchOf(earlier)),
        ),
      { discard: true },
    )
  }

  /** The match a stream's events fold to from its start; null when they do not start a game known here. */
  private matchOf(envelopes: ReadonlyArray<EventEnvelope>): Match | null {
    const head = envelopes[0]
    if (head === undefined || head.type !== "GameStarted") return null
    const started = toEvent(head) as GameStarted
    const game = this.findGame(started.game)
    if (game === undefined) return null
    let match: Match = { game, state: game.initial(started), seed: started.seed, ended: null, events: 1 }
    for (let i = 1; i < envelopes.length; i++) match = apply(match, toEvent(envelopes[i] as EventEnvelope))
    return match
  }
}
