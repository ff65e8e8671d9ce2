import type { NewEvent } from "../src/EventStore.js"

/** A game move as the engine appends it: small data, the causing command in the metadata. */
export const move = (i: number): NewEvent => ({
  type: "TileBought",
  data: { seat: i % 4, tile: `C${i % 9}`, price: 6, cash: 40 - (i % 7) },
  metadata: {
    commandId: `bench-${i}`,
    seat: i % 4,
    actor: `seat:${i % 4}`,
    time: "2026-01-01T00:00:00.000Z",
  },
})

/** The columns of the store's event row, for raw baselines that write the same row. */
export const RAW_COLUMNS =
  "stream_id, stream_version, event_id, event_type, schema_version, data, metadata, prev_hash, hash"

/** A hash of the right shape for raw rows (the raw baselines chain nothing). */
export const FAKE_HASH = "ab".repeat(32)
