import type { Match } from "@boroughs/core"
import type { LiveGame } from "@boroughs/engine"
import { Effect } from "effect"
import type { App } from "../app.js"
import { apiFailures } from "../http/engineErrors.js"
import { gameDetail } from "../payloads.js"
import { type Reader, visibleVersion } from "../viewers.js"

/** The match a reader may see now: the live one, or an earlier position for delayed spectators. */
export const visibleMatch = (app: App, game: LiveGame, reader: Reader) => {
  const visible = visibleVersion(game, reader.viewer)
  return visible === game.match.events
    ? Effect.succeed(game.match as Match)
    : app.snapshots.matchAt(game.gameId, visible, game.envelopes).pipe(apiFailures)
}

/**
 * `GET /api/games/:gameId` and the answer to `POST /api/games`: the game as the reader may see it, with each
 * seat's display name (public, as the holders are).
 */
export const detailOf = (app: App, game: LiveGame, reader: Reader) =>
  Effect.map(visibleMatch(app, game, reader), (match) => ({
    ...gameDetail(game, match, reader),
    names: game.settings.names ?? game.settings.players.map(() => null),
  }))
