import type { Viewer } from "@boroughs/core"
import { pendingSeats } from "@boroughs/engine"
import { Forbidden, NotFound, ViewAtQuery } from "@boroughs/protocol"
import { Effect } from "effect"
import { decodeQuery } from "../http/body.js"
import { fromEngine } from "../http/engineErrors.js"
import { ok } from "../http/respond.js"
import type { Route } from "../http/router.js"
import { readerOf, visibleVersion } from "../viewers.js"

/**
 * `GET /api/games/:gameId/view?at=<version>`: the reader's view of any position, from the nearest snapshot
 * and fewer than N folds. Once a game has ended every position is shown whole, as its events are.
 */
export const viewAtRoute: Route = {
  method: "GET",
  path: "/api/games/:gameId/view",
  kind: "json",
  handle: ({ app, params, query, principal }) =>
    Effect.gen(function* () {
      const q = yield* decodeQuery(query, ViewAtQuery)
      const game = yield* app.live.get(params.gameId as string).pipe(Effect.mapError(fromEngine))
      const { viewer } = yield* readerOf(principal, game, q.seat)
      const head = game.match.events
      if (q.at > head)
        return yield* new NotFound({
          message: `game ${game.gameId} is at version ${head}; ${q.at} does not exist yet`,
        })
      const visible = visibleVersion(game, viewer)
      if (q.at > visible)
        return yield* new Forbidden({
          message: `spectators see game ${game.gameId} ${head - visible} events behind: at most version ${visible} now`,
        })
      const match = yield* app.snapshots
        .matchAt(game.gameId, q.at, game.envelopes)
        .pipe(Effect.mapError(fromEngine))
      const effective: Viewer = game.match.ended ? { kind: "organiser" } : viewer
      return ok({
        gameId: game.gameId,
        version: q.at,
        viewer,
        view: game.game.view(match.state, effective),
        pending: pendingSeats(match),
      })
    }),
}
