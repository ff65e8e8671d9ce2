import type { EventStore } from "@boroughs/store"
import { Cause, Deferred, Effect, Exit, Fiber, type Scope } from "effect"

/** The advisory lock key of the background work (projections, clocks): "boroughs/bg" as a number. */
export const BACKGROUND_LOCK = 0x62672f62

const RETRY_MS = 2_000
/**
 * How long each wait of the lock's session lasts, in seconds. The session waits inside PostgreSQL
 * (`pg_sleep`) rather than idle, so a server shutting down or restarting fails the wait at once and the
 * leader stops before the database is back and another replica can take the lock. It is also how long a
 * release may take.
 */
const HOLD_SECONDS = 0.5

/** A held session lock: `lost` resolves if its connection fails; `release` unlocks and frees it. */
interface Lease {
  readonly lost: Promise<void>
  readonly release: () => void
}

/**
 * Tries the session-level advisory lock on a connection of its own, held until released. The connection
 * keeps waiting in PostgreSQL, so a dropped one (and with it the lock) is noticed: another replica may then
 * take over.
 */
const tryLease = (db: EventStore["Service"]["db"], key: number): Promise<Lease | null> =>
  new Promise((resolve) => {
    let released = false
    let lose = () => {}
    const lost = new Promise<void>((r) => {
      lose = r
    })
    db.connection()
      .execute(async (conn) => {
        const row = await conn
          .selectNoFrom((eb) => eb.fn<boolean>("pg_try_advisory_lock", [eb.val(key)]).as("locked"))
          .executeTakeFirst()
        if (row?.locked !== true) {
          resolve(null)
          return
        }
        resolve({
          lost,
          release: () => {
            released = true
          },
        })
        try {
          while (!released)
            await conn.selectNoFrom((eb) => eb.fn("pg_sleep", [eb.val(HOLD_SECONDS)]).as("held")).execute()
          await conn.selectNoFrom((eb) => eb.fn("pg_advisory_unlock", [eb.val(key)]).as("unlocked")).execute()
        } catch {
          lose()
        }
      })
      .catch(() => {
        resolve(null)
        lose()
      })
  })

/**
 * Runs `job` on one process of the cluster at a time (ARCHITECTURE.md §7): whichever holds the Postgres
 * advisory lock `key`. Others wait and take over when the holder stops or loses its connection. On
 * PGlite there is only one process, and `job` simply runs. Never returns; interrupt it to stop.
 */
export const whileLeader = <R>(
  store: EventStore["Service"],
  job: Effect.Effect<void, never, R>,
  options: { readonly key?: number; readonly onChange?: ((leader: boolean) => void) | undefined } = {},
): Effect.Effect<never, never, R | Scope.Scope> => {
  const key = options.key ?? BACKGROUND_LOCK
  const announce = (leader: boolean) => Effect.sync(() => options.onChange?.(leader))
  if (store.backend === "pglite") return Effect.andThen(announce(true), Effect.andThen(job, Effect.never))
  const term = Effect.gen(function* () {
    const lease = yield* Effect.promise(() => tryLease(store.db, key))
    if (lease === null) return yield* Effect.sleep(RETRY_MS)
    yield* announce(true)
    const lost = yield* Deferred.make<void>()
    void lease.lost.then(() => Deferred.doneUnsafe(lost, Exit.void))
    const fiber = yield* Effect.forkChild(job)
    // A job that dies must not take the loop with it: log why, let go, and try again after a pause.
    const died = Effect.flatMap(Fiber.await(fiber), (exit) =>
      exit._tag === "Success" || Cause.hasInterruptsOnly(exit.cause)
        ? Effect.succeed(false)
        : Effect.as(
            Effect.logError(`background job (lock ${key}) died; retrying`, Cause.pretty(exit.cause)),
            true,
          ),
    )
    const pause = yield* Effect.raceFirst(Effect.as(Deferred.await(lost), false), died).pipe(
      Effect.ensuring(
        Effect.andThen(
          Fiber.interrupt(fiber),
          Effect.sync(() => lease.release()),
        ).pipe(Effect.andThen(announce(false))),
      ),
    )
    if (pause) yield* Effect.sleep(RETRY_MS)
  })
  return Effect.forever(term)
}

/**
 * Runs `effect` while holding the background lock (waiting for it if a server holds it), then lets go: how a
 * one-off job such as `boroughs projections rebuild` keeps out of the way of the running projections.
 */
export const withBackgroundLock = <A, E, R>(
  store: EventStore["Service"],
  effect: Effect.Effect<A, E, R>,
): Effect.Effect<A, E, R> =>
  Effect.gen(function* () {
    const done = yield* Deferred.make<A, E>()
    const job = Effect.exit(effect).pipe(
      Effect.flatMap((exit) => Deferred.done(done, exit)),
      Effect.andThen(Effect.never),
    )
    return yield* Effect.raceFirst(
      Effect.scoped(whileLeader(store, job)) as Effect.Effect<never, never, R>,
      Deferred.await(done),
    )
  })
