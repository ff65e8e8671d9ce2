import { type EventEnvelope, GENESIS_HASH } from "@boroughs/core/kernel"
import { Effect, Layer } from "effect"
import { type AppendResult, EventStore, type StreamHead } from "./EventStore.js"
import { IdempotencyConflict, WrongExpectedVersion } from "./errors.js"
import { eventIdFor } from "./eventIds.js"
import { chainEvents } from "./internal/chain.js"

/**
 * An EventStore in memory with the real hash chain and event ids, for a process that needs a game's envelopes
 * and no database: the arena's `--out` (games replayed through the engine, then exported) and the engine's
 * benches (what a command costs once I/O is taken away). It holds what the engine's command path uses
 * (append, readStream, head, listStreams); the global log, checkpoints, wake-ups and Kysely are not there and
 * die if asked for.
 */
export const memoryStoreLayer = (): Layer.Layer<EventStore> => {
  const streams = new Map<string, { readonly streamType: string; readonly events: EventEnvelope[] }>()
  /** Each append by the id of its first event: what the store's unique index on event ids catches a retry by. */
  const byFirstEventId = new Map<string, EventEnvelope>()
  const unsupported = (what: string) => () =>
    Effect.die(new Error(`the in-memory event store has no ${what}`))
  const headOf = (streamId: string): StreamHead | null => {
    const stream = streams.get(streamId)
    const last = stream?.events[stream.events.length - 1]
    return stream === undefined || last === undefined
      ? null
      : { streamId, streamType: stream.streamType, version: last.version, headHash: last.hash }
  }
  return Layer.succeed(EventStore, {
    // The field names a database backend; this store behaves as a fresh single-process PGlite would.
    backend: "pglite",
    append: (request) =>
      Effect.suspend((): Effect.Effect<AppendResult, WrongExpectedVersion | IdempotencyConflict> => {
        const stream = streams.get(request.streamId)?.events ?? []
        const firstId = eventIdFor(request.commandId, 0)
        const already = byFirstEventId.get(firstId)
        if (already !== undefined) {
          if (already.streamId !== request.streamId)
            return Effect.fail(
              new IdempotencyConflict({ commandId: request.commandId, message: "another stream" }),
            )
          const from = already.version - 1
          return Effect.succeed({
            envelopes: stream.slice(from, from + request.events.length),
            duplicate: true,
          })
        }
        if (stream.length !== request.expectedVersion)
          return Effect.fail(
            new WrongExpectedVersion({
              streamId: request.streamId,
              expectedVersion: request.expectedVersion,
              actualVersion: stream.length,
            }),
          )
        const prevHash =
          stream.length === 0 ? GENESIS_HASH : (stream[stream.length - 1] as EventEnvelope).hash
        const envelopes = chainEvents({ ...request, prevHash }).map((s) => s.envelope)
        if (envelopes.length === 0) return Effect.succeed({ envelopes, duplicate: false })
        byFirstEventId.set(firstId, envelopes[0] as EventEnvelope)
        if (stream.length === 0)
          streams.set(request.streamId, { streamType: request.streamType, events: stream })
        for (const e of envelopes) stream.push(e)
        return Effect.succeed({ envelopes, duplicate: false })
      }),
    readStream: (streamId, range) =>
      Effect.sync(() => {
        const stream = streams.get(streamId)?.events ?? []
        const from = (range?.from ?? 1) - 1
        const to = range?.to ?? stream.length
        return stream.slice(from, to)
      }),
    head: (streamId) => Effect.sync(() => headOf(streamId)),
    listStreams: (streamType, options) =>
      Effect.sync(() =>
        [...streams.keys()]
          .filter((id) => streams.get(id)?.streamType === streamType)
          .filter((id) => options?.afterStreamId === undefined || id > options.afterStreamId)
          .sort()
          .slice(0, options?.limit ?? 100)
          .map((id) => headOf(id) as StreamHead),
      ),
    readAll: unsupported("global log"),
    checkpoint: unsupported("checkpoints"),
    saveCheckpoint: unsupported("checkpoints"),
    wakeups: undefined as never,
    db: undefined as never,
  })
}
