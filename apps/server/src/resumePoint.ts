import type { LiveGame } from "@boroughs/engine"
import { NotFound } from "@boroughs/protocol"
import { Effect } from "effect"
import type { App } from "./app.js"
import { apiFailures } from "./http/engineErrors.js"

/**
 * Refuses to resume after a version the game has not reached (404, as `view?at=` past the head): a client
 * holding such a version is confused, not early. The game this node follows may trail the log by a
 * wake-up, so a version past it is checked against the stream's head in the store before it is refused.
 */
export const checkResumePoint = (app: App, game: LiveGame, after: number) =>
  after <= game.match.events
    ? Effect.void
    : app.live.storedVersion(game.gameId).pipe(
        apiFailures,
        Effect.flatMap((version) =>
          after <= version
            ? Effect.void
            : Effect.fail(
                new NotFound({
                  message: `game ${game.gameId} is at version ${version}; there is no version ${after} to resume after`,
                }),
              ),
        ),
      )
