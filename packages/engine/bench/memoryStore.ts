import {
  canonicalJson,
  type EventEnvelope,
  envelopeHashOf,
  exactCanonicalJson,
  GENESIS_HASH,
} from "@boroughs/core"
import {
  type AppendResult,
  EventStore,
  eventIdFor,
  IdempotencyConflict,
  WrongExpectedVersion,
} from "@boroughs/store"
import { Effect, Layer } from "effect"

type Json = EventEnvelope["data"]

/** Data or metadata as the real store keeps and hashes it (its canonical JSON, the value a read returns). */
const stored = (value: Json | undefined): { readonly json: Json; readonly canonical: string } => {
  if (value === undefined) return { json: {}, canonical: "{}" }
  const exact = exactCanonicalJson(value)
  if (exact !== undefined) return { json: value, canonical: exact }
  const json = JSON.parse(JSON.stringify(value)) as Json
  return { json, canonical: canonicalJson(json) }
}

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
        let prevHash = stream.length === 0 ? GENESIS_HASH : (stream[stream.length - 1] as EventEnvelope).hash
        const envelopes = request.events.map((event, index) => {
          const data = stored(event.data)
          const metadata = stored(event.metadata)
          const version = request.expectedVersion + index + 1
          const eventId = index === 0 ? firstId : eventIdFor(request.commandId, index)
          const schemaVersion = event.schemaVersion ?? 1
          const hash = envelopeHashOf(
            { streamId: request.streamId, version, eventId, type: event.type, schemaVersion, prevHash },
            data.canonical,
            metadata.canonical,
          )
          const envelope: EventEnvelope = {
            streamId: request.streamId,
            version,
            eventId,
            type: event.type,
            schemaVersion,
            data: data.json,
            metadata: metadata.json,
            prevHash,
            hash,
          }
          prevHash = hash
          return envelope
        })
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
