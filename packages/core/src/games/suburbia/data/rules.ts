/**
 * The numbers of the rules: components, set-up, market, tracks and red lines (rule text and design note §4.3).
 */

/** Seats at the table; a one-seat game is solo against Dale. */
export const SEAT_LIMITS = { min: 1, max: 4 } as const

/** Each player's start: $15 and 3 investment markers (rulespal, GIOP ✔); Income 0 / Reputation 1 / Population 2. */
export const START = { money: 15, investments: 3, income: 0, reputation: 1, population: 2 } as const

/** The starting column, from the borough board down (rulespal ✔); its effects are not applied (Decisions). */
export const STARTING_COLUMN = ["suburbs", "community-park", "heavy-factory"] as const

/** The basic tiles (rule text, "Taking a basic tile"), in the order the supply shows them. */
export const BASIC_TILE_IDS = ["suburbs", "community-park", "heavy-factory"] as const

/** Basic tiles face up in the supply: 4 of each (rule text, set-up). */
export const BASIC_SUPPLY = 4

/** Income and reputation never leave −5..15 (rule text). */
export const TRACK_MIN = -5
export const TRACK_MAX = 15

/** Tiles per A/B/C stack by player count (rule text); solo against Dale: 25 each (rule text, Dale set-up 1). */
export const STACK_SIZE: Readonly<Record<number, number>> = { 1: 25, 2: 15, 3: 18, 4: 21 }

/** C tiles mixed with the One More Round tile at the bottom of C (rule text); Dale: 12 (Dale set-up 2). */
export const MIXED_WITH_ONE_MORE_ROUND: Readonly<Record<number, number>> = { 1: 12, 2: 6, 3: 9, 4: 12 }

/** C tiles from the box placed under the mixed part (rule text); none against Dale, whose game ends on the tile. */
export const BUFFER_TILES: Readonly<Record<number, number>> = { 1: 0, 2: 4, 3: 4, 4: 4 }

/** Market surcharges, leftmost (newest) first: $10 $8 $6 $4 $2 $0 $0 (design note B.2 ✔). */
export const MARKET_SURCHARGES: ReadonlyArray<number> = [10, 8, 6, 4, 2, 0, 0]

/** Against Dale only the $6, $4, $2 and leftmost $0 spaces are used (rule text, Dale set-up 4). */
export const DALE_MARKET_SURCHARGES: ReadonlyArray<number> = [6, 4, 2, 0]

/** What Dale pays for any tile (rule text, "Dale's Turn"). */
export const DALE_PRICE = 3

/** Public goals: one per player (rule text); three against Dale. */
export const DALE_PUBLIC_GOALS = 3

/** Goals each player draws, keeping one (rule text, set-up). */
export const GOALS_DEALT = 2

/** Population per $5 at the end (rule text). */
export const DOLLARS_PER_POPULATION = 5

/** Solo achievement ladder (rulespal, both editions): the lowest score of each title. */
export const SOLO_TITLES: ReadonlyArray<{ readonly from: number; readonly title: string }> = [
  { from: 136, title: "CEO of Suburbia, Inc." },
  { from: 121, title: "Principal Architect" },
  { from: 106, title: "Architectural Engineer" },
  { from: 91, title: "Architectural Designer" },
  { from: 76, title: "Draftsman" },
  { from: 60, title: "Subcontractor" },
  { from: Number.NEGATIVE_INFINITY, title: "Junior Intern" },
]
