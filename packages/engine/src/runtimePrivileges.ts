import { grantRuntimeRole, type StoreError, storeRuntimePrivileges } from "@boroughs/store"
import type { Effect } from "effect"
import { SERVER_MIGRATION_LOCK_TABLE, SERVER_MIGRATION_TABLE } from "./migrateServer.js"
import type { StoreDb } from "./serverTables.js"

/**
 * What the server's database role may do to every table the migrations make (the store's and the server's),
 * and why no more: it runs as a role that is neither the tables' owner nor a superuser, which the owner's
 * `boroughs migrate --grant <role>` gives exactly this. Projections are read models rebuilt from the log, so
 * the role may rewrite them; the log itself it may only append to and read.
 */
export const serverRuntimePrivileges: Readonly<Record<string, ReadonlyArray<string>>> = {
  ...storeRuntimePrivileges,
  // Read at start to check the schema is current, without migrating: only the owner migrates.
  [SERVER_MIGRATION_TABLE]: ["SELECT"],
  [SERVER_MIGRATION_LOCK_TABLE]: [],
  // Tokens are issued (and the organiser's registered at start) and revoked by setting revoked_at; a token's
  // row is never deleted, nor its hash, kind or name changed.
  srv_tokens: ["SELECT", "INSERT", "UPDATE (revoked_at)"],
  // Read models: upserted as games and tournaments move, emptied by `boroughs projections rebuild`.
  proj_lobby: ["SELECT", "INSERT", "UPDATE", "DELETE"],
  proj_tournaments: ["SELECT", "INSERT", "UPDATE", "DELETE"],
  proj_ladder_entries: ["SELECT", "INSERT", "UPDATE", "DELETE"],
  proj_ladder_games: ["SELECT", "INSERT", "UPDATE", "DELETE"],
  // Which bots have a stream open: each node marks its own and clears them when they close.
  srv_bot_presence: ["SELECT", "INSERT", "UPDATE", "DELETE"],
  // Analyses are queued by their projection, then claimed, advanced and finished by the leader's runner.
  proj_analysis: ["SELECT", "INSERT", "UPDATE", "DELETE"],
  // Snapshots are written once per version (`on conflict do nothing`) and emptied by a rebuild.
  proj_snapshots: ["SELECT", "INSERT", "DELETE"],
}

/** Grants `role` the server's privileges (`serverRuntimePrivileges`); run as the tables' owner, after migrating. */
export const grantServerRole = (
  store: StoreDb,
  role: string,
): Effect.Effect<ReadonlyArray<string>, StoreError> => grantRuntimeRole(store, role, serverRuntimePrivileges)
