import type { EventEnvelope } from "@boroughs/core/kernel"
import type { Statement } from "./backend.js"

/** The channel other nodes are woken on after appends (Postgres), with an empty payload: only a wake-up. */
export const WAKEUP_CHANNEL = "es_events"

/** What the append statement stores; `dataText`/`metadataText` are the JSON the hashes were computed from. */
export interface StoredEvent {
  readonly envelope: EventEnvelope
  readonly dataText: string
  readonly metadataText: string
}

// Parameters: the events from $1 (stream id, then scalars for a single event, a game move; parallel arrays
// for a batch), then, for a new stream, its type.
//
// The guard is the events' primary key (stream_id, stream_version): an append writes the versions after the
// expected one, so a writer whose expected version is stale collides with an event already there (a unique
// violation, explained by the caller). No gap is possible: the store writes version n + 1 only after it has
// seen version n committed (appended it, read it, or read it as the head), and events are never deleted.
const ONE_EVENT = `values ($1, $2, $3, $4, $5, $6::text::jsonb, $7::text::jsonb, $8, $9)`
const EVENTS = `unnest($2::int[], $3::uuid[], $4::text[], $5::int[], $6::text[]::jsonb[], $7::text[]::jsonb[],
    $8::text[], $9::text[])`

const INSERT = `insert into es_events (stream_id, stream_version, event_id, event_type, schema_version, data,
    metadata, prev_hash, hash)`

// A new stream's row; a concurrent creator makes it return nothing (so no events) instead of raising.
const CREATE = `with stream as (insert into es_streams (stream_id, stream_type) values ($1, $10)
    on conflict (stream_id) do nothing returning stream_id)`

// jsonb travels as text so pg and PGlite serialise it alike; a single event skips unnest (cheaper to plan).
const STATEMENTS: Record<`${Claim}_${Shape}`, string> = {
  advance_one: `${INSERT}
${ONE_EVENT}`,
  advance_many: `${INSERT}
select $1, * from ${EVENTS}`,
  create_one: `${CREATE}
${INSERT}
select stream.stream_id, $2, $3, $4, $5, $6::text::jsonb, $7::text::jsonb, $8, $9 from stream`,
  create_many: `${CREATE}
${INSERT}
select stream.stream_id, e.* from stream cross join ${EVENTS} as e`,
}

type Claim = "create" | "advance"
type Shape = "one" | "many"

/** Bump the suffix whenever a statement's text changes: prepared names live per connection. */
const VERSION = "v6"

const eventParameters = (events: ReadonlyArray<StoredEvent>, asArrays = false): unknown[] => {
  if (events.length === 1 && !asArrays) {
    const { envelope, dataText, metadataText } = events[0]!
    return [
      envelope.version,
      envelope.eventId,
      envelope.type,
      envelope.schemaVersion,
      dataText,
      metadataText,
      envelope.prevHash,
      envelope.hash,
    ]
  }
  return [
    events.map((e) => e.envelope.version),
    events.map((e) => e.envelope.eventId),
    events.map((e) => e.envelope.type),
    events.map((e) => e.envelope.schemaVersion),
    events.map((e) => e.dataText),
    events.map((e) => e.metadataText),
    events.map((e) => e.envelope.prevHash),
    events.map((e) => e.envelope.hash),
  ]
}

/** One append as the store writes it: the chained events at the versions after `expectedVersion`. */
export interface AppendWrite {
  readonly streamType: string
  readonly expectedVersion: number
  readonly events: ReadonlyArray<StoredEvent>
}

/**
 * The whole append as one statement (one round trip): the events at the versions after the expected one,
 * and for a new stream its row. It writes every event or none (a concurrent creator won the stream), and
 * raises a unique violation when a version (or an event id) is taken.
 */
export const appendStatement = (input: AppendWrite): Statement => {
  const { events, expectedVersion } = input
  const first = events[0]?.envelope
  if (first === undefined) throw new Error("appendStatement: no events")
  const claim: Claim = expectedVersion === 0 ? "create" : "advance"
  const shape: Shape = events.length === 1 ? "one" : "many"
  const key = `${claim}_${shape}` as const
  return {
    name: `es_append_${key}_${VERSION}`,
    sql: STATEMENTS[key],
    parameters: [
      first.streamId,
      ...eventParameters(events),
      ...(claim === "create" ? [input.streamType] : []),
    ],
  }
}

// Appends to existing streams, several at once (see GroupCommit): every event with its own stream id, in the
// order of the appends, so each stream's versions ascend with global_position as they would one by one.
const GROUP = `${INSERT}
select * from unnest($1::text[], $2::int[], $3::uuid[], $4::text[], $5::int[], $6::text[]::jsonb[],
    $7::text[]::jsonb[], $8::text[], $9::text[])`

/** Several appends to existing streams as one statement: all of their events or none. */
export const groupStatement = (appends: ReadonlyArray<AppendWrite>): Statement => {
  const events: StoredEvent[] = []
  for (const append of appends) {
    if (append.expectedVersion === 0) throw new Error("groupStatement: a new stream is appended alone")
    events.push(...append.events)
  }
  return {
    name: `es_append_group_${VERSION}`,
    sql: GROUP,
    parameters: [events.map((e) => e.envelope.streamId), ...eventParameters(events, true)],
  }
}
