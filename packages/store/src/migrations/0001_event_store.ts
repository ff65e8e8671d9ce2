import { type Kysely, sql } from "kysely"

/**
 * The event store schema of ARCHITECTURE.md §4.
 *
 * `es_store_epoch()` names the current store epoch. It is an immutable SQL function so the planner folds it into
 * a constant: the column default costs nothing per row. After restoring the log into a new cluster (whose
 * transaction ids restart lower), `select es_next_epoch()` moves the epoch on so new events sort after old ones.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`create function es_store_epoch() returns integer language sql immutable as 'select 1'`.execute(db)
  await sql`
    create function es_next_epoch() returns integer language plpgsql as $$
    declare new_epoch integer := es_store_epoch() + 1;
    begin
      execute format('create or replace function es_store_epoch() returns integer language sql immutable as %L',
        'select ' || new_epoch);
      return new_epoch;
    end $$`.execute(db)

  await db.schema
    .createTable("es_streams")
    .addColumn("stream_id", "text", (c) => c.primaryKey())
    .addColumn("stream_type", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().check(sql`version >= 0`))
    .addColumn("head_hash", "text", (c) => c.notNull())
    .addColumn("is_archived", "boolean", (c) => c.notNull().defaultTo(false))
    .execute()
  await db.schema
    .createIndex("es_streams_by_type")
    .on("es_streams")
    .columns(["stream_type", "stream_id"])
    .execute()

  await db.schema
    .createTable("es_events")
    .addColumn("store_epoch", "integer", (c) => c.notNull().defaultTo(sql`es_store_epoch()`))
    .addColumn("tx_id", sql`xid8`, (c) => c.notNull().defaultTo(sql`pg_current_xact_id()`))
    .addColumn("global_position", "bigint", (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn("stream_id", "text", (c) => c.notNull())
    .addColumn("stream_version", "integer", (c) => c.notNull().check(sql`stream_version > 0`))
    .addColumn("event_id", "uuid", (c) => c.notNull().unique())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("schema_version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("data", "jsonb", (c) => c.notNull())
    .addColumn("metadata", "jsonb", (c) => c.notNull())
    .addColumn("prev_hash", "text", (c) => c.notNull())
    .addColumn("hash", "text", (c) => c.notNull())
    .addColumn("recorded_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("es_events_pkey", ["stream_id", "stream_version"])
    .execute()
  await db.schema
    .createIndex("es_events_global_order")
    .on("es_events")
    .columns(["store_epoch", "tx_id", "global_position"])
    .execute()

  // Append-only: the log is evidence. Inserts are the only write; even the owner must disable this to tamper.
  await sql`
    create function es_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'es_events is append-only: % is not allowed', tg_op using errcode = 'restrict_violation';
    end $$`.execute(db)
  await sql`
    create trigger es_events_no_update_or_delete before update or delete on es_events
    for each row execute function es_events_append_only()`.execute(db)
  await sql`
    create trigger es_events_no_truncate before truncate on es_events
    for each statement execute function es_events_append_only()`.execute(db)

  await db.schema
    .createTable("es_checkpoints")
    .addColumn("subscription_id", "text", (c) => c.primaryKey())
    .addColumn("store_epoch", "integer", (c) => c.notNull())
    .addColumn("tx_id", sql`xid8`, (c) => c.notNull())
    .addColumn("global_position", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

/** Drops the schema; the log is evidence, so this only exists for throwaway databases. */
export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable("es_checkpoints").execute()
  await db.schema.dropTable("es_events").execute()
  await db.schema.dropTable("es_streams").execute()
  await sql`drop function es_events_append_only()`.execute(db)
  await sql`drop function es_next_epoch()`.execute(db)
  await sql`drop function es_store_epoch()`.execute(db)
}
