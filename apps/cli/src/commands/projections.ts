import { findGame } from "@boroughs/core"
import { analysisFromEnv, migrateServer, Projections, withBackgroundLock } from "@boroughs/engine"
import { EventStore } from "@boroughs/store"
import { Effect } from "effect"
import { storeLayer } from "../db.js"
import { runEffect } from "../engine.js"

// The analysis queue is keyed by its settings: read them as the server does, so a rebuild re-queues the same.
const projectionsLayer = () =>
  Projections.layer((id) => findGame(id)?.game, undefined, analysisFromEnv(process.env))

/**
 * `boroughs projections rebuild`: deletes the server's read models (lobby, snapshots, the analysis queue of the
 * settings in `BOROUGHS_ANALYSIS*`) and their checkpoints,
 * then replays the whole log into them, under the background lock so a running server's projections wait.
 */
export const rebuildProjections = (o: { db?: string }): Promise<Record<string, number>> =>
  runEffect(
    Effect.gen(function* () {
      const store = yield* EventStore
      yield* migrateServer(store.db)
      const projections = yield* Projections
      return yield* withBackgroundLock(store, projections.rebuild)
    }).pipe(Effect.scoped, Effect.provide(projectionsLayer()), Effect.provide(storeLayer(o.db))),
  )

/** `boroughs projections status`: where each projection stands in the global log. */
export const projectionStatus = (o: { db?: string }) =>
  runEffect(
    Effect.gen(function* () {
      const store = yield* EventStore
      yield* migrateServer(store.db)
      return yield* (yield* Projections).positions
    }).pipe(Effect.scoped, Effect.provide(projectionsLayer()), Effect.provide(storeLayer(o.db))),
  )
