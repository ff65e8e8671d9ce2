import { type Match, viewOf } from "@boroughs/core"
import { deadlineOf, type LiveGame, pendingSeats } from "@boroughs/engine"
import type { GameDetail } from "@boroughs/protocol"
import { Effect } from "effect"
import type { App } from "../app.js"
import { fromEngine } from "../http/engineErrors.js"
import { type Reader, visibleVersion } from "../viewers.js"

/** The match a reader may see now: the live one, or an earlier position for delayed spectators. */
export const visibleMatch = (app: App, game: LiveGame, reader: Reader) => {
  const visible = visibleVersion(game, reader.viewer)
  return visible === game.match.events
    ? Effect.succeed(game.match as Match)
    : app.snapshots.matchAt(game.gameId, visible, game.envelopes).pipe(Effect.mapError(fromEngine))
}

/** `GET /api/games/:gameId` and the answer to `POST /api/games`: the game as the reader may see it. */
export const detailOf = (app: App, game: LiveGame, reader: Reader) =>
  Effect.map(visibleMatch(app, game, reader), (match): GameDetail => {
    const { viewer } = reader
    const ended = game.match.ended
    // The decisions of the seats the reader acts for, at the head (a delayed view is for spectators only).
    const mine = new Set(reader.held)
    if (viewer.kind === "seat") mine.add(viewer.seat)
    const ms = game.settings.decisionMs
    const decisions = game.decisions
      .filter((d) => mine.has(d.seat))
      .map((d) => ({
        seat: d.seat,
        kind: d.kind,
        legal: game.game.legalCommands(game.match.state, d.seat),
        deadline: ms === null ? null : new Date(deadlineOf(d, ms)).toISOString(),
      }))
    return {
      gameId: game.gameId,
      game: game.game.id,
      seats: game.settings.players.length,
      players: game.settings.players,
      spectators: game.settings.spectators,
      decisionMs: ms,
      status: ended ? "ended" : "live",
      version: match.events,
      viewer,
      view: viewOf(match, viewer),
      pending: pendingSeats(match),
      decisions,
      outcome: ended ? { ranks: ended.ranks, scores: ended.scores, reason: ended.reason } : null,
    }
  })
