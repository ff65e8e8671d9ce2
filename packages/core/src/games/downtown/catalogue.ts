import { BOULEVARD_X, GRID, NEIGHBOURS, SPACES_PER_ZONE, ZONES } from "./board.js"
import {
  BONUS,
  COSTS,
  FIRST_CONSTRUCTIONS,
  FRAMES,
  KIT,
  spaceCap,
  TWO_PLAYER_HAND,
  TWO_PLAYER_MARKERS,
  VOTE_TYPES,
} from "./data.js"
import type { Options } from "./options.js"

/** Static data for `boroughs describe downtown`: the board, frames, costs, bonuses and kit. */
export const catalogue = (options: Options) => ({
  game: "downtown",
  variant: options.variant,
  board: {
    grid: GRID,
    boulevard: { x: BOULEVARD_X, note: "zones facing each other across the boulevard are adjacent" },
    spacesPerZone: SPACES_PER_ZONE,
    adjacency: "orthogonal: two zones are neighbours when they share an edge of length > 0",
    source: "⚙ original design (no public text source gives the published map); see docs/downtown-board.svg",
    zones: ZONES.map((z, i) => {
      // NEIGHBOURS is ZONES mapped, so every zone has its entry; the fallback only narrows the type.
      const neighbours = NEIGHBOURS[i] ?? []
      return { ...z, neighbours, degree: neighbours.length }
    }),
    piles: { west: "zones 1–12 (left pile)", east: "zones 13–24 (right pile)" },
  },
  frames: { supply: FRAMES, total: 30, source: "30 frames (fact); split per type and shape ⚙" },
  firstConstructions: FIRST_CONSTRUCTIONS,
  votingCards: VOTE_TYPES,
  costs: {
    ...COSTS,
    note: "index = spaces requested; paid in full even when fewer spaces are received",
  },
  spaceCap: { "2": spaceCap(2), "3": spaceCap(3), "4": spaceCap(4), "5": spaceCap(5), "6": spaceCap(6) },
  desirability: {
    housing: "no adjacent Industry",
    industry: "at least one adjacent Commerce",
    commerce: "at least two adjacent Housing",
    park: "neutral",
  },
  valuation:
    "each space is worth the number of adjacent constructions (parks included), doubled if desirable",
  bonus: { ...BONUS, desirable: { oneOwner: BONUS.oneOwner * 2, twoOwners: BONUS.twoOwners * 2 } },
  kit: KIT,
  twoPlayer: {
    hand: TWO_PLAYER_HAND,
    markers: TWO_PLAYER_MARKERS,
    notes: "no money, no lobby, no bonus; the non-mayor chooses the construction; markers never return",
  },
})

/** The type of Downtown's catalogue: what `downtown.catalogue(options)` gives, exactly. */
export type Catalogue = ReturnType<typeof catalogue>
