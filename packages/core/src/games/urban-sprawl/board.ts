import { type Filter, OFFICE_ZONE, type Office, type Zone } from "./data.js"
import type { Board, Building, Markers } from "./state.js"

/**
 * Board geometry and the counts every rule reads (rules §1, §5). Blocks are numbered row·6 + column
 * (0-based); a lot's global index on the 12×12 lot grid is y·12 + x.
 */

export const SIDE = 6
export const BLOCKS = SIDE * SIDE
export const rowOf = (block: number): number => Math.floor(block / SIDE)
export const colOf = (block: number): number => block % SIDE

/** The global lot index of lot `lot` (0 NW, 1 NE, 2 SW, 3 SE) of a block. */
export const globalLot = (block: number, lot: number): number =>
  (2 * rowOf(block) + (lot >> 1)) * 2 * SIDE + 2 * colOf(block) + (lot & 1)

/** Lots adjacent on the 12×12 grid (across streets too: rules §1). */
export const NEIGHBOURS: ReadonlyArray<ReadonlyArray<number>> = Array.from({ length: 144 }, (_, g) => {
  const x = g % 12
  const y = Math.floor(g / 12)
  const out: number[] = []
  if (x > 0) out.push(g - 1)
  if (x < 11) out.push(g + 1)
  if (y > 0) out.push(g - 12)
  if (y < 11) out.push(g + 12)
  return out
})

/**
 * The legal shapes of a building of each size inside a block (rules §4 step 2). Frozen: legal Build commands
 * share these arrays, and so do the buildings built from them. Hot loops over a building's `lots` are indexed:
 * for-of over a frozen array allocates an iterator result per step on Node 20.
 */
const frozen = (shapes: number[][]): ReadonlyArray<ReadonlyArray<number>> =>
  Object.freeze(shapes.map((l) => Object.freeze(l)))
export const SHAPES: Readonly<Record<number, ReadonlyArray<ReadonlyArray<number>>>> = {
  1: frozen([[0], [1], [2], [3]]),
  2: frozen([
    [0, 1],
    [2, 3],
    [0, 2],
    [1, 3],
  ]),
  3: frozen([
    [0, 1, 2],
    [0, 1, 3],
    [0, 2, 3],
    [1, 2, 3],
  ]),
  4: frozen([[0, 1, 2, 3]]),
}

export const isShape = (size: number, lots: ReadonlyArray<number>): boolean =>
  (SHAPES[size] ?? []).some((s) => s.length === lots.length && s.every((l, i) => lots[i] === l))

/** A block's value: every marker on its row and its column, both currencies (rules §1). */
export const blockValue = (m: Markers, block: number): number => {
  const r = rowOf(block)
  const c = colOf(block)
  return (m.west[r >> 1] ?? 0) + (m.east[r] ?? 0) + (m.south[c] ?? 0) + (m.north[c >> 1] ?? 0)
}

// The block values of the last markers asked about: markers change a few times a game, costs are read per decision.
let valuesOf: Markers | null = null
let values: number[] = []

/** Every block's value (blockValue), computed once per markers object. */
export const blockValues = (m: Markers): ReadonlyArray<number> => {
  if (m !== valuesOf) {
    values = new Array(BLOCKS)
    for (let block = 0; block < BLOCKS; block++) values[block] = blockValue(m, block)
    valuesOf = m
  }
  return values
}

export const matches = (b: Building, f: Filter): boolean =>
  b.zone !== "PARK" &&
  (f.zones === undefined || f.zones.includes(b.zone as Zone)) &&
  (f.sizes === undefined || f.sizes.includes(b.size))

/** Owned buildings of a seat matching a filter. */
export const ownedMatching = (board: Board, seat: number, f: Filter): number => {
  let n = 0
  for (const b of board.buildings) if (b.owner === seat && matches(b, f)) n++
  return n
}

export const buildingById = (board: Board, id: number): Building | undefined =>
  board.buildings.find((b) => b.id === id)

/** Owned non-park buildings per seat in a row or column. */
export const lineCounts = (board: Board, line: "row" | "column", index: number): number[] => {
  const counts: number[] = new Array(board.seats).fill(0)
  for (const b of board.buildings) {
    if (b.owner === null) continue
    if ((line === "row" ? rowOf(b.block) : colOf(b.block)) === index)
      counts[b.owner] = (counts[b.owner] as number) + 1
  }
  return counts
}

