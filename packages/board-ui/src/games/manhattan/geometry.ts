import { type Catalogue, manhattan } from "@boroughs/core/games/manhattan"

/** A ring square as the Manhattan catalogue publishes it: its board position and the line it projects. */
export type RingSquare = Catalogue["board"]["ring"]["squaresTable"][number]

const catalogue = manhattan.catalogue(manhattan.defaultOptions)

/** The 9×9 board (7×7 city inside a ring of 32 squares). */
export const SIZE = catalogue.board.size
/** Cells along one side of the city. */
export const CITY = SIZE - 2
/** The ring squares, `RING[n]` is square n (0 = top-left corner, clockwise). */
export const RING: ReadonlyArray<RingSquare> = catalogue.board.ring.squaresTable

/** City cell index → (x, y), both 1..7 (the catalogue's `(y − 1)·7 + (x − 1)`). */
export const xyOf = (cell: number) => ({ x: (cell % CITY) + 1, y: Math.floor(cell / CITY) + 1 })
