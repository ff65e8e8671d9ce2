import type { EventEnvelope } from "@boroughs/core"
import type { Statement } from "./backend.js"

/** The channel appends NOTIFY on Postgres, with an empty payload: it is only a wake-up. */
export const WAKEUP_CHANNEL = "es_events"

/** What the append statement stores; `dataText`/`metadataText` are the JSON the hashes were computed from. */
export interface StoredEvent {
  readonly envelope: EventEnvelope
  readonly dataText: string
  readonly metadataText: string
}

// Parameters: $1 stream id, $2 expected version (or the new stream's type), $3 last version, $4 last hash,
// then the events from $5: scalars for a single event (a game move), parallel arrays for a batch.

// Claims the next versions of an existing stream, only if it is still at the expected version.
const ADVANCE = `update es_streams set version = $3, head_hash = $4 where stream_id = $1 and version = $2
    returning stream_id`

// Creates a new stream; a concurrent creator makes this return nothing instead of raising.
const CREATE = `insert into es_streams (stream_id, stream_type, version, head_hash) values ($1, $2, $3, $4)
    on conflict (stream_id) do nothing returning stream_id`

// jsonb travels as text so pg and PGlite serialise it alike; a single event skips unnest (cheaper to plan).
const ONE_EVENT = `select stream.stream_id, $3, $5, $6, $7, $8::text::jsonb, $9::text::jsonb, $10, $4 from stream`
const EVENTS = `select stream.stream_id, e.* from stream cross join unnest($5::int[], $6::uuid[], $7::text[],
    $8::int[], $9::text[]::jsonb[], $10::text[]::jsonb[], $11::text[], $12::text[]) as e`

const INSERT = `insert into es_events (stream_id, stream_version, event_id, event_type, schema_version, data,
    metadata, prev_hash, hash)`
const wakeUp = (notify: boolean) => (notify ? `, pg_notify('${WAKEUP_CHANNEL}', '')::text as notified` : "")

// A single event comes back as one row from the insert itself; a batch inserts in a CTE and the statement
// returns one row for the stream, so it notifies once, not once per event.
const statement = (claim: string, shape: Shape, notify: boolean): string =>
  shape === "one"
    ? `with stream as (${claim})
${INSERT}
${ONE_EVENT}
returning 1 as appended${wakeUp(notify)}`
    : `with stream as (${claim}), appended as (
${INSERT}
${EVENTS}
)
select 1 as appended${wakeUp(notify)} from stream`

type Claim = "create" | "advance"
type Shape = "one" | "many"
type Wake = "notify" | "quiet"

/** Bump the suffix whenever a statement's text changes: prepared names live per connection. */
const VERSION = "v3"

const STATEMENTS = new Map<string, string>()
for (const claim of ["create", "advance"] as const)
  for (const shape of ["one", "many"] as const)
    for (const wake of ["notify", "quiet"] as const)
      STATEMENTS.set(
        `${claim}_${shape}_${wake}`,
        statement(claim === "create" ? CREATE : ADVANCE, shape, wake === "notify"),
      )

const eventParameters = (events: ReadonlyArray<StoredEvent>): unknown[] => {
  if (events.length === 1) {
    const { envelope, dataText, metadataText } = events[0]!
    return [
      envelope.eventId,
      envelope.type,
      envelope.schemaVersion,
      dataText,
      metadataText,
      envelope.prevHash,
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

/**
 * The whole append as one statement (one round trip): claim the versions on the stream row, guarded by the
 * expected version, then insert the events. It returns one row when it stored them, and none when the stream
 * had moved on. With `notify`, the commit also wakes every LISTENer.
 */
export const appendStatement = (input: {
  readonly streamType: string
  readonly expectedVersion: number
  readonly events: ReadonlyArray<StoredEvent>
  readonly notify: boolean
}): Statement => {
  const { events, expectedVersion } = input
  const last = events[events.length - 1]?.envelope
  if (last === undefined) throw new Error("appendStatement: no events")
  const claim: Claim = expectedVersion === 0 ? "create" : "advance"
  const shape: Shape = events.length === 1 ? "one" : "many"
  const wake: Wake = input.notify ? "notify" : "quiet"
  const key = `${claim}_${shape}_${wake}`
  return {
    name: `es_append_${key}_${VERSION}`,
    sql: STATEMENTS.get(key)!,
    parameters: [
      last.streamId,
      claim === "create" ? input.streamType : expectedVersion,
      last.version,
      last.hash,
      ...eventParameters(events),
    ],
  }
}
