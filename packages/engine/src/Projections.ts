import { type AnalysisSettings, type AnyGame, defaultAnalysisSettings } from "@boroughs/core"
import { EventStore } from "@boroughs/store"
import { Context, Effect, Layer } from "effect"
import { analysisProjection } from "./AnalysisProjection.js"
import type { Projection } from "./internal/Projection.js"
import { SNAPSHOT_EVERY, snapshotProjection } from "./internal/SnapshotProjection.js"
import { lobbyProjection } from "./LobbyProjection.js"
import { ladderProjection } from "./ladder/LadderProjection.js"
import { makeProjectionRunner } from "./ProjectionRunner.js"
import { tournamentProjection } from "./tournament/TournamentProjection.js"

/**
 * The projections the server keeps: the lobby, per-game snapshots, tournament standings and ratings, the
 * ladders, and the queue of finished games to analyse with `analysis` (none when false).
 */
export const serverProjections = (
  snapshotEvery = SNAPSHOT_EVERY,
  analysis: AnalysisSettings | false = defaultAnalysisSettings,
): ReadonlyArray<Projection> => [
  lobbyProjection,
  snapshotProjection(snapshotEvery),
  tournamentProjection,
  ladderProjection,
  ...(analysis === false ? [] : [analysisProjection(analysis)]),
]

/**
 * The server's projections over the store in context: the background follows them (on the leader), the
 * server reports their lag, `boroughs projections` rebuilds them and shows where they stand.
 */
export class Projections extends Context.Service<Projections, ReturnType<typeof makeProjectionRunner>>()(
  "@boroughs/engine/Projections",
) {
  static layer(
    findGame: (id: string) => AnyGame | undefined,
    snapshotEvery?: number,
    analysis?: AnalysisSettings | false,
  ) {
    return Layer.effect(
      Projections,
      Effect.map(EventStore, (store) =>
        makeProjectionRunner(store, serverProjections(snapshotEvery, analysis), findGame),
      ),
    )
  }
}
