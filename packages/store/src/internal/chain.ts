import { type EventEnvelope, envelopeHash } from "@boroughs/core"
import type { NewEvent } from "../EventStore.js"
import { eventIdFor } from "../eventIds.js"
import type { StoredEvent } from "./appendSql.js"

const EMPTY_METADATA = "{}"

/**
 * Builds the envelopes of one append, chained onto `prevHash` at `expectedVersion`. Data and metadata are
 * serialised once; the hash is computed over the values parsed back from that text, so what is hashed is
 * exactly what jsonb stores (undefined fields dropped, numbers as JSON writes them) and a read verifies.
 */
export const chainEvents = (input: {
  readonly streamId: string
  readonly expectedVersion: number
  readonly commandId: string
  readonly prevHash: string
  readonly events: ReadonlyArray<NewEvent>
}): ReadonlyArray<StoredEvent> => {
  let prevHash = input.prevHash
  return input.events.map((event, index) => {
    const dataText = JSON.stringify(event.data)
    const metadataText = event.metadata === undefined ? EMPTY_METADATA : JSON.stringify(event.metadata)
    const unhashed = {
      streamId: input.streamId,
      version: input.expectedVersion + index + 1,
      eventId: eventIdFor(input.commandId, index),
      type: event.type,
      schemaVersion: event.schemaVersion ?? 1,
      data: JSON.parse(dataText) as EventEnvelope["data"],
      metadata: JSON.parse(metadataText) as EventEnvelope["metadata"],
      prevHash,
    }
    const envelope: EventEnvelope = { ...unhashed, hash: envelopeHash(unhashed) }
    prevHash = envelope.hash
    return { envelope, dataText, metadataText }
  })
}
