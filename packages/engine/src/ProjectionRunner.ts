import type { AnyGame } from "@boroughs/core"
import { type EventStore, type GlobalPosition, type StoreError, saveCheckpointIn } from "@boroughs/store"
import { Effect, Stream } from "effect"
import { failureLog } from "./internal/failureLog.js"
import type { Projection } from "./internal/Projection.js"
import { ProjectionFolds } from "./internal/ProjectionFolds.js"
import { queryFailure } from "./internal/queryFailure.js"
import { withServerTables } from "./serverTables.js"

/** Events per transaction: small enough to keep transactions short, large enough to amortise them. */
const BATCH = 500

/**
 * Runs projections over the global log. Each batch is applied and checkpointed in one transaction, so a
 * crash between batches loses nothing and applies nothing twice. Only one process may run a projection at
 * a time: the server runs them under the background lock (see `Leadership`).
 */
export const makeProjectionRunner = (
  store: EventStore["Service"],
  projections: ReadonlyArray<Projection>,
  findGame: (id: string) => AnyGame | undefined,
) => {
  const db = withServerTables(store.db)
  const folds = new Map(projections.map((p) => [p.id, new ProjectionFolds(store, findGame)]))

  /** Applies one batch after the projection's checkpoint; the number of events applied. */
  const step = (projection: Projection) =>
    Effect.gen(function* () {
      const after = yield* store.checkpoint(projection.id)
      const events = yield* store.readAll(after, BATCH)
      if (events.length === 0) return 0
      const last = (events[events.length - 1] as (typeof events)[number]).position
      const projectionFolds = folds.get(projection.id) as ProjectionFolds
      yield* projectionFolds.prepare(events)
      yield* Effect.tryPromise({
        try: () =>
          db.transaction().execute(async (trx) => {
            await projection.apply(trx, events, projectionFolds)
            await saveCheckpointIn(trx, projection.id, last)
          }),
        catch: queryFailure(`projection ${projection.id}`),
      })
      return events.length
    })

  /** Brings one projection up to the end of the log. */
  const catchUp = (projection: Projection) =>
    Effect.gen(function* () {
      let total = 0
      for (;;) {
        const n = yield* step(projection)
        total += n
        if (n < BATCH) return total
      }
    })

  /** Brings every projection up to the end of the log; events applied by each. */
  const catchUpAll = Effect.forEach(projections, (p) =>
    Effect.map(catchUp(p), (n) => [p.id, n] as const),
  ).pipe(Effect.map((pairs) => Object.fromEntries(pairs) as Record<string, number>))

  /**
   * Follows the log for as long as it runs: catches up on every wake-up. Failures are logged and retried on
   * the next wake-up (the polling tick keeps coming while the database is away).
   */
  const follow = Effect.suspend(() => {
    const log = failureLog("projections")
    return store.wakeups.pipe(
      Stream.runForEach(() =>
        catchUpAll.pipe(
          Effect.tap(() => log.succeeded),
          Effect.catch((error: StoreError) => log.failed(error.message)),
        ),
      ),
    )
  })

  /** Deletes every row and checkpoint of the projections, then replays the whole log into them. */
  const rebuild = Effect.gen(function* () {
    yield* Effect.tryPromise({
      try: () =>
        db.transaction().execute(async (trx) => {
          for (const p of projections) {
            await p.reset(trx)
            await trx.deleteFrom("es_checkpoints").where("subscription_id", "=", p.id).execute()
          }
        }),
      catch: queryFailure("resetting the projections"),
    })
    return yield* catchUpAll
  })

  /** Where each projection stands. */
  const positions = Effect.forEach(projections, (p) =>
    Effect.map(store.checkpoint(p.id), (at): [string, GlobalPosition | null] => [p.id, at]),
  )

  /** Per projection, seconds since the oldest event it has not applied was recorded (0: caught up). */
  const lagSeconds = Effect.forEach(projections, (p) =>
    Effect.flatMap(store.checkpoint(p.id), (at) => store.readAll(at, 1)).pipe(
      Effect.map((next): [string, number] => {
        const oldest = next[0]
        return [
          p.id,
          oldest === undefined ? 0 : Math.max(0, (Date.now() - Date.parse(oldest.recordedAt)) / 1000),
        ]
      }),
    ),
  )

  return { ids: projections.map((p) => p.id), catchUp, catchUpAll, follow, rebuild, positions, lagSeconds }
}
