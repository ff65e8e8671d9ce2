import type { ColumnType, Generated } from "kysely"

/** A column the database fills and nobody may change. */
type ReadOnly<T> = ColumnType<T, never, never>
/** A column written once and never updated (es_events is append-only). */
type WriteOnce<T, Insert = T> = ColumnType<T, Insert, never>

/** One row per stream, written when its first events are: its type. Its head is its last event. */
export interface EsStreamsTable {
  readonly stream_id: string
  readonly stream_type: string
  readonly is_archived: Generated<boolean>
}

/**
 * The append-only log. int8 and xid8 columns come back as decimal strings on both backends; jsonb is written
 * as JSON text and read back parsed.
 */
export interface EsEventsTable {
  readonly store_epoch: ReadOnly<number>
  readonly tx_id: ReadOnly<string>
  readonly global_position: ReadOnly<string>
  readonly stream_id: WriteOnce<string>
  readonly stream_version: WriteOnce<number>
  readonly event_id: WriteOnce<string>
  readonly event_type: WriteOnce<string>
  readonly schema_version: WriteOnce<number>
  readonly data: WriteOnce<Record<string, unknown>, string>
  readonly metadata: WriteOnce<Record<string, unknown>, string>
  readonly prev_hash: WriteOnce<string>
  readonly hash: WriteOnce<string>
  readonly recorded_at: ReadOnly<Date>
}

/** Where each subscription (projection, tailer) has read up to in the ordered global log. */
export interface EsCheckpointsTable {
  readonly subscription_id: string
  readonly store_epoch: number
  readonly tx_id: string
  readonly global_position: ColumnType<string, string | bigint, string | bigint>
  readonly updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}

/** The tables of the event store, as Kysely sees them. */
export interface Database {
  readonly es_streams: EsStreamsTable
  readonly es_events: EsEventsTable
  readonly es_checkpoints: EsCheckpointsTable
}
