import type { EventStore } from "@boroughs/store"
import { Effect } from "effect"
import { whileLeader } from "../Leadership.js"
import type { Ladder, StartRatedGame } from "./Ladder.js"

/** The advisory lock of the ladder's pairing ("bl/l"), apart from the background and the tournaments. */
export const LADDER_LOCK = 0x626c2f6c

/**
 * Keeps the ladders' tables full (ARCHITECTURE.md §7): on whichever process holds its lock, every `tickMs`
 * it pairs each game's free, connected entrants by rating and starts their games. The games are ordinary
 * games: house bots are played by the automatic seats, everyone's clock by the clocks. Never returns.
 */
export const runLadder = (
  store: EventStore["Service"],
  ladder: Ladder["Service"],
  start: StartRatedGame,
  options: { readonly tickMs?: number | undefined } = {},
) => {
  if (ladder.settings.games.length === 0) return Effect.never
  // Entrants of tables this process started, until the projection shows their game.
  const busy = new Map<string, string>()
  const tick = Effect.forEach(
    ladder.settings.games,
    (game) =>
      ladder
        .pair(game, start, busy)
        .pipe(Effect.catch((error) => Effect.logWarning(`ladder ${game}: ${error.message}`))),
    { discard: true },
  )
  const job = Effect.forever(Effect.andThen(tick, Effect.sleep(options.tickMs ?? 2_000)))
  return whileLeader(store, job, { key: LADDER_LOCK })
}
