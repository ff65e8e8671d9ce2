import type { EventEnvelope } from "@boroughs/core"
import { CompiledQuery } from "kysely"

/** The channel appends NOTIFY on Postgres, with an empty payload: it is only a wake-up. */
export const WAKEUP_CHANNEL = "es_events"

/** What the append statement stores; `dataText`/`metadataText` are the JSON the hashes were computed from. */
export interface StoredEvent {
  readonly envelope: EventEnvelope
  readonly dataText: string
  readonly metadataText: string
}

// The events, as parallel arrays; jsonb goes as text[] so pg and PGlite serialise it the same way.
const EVENTS = `unnest($1::int[], $2::uuid[], $3::text[], $4::int[], $5::text[]::jsonb[], $6::text[]::jsonb[],
    $7::text[], $8::text[])`

// Claims the next versions of an existing stream, only if it is still at the expected version.
const ADVANCE_STREAM = `update es_streams set version = $11, head_hash = $12
    where stream_id = $9 and version = $10 returning stream_id`

// Creates a new stream; a concurrent creator makes this return nothing instead of raising.
const CREATE_STREAM = `insert into es_streams (stream_id, stream_type, version, head_hash)
    values ($9, $10, $11, $12) on conflict (stream_id) do nothing returning stream_id`

const statement = (claim: string, notify: boolean): string => `with stream as (
  ${claim}
), appended as (
  insert into es_events (stream_version, event_id, event_type, schema_version, data, metadata, prev_hash, hash,
    stream_id)
  select e.*, stream.stream_id from stream cross join ${EVENTS} as e
)
select 1 as appended${notify ? `, pg_notify('${WAKEUP_CHANNEL}', '')::text as notified` : ""} from stream`

const SQL = {
  create: { notify: statement(CREATE_STREAM, true), quiet: statement(CREATE_STREAM, false) },
  advance: { notify: statement(ADVANCE_STREAM, true), quiet: statement(ADVANCE_STREAM, false) },
} as const

/**
 * The whole append as one statement (one round trip): claim the versions on the stream row, guarded by the
 * expected version, then insert the events. It returns one row when it stored them and none when the stream
 * had moved on. With `notify`, the commit also wakes every LISTENer.
 */
export const appendStatement = (input: {
  readonly streamType: string
  readonly expectedVersion: number
  readonly events: ReadonlyArray<StoredEvent>
  readonly notify: boolean
}): CompiledQuery<{ appended: number }> => {
  const { events, expectedVersion } = input
  const first = events[0]?.envelope
  const last = events[events.length - 1]?.envelope
  if (first === undefined || last === undefined) throw new Error("appendStatement: no events")
  const isNew = expectedVersion === 0
  const sqlText = SQL[isNew ? "create" : "advance"][input.notify ? "notify" : "quiet"]
  return CompiledQuery.raw(sqlText, [
    events.map((e) => e.envelope.version),
    events.map((e) => e.envelope.eventId),
    events.map((e) => e.envelope.type),
    events.map((e) => e.envelope.schemaVersion),
    events.map((e) => e.dataText),
    events.map((e) => e.metadataText),
    events.map((e) => e.envelope.prevHash),
    events.map((e) => e.envelope.hash),
    first.streamId,
    isNew ? input.streamType : expectedVersion,
    last.version,
    last.hash,
  ]) as CompiledQuery<{ appended: number }>
}
