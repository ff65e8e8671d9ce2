import type { EventEnvelope } from "@boroughs/core"
import type { GlobalPosition } from "@boroughs/store"
import { Effect, PubSub, type Scope, Stream } from "effect"

/** An event on the bus: as the global log holds it (read by the tailer), or as this node just appended it. */
export type LiveEvent = EventEnvelope & {
  readonly position?: GlobalPosition
  readonly recordedAt?: string
}

/** Consecutive new events of one stream, in version order (never empty). */
export type LiveBatch = ReadonlyArray<LiveEvent>

/**
 * The in-memory fan-out of one node (ARCHITECTURE.md §1), over a `PubSub`: every event of the global log is
 * published once, each stream's in version order (not across streams: this node's own appends go out before
 * the tailer reads them back), as batches of one stream each. Unbounded, because a subscriber that missed a
 * batch would be wrong rather than late; the subscribers (the node's live games, its automatic seats) only fold.
 */
export interface LiveBus {
  /** Publishes a slice of the global log; synchronous, so a commit callback can call it. */
  readonly publish: (events: ReadonlyArray<LiveEvent>) => void
  /**
   * Every batch published from now on, for as long as the scope lasts. The subscription is taken when this
   * effect runs, not when the stream is run: nothing published in between is missed.
   */
  readonly subscribe: Effect.Effect<Stream.Stream<LiveBatch>, never, Scope.Scope>
  /**
   * Runs `onBatch` on every batch from now on, in a fiber of the caller's scope. A throw is logged (as the
   * failure of `what`) and the next batch still comes: one subscriber's bug must not end its subscription.
   */
  readonly follow: (
    what: string,
    onBatch: (batch: LiveBatch) => void,
  ) => Effect.Effect<void, never, Scope.Scope>
}

/** Splits a slice of the log into runs of one stream. */
export const batchesOf = (events: ReadonlyArray<LiveEvent>): LiveBatch[] => {
  const out: LiveBatch[] = []
  let start = 0
  for (let i = 1; i <= events.length; i++) {
    const at = events[i]
    if (at !== undefined && at.streamId === (events[start] as LiveEvent).streamId) continue
    out.push(events.slice(start, i))
    start = i
  }
  return out
}

export const makeLiveBus: Effect.Effect<LiveBus, never, Scope.Scope> = Effect.gen(function* () {
  const pubsub = yield* Effect.acquireRelease(PubSub.unbounded<LiveBatch>(), PubSub.shutdown)
  const subscribe = Effect.map(PubSub.subscribe(pubsub), Stream.fromSubscription)
  return {
    publish: (events) => {
      if (events.length === 0) return
      for (const batch of batchesOf(events)) PubSub.publishUnsafe(pubsub, batch)
    },
    subscribe,
    follow: (what, onBatch) =>
      Effect.flatMap(subscribe, (batches) =>
        batches.pipe(
          Stream.runForEach((batch) =>
            Effect.sync(() => onBatch(batch)).pipe(
              Effect.catchDefect((defect) => Effect.logError(`${what} failed on a live batch`, defect)),
            ),
          ),
          Effect.forkScoped,
          Effect.asVoid,
        ),
      ),
  }
})