/**
 * What the first and the second rank of a payout of value v gain (rules §5): v and ⌊v/2⌋; for prestige under
 * option `prestigePayouts: "twoThirds"` (our design, docs/urban-sprawl-balance.md) ⌈2v/3⌉ and ⌊v/3⌋. Wealth
 * payouts keep v and ⌊v/2⌋: they pay for building, and so set the game's pace.
 */
export const rankAmounts = (
  currency: "wealth" | "prestige",
  v: number,
  prestigePayouts: "full" | "twoThirds" = "full",
): readonly [number, number] =>
  currency === "prestige" && prestigePayouts === "twoThirds"
    ? [Math.ceil((2 * v) / 3), Math.floor(v / 3)]
    : [v, Math.floor(v / 2)]

/**
 * What the ranks gain from the payout of an event that pays the highest wealth value on the board (Land Boom,
 * Real Estate Boom, Bull Market): v and ⌊v/2⌋ like any wealth payout, or under option `boomPayouts: "half"`
 * (our design, docs/urban-sprawl-balance.md) ⌈v/2⌉ and ⌊v/4⌋ — at 12 a full payout swung 11 wealth a time.
 */
export const boomAmounts = (v: number, boomPayouts: "full" | "half" = "full"): readonly [number, number] =>
  boomPayouts === "half" ? [Math.ceil(v / 2), Math.floor(v / 4)] : rankAmounts("wealth", v)

/**
 * First gains `amounts[0]`, second `amounts[1]`; ties share a rank and skip the next (rules §5). Zero buildings
 * gain nothing.
 */
export const rankGains = (
  counts: ReadonlyArray<number>,
  v: number,
  amounts: readonly [number, number] = [v, Math.floor(v / 2)],
): number[] => {
  const gains: number[] = new Array(counts.length).fill(0)
  let top = 0
  let first = 0
  for (const c of counts)
    if (c > top) {
      top = c
      first = 1
    } else if (c === top) first++
  if (top === 0) return gains
  for (let s = 0; s < counts.length; s++) if (counts[s] === top) gains[s] = amounts[0]
  if (first > 1) return gains
  let second = 0
  for (const c of counts) if (c < top && c > second) second = c
  if (second === 0) return gains
  for (let s = 0; s < counts.length; s++) if (counts[s] === second) gains[s] = amounts[1]
  return gains
}

/** The lines a payout of this currency and value triggers (rules §5; a spanning marker triggers each line). */
export const payoutLines = (
  m: Markers,
  currency: "wealth" | "prestige",
  value: number,
): Array<{ line: "row" | "column"; index: number }> => {
  // Built in order (rows, then columns, each ascending): no sort needed.
  const out: Array<{ line: "row" | "column"; index: number }> = []
  if (currency === "prestige") {
    for (let k = 0; k < m.west.length; k++)
      if (m.west[k] === value) out.push({ line: "row", index: 2 * k }, { line: "row", index: 2 * k + 1 })
    for (let k = 0; k < m.north.length; k++)
      if (m.north[k] === value)
        out.push({ line: "column", index: 2 * k }, { line: "column", index: 2 * k + 1 })
  } else {
    for (let r = 0; r < m.east.length; r++) if (m.east[r] === value) out.push({ line: "row", index: r })
    for (let c = 0; c < m.south.length; c++) if (m.south[c] === value) out.push({ line: "column", index: c })
  }
  return out
}

/** What an election counts for a seat: buildings and lots of the office's zone (all zones for the Mayor). */
export const electionCount = (
  board: Board,
  office: Office,
  seat: number,
): { buildings: number; lots: number } => {
  const zone = OFFICE_ZONE[office]
  let buildings = 0
  let lots = 0
  for (const b of board.buildings)
    if (b.owner === seat && (zone === null || b.zone === zone)) {
      buildings++
      lots += b.size
    }
  return { buildings, lots }
}

