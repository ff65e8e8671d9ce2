import type { AnyGame } from "@boroughs/core/kernel"
import type { ComponentType } from "react"

/** A seat at the table and the name to show for it (a person, a bot, or "Seat 3" when unknown). */
export interface SeatInfo {
  readonly seat: number
  readonly name: string
}

/**
 * What to draw attention to. `places` are the renderer's place keys (`zone-14`, `cell-3-5`, `site-1-2`, …:
 * each renderer's README section lists them); `seats` rings the seats' panels. `placesOf` computes the
 * places an event touches, so a page can highlight the last event.
 *
 * `choices` marks the places a legal command points at (`placesOfCommand`) in a style of their own, a solid
 * ring unlike the last move's dashed one, and `selected` the places a person picked to narrow the choices.
 */
export interface Highlight {
  readonly places?: ReadonlyArray<string>
  readonly seats?: ReadonlyArray<number>
  readonly choices?: ReadonlyArray<string>
  readonly selected?: ReadonlyArray<string>
}

/** Props of every per-game board renderer. `view` is what `viewOf` returns for one viewer. */
export interface BoardProps<View> {
  readonly view: View
  readonly seats: ReadonlyArray<SeatInfo>
  readonly highlight?: Highlight | undefined
  /** Called when a person activates an interactive place (click, Enter or Space). */
  readonly onSelect?: ((place: string) => void) | undefined
}

/** A game event as the wire carries it: a domain event (`{type, ...fields}`) or an envelope (`{type, data}`). */
export type NarratableEvent =
  | ({ readonly type: string } & Readonly<Record<string, unknown>>)
  | { readonly type: string; readonly data: Readonly<Record<string, unknown>> }

/** How a narrator names seats. */
export interface Names {
  /** The seat's name, or "Seat N" (1-based) when the page gave none. */
  readonly seat: (seat: number) => string
  /** "Ana, Ben and Cy". */
  readonly list: (seats: ReadonlyArray<number>) => string
  /** How many seats the page named (a one-seat Suburbia game names its player; Dale is the other). */
  readonly count: number
}

/** One sentence per event type of a game. Events arrive as the viewer may see them (possibly redacted). */
// biome-ignore lint/suspicious/noExplicitAny: each narrator reads its own game's event fields.
export type Narrator = Readonly<Record<string, (event: any, names: Names) => string>>

/**
 * A seat's command in a few plain words ("Housing vote", "zone 7 dial, 2 spaces"): what a page says of a
 * decision (a replay's mistakes) where the narrator words the events it caused. Throws on a command it
 * cannot read; `describeCommandWith` falls back to the type in words.
 */
// biome-ignore lint/suspicious/noExplicitAny: each describer reads its own game's command fields.
export type CommandDescriber = (command: any, names: Names) => string

/**
 * Words for every command type of a game, keyed by type: typed with the game's `Command` union, so a type
 * left out does not compile.
 */
export type CommandWords<C extends { readonly type: string }> = {
  readonly [K in C["type"]]: (command: Extract<C, { readonly type: K }>, names: Names) => string
}

/**
 * The board places each command type points at, read from the view the seat plays from (a pawn's move lands
 * where its pawn stands now, a card is bought from the box it lies in): typed with the game's `Command`
 * union, so a type left out does not compile. A command with nothing on the board (a vote, a pass, a bid)
 * points at no place.
 */
export type CommandPlaces<C extends { readonly type: string }, View> = {
  readonly [K in C["type"]]: (command: Extract<C, { readonly type: K }>, view: View) => ReadonlyArray<string>
}

/** A place key of a board in a few words ("zone 14", "market slot 2"); throws on a key it does not know. */
export type PlaceDescriber = (place: string, names: Names) => string

/** A game's renderer as the registry holds it: the board, its narrator, and the places an event touches. */
export interface GameRenderer {
  readonly id: string
  readonly title: string
  /** The game's rules (its view schema checks what the board is handed; pages fold positions with it). */
  readonly game: AnyGame
  // biome-ignore lint/suspicious/noExplicitAny: the registry holds renderers of every view type.
  readonly Board: ComponentType<BoardProps<any>>
  readonly narrator: Narrator
  // biome-ignore lint/suspicious/noExplicitAny: each game reads its own event fields.
  readonly placesOf?: (event: any) => ReadonlyArray<string>
  /** A seat's command in words (`CommandDescriber`). */
  readonly describeCommand: CommandDescriber
  /**
   * The place keys the board renders for what a legal command points at, in the view of the seat to move
   * (`CommandPlaces`); throws on a command it cannot read (`placesOfCommandWith` returns none then).
   */
  // biome-ignore lint/suspicious/noExplicitAny: each game reads its own command and view fields.
  readonly placesOfCommand: (command: any, view: any) => ReadonlyArray<string>
  /** A place key in words, for "3 choices at zone 14" and to tell apart choices that read alike. */
  readonly describePlace: PlaceDescriber
}
