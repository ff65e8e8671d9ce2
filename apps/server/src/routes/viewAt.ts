import type { Viewer } from "@boroughs/core"
import { pendingSeats } from "@boroughs/engine"
import { BoroughsApi, Caller, Forbidden, NotFound } from "@boroughs/protocol"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { App } from "../app.js"
import { apiFailures } from "../http/engineErrors.js"
import { readerOf, visibleVersion } from "../viewers.js"

/**
 * `GET /api/games/:gameId/view?at=<version>`: the reader's view of any position, from the nearest snapshot
 * and fewer than N folds. Once a game has ended every position is shown whole, as its events are.
 */
export const viewAt = (app: App) =>
  HttpApiBuilder.handler(BoroughsApi, "games", "viewAt", ({ params, query: q }) =>
    Effect.gen(function* () {
      const game = yield* app.live.get(params.gameId).pipe(apiFailures)
      const { viewer } = yield* readerOf(yield* Caller, game, q.seat)
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
      const match = yield* app.snapshots.matchAt(game.gameId, q.at, game.envelopes).pipe(apiFailures)
      // `as`: once the game has ended anyone may see a position as one seat saw it (the replay's perspective).
      if (q.as !== undefined && game.match.ended === null)
        return yield* new Forbidden({
          message: `game ${game.gameId} is still being played: a seat's perspective opens once it has ended`,
        })
      if (q.as !== undefined && q.as >= game.settings.players.length)
        return yield* new NotFound({
          message: `game ${game.gameId} has seats 0–${game.settings.players.length - 1}, not ${q.as}`,
        })
      const perspective: Viewer | null = q.as === undefined ? null : { kind: "seat", seat: q.as }
      const effective: Viewer = perspective ?? (game.match.ended ? { kind: "organiser" } : viewer)
      return {
        gameId: game.gameId,
        version: q.at,
        viewer: perspective ?? viewer,
        view: game.game.view(match.state, effective),
        pending: pendingSeats(match),
      }
    }),
  )
