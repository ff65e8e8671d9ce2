import { findGame } from "@boroughs/core"
import { type Ended, endedText } from "./common/ended.js"
import { namesFor } from "./common/names.js"
import type { Names, NarratableEvent, Narrator, SeatInfo } from "./common/types.js"
import { rendererFor } from "./registry.js"

/** The kernel's own events, the same in every game. */
const kernelNarrator: Narrator = {
  GameStarted: (e: { game: string; seats: number; seedCommitment?: string }) =>
    `${rendererFor(e.game)?.title ?? findGame(e.game)?.game.title ?? e.game} started for ${e.seats === 1 ? "1 player" : `${e.seats} players`}${
      e.seedCommitment ? ` (seed committed: ${e.seedCommitment.slice(0, 8)}…)` : ""
    }`,
  GameEnded: (e: Ended, n: Names) => endedText(e, n),
}

/** The event's fields whether it came as a domain event or as an envelope. */
export const eventFields = (event: NarratableEvent): { type: string } & Record<string, unknown> =>
  "data" in event &&
  typeof event.data === "object" &&
  event.data !== null &&
  ("eventId" in event || Object.keys(event).length === 2)
    ? { ...(event.data as Record<string, unknown>), type: event.type }
    : (event as { type: string } & Record<string, unknown>)

/** "TileDrawn" → "tile drawn". */
const spaced = (type: string) => type.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase()

/**
 * The narration of an event when the game has one for its type; null when it does not (tests use this to
 * find event types without a narration).
 */
export const narrateSpecific = (
  game: string,
  event: NarratableEvent,
  seats: ReadonlyArray<SeatInfo>,
): string | null => {
  const fields = eventFields(event)
  // A game may word the kernel's events its own way (Manhattan's scores are heights and blocks).
  const say = rendererFor(game)?.narrator[fields.type] ?? kernelNarrator[fields.type]
  return say ? say(fields, namesFor(seats)) : null
}

/**
 * An event in plain words ("Ana bought 2 spaces in zone 14 for $7"). Events arrive as the viewer may see
 * them: a redacted secret narrates what is visible ("Ben cast a secret vote on zone 7"). A type without a
 * narration (a game without a renderer yet) still gets a readable sentence from its type and seat.
 */
export const narrate = (game: string, event: NarratableEvent, seats: ReadonlyArray<SeatInfo>): string => {
  // An event a narration cannot read (fields missing, an id from another rules version) still gets its
  // type in words: an event log never breaks on one event.
  let specific: string | null = null
  try {
    specific = narrateSpecific(game, event, seats)
  } catch {
    specific = null
  }
  if (specific !== null && !/undefined|NaN|\[object Object\]/.test(specific)) return specific
  const fields = eventFields(event)
  const who = ["seat", "player"].map((k) => fields[k]).find((v) => typeof v === "number") as
    | number
    | undefined
  const names = namesFor(seats)
  return who === undefined
    ? capitaliseFirst(spaced(fields.type))
    : `${names.seat(who)}: ${spaced(fields.type)}`
}

const capitaliseFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** The board places an event touches (`zone-14`), for `highlight.places`; empty when none or unknown. */
export const placesOf = (game: string, event: NarratableEvent): ReadonlyArray<string> =>
  rendererFor(game)?.placesOf?.(eventFields(event)) ?? []

/** The seat that acted in an event (`seat`, `player` or the mayor who drew), for `highlight.seats`; null when none. */
export const actorOf = (event: NarratableEvent): number | null => {
  const fields = eventFields(event)
  for (const key of ["seat", "player", "mayor"]) {
    const value = fields[key]
    if (typeof value === "number" && Number.isInteger(value)) return value
  }
  return null
}
