import type { GlobalPosition } from "@boroughs/store"
import type { StoreDb } from "../serverTables.js"

/**
 * The position of the last event a fenced global read can return now (ARCHITECTURE.md §4): the newest row
 * of an earlier epoch or with a transaction id below the snapshot's xmin. A tailer that starts after it
 * misses nothing that commits later. Null for an empty log.
 */
export const fencedTail = async (db: StoreDb): Promise<GlobalPosition | null> => {
  const row = await db
    .selectFrom("es_events")
    .select((eb) => [
      "store_epoch",
      eb.cast<string>("tx_id", "text").as("tx_id"),
      eb.cast<string>("global_position", "text").as("global_position"),
    ])
    .where((eb) =>
      eb.or([
        eb("store_epoch", "<", eb.fn<number>("es_store_epoch", [])),
        eb("tx_id", "<", eb.fn<string>("pg_snapshot_xmin", [eb.fn("pg_current_snapshot", [])])),
      ]),
    )
    .orderBy("store_epoch", "desc")
    .orderBy("tx_id", "desc")
    .orderBy("global_position", "desc")
    .limit(1)
    .executeTakeFirst()
  return row === undefined
    ? null
    : { storeEpoch: row.store_epoch, txId: row.tx_id, globalPosition: row.global_position }
}
