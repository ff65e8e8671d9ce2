import { type Kysely, sql } from "kysely"
import type { GlobalPosition } from "../EventStore.js"
import type { Database } from "../schema.js"
import type { Statement } from "./backend.js"
import { EVENT_COLUMNS, type EventRow, type PositionRow, type StreamRow } from "./rows.js"

const STREAM = `select ${EVENT_COLUMNS.join(", ")} from es_events
  where stream_id = $1 and stream_version >= $2 and stream_version <= $3
  order by stream_version`

/**
 * Events of one stream with versions in [from, to], in order, as a hot statement: a catch-up or a game load
 * reads streams as often as the engine appends to them, and Kysely's builder plus an unnamed statement
 * (parsed and planned per call) cost a stream read of 100 events more than its rows did.
 */
export const streamStatement = (streamId: string, from: number, to: number): Statement => ({
  name: "es_read_stream_v1",
  sql: STREAM,
  parameters: [streamId, from, to],
})

/** The stored events with the given ids (a retried command's), in stream order. */
export const selectEventsById = (db: Kysely<Database>, eventIds: ReadonlyArray<string>) =>
  db
    .selectFrom("es_events")
    .select([...EVENT_COLUMNS])
    .where("event_id", "in", eventIds)
    .orderBy("stream_id")
    .orderBy("stream_version")
    .execute() as Promise<ReadonlyArray<EventRow>>

/** Stream rows with their heads: the version and hash of each one's last event (a backward key probe). */
const STREAMS_WITH_HEADS = `select s.stream_id, s.stream_type, e.stream_version as version, e.hash as head_hash
  from es_streams s cross join lateral (
    select stream_version, hash from es_events where stream_id = s.stream_id
    order by stream_version desc limit 1
  ) e`

/** A stream's type and head (no row when it has no events), as a hot statement: an append's head miss. */
export const headStatement = (streamId: string): Statement => ({
  name: "es_head_v1",
  sql: `${STREAMS_WITH_HEADS} where s.stream_id = $1`,
  parameters: [streamId],
})

/** Streams of a type after `afterStreamId`, in id order, with their heads. */
export const selectStreams = async (
  db: Kysely<Database>,
  streamType: string,
  afterStreamId: string,
  limit: number,
): Promise<ReadonlyArray<StreamRow>> =>
  (
    await sql<StreamRow>`${sql.raw(STREAMS_WITH_HEADS)}
      where s.stream_type = ${streamType} and s.stream_id > ${afterStreamId}
      order by s.stream_id limit ${limit}`.execute(db)
  ).rows

// Ordered global read (ARCHITECTURE.md §4). Rows of the current epoch are fenced below the snapshot's xmin:
// every transaction with a smaller id has finished, and any still to commit will get a larger one, so the
// reader never moves past a row that could still appear. Earlier epochs are complete by definition.
// The ORDER BY names the table's columns (e.), not the text aliases of the select list: text sorts "10" < "9".
const READ_ALL = `select e.store_epoch, e.tx_id::text as tx_id, e.global_position::text as global_position,
    ${EVENT_COLUMNS.map((c) => `e.${c}`).join(", ")},
    to_char(e.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as recorded_at
  from es_events e
  where (e.store_epoch, e.tx_id, e.global_position) > ($1::int, $2::xid8, $3::bigint)
    and (e.store_epoch < es_store_epoch() or e.tx_id < pg_snapshot_xmin(pg_current_snapshot()))
  order by e.store_epoch, e.tx_id, e.global_position
  limit $4`

/** Before every stored position: epochs start at 1. */
const ORIGIN: GlobalPosition = { storeEpoch: 0, txId: "0", globalPosition: "0" }

/** The ordered global read of up to `limit` events after `after`, as a hot statement. */
export const readAllStatement = (after: GlobalPosition | null, limit: number): Statement => {
  const from = after ?? ORIGIN
  return {
    name: "es_read_all_v2",
    sql: READ_ALL,
    parameters: [from.storeEpoch, from.txId, from.globalPosition, limit],
  }
}

export const selectCheckpoint = (db: Kysely<Database>, subscriptionId: string) =>
  db
    .selectFrom("es_checkpoints")
    .select([
      "store_epoch",
      sql<string>`tx_id::text`.as("tx_id"),
      sql<string>`global_position::text`.as("global_position"),
    ])
    .where("subscription_id", "=", subscriptionId)
    .executeTakeFirst() as Promise<PositionRow | undefined>

export const upsertCheckpoint = async (
  db: Kysely<Database>,
  subscriptionId: string,
  position: GlobalPosition,
) => {
  const row = {
    store_epoch: position.storeEpoch,
    tx_id: sql<string>`${position.txId}::xid8`,
    global_position: position.globalPosition,
  }
  await db
    .insertInto("es_checkpoints")
    .values({ subscription_id: subscriptionId, ...row })
    .onConflict((c) => c.column("subscription_id").doUpdateSet({ ...row, updated_at: sql`now()` }))
    .execute()
}
