/**
 * Borough geometry (⚙ our design; the rule text only says tiles are hexes placed edge to edge, may wrap
 * around the borough board but never sit on it). Flat-topped hexes in axial coordinates (q, r): column q,
 * and r growing down the column; the centre of (q, r) is at x = 1.5·q, y = √3·(r + q/2). Two tiles are
 * adjacent when they share an edge.
 *
 * The borough board is a band of 7 columns (q = −3..3) and 3 hexes deep right above row y = 0: the hexes
 * with −6 ≤ 2r + q < 0. The starting column hangs from its middle: Suburbs at (0, 0), Community Park at
 * (0, 1), Heavy Factory at (0, 2).
 */

export interface Hex {
  readonly q: number
  readonly r: number
}

/** The six neighbours' offsets, clockwise from the lower right: (+1,0) (0,+1) (−1,+1) (−1,0) (0,−1) (+1,−1). */
export const DIRECTIONS: ReadonlyArray<Hex> = [
  { q: 1, r: 0 },
  { q: 0, r: 1 },
  { q: -1, r: 1 },
  { q: -1, r: 0 },
  { q: 0, r: -1 },
  { q: 1, r: -1 },
]

/** The borough board's extent in columns and its depth, in the half-hex units of `2r + q`. */
export const BOROUGH_BOARD = { minQ: -3, maxQ: 3, depth: 6 } as const

/** The starting column's hexes, from the borough board down. */
export const START_HEXES: ReadonlyArray<Hex> = [
  { q: 0, r: 0 },
  { q: 0, r: 1 },
  { q: 0, r: 2 },
]

/** Whether a hex lies under the borough board (no tile may go there). */
export const onBoroughBoard = (q: number, r: number): boolean => {
  const y = 2 * r + q
  return q >= BOROUGH_BOARD.minQ && q <= BOROUGH_BOARD.maxQ && y < 0 && y >= -BOROUGH_BOARD.depth
}

/** Whether two hexes share an edge. */
export const adjacent = (a: Hex, b: Hex): boolean => {
  const dq = a.q - b.q
  const dr = a.r - b.r
  return (
    (dq === 1 && (dr === 0 || dr === -1)) ||
    (dq === -1 && (dr === 0 || dr === 1)) ||
    (dq === 0 && (dr === 1 || dr === -1))
  )
}

/** The hexes under the borough board, for renderers (the catalogue). */
export const boroughBoardHexes = (): Hex[] => {
  const out: Hex[] = []
  for (let q = BOROUGH_BOARD.minQ; q <= BOROUGH_BOARD.maxQ; q++)
    for (let r = -BOROUGH_BOARD.depth; r <= 0; r++) if (onBoroughBoard(q, r)) out.push({ q, r })
  return out
}
