import type { EventEnvelope } from "@boroughs/core/kernel"
import type { GlobalEvent, GlobalPosition, StreamHead } from "../EventStore.js"

/** An es_events row as the store selects it (int8 and xid8 as text). */
export interface EventRow {
  readonly stream_id: string
  readonly stream_version: number
  readonly event_id: string
  readonly event_type: string
  readonly schema_version: number
  readonly data: Record<string, unknown>
  readonly metadata: Record<string, unknown>
  readonly prev_hash: string
  readonly hash: string
}

export interface GlobalRow extends EventRow {
  readonly store_epoch: number
  readonly tx_id: string
  readonly global_position: string
  /** ISO 8601 in UTC, formatted by the database (cheaper than parsing a timestamptz into a Date per row). */
  readonly recorded_at: string
}

export interface StreamRow {
  readonly stream_id: string
  readonly stream_type: string
  readonly version: number
  readonly head_hash: string
}

export interface PositionRow {
  readonly store_epoch: number
  readonly tx_id: string
  readonly global_position: string
}

/** The columns of an envelope, in the order EventRow names them. */
export const EVENT_COLUMNS = [
  "stream_id",
  "stream_version",
  "event_id",
  "event_type",
  "schema_version",
  "data",
  "metadata",
  "prev_hash",
  "hash",
] as const

export const toEnvelope = (row: EventRow): EventEnvelope => ({
  streamId: row.stream_id,
  version: row.stream_version,
  eventId: row.event_id,
  type: row.event_type,
  schemaVersion: row.schema_version,
  data: row.data,
  metadata: row.metadata,
  prevHash: row.prev_hash,
  hash: row.hash,
})

export const toPosition = (row: PositionRow): GlobalPosition => ({
  storeEpoch: row.store_epoch,
  txId: row.tx_id,
  globalPosition: row.global_position,
})

// One literal, no spread: catch-up maps every event of the log, and spreading costs several times more.
export const toGlobalEvent = (row: GlobalRow): GlobalEvent => ({
  streamId: row.stream_id,
  version: row.stream_version,
  eventId: row.event_id,
  type: row.event_type,
  schemaVersion: row.schema_version,
  data: row.data,
  metadata: row.metadata,
  prevHash: row.prev_hash,
  hash: row.hash,
  position: { storeEpoch: row.store_epoch, txId: row.tx_id, globalPosition: row.global_position },
  recordedAt: row.recorded_at,
})

export const toStreamHead = (row: StreamRow): StreamHead => ({
  streamId: row.stream_id,
  streamType: row.stream_type,
  version: row.version,
  headHash: row.head_hash,
})
