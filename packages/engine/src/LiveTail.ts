import type { EventEnvelope } from "@boroughs/core"
import { EventStore, type GlobalPosition, StoreError } from "@boroughs/store"
import { Context, Effect, Layer, Semaphore, Stream } from "effect"
import { BoundedMap } from "./internal/BoundedMap.js"
import { failureLog } from "./internal/failureLog.js"
import { type LiveBus, type LiveEvent, makeLiveBus } from "./internal/LiveBus.js"
import { fencedTail } from "./internal/tailPosition.js"

/** Events read per query while draining; a longer backlog takes several reads. */
const BATCH = 1_000
/** Streams whose last published version is remembered (the least recently active are forgotten). */
const MAX_TRACKED_STREAMS = 20_000

/**
 * The live tailer of one node (ARCHITECTURE.md §1, §4): on every wake-up (an append here, a NOTIFY from
 * another node, or the store's polling tick) it drains the fenced global log from where it stopped and
 * publishes each event to the node's bus. This node's own appends are published as soon as they commit
 * (`publishAppended`) and skipped when read back, so each event goes out once, each stream in order. It
 * starts at the current end of the log: history is read from streams, the tailer carries what happens next.
 */
export class LiveTail extends Context.Service<
  LiveTail,
  {
    readonly bus: LiveBus
    /** Where the tailer has published up to (null: the log was empty and nothing has arrived). */
    readonly position: () => GlobalPosition | null
    /** Drains now: when it returns, everything committed before the call has been published. */
    readonly drain: Effect.Effect<void, StoreError>
    /**
     * Publishes events this node has just appended (committed), at once: local spectators need not wait for
     * the tailer's read. The tailer skips them when it reads them back; nothing is published twice.
     */
    readonly publishAppended: (events: ReadonlyArray<EventEnvelope>) => void
  }
>()("@boroughs/engine/LiveTail") {
  static readonly layer: Layer.Layer<LiveTail, StoreError, EventStore> = Layer.effect(
    LiveTail,
    Effect.gen(function* () {
      const store = yield* EventStore
      const bus = yield* makeLiveBus
      let position: GlobalPosition | null = yield* Effect.tryPromise({
        try: () => fencedTail(store.db),
        catch: (cause) =>
          new StoreError({ reason: "query", message: `reading the end of the global log: ${cause}`, cause }),
      })
      // The last version published per stream: each event goes out once, whichever path brings it first.
      const published = new BoundedMap<string, number>(MAX_TRACKED_STREAMS)
      const publish = (events: ReadonlyArray<LiveEvent>) => {
        const fresh = events.filter((e) => e.version > (published.get(e.streamId) ?? 0))
        if (fresh.length === 0) return
        for (const e of fresh) published.set(e.streamId, e.version)
        bus.publish(fresh)
      }
      const mutex = yield* Semaphore.make(1)
      const drainOnce = Effect.gen(function* () {
        for (;;) {
          const events = yield* store.readAll(position, BATCH)
          if (events.length === 0) return
          position = (events[events.length - 1] as (typeof events)[number]).position
          publish(events)
          if (events.length < BATCH) return
        }
      })
      const drain = mutex.withPermits(1)(drainOnce)
      // A failed drain (the database away) is retried on the next wake-up: the polling tick keeps coming.
      const log = failureLog("live tailer")
      yield* store.wakeups.pipe(
        Stream.runForEach(() =>
          drain.pipe(
            Effect.tap(() => log.succeeded),
            Effect.catch((error: StoreError) => log.failed(error.message)),
          ),
        ),
        Effect.forkScoped,
      )
      return { bus, position: () => position, drain, publishAppended: publish }
    }),
  )
}
