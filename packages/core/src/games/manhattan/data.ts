/**
 * Components of Manhattan (Fagus, 1986) and where each figure comes from. Rule text:
 * shared/rules/manhattan.txt; facts and decisions: shared/design/games/manhattan.md.
 */

/** The shared supply at the start of a game (rule text, "Components"). */
export const SUPPLY_LIMITS = {
  /** 45 cubes (stories of buildings). */
  stories: 45,
  /** 20 wedges (roofs). */
  roofs: 20,
  /** 30 flats (roads, called streets in the rules). */
  streets: 30,
} as const

/** What each player takes (rule text, "Preparation"): 2 pawns and 2 towers. */
export const PER_PLAYER = {
  pawns: 2,
  towers: 2,
} as const

/** Roofs each player holds at the start (published fact, keirat review; design decision): an option. */
export const DEFAULT_STARTING_ROOFS = 2

/**
 * The boxed components as printed (rule text). Two colours have a third tower, presumably a spare; the design
 * (ruling 7) uses 2 per player for 2–6 players.
 */
export const BOX = {
  stories: 45,
  roofs: 20,
  streets: 30,
  towers: 14,
  towerColours: { green: 2, gray: 2, yellow: 2, purple: 2, red: 3, blue: 3 },
  pawns: 12,
  dice: 2,
} as const

/** Player colours in seat order, for renderers (the box's six colours). */
export const SEAT_COLOURS = ["red", "blue", "green", "yellow", "purple", "gray"] as const

/** Seat limits: 2–6 players (published fact, keirat and knobelritter agree). */
export const SEAT_LIMITS = { min: 2, max: 6 } as const
