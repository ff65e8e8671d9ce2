import type { Shape } from "./board.js"

/**
 * Downtown's numbers and components, each with its source: "rule text" is ../shared/rules/downtown.txt,
 * "fact" a published source cited in the design note, "⚙" our own design decision.
 */

/** What a voting card shows and a vote chooses (rule text: Housing, Industry, Commerce). */
export type VoteType = "housing" | "industry" | "commerce"

/** A construction frame: the three voted types, plus Parks from setup (rule text). */
export type Construction = VoteType | "park"

/** The three voting cards, in a fixed order used for tallies and listings. */
export const VOTE_TYPES: ReadonlyArray<VoteType> = ["housing", "industry", "commerce"]

/** All construction types. */
export const CONSTRUCTIONS: ReadonlyArray<Construction> = ["park", "housing", "industry", "commerce"]

/** Frames of one type, per shape. */
export type FrameCount = Readonly<Record<Shape, number>>

/** The frame supply: 30 frames (fact), split Park 3+3, H/C/I 4+4 each (⚙ design note, Decisions). */
export const FRAMES: Readonly<Record<Construction, FrameCount>> = {
  park: { square: 3, rectangle: 3 },
  housing: { square: 4, rectangle: 4 },
  industry: { square: 4, rectangle: 4 },
  commerce: { square: 4, rectangle: 4 },
}

/** The first constructions in reveal order: Parks on the 1st three zones, then H, C, I (rule text). */
export const FIRST_CONSTRUCTIONS: ReadonlyArray<Construction> = [
  "park",
  "park",
  "park",
  "housing",
  "commerce",
  "industry",
]

/** Each player's kit (rule text): 15 markers, 30 money, one lobby disc. */
export const KIT = { markers: 15, money: 30, lobbyDiscs: 1 } as const

/** Cost of 1/2/3 spaces: 3/7/12 with a construction on the zone, 2/5/9 without (rule text 3.2). */
export const COSTS: Readonly<Record<"constructed" | "unconstructed", ReadonlyArray<number>>> = {
  constructed: [0, 3, 7, 12],
  unconstructed: [0, 2, 5, 9],
}

/** The bonus for a single owner / each of two owners, and its desirable double (rule text 4.4). */
export const BONUS = { oneOwner: 5, twoOwners: 1 } as const

/** Most spaces one request may ask for: 3 with 3–4 players, 2 with 5–6 (rule text 3.1); 3 for two. */
export const spaceCap = (seats: number): number => (seats >= 5 ? 2 : 3)

/** Cost of a request for `spaces` spaces (rule text 3.2). */
export const costOf = (spaces: number, constructed: boolean): number =>
  (constructed ? COSTS.constructed : COSTS.unconstructed)[spaces] ?? Number.NaN

/** The two-player variant's markers (fact, sunsite/spielpreis): 15 for framed zones, 15 for unframed. */
export const TWO_PLAYER_MARKERS = { framed: 15, unframed: 15 } as const

/** Zoning tiles dealt to each player in the two-player variant (fact: the remaining 18, 9 each). */
export const TWO_PLAYER_HAND = 9
