import { type EventEnvelope, GENESIS_HASH } from "@boroughs/core"
import {
  type AppendResult,
  EventStore,
  eventIdFor,
  IdempotencyConflict,
  WrongExpectedVersion,
} from "@boroughs/store"
import { chainEvents } from "@boroughs/store/testing"
import { Effect, Layer } from "effect"

/**
 * An EventStore in memory with the real hash chain and event ids: what the engine pays per command once
 * I/O is taken away. Only append and readStream (all the engine's command path uses); benches only.
 */
export const memoryStore = (): Layer.Layer<EventStore> => {
  const streams = new Map<string, EventEnvelope[]>()
  /** Each append by the id of its first event: what the store's unique index on event ids catches a retry by. */
  const byFirstEventId = new Map<string, EventEnvelope>()
  const unsupported = () => Effect.die(new Error("not in the in-memory bench store"))
  return Layer.succeed(EventStore, {
    backend: "pglite",
    append: (request) =>
      Effect.suspend((): Effect.Effect<AppendResult, WrongExpectedVersion | IdempotencyConflict> => {
        const stream = streams.get(request.streamId) ?? []
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
        if (envelopes.length > 0) byFirstEventId.set(firstId, envelopes[0] as EventEnvelope)
        for (const e of envelopes) stream.push(e)
        if (stream.length === envelopes.length) streams.set(request.streamId, stream)
        return Effect.succeed({ envelopes, duplicate: false })
      }),
    readStream: (streamId, range) =>
      Effect.sync(() => {
        const stream = streams.get(streamId) ?? []
        const from = (range?.from ?? 1) - 1
        const to = range?.to ?? stream.length
        return stream.slice(from, to)
      }),
    head: unsupported,
    listStreams: unsupported,
    readAll: unsupported,
    checkpoint: unsupported,
    saveCheckpoint: unsupported,
    wakeups: undefined as never,
    db: undefined as never,
  })
}
