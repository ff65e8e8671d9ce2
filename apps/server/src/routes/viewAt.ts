import { seatDecision } from "@boroughs/core"
import { pendingSeats } from "@boroughs/engine"
import { BoroughsApi, Caller, Forbidden, NotFound } from "@boroughs/protocol"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { App } from "../app.js"
import { apiFailures } from "../http/engineErrors.js"
import { readerOf, visibleVersion } from "../viewers.js"

/**
 * `GET /api/games/:gameId/view?at=<version>&seat=`: the reader's view of any position, from the nearest
 * snapshot and fewer than N folds. Once a game has ended every position is shown whole, as its events are,
 * or as any seat saw it.
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
      const ended = game.match.ended !== null
      // Once the game has ended every position is public: shown whole, or as the seat asked for (the
      // replay's perspective), with that seat's legal commands there, so a position can become a test case.
      if (ended && viewer.kind === "seat") {
        const { view, legal } = seatDecision(match, viewer.seat)
        return { gameId: game.gameId, version: q.at, viewer, view, pending: pendingSeats(match), legal }
      }
      return {
        gameId: game.gameId,
        version: q.at,
        viewer,
        view: game.game.view(match.state, ended ? { kind: "organiser" } : viewer),
        pending: pendingSeats(match),
      }
    }),
  )
