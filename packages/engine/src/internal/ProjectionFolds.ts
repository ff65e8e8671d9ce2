import {
  type AnyGame,
  apply,
  type EventEnvelope,
  type GameStarted,
  type Match,
  toEvent,
} from "@boroughs/core"
import type { EventStore } from "@boroughs/store"
import { Effect } from "effect"

/** Games a projection keeps folded between batches; the least recently used go first. */
const CAPACITY = 1_000

/**
 * The matches a projection folds as events arrive, so each event is folded once. A batch that does not
 * continue the cached match (a rolled-back transaction, a restart, eviction) re-reads the stream up to it.
 */
export class ProjectionFolds {
  private readonly cache = new Map<string, Match>()

  constructor(
    private readonly store: EventStore["Service"],
    private readonly findGame: (id: string) => AnyGame | undefined,
  ) {}

  /**
   * Folds one stream's consecutive events; `each` sees the match after every event. Null when the stream
   * is not a game this node knows (its events are skipped).
   */
  async fold(
    events: ReadonlyArray<EventEnvelope>,
    each?: (match: Match, envelope: EventEnvelope) => void,
  ): Promise<Match | null> {
    const first = events[0]
    if (first === undefined) return null
    const before = await this.before(first)
    if (before === null) return null
    let match: Match | undefined = before
    for (const e of events) {
      if (e.version === 1) {
        const started = toEvent(e) as GameStarted
        const game = this.findGame(started.game)
        if (game === undefined) return null
        match = { game, state: game.initial(started), seed: started.seed, ended: null, events: 1 }
      } else match = apply(match as Match, toEvent(e))
      each?.(match as Match, e)
    }
    if (match === undefined) return null
    this.cache.delete(first.streamId)
    this.cache.set(first.streamId, match)
    if (this.cache.size > CAPACITY) this.cache.delete(this.cache.keys().next().value as string)
    return match
  }

  /**
   * Reads, outside any transaction, what `fold` will need of each stream in `events` before its first event
   * there: the matches a restart or an eviction lost. Projections fold inside their batch's transaction, and
   * on PGlite that transaction holds the only session, so a read from there would wait for itself forever.
   */
  async prepare(events: ReadonlyArray<EventEnvelope>): Promise<void> {
    const firsts = new Map<string, EventEnvelope>()
    for (const e of events) if (!firsts.has(e.streamId)) firsts.set(e.streamId, e)
    for (const [streamId, first] of firsts) {
      const before = await this.before(first)
      if (before !== null && before !== undefined) this.cache.set(streamId, before)
    }
  }

  /** The match just before `first` (an empty placeholder when `first` is GameStarted). */
  private async before(first: EventEnvelope): Promise<Match | null | undefined> {
    if (first.version === 1) return undefined
    const cached = this.cache.get(first.streamId)
    if (cached !== undefined && cached.events === first.version - 1) return cached
    const earlier = await Effect.runPromise(this.store.readStream(first.streamId, { to: first.version - 1 }))
    const head = earlier[0]
    if (head === undefined || head.type !== "GameStarted") return null
    const started = toEvent(head) as GameStarted
    const game = this.findGame(started.game)
    if (game === undefined) return null
    let match: Match = { game, state: game.initial(started), seed: started.seed, ended: null, events: 1 }
    for (let i = 1; i < earlier.length; i++) match = apply(match, toEvent(earlier[i] as EventEnvelope))
    return match
  }
}
