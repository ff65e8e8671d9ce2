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
 */
export interface Highlight {
  readonly places?: ReadonlyArray<string>
  readonly seats?: ReadonlyArray<number>
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
}
