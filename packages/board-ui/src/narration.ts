import { type Ended, endedText } from "./common/ended.js"
import { namesFor } from "./common/names.js"
import type { GameRenderer, Names, NarratableEvent, Narrator, SeatInfo } from "./common/types.js"

// Narration with the game's renderer in hand: no registry of every game, so a page of one game loads that
// game's code alone (narrate.ts looks renderers up by id for everyone else).

/** The kernel's own events, the same in every game; `title` names the game. */
const kernelNarrator = (title: (game: string) => string): Narrator => ({
  GameStarted: (e: { game: string; seats: number; seedCommitment?: string }) =>
    `${title(e.game)} started for ${e.seats === 1 ? "1 player" : `${e.seats} players`}${
      e.seedCommitment ? ` (seed committed: ${e.seedCommitment.slice(0, 8)}…)` : ""
    }`,
  GameEnded: (e: Ended, n: Names) => endedText(e, n),
  // The seat's name at the time the page is drawn may already be the new one: say the seat by number.
  SeatNamed: (e: { seat: number; name: string }) => `Seat ${e.seat + 1} is now called ${e.name}`,
})

const KERNEL_EVENTS: ReadonlySet<string> = new Set(["GameStarted", "GameEnded", "SeatNamed"])

/** A game's title from its renderer, else from `fallback`, else its id. */
const titleFrom =
  (renderer: GameRenderer | undefined, fallback?: (game: string) => string | undefined) =>
  (game: string): string =>
    (renderer?.id === game ? renderer.title : undefined) ?? fallback?.(game) ?? game

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
export const narrateSpecificWith = (
  renderer: GameRenderer | undefined,
  event: NarratableEvent,
  seats: ReadonlyArray<SeatInfo>,
  titleOf?: (game: string) => string | undefined,
): string | null => {
  const fields = eventFields(event)
  // A game may word the kernel's events its own way (Manhattan's scores are heights and blocks).
  // The kernel's narrator is made only for its own events: a log narrates hundreds of the game's own.
  const say =
    renderer?.narrator[fields.type] ??
    (KERNEL_EVENTS.has(fields.type) ? kernelNarrator(titleFrom(renderer, titleOf))[fields.type] : undefined)
  return say ? say(fields, namesFor(seats)) : null
}

/**
 * An event in plain words ("Ana bought 2 spaces in zone 14 for $7"). Events arrive as the viewer may see
 * them: a redacted secret narrates what is visible ("Ben cast a secret vote on zone 7"). A type without a
 * narration (a game without a renderer yet) still gets a readable sentence from its type and seat.
 */
export const narrateWith = (
  renderer: GameRenderer | undefined,
  event: NarratableEvent,
  seats: ReadonlyArray<SeatInfo>,
  titleOf?: (game: string) => string | undefined,
): string => {
  // An event a narration cannot read (fields missing, an id from another rules version) still gets its
  // type in words: an event log never breaks on one event.
  let specific: string | null = null
  try {
    specific = narrateSpecificWith(renderer, event, seats, titleOf)
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

/**
 * A seat's command in a few words ("Housing vote", "zone 7 dial, 2 spaces") by the game's describer; a
 * command it cannot read, or a game without a renderer, gets its type in words ("Cast vote"). Never throws.
 */
export const describeCommandWith = (
  renderer: GameRenderer | undefined,
  command: unknown,
  seats: ReadonlyArray<SeatInfo>,
): string => {
  const type =
    typeof command === "object" &&
    command !== null &&
    typeof (command as { type?: unknown }).type === "string"
      ? (command as { type: string }).type
      : "command"
  try {
    const said = renderer?.describeCommand(command, namesFor(seats))
    if (said !== undefined && said !== "" && !/undefined|NaN|\[object Object\]/.test(said)) return said
  } catch {
    // Another rules version's command, say: its type still reads.
  }
  return capitaliseFirst(spaced(type))
}

/**
 * The board places a seat's command points at in that seat's view (`zone-14`, `tile-0-1--2`), for
 * `highlight.choices`; none when the command has no place, or when it cannot be read (another rules
 * version's command, a view it does not fit). Never throws.
 */
export const placesOfCommandWith = (
  renderer: GameRenderer | undefined,
  command: unknown,
  view: unknown,
): ReadonlyArray<string> => {
  if (renderer === undefined || typeof command !== "object" || command === null) return []
  try {
    const places = renderer.placesOfCommand(command, view)
    return places.every((p) => typeof p === "string" && !/undefined|NaN|null/.test(p)) ? places : []
  } catch {
    return []
  }
}

/** A board place in a few words ("zone 14", "market slot 2"); the key itself when the game cannot say. */
export const describePlaceWith = (
  renderer: GameRenderer | undefined,
  place: string,
  seats: ReadonlyArray<SeatInfo>,
): string => {
  try {
    const said = renderer?.describePlace(place, namesFor(seats))
    if (said && !/undefined|NaN|\[object Object\]/.test(said)) return said
  } catch {
    // A key from another rules version: the key still says something.
  }
  return place
}

/** The board places an event touches (`zone-14`), for `highlight.places`; empty when none or unknown. */
export const placesWith = (
  renderer: GameRenderer | undefined,
  event: NarratableEvent,
): ReadonlyArray<string> => renderer?.placesOf?.(eventFields(event)) ?? []

/** The seat that acted in an event (`seat`, `player` or the mayor who drew), for `highlight.seats`; null when none. */
export const actorOf = (event: NarratableEvent): number | null => {
  const fields = eventFields(event)
  for (const key of ["seat", "player", "mayor"]) {
    const value = fields[key]
    if (typeof value === "number" && Number.isInteger(value)) return value
  }
  return null
}
