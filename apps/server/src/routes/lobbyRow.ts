import type { EventEnvelope } from "@boroughs/core"
import { type GameSummary, type Principal, pendingSeats } from "@boroughs/engine"
import { Effect } from "effect"
import type { App } from "../app.js"
import { apiFailures } from "../http/engineErrors.js"
import { readerOf } from "../viewers.js"
import { visibleMatch } from "./detail.js"

/** When the append holding `envelopes[version - 1]` was accepted (only an append's first event records it). */
const timeAt = (envelopes: ReadonlyArray<EventEnvelope>, version: number, fallback: string): string => {
  for (let v = version; v >= 1; v--) {
    const time = envelopes[v - 1]?.metadata.time
    if (typeof time === "string") return time
  }
  return fallback
}

/**
 * A lobby row as the caller may see it. The projection holds every game's live position, right for its
 * organisers and seat holders; a spectator of a delayed game gets the position `GET /api/games/:id` shows
 * them instead (the same reader and the same visible match), so the lobby tells nothing the game's own
 * routes hold back.
 */
export const lobbyRowFor = (app: App, principal: Principal | null, row: GameSummary) =>
  Effect.gen(function* () {
    if (row.spectators.mode !== "delayed" || row.status === "ended" || principal?.kind === "organiser")
      return row
    const game = yield* app.live.get(row.gameId).pipe(apiFailures)
    const reader = yield* readerOf(principal, game, undefined)
    if (reader.viewer.kind !== "spectator") return row
    const match = yield* visibleMatch(app, game, reader)
    const ended = match.ended
    const at = timeAt(game.envelopes, match.events, row.createdAt)
    return {
      ...row,
      status: ended ? "ended" : "live",
      version: match.events,
      pending: pendingSeats(match),
      updatedAt: at,
      endedAt: ended ? at : null,
      outcome: ended ? { ranks: ended.ranks, scores: ended.scores, reason: ended.reason } : null,
    } satisfies GameSummary
  })
