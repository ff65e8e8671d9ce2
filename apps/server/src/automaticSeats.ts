import type { LoadedGame } from "@boroughs/engine"
import { seatControlOf, settingsOf } from "@boroughs/engine"
import { Effect } from "effect"
import type { App } from "./app.js"

/**
 * After a move or an organiser action on any game: when a seat is forfeited or handed to a built-in bot,
 * play its decisions now — in tournament games the scheduler does this too, but a forfeited seat of any
 * other game would otherwise wait for its turn clock (or forever, in a game without one). Runs detached
 * from the request; each automatic command has a deterministic id, so replicas racing to play it are one.
 */
export const playAutomaticSeats = (app: App, game: LoadedGame) => {
  const first = game.envelopes[0]
  if (first === undefined || game.match.ended) return Effect.void
  const control = seatControlOf(game.envelopes, settingsOf(first).players)
  const automatic =
    control.forfeited.length > 0 ||
    control.holders.some((h) => typeof h === "string" && h.startsWith("builtin:"))
  if (!automatic || control.paused) return Effect.void
  return app.tournaments.playBuiltins(game.gameId).pipe(
    Effect.catch((error) =>
      Effect.sync(() => console.error(`boroughs: automatic seats of ${game.gameId}: ${error.message}`)),
    ),
    Effect.forkDetach,
    Effect.asVoid,
  )
}
