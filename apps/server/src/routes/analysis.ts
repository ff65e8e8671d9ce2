import { isAnalysable } from "@boroughs/engine"
import { BoroughsApi, Caller, Conflict, type GameAnalysis, NotFound } from "@boroughs/protocol"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { App } from "../app.js"
import { apiFailures } from "../http/engineErrors.js"
import { readerOf } from "../viewers.js"

/**
 * `GET /api/games/:gameId/analysis`: each seat's chance of winning at every position of a finished game, and
 * its mistakes, as the background computed them once the game ended; queued or running (with progress) until
 * then. Whoever may watch the game may read it. A live game has none, for anybody: the analysis reads the
 * whole state, secrets and all, which only the end makes public.
 */
export const analysis = (app: App) =>
  HttpApiBuilder.handler(BoroughsApi, "games", "analysis", ({ params }) =>
    Effect.gen(function* () {
      const game = yield* app.live.get(params.gameId).pipe(apiFailures)
      yield* readerOf(yield* Caller, game, undefined)
      if (game.match.ended === null)
        return yield* Effect.fail(
          new Conflict({
            reason: "game-live",
            message: `game ${game.gameId} is still being played: its analysis is made once it has ended (it reads every secret of the game)`,
          }),
        )
      const key = app.analyses.key
      if (key === null)
        return yield* Effect.fail(new NotFound({ message: "this server does not analyse games" }))
      if (!isAnalysable(game.game.id))
        return yield* Effect.fail(
          new NotFound({
            message: `${game.game.id} games are not analysed (their rules cannot resample chance)`,
          }),
        )
      const state = yield* app.analyses.of(game.gameId).pipe(apiFailures)
      if (state === null)
        return yield* Effect.fail(new NotFound({ message: "this server does not analyse games" }))
      if (state.status !== "ready")
        return { status: state.status, gameId: game.gameId, key, done: state.done, total: state.total }
      const { analysis: a, computedAt, elapsedMs } = state
      const ready: GameAnalysis = {
        status: "ready",
        gameId: game.gameId,
        game: a.game,
        key: a.key,
        settings: a.settings,
        seats: a.seats,
        perPosition: a.perPosition,
        rollouts: a.rollouts,
        positions: a.positions,
        decisions: a.decisions,
        mistakes: a.mistakes,
        computedAt,
        elapsedMs,
      }
      return ready
    }),
  )
