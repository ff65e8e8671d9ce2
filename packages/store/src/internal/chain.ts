import { canonicalJson, type EventEnvelope, envelopeHashOf, exactCanonicalJson } from "@boroughs/core/kernel"
import type { NewEvent } from "../EventStore.js"
import { eventIdFor } from "../eventIds.js"
import type { StoredEvent } from "./appendSql.js"

const EMPTY_METADATA = "{}"

type Json = EventEnvelope["data"]

/**
 * Data or metadata as the row stores it and the hash covers it: the text, and the value a read gives back.
 * What JSON carries exactly (plain data, the engine's events) is written once, canonically, and kept as it
 * is; anything else (undefined members, −0, a Date) is written, read back and canonicalised from what was
 * read, so the hash always covers exactly what jsonb stores and a read verifies.
 */
const stored = (
  value: Json | undefined,
): { readonly text: string; readonly json: Json; readonly canonical: string } => {
  if (value === undefined) return { text: EMPTY_METADATA, json: {}, canonical: EMPTY_METADATA }
  const exact = exactCanonicalJson(value)
  if (exact !== undefined) return { text: exact, json: value, canonical: exact }
  const text = JSON.stringify(value)
  const json = JSON.parse(text) as Json
  return { text, json, canonical: canonicalJson(json) }
}

/** Builds the envelopes of one append, chained onto `prevHash` at `expectedVersion`. */
export const chainEvents = (input: {
  readonly streamId: string
  readonly expectedVersion: number
  readonly commandId: string
  readonly prevHash: string
  readonly events: ReadonlyArray<NewEvent>
}): ReadonlyArray<StoredEvent> => {
  let prevHash = input.prevHash
  return input.events.map((event, index) => {
    const data = stored(event.data)
    const metadata = stored(event.metadata)
    const version = input.expectedVersion + index + 1
    const eventId = eventIdFor(input.commandId, index)
    const schemaVersion = event.schemaVersion ?? 1
    const hash = envelopeHashOf(
      { streamId: input.streamId, version, eventId, type: event.type, schemaVersion, prevHash },
      data.canonical,
      metadata.canonical,
    )
    // The members in the order reads build them (toEnvelope), so a live envelope and a read one serialise alike.
    const envelope: EventEnvelope = {
      streamId: input.streamId,
      version,
      eventId,
      type: event.type,
      schemaVersion,
      data: data.json,
      metadata: metadata.json,
      prevHash,
      hash,
    }
    prevHash = envelope.hash
    return { envelope, dataText: data.text, metadataText: metadata.text }
  })
}
