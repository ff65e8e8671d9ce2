import { canonicalJson, sha256Hex } from "./canonical.js"
import type { Commitment, Reveal } from "./commitment.js"
import type { AnyGame, Typed, Viewer } from "./game.js"
import { isOrganiserEvent, type OrganiserEvent, organiserVisibility } from "./organiser.js"

/** The prevHash of a stream's first event. */
export const GENESIS_HASH = "0".repeat(64)

/** What caused an append; carried by the first event of each append so a stream re-executes alone. */
export interface CommandMetadata {
  readonly commandId: string
  readonly seat?: number
  readonly command?: Typed
  /** Who acted: `seat:<n>`, `bot:<name>`, `clock`, `organiser:<id>`, `system`. */
  readonly actor?: string
  /** ISO time the command was accepted; absent in deterministic self-play. */
  readonly time?: string
  readonly [key: string]: unknown
}

/** One stored event as the store, the wire and NDJSON exports carry it (docs/export-format.md). */
export interface EventEnvelope {
  readonly streamId: string
  readonly version: number
  readonly eventId: string
  readonly type: string
  readonly schemaVersion: number
  readonly data: Readonly<Record<string, unknown>>
  readonly metadata: Readonly<Record<string, unknown>>
  readonly prevHash: string
  readonly hash: string
}

/** The fields the chain hashes: everything but the hash itself. */
export type UnhashedEnvelope = Omit<EventEnvelope, "hash">

/** hash = SHA-256(prevHash ‖ canonical JSON of the envelope without its hash) (ARCHITECTURE.md §4). */
export const envelopeHash = (e: UnhashedEnvelope): string =>
  envelopeHashOf(e, canonicalJson(e.data), canonicalJson(e.metadata))

/**
 * The same hash from the canonical JSON of data and metadata, already written: the envelope's own members
 * are few and fixed, so its canonical form is spelled out here in code-unit key order (data, eventId,
 * metadata, schemaVersion, streamId, type, version) instead of walking the whole tree again.
 */
export const envelopeHashOf = (
  e: Omit<UnhashedEnvelope, "data" | "metadata">,
  dataJson: string,
  metadataJson: string,
): string =>
  sha256Hex(
    `${e.prevHash}{"data":${dataJson},"eventId":${JSON.stringify(e.eventId)},"metadata":${metadataJson},"schemaVersion":${canonicalJson(e.schemaVersion)},"streamId":${JSON.stringify(e.streamId)},"type":${JSON.stringify(e.type)},"version":${canonicalJson(e.version)}}`,
  )

/** Splits a domain event into envelope type and data. */
export const toData = (event: Typed): { type: string; data: Record<string, unknown> } => {
  const { type, ...data } = event as Typed & Record<string, unknown>
  return { type, data }
}

/** Joins envelope type and data back into a domain event. */
export const toEvent = (envelope: Pick<EventEnvelope, "type" | "data">): Typed => ({
  ...envelope.data,
  type: envelope.type,
})

/** The first place a chain of envelopes breaks, or null when every link holds. */
export const verifyChain = (
  envelopes: ReadonlyArray<EventEnvelope>,
): null | {
  version: number
  problem: "version-gap" | "prev-hash" | "hash" | "stream-id"
  message: string
} => {
  let prev = GENESIS_HASH
  const streamId = envelopes[0]?.streamId
  for (let i = 0; i < envelopes.length; i++) {
    const e = envelopes[i] as EventEnvelope
    if (e.streamId !== streamId)
      return {
        version: e.version,
        problem: "stream-id",
        message: `event ${i + 1} belongs to stream ${e.streamId}, not ${streamId}`,
      }
    if (e.version !== i + 1)
      return {
        version: e.version,
        problem: "version-gap",
        message: `expected version ${i + 1}, found ${e.version}`,
      }
    if (e.prevHash !== prev)
      return {
        version: e.version,
        problem: "prev-hash",
        message: `version ${e.version} does not link to the event before it`,
      }
    const h = envelopeHash(e)
    if (h !== e.hash)
      return {
        version: e.version,
        problem: "hash",
        message: `version ${e.version} was changed: its content hashes to ${h.slice(0, 12)}…, not ${e.hash.slice(0, 12)}…`,
      }
    prev = e.hash
  }
  return null
}

/** An envelope as one viewer may receive it: secrets replaced by the event's redacted form. */
export interface ViewedEnvelope extends EventEnvelope {
  /** True when the data was redacted for this viewer; the hash is still the full event's. */
  readonly redacted: boolean
}

/**
 * The one redaction function (ARCHITECTURE.md §5): what `viewer` may see of an envelope. Organisers (all
 * but the seed, which predicts every draw), and everyone once the game has ended, see it whole; the seats an event names see it whole; others see its
 * redacted form, and lose the causing command from the metadata.
 */
export const redactEnvelope = (
  game: AnyGame,
  envelope: EventEnvelope,
  viewer: Viewer,
  ended: boolean,
): ViewedEnvelope => {
  // GameEnded is the kernel's own, public event: games' visibility functions do not know its type.
  if (ended || envelope.type === "GameEnded") return { ...envelope, redacted: false }
  // The seed predicts every future draw: until the end nobody reads it, organisers included.
  if (envelope.type === "GameStarted" && viewer.kind === "organiser") {
    const { seed: _seed, ...data } = envelope.data as Record<string, unknown>
    return { ...envelope, data, redacted: true }
  }
  if (viewer.kind === "organiser") return { ...envelope, redacted: false }
  const event = toEvent(envelope)
  // Organiser events are the kernel's, like GameEnded: games' visibility functions do not know them.
  const vis = isOrganiserEvent(event) ? organiserVisibility(event as OrganiserEvent) : game.visibility(event)
  if (vis === "all" || (viewer.kind === "seat" && vis.seats.includes(viewer.seat)))
    return { ...envelope, redacted: false }
  const { command: _command, ...metadata } = envelope.metadata as Record<string, unknown>
  const data = vis.redacted ? toData(vis.redacted).data : {}
  return { ...envelope, data, metadata, redacted: true }
}

/** The commitments and reveals an event carries, by convention its top-level `commitment` and `reveals`. */
export const commitmentsOf = (event: Typed): { commits: Commitment[]; reveals: Reveal[] } => {
  const e = event as unknown as { commitment?: Commitment; reveals?: ReadonlyArray<Reveal> }
  return { commits: e.commitment ? [e.commitment] : [], reveals: e.reveals ? [...e.reveals] : [] }
}
