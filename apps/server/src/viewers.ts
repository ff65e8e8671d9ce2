import type { Viewer } from "@boroughs/core"
import { type GameSettings, holderOf, type LiveGame, type Principal, seatsHeldBy } from "@boroughs/engine"
import { Forbidden } from "@boroughs/protocol"
import { Effect } from "effect"

/** Who is reading a game, as the server decided from the token, the game's settings and `?seat=`. */
export interface Reader {
  readonly viewer: Viewer
  /** The seats the caller's token holds in this game (organisers: none of their own). */
  readonly held: ReadonlyArray<number>
}

/** A stable key per viewer, for caches of redacted frames. */
export const viewerKey = (v: Viewer): string => (v.kind === "seat" ? `seat:${v.seat}` : v.kind)

/**
 * Decides who reads (ARCHITECTURE.md §5): an organiser sees everything (or views as `seat`); a bot or
 * player views as one of the seats it holds (the first when no `seat` is asked for); once the game has
 * ended, anyone who may watch it may view as any `seat`; anybody else is a spectator, subject to the game's
 * spectator policy.
 */
export const readerOf = (
  principal: Principal | null,
  game: LiveGame,
  seat: number | undefined,
): Effect.Effect<Reader, Forbidden> => {
  const { settings, gameId } = game
  if (principal?.kind === "organiser") {
    if (seat === undefined) return Effect.succeed({ viewer: { kind: "organiser" }, held: [] })
    if (seat >= settings.players.length)
      return Effect.fail(
        new Forbidden({ message: `game ${gameId} has seats 0–${settings.players.length - 1}` }),
      )
    return Effect.succeed({ viewer: { kind: "seat", seat }, held: [] })
  }
  const held = principal === null ? [] : seatsHeldBy(settings, holderOf(principal))
  const ended = game.match.ended !== null
  if (seat !== undefined && seat >= settings.players.length)
    return Effect.fail(
      new Forbidden({ message: `game ${gameId} has seats 0–${settings.players.length - 1}` }),
    )
  // Once a game has ended nothing in it is secret: anyone who may watch it may see it as any seat saw it.
  if (seat !== undefined && !held.includes(seat) && ended && settings.spectators.mode !== "private")
    return Effect.succeed({ viewer: { kind: "seat", seat }, held })
  if (seat !== undefined && !held.includes(seat))
    return Effect.fail(
      new Forbidden({
        message:
          principal === null
            ? `viewing as seat ${seat} needs the token of its holder${ended ? "" : " while the game is live (any seat's view opens once it has ended)"}`
            : `${holderOf(principal)} does not hold seat ${seat} in game ${gameId}`,
      }),
    )
  const chosen = seat ?? held[0]
  if (chosen !== undefined) return Effect.succeed({ viewer: { kind: "seat", seat: chosen }, held })
  if (settings.spectators.mode === "private")
    return Effect.fail(
      new Forbidden({ message: `game ${gameId} is organiser-only: spectators may not watch it` }),
    )
  return Effect.succeed({ viewer: { kind: "spectator" }, held })
}

/**
 * The last version a viewer may see now: everything for seats and organisers; for spectators of a
 * delayed game, the head minus the delay until the game ends (never less than GameStarted).
 */
export const visibleVersion = (game: LiveGame, viewer: Viewer): number => {
  const head = game.match.events
  const policy: GameSettings["spectators"] = game.settings.spectators
  if (viewer.kind !== "spectator" || policy.mode !== "delayed" || game.match.ended) return head
  return Math.max(1, head - policy.events)
}