/** The seats still tied for an office after buildings, then lots (empty: nobody qualifies). One pass, no copies. */
export const electionLeaders = (board: Board, office: Office): number[] => {
  const zone = OFFICE_ZONE[office]
  const buildings = new Array<number>(board.seats).fill(0)
  const lots = new Array<number>(board.seats).fill(0)
  for (const b of board.buildings)
    if (b.owner !== null && (zone === null || b.zone === zone)) {
      buildings[b.owner] = (buildings[b.owner] as number) + 1
      lots[b.owner] = (lots[b.owner] as number) + b.size
    }
  let most = 0
  for (const n of buildings) if (n > most) most = n
  if (most === 0) return []
  let mostLots = 0
  for (let s = 0; s < board.seats; s++)
    if (buildings[s] === most && (lots[s] as number) > mostLots) mostLots = lots[s] as number
  const out: number[] = []
  for (let s = 0; s < board.seats; s++) if (buildings[s] === most && lots[s] === mostLots) out.push(s)
  return out
}

/** The seats the Contractor may go to: the holder when tied for lowest prestige, else everyone tied. */
export const contractorCandidates = (board: Board): number[] => {
  let low = Number.POSITIVE_INFINITY
  for (const p of board.players) if (p.prestige < low) low = p.prestige
  const tied: number[] = []
  for (let s = 0; s < board.players.length; s++) if (board.players[s]?.prestige === low) tied.push(s)
  if (board.contractor !== null && tied.includes(board.contractor)) return [board.contractor]
  return tied
}

/** Blocks holding an owned building, with the highest value among them (ascending). */
export const mostValuableBlocks = (board: Board): number[] => {
  const owned: boolean[] = new Array(BLOCKS).fill(false)
  for (const b of board.buildings) if (b.owner !== null) owned[b.block] = true
  const values = blockValues(board.markers)
  let best = Number.NEGATIVE_INFINITY
  for (let block = 0; block < BLOCKS; block++)
    if (owned[block] && (values[block] as number) > best) best = values[block] as number
  const out: number[] = []
  for (let block = 0; block < BLOCKS; block++) if (owned[block] && values[block] === best) out.push(block)
  return out
}

export const policeChief = (board: Board): number | null => board.offices.PoliceChief ?? null

/** Urban Decay's candidates: owned buildings of lowest value, the Police Chief's excepted. */
export const decayCandidates = (board: Board): number[] => {
  const pc = policeChief(board)
  const values = blockValues(board.markers)
  let low = Number.POSITIVE_INFINITY
  for (const b of board.buildings)
    if (b.owner !== null && b.owner !== pc && (values[b.block] as number) < low)
      low = values[b.block] as number
  const out: number[] = []
  for (const b of board.buildings)
    if (b.owner !== null && b.owner !== pc && values[b.block] === low) out.push(b.id)
  return out
}

/** Local Headlines' candidates: the owned buildings in the most valuable block(s) holding one. */
export const headlineCandidates = (board: Board): number[] => {
  const blocks = mostValuableBlocks(board)
  return board.buildings.filter((b) => b.owner !== null && blocks.includes(b.block)).map((b) => b.id)
}

/** A threat's buildings at risk for a seat (never the Police Chief's). */
export const atRisk = (
  board: Board,
  seat: number,
  target: "mostValuableBlock" | "waterfront" | "size3plus",
  block: number | null,
): number[] => {
  if (policeChief(board) === seat) return []
  return board.buildings
    .filter(
      (b) =>
        b.owner === seat &&
        (target === "mostValuableBlock"
          ? b.block === block
          : target === "waterfront"
            ? rowOf(b.block) === 0 || colOf(b.block) === SIDE - 1
            : b.size >= 3),
    )
    .map((b) => b.id)
}

export const lotsOwned = (board: Board, seat: number): number =>
  board.buildings.reduce((n, b) => n + (b.owner === seat ? b.size : 0), 0)

export const vocationTiles = (board: Board, seat: number): number =>
  Object.values(board.players[seat]?.vocations ?? {}).reduce((a, b) => a + b, 0)

/** The highest wealth value placed on the board (Land Boom). */
export const highestWealth = (m: Markers): number =>
  Math.max(0, ...[...m.south, ...m.east].map((v) => v ?? 0))

export const MARKER_EDGE_FOR = (currency: "wealth" | "prestige"): "east" | "north" =>
  currency === "wealth" ? "east" : "north"
