import { Effect, type Scope } from "effect"
import { Kysely, PostgresDialect, sql } from "kysely"
import { Client, Pool } from "pg"
import { StoreError } from "../errors.js"
import type { Database } from "../schema.js"
import { WAKEUP_CHANNEL } from "./appendSql.js"
import type { Backend, Statement } from "./backend.js"
import { describeError, redactUrl } from "./dbErrors.js"
import { GroupCommit } from "./groupCommit.js"
import { NotificationListener } from "./notificationListener.js"
import { CoalescedNotifier, NotifyConnection } from "./notifier.js"

const CONNECT_TIMEOUT_MS = 10_000
const CLOSE_TIMEOUT = "10 seconds"
/** During a burst of appends, other nodes are woken at most once in this many ms (at once after a lull). */
const WAKEUP_WINDOW_MS = 2
/**
 * Append statements in flight at once before the next appends wait and go as one statement (GroupCommit).
 * On the two-core development VM, 16 writers ran at 1.25× a raw INSERT per event with 2, 1.12× with 4,
 * 0.80× with 8 and 0.75× ungrouped: more statements at once only queue for the same cores and WAL flush.
 */
export const APPEND_CONCURRENCY = 2
/** The most events one grouped append statement carries. */
const GROUP_MAX_EVENTS = 1_000

/** The slice of a pg pool the store's hot path uses: named (prepared once per connection) queries. */
export interface NamedQueryPool {
  query(config: {
    readonly name: string
    readonly text: string
    readonly values: unknown[]
  }): Promise<{ readonly rows: ReadonlyArray<unknown>; readonly rowCount: number | null }>
}

/** Runs a hot statement as a named prepared statement: parsed and planned once per pooled connection. */
const runPrepared = (pool: NamedQueryPool, statement: Statement) =>
  pool.query({ name: statement.name, text: statement.sql, values: [...statement.parameters] })

const executePrepared =
  (pool: NamedQueryPool) =>
  async <Row>(statement: Statement): Promise<ReadonlyArray<Row>> =>
    (await runPrepared(pool, statement)).rows as ReadonlyArray<Row>

/** A hot write: how many rows it wrote (no RETURNING row to send and parse). */
const writePrepared =
  (pool: NamedQueryPool) =>
  async (statement: Statement): Promise<number> =>
    (await runPrepared(pool, statement)).rowCount ?? 0

/**
 * The connection a node sends its wake-ups on. A NOTIFY is a transaction of its own, and PostgreSQL flushes its
 * commit to the WAL like any other (it takes a transaction id). A wake-up needs no durability (one lost in a
 * crash costs other nodes a polling tick), so it commits without waiting for the flush, and the appends' own
 * commits no longer queue behind up to 500 such flushes a second.
 */
export const wakeupClient = (url: string): Client =>
  new Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: "-c synchronous_commit=off",
  })

/** Opens a pg pool on `url`, checks the server answers, and ends the pool with the scope. */
export const postgresBackend = (options: {
  readonly url: string
  readonly poolSize?: number | undefined
  /** Append statements in flight before appends are grouped (default `APPEND_CONCURRENCY`). */
  readonly appendConcurrency?: number | undefined
}): Effect.Effect<Backend, StoreError, Scope.Scope> => {
  const where = redactUrl(options.url)
  return Effect.acquireRelease(
    Effect.sync(() => {
      const pool = new Pool({
        connectionString: options.url,
        max: options.poolSize ?? 10,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      })
      // An idle client losing its connection is reported here; the next query reconnects, so do not crash.
      pool.on("error", () => undefined)
      // The pool listens for errors only on idle clients. A checked-out one (the background lock's session,
      // held for as long as a replica leads) that PostgreSQL drops on shutdown would emit an unhandled
      // 'error' and end the process; its holder learns of the loss from the query it has running instead.
      pool.on("connect", (client) => {
        client.on("error", () => undefined)
      })
      const notifyConnection = new NotifyConnection(
        () => wakeupClient(options.url),
        `select pg_notify('${WAKEUP_CHANNEL}', '')`,
      )
      const notifier = new CoalescedNotifier(notifyConnection.send, WAKEUP_WINDOW_MS)
      return {
        pool,
        notifier,
        notifyConnection,
        db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      }
    }),
    // A connection a caller never gave back must not hold the scope open forever.
    ({ db, notifier, notifyConnection }) =>
      Effect.promise(async () => {
        await notifier.close()
        await notifyConnection.close()
        await db.destroy()
      }).pipe(Effect.timeoutOption(CLOSE_TIMEOUT)),
  ).pipe(
    Effect.tap(({ db }) =>
      Effect.tryPromise({
        try: () => sql`select 1`.execute(db),
        catch: (cause) =>
          new StoreError({
            reason: "unreachable",
            message: `cannot reach PostgreSQL at ${where}: ${describeError(cause)}`,
            cause,
          }),
      }),
    ),
    Effect.map(
      ({ pool, db, notifier, notifyConnection }): Backend => ({
        kind: "postgres",
        db,
        execute: executePrepared(pool as NamedQueryPool),
        write: writePrepared(pool as NamedQueryPool),
        append: new GroupCommit(
          writePrepared(pool as NamedQueryPool),
          options.appendConcurrency ?? APPEND_CONCURRENCY,
          GROUP_MAX_EVENTS,
        ).append,
        where,
        wakeOtherNodes: notifier.notify,
        ownNotifierPid: notifyConnection.pid,
      }),
    ),
  )
}

/** LISTENs for appends on a dedicated connection for as long as the scope is open. */
export const listenForAppends = (
  url: string,
  onAppend: () => void,
  ownPid?: () => number | undefined,
): Effect.Effect<void, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const listener = new NotificationListener(
        () => new Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }),
        WAKEUP_CHANNEL,
        onAppend,
        ownPid,
      )
      listener.start()
      return listener
    }),
    (listener) => Effect.promise(() => listener.stop()),
  ).pipe(Effect.asVoid)
