import { apply, type Match, replay, toEvent, viewOf } from "@boroughs/core"
import { BoroughsApi, Caller, type TimelinePoint } from "@boroughs/protocol"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { App } from "../app.js"
import { apiFailures } from "../http/engineErrors.js"
import { standingReader } from "../timeline/standings.js"
import { readerOf, visibleVersion } from "../viewers.js"

/** When the append holding each version was accepted: the first event of an append carries the time. */
const timeAt = (metadata: Readonly<Record<string, unknown>>, previous: string | null): string | null =>
  typeof metadata.time === "string" ? metadata.time : previous

/**
 * `GET /api/games/:gameId/timeline`: every position the reader may see, folded once from GameStarted, with
 * the round and each seat's standing read from the reader's own view at that position.
 */
export const timeline = (app: App) =>
  HttpApiBuilder.handler(BoroughsApi, "games", "timeline", ({ params, query }) =>
    Effect.gen(function* () {
      const game = yield* app.live.get(params.gameId).pipe(apiFailures)
      const { viewer } = yield* readerOf(yield* Caller, game, query.seat)
      const visible = visibleVersion(game, viewer)
      const seats = game.settings.players.length
      const reader = standingReader(game.game.id)
      const points: TimelinePoint[] = []
      let match: Match | null = null
      let time: string | null = null
      // Games without a round counter of their own (Manhattan) count one each time play passes seat 0.
      let round = 1
      let lastCurrent = -1
      for (const envelope of game.envelopes.slice(0, visible)) {
        const event = toEvent(envelope)
        match = match === null ? replay(game.game, [event]) : apply(match, event)
        time = timeAt(envelope.metadata, time)
        const view = viewOf(match, viewer) as Record<string, unknown>
        if (typeof view.round === "number") round = view.round
        else if (typeof view.current === "number") {
          if (view.current < lastCurrent) round++
          lastCurrent = view.current
        }
        points.push({
          version: envelope.version,
          type: envelope.type,
          round,
          time,
          standings: reader.read(view, seats),
        })
      }
      return {
        gameId: game.gameId,
        game: game.game.id,
        version: visible,
        scoreLabel: reader.scoreLabel,
        points,
      }
    }),
  )
