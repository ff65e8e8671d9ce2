import { findGame } from "@boroughs/core"
import type { NarratableEvent, SeatInfo } from "./common/types.js"
import {
  describeCommandWith,
  narrateSpecificWith,
  narrateWith,
  placesOfCommandWith,
  placesWith,
} from "./narration.js"
import { rendererFor } from "./registry.js"

export { actorOf, eventFields } from "./narration.js"

/** A registered game's title, for games the board UI draws no board for yet. */
const registeredTitle = (game: string) => findGame(game)?.game.title

/**
 * The narration of an event when the game has one for its type; null when it does not (tests use this to
 * find event types without a narration).
 */
export const narrateSpecific = (
  game: string,
  event: NarratableEvent,
  seats: ReadonlyArray<SeatInfo>,
): string | null => narrateSpecificWith(rendererFor(game), event, seats, registeredTitle)

/**
 * An event in plain words ("Ana bought 2 spaces in zone 14 for $7"). Events arrive as the viewer may see
 * them: a redacted secret narrates what is visible ("Ben cast a secret vote on zone 7"). A type without a
 * narration (a game without a renderer yet) still gets a readable sentence from its type and seat.
 */
export const narrate = (game: string, event: NarratableEvent, seats: ReadonlyArray<SeatInfo>): string =>
  narrateWith(rendererFor(game), event, seats, registeredTitle)

/** The board places an event touches (`zone-14`), for `highlight.places`; empty when none or unknown. */
export const placesOf = (game: string, event: NarratableEvent): ReadonlyArray<string> =>
  placesWith(rendererFor(game), event)

/** A seat's command in a few words ("Housing vote"); its type in words when the game has none for it. */
export const describeCommand = (game: string, command: unknown, seats: ReadonlyArray<SeatInfo>): string =>
  describeCommandWith(rendererFor(game), command, seats)

/**
 * The board places a seat's legal command points at, in the view of that seat (`zone-14`), for
 * `highlight.choices`; none when the command has no place or cannot be read.
 */
export const placesOfCommand = (game: string, command: unknown, view: unknown): ReadonlyArray<string> =>
  placesOfCommandWith(rendererFor(game), command, view)
