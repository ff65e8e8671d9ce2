/**
 * The Downtown board as data (design note §1.4, "Decisions": a documented original design, since no public
 * text source gives the published map). Every zone is an axis-aligned rectangle on an integer plot grid:
 * a square zone is 2×2 plots, a rectangular one 4×1 or 1×4. Adjacency is never typed by hand: two zones
 * are neighbours when they share an edge of length > 0 (orthogonal only, never diagonal).
 *
 * Layout ⚙ (found by scripts/downtown-board-search.ts, checked by scripts/downtown-balance.ts): each half is
 * 12 plots wide and 4 deep, west (zones 1–12, left pile) at x 0–12 and east (zones 13–24, right pile) at
 * x 12–24. The central boulevard runs along x = 12: zones facing each other across it are adjacent, which
 * joins the halves. Each half holds 6 square and 6 rectangular zones; every zone has 3 or 4 neighbours,
 * 12 of each, so the mean is exactly 3.5 (the design note's target). Numbers run roughly west to east,
 * with odd and even numbers alternating: each half has 3 odd and 3 even zones of each shape, and 34 of
 * the 42 neighbour pairs join an odd and an even number.
 */

/** The two halves of the city and their zoning piles (rule text: tiles 1–12 left, 13–24 right). */
export type Half = "west" | "east"

/** A zone's shape; a frame fits only a zone of its own shape (design note, Decisions). */
export type Shape = "square" | "rectangle"

/** One zone: its number, half, shape and rectangle in plots. */
export interface ZoneGeometry {
  readonly zone: number
  readonly half: Half
  readonly shape: Shape
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

/** Width and height of the plot grid. */
export const GRID = { width: 24, height: 4 } as const

/** The boulevard between the halves: the vertical line x = 12 of the plot grid. */
export const BOULEVARD_X = 12

/** Every zone has exactly 4 spaces (plots): rule text and public sources agree. */
export const SPACES_PER_ZONE = 4

/** Number of zones on the board. */
export const ZONE_COUNT = 24

// [x, y, w, h] of each zone in plots, in zone order; east zones are measured from the boulevard.
const WEST: ReadonlyArray<readonly [x: number, y: number, w: number, h: number]> = [
  [0, 0, 4, 1],
  [0, 1, 2, 2],
  [0, 3, 4, 1],
  [2, 1, 2, 2],
  [4, 1, 2, 2],
  [4, 0, 4, 1],
  [6, 1, 2, 2],
  [4, 3, 4, 1],
  [8, 0, 1, 4],
  [9, 0, 1, 4],
  [10, 0, 2, 2],
  [10, 2, 2, 2],
]
const EAST: ReadonlyArray<readonly [x: number, y: number, w: number, h: number]> = [
  [0, 2, 2, 2],
  [0, 0, 2, 2],
  [2, 0, 1, 4],
  [3, 0, 1, 4],
  [4, 0, 4, 1],
  [4, 1, 2, 2],
  [4, 3, 4, 1],
  [6, 1, 2, 2],
  [8, 1, 2, 2],
  [8, 0, 4, 1],
  [10, 1, 2, 2],
  [8, 3, 4, 1],
]

const zoneOf = (zone: number, half: Half, [x, y, w, h]: readonly [number, number, number, number]) => ({
  zone,
  half,
  shape: (w === h ? "square" : "rectangle") as Shape,
  x: half === "west" ? x : x + BOULEVARD_X,
  y,
  w,
  h,
})

/** The 24 zones; `ZONES[n - 1]` is zone n. */
export const ZONES: ReadonlyArray<ZoneGeometry> = [
  ...WEST.map((r, i) => zoneOf(i + 1, "west", r)),
  ...EAST.map((r, i) => zoneOf(i + 13, "east", r)),
]

const overlap = (a0: number, a1: number, b0: number, b1: number): number =>
  Math.max(0, Math.min(a1, b1) - Math.max(a0, b0))

/** Length of the edge two zones share (0 when they only touch at a corner or not at all). */
export const sharedEdge = (a: ZoneGeometry, b: ZoneGeometry): number => {
  if (a.x + a.w === b.x || b.x + b.w === a.x) return overlap(a.y, a.y + a.h, b.y, b.y + b.h)
  if (a.y + a.h === b.y || b.y + b.h === a.y) return overlap(a.x, a.x + a.w, b.x, b.x + b.w)
  return 0
}

/** `NEIGHBOURS[n - 1]` lists the zones adjacent to zone n, ascending; derived from the geometry. */
export const NEIGHBOURS: ReadonlyArray<ReadonlyArray<number>> = ZONES.map((a) =>
  ZONES.filter((b) => b.zone !== a.zone && sharedEdge(a, b) > 0).map((b) => b.zone),
)

/** The geometry of zone n. */
export const geometry = (zone: number): ZoneGeometry => ZONES[zone - 1] as ZoneGeometry

/** The neighbours of zone n. */
export const neighboursOf = (zone: number): ReadonlyArray<number> =>
  NEIGHBOURS[zone - 1] as ReadonlyArray<number>

/** The half (and so the zoning pile) zone n belongs to. */
export const halfOf = (zone: number): Half => (zone <= 12 ? "west" : "east")

/** The shape of zone n. */
export const shapeOf = (zone: number): Shape => geometry(zone).shape
