import { type EventEnvelope, type Match, type Viewer, viewOf } from "@boroughs/core"
import { deadlineOf, type LiveGame, pendingSeats } from "@boroughs/engine"
import {
  type GameDetail,
  type GameEndedMessage,
  type GameStartedMessage,
  requestIdOf,
  sseFrame,
  type YourTurnMessage,
} from "@boroughs/protocol"
import { contextOf, redactedJson } from "./redaction.js"
import type { Reader } from "./viewers.js"

// What the server sends about a game, built from the live game alone: pure functions, so the secrecy
// tests scan exactly what the routes and streams send.

/** `GET /api/games/:gameId`: the game as the reader may see it at `match` (the head, or a delayed one). */
export const gameDetail = (game: LiveGame, match: Match, reader: Reader): GameDetail => {
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
      default: game.game.defaultCommand(game.match.state, d.seat),
    }))
  // Every owing seat's deadline, for spectators' countdowns: only at the head (a delayed view must not
  // tell who owes now) and only while a clock runs. Not the decision's kind: that is the seat's business.
  const clocks =
    ms === null || ended !== null || match.events !== game.match.events
      ? []
      : game.decisions.map((d) => ({ seat: d.seat, deadline: new Date(deadlineOf(d, ms)).toISOString() }))
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
    clocks,
    outcome: ended ? { ranks: ended.ranks, scores: ended.scores, reason: ended.reason } : null,
  }
}

/** The bot stream's `gameStarted` for a token holding `seats`. */
export const gameStartedMessage = (game: LiveGame, seats: ReadonlyArray<number>): GameStartedMessage => ({
  type: "gameStarted",
  gameId: game.gameId,
  game: game.game.id,
  seats,
  players: game.settings.players,
  decisionMs: game.settings.decisionMs,
  version: game.match.events,
})

/** The bot stream's `gameEnded`, or null while the game goes on. */
export const gameEndedMessage = (game: LiveGame): GameEndedMessage | null => {
  const ended = game.match.ended
  return ended === null
    ? null
    : {
        type: "gameEnded",
        gameId: game.gameId,
        version: game.match.events,
        ranks: ended.ranks,
        scores: ended.scores,
        reason: ended.reason,
      }
}

/**
 * The bot stream's `yourTurn`s now: one per seat of `seats` that owes a decision, with that seat's own view
 * and exact legal commands (never the full state — boardgame.io's #1076) and the clock's deadline.
 */
export const yourTurns = (game: LiveGame, seats: ReadonlyArray<number>): YourTurnMessage[] => {
  if (game.match.ended !== null) return []
  const ms = game.settings.decisionMs
  return game.decisions
    .filter((d) => seats.includes(d.seat))
    .map((d) => {
      const deadline = ms === null ? null : deadlineOf(d, ms)
      return {
        type: "yourTurn",
        requestId: requestIdOf(game.gameId, d.seat, game.match.events),
        gameId: game.gameId,
        game: game.game.id,
        seat: d.seat,
        version: game.match.events,
        kind: d.kind,
        view: viewOf(game.match, { kind: "seat", seat: d.seat }),
        legal: game.game.legalCommands(game.match.state, d.seat),
        deadline: deadline === null ? null : new Date(deadline).toISOString(),
        timeLeftMs: deadline === null ? null : Math.max(0, Math.round(deadline - Date.now())),
      }
    })
}

/** The SSE frame of one event as `viewer` may see it (its JSON is shared by every viewer alike). */
export const eventFrame = (game: LiveGame, envelope: EventEnvelope, viewer: Viewer): string =>
  sseFrame(
    "event",
    `{"type":"event","envelope":${redactedJson(contextOf(game.match), envelope, viewer)}}`,
    envelope.version,
  )
