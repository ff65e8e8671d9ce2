import type { AnyGame } from "@boroughs/core"
import { EventStore } from "@boroughs/store"
import { Effect } from "effect"
import { runClocks } from "./ClockRunner.js"
import type { Projection } from "./internal/Projection.js"
import { SNAPSHOT_EVERY, snapshotProjection } from "./internal/SnapshotProjection.js"
import { whileLeader } from "./Leadership.js"
import { lobbyProjection } from "./LobbyProjection.js"
import { makeProjectionRunner } from "./ProjectionRunner.js"
import { tournamentProjection } from "./tournament/TournamentProjection.js"

/** The projections the server keeps: the lobby, per-game snapshots, tournament standings and ratings. */
export const serverProjections = (snapshotEvery = SNAPSHOT_EVERY): ReadonlyArray<Projection> => [
  lobbyProjection,
  snapshotProjection(snapshotEvery),
  tournamentProjection,
]

/**
 * The background work of a cluster — projections and turn clocks — run by whichever process holds the
 * background lock (ARCHITECTURE.md §7). Never returns.
 */
export const runBackground = (
  findGame: (id: string) => AnyGame | undefined,
  options: {
    readonly snapshotEvery?: number
    readonly clocks?: boolean
    readonly onLeadership?: (leader: boolean) => void
  } = {},
) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const runner = makeProjectionRunner(store, serverProjections(options.snapshotEvery), findGame)
    const jobs = Effect.scoped(
      Effect.all([runner.follow, ...(options.clocks === false ? [] : [runClocks()])], {
        concurrency: "unbounded",
        discard: true,
      }),
    ).pipe(Effect.catch((error) => Effect.logError(`background: ${error.message}`)))
    return yield* whileLeader(store, jobs, { onChange: options.onLeadership })
  })
