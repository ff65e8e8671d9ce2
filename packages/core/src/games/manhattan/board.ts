/**
 * Board geometry (design "Unknown; to be designed" → docs/rulings/manhattan.md "Coordinates").
 * The 9×9 board has columns and rows 0..8. The city is the inner 7×7: cells (x, y) with x the column
 * (1 = left) and y the row (1 = top). Cell index = (y − 1)·7 + (x − 1). The ring is the outer 32 squares,
 * numbered 0..31 clockwise from the top-left corner; 0, 8, 16 and 24 are the corners.
 */

/** Cells along one side of the city. */
export const CITY = 7
/** Number of city cells. */
export const CELLS = CITY * CITY
/** Number of ring squares. */
export const RING = 32
/** The four corner squares of the ring. */
export const CORNERS = [0, 8, 16, 24] as const
export type Corner = (typeof CORNERS)[number]

/** A city cell in the coordinates events and commands use. */
export interface XY {
  readonly x: number
  readonly y: number
}

/** The index of city cell (x, y), both 1..7. */
export const cellIndex = (x: number, y: number): number => (y - 1) * CITY + (x - 1)

const XYS: ReadonlyArray<XY> = Array.from({ length: CELLS }, (_, i) => ({
  x: (i % CITY) + 1,
  y: Math.floor(i / CITY) + 1,
}))

/** The (x, y) of a cell index (shared, frozen objects: do not mutate). */
export const xyOf = (cell: number): XY => XYS[cell] as XY

/** Whether x and y name a city cell. */
export const isCity = (x: unknown, y: unknown): boolean =>
  Number.isInteger(x) &&
  Number.isInteger(y) &&
  (x as number) >= 1 &&
  (x as number) <= CITY &&
  (y as number) >= 1 &&
  (y as number) <= CITY

/** Whether a value is one of the four corner squares. */
export const isCorner = (square: unknown): square is Corner =>
  square === 0 || square === 8 || square === 16 || square === 24

/** The 9×9 board position (column, row) of a ring square: the top side runs 0..8 left to right. */
export const ringPosition = (square: number): { readonly column: number; readonly row: number } => {
  const r = ((square % RING) + RING) % RING
  if (r <= 8) return { column: r, row: 0 }
  if (r <= 16) return { column: 8, row: r - 8 }
  if (r <= 24) return { column: 24 - r, row: 8 }
  return { column: 0, row: 32 - r }
}

/** What a pawn on a ring square projects into the city: a column, a row, or nothing (corners). */
export const AXIS_NONE = 0
export const AXIS_COLUMN = 1
export const AXIS_ROW = 2

const AXIS: ReadonlyArray<number> = Array.from({ length: RING }, (_, r) =>
  r % 8 === 0 ? AXIS_NONE : r < 8 || (r > 16 && r < 24) ? AXIS_COLUMN : AXIS_ROW,
)
const LINE: ReadonlyArray<number> = Array.from({ length: RING }, (_, r) => {
  const { column, row } = ringPosition(r)
  return AXIS[r] === AXIS_COLUMN ? column : AXIS[r] === AXIS_ROW ? row : 0
})

/** The axis a pawn on this square projects (AXIS_NONE on corners). */
export const axisOf = (square: number): number => AXIS[square] as number

/** The column or row number (1..7) a pawn on this square projects; 0 on corners. */
export const lineOf = (square: number): number => LINE[square] as number

/**
 * The cell where the lines of two pawns cross, or null: one pawn must project a column and the other a
 * row. Two columns, two rows (parallel lines), a corner or a pawn off the board project nothing.
 */
export const crossing = (a: number | null, b: number | null): number | null => {
  if (a === null || b === null) return null
  const axisA = AXIS[a] as number
  const axisB = AXIS[b] as number
  if (axisA === AXIS_NONE || axisB === AXIS_NONE || axisA === axisB) return null
  return axisA === AXIS_COLUMN
    ? cellIndex(LINE[a] as number, LINE[b] as number)
    : cellIndex(LINE[b] as number, LINE[a] as number)
}

/** The square reached from `from` moving `steps` squares clockwise (+1) or counter-clockwise (−1). */
export const stepRing = (from: number, steps: number, direction: 1 | -1): number =>
  (((from + direction * steps) % RING) + RING) % RING

const neighbours = (diagonal: boolean): ReadonlyArray<ReadonlyArray<number>> =>
  Array.from({ length: CELLS }, (_, i) => {
    const { x, y } = xyOf(i)
    const out: number[] = []
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        if (dx === 0 && dy === 0) continue
        if (!diagonal && dx !== 0 && dy !== 0) continue
        if (isCity(x + dx, y + dy)) out.push(cellIndex(x + dx, y + dy))
      }
    return out
  })

/** Cells sharing an edge with each cell. */
export const EDGE_NEIGHBOURS = neighbours(false)
/** Cells sharing an edge or a corner with each cell (the contact rule). */
export const TOUCHING = neighbours(true)
