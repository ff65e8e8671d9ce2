import { type Catalogue, downtown, type View } from "@boroughs/core/games/downtown"

/** A zone's rectangle on the plot grid and its neighbours, as the Downtown catalogue publishes it. */
export type Zone = Catalogue["board"]["zones"][number]

// The board is the same for every variant; read it once from the game's own catalogue (no second copy).
const board = downtown.catalogue({ variant: "standard" }).board

/** The 24 zones, `ZONES[n - 1]` is zone n. */
export const ZONES: ReadonlyArray<Zone> = board.zones
/** Plot grid size. */
export const GRID = board.grid
/** The boulevard's x on the plot grid. */
export const BOULEVARD_X = board.boulevard.x

/** Pairs of zones that face each other across the boulevard (neighbours from different halves). */
export const ACROSS: ReadonlyArray<readonly [number, number]> = ZONES.flatMap((z) =>
  z.half === "west"
    ? z.neighbours.filter((n) => ZONES[n - 1]?.half === "east").map((n) => [z.zone, n] as const)
    : [],
)

/** The plot (0–3) centres of a zone in plot units, in the order `markers[plot]` uses. */
export const plotsOf = (z: Zone): ReadonlyArray<{ x: number; y: number }> =>
  z.w === 2
    ? [
        { x: z.x + 0.5, y: z.y + 0.5 },
        { x: z.x + 1.5, y: z.y + 0.5 },
        { x: z.x + 0.5, y: z.y + 1.5 },
        { x: z.x + 1.5, y: z.y + 1.5 },
      ]
    : Array.from({ length: 4 }, (_, i) =>
        z.w === 4 ? { x: z.x + i + 0.5, y: z.y + 0.5 } : { x: z.x + 0.5, y: z.y + i + 0.5 },
      )

/** Whether a zone's zoning tile has come out (drawn, or played from a two-player hand). */
export const isZoned = (view: View, zone: number): boolean =>
  !view.piles.west.includes(zone) &&
  !view.piles.east.includes(zone) &&
  !view.hands.some((h) => h.includes(zone))
