import {
  DECK_TOP_COST,
  DECKS,
  OFFICE_ZONE,
  OFFICES,
  PERMITS,
  PLANNING_EVENTS,
  PLANNING_TOP_COST,
  permitsOf,
  RENEWALS,
  SOUTH_START,
  STARTERS,
  STARTING_WEALTH,
  VOCATION_CURRENCY,
  VOCATION_SUPPLY,
  WEST_START,
} from "./data.js"
import { type Options, withVariant } from "./options.js"
import { eventsInPlay, inPlay } from "./state.js"

/**
 * Static data for bots and renderers: the cards in play under these options (a contract deck's make-up
 * follows `contractMix` and `metroHighImpact`), the board's printed markers, costs and the offices. A
 * contract's `permits` is what it needs under these options (option `permitCost`, ruling 49). A variant's
 * values count as given (ruling 55): `describe` passes the default options undecoded.
 */
export const catalogue = (given: Options) => {
  const options = withVariant(given)
  return {
    board: {
      blocks:
        "6×6, block = row·6 + column (0-based, row 0 north, column 0 west); lots 0 NW, 1 NE, 2 SW, 3 SE",
      west: WEST_START,
      south: SOUTH_START,
      northSpaces: 3,
      eastSpaces: 6,
      starters: STARTERS,
    },
    costs: {
      planningBoxes: [1, 2, 3, 4],
      planningTop: PLANNING_TOP_COST,
      contractBoxes: [1, 2, 3, 4, 5],
      deckTops: DECK_TOP_COST,
    },
    startingWealth: STARTING_WEALTH,
    offices: OFFICES.map((o) => ({ office: o, counts: OFFICE_ZONE[o] ?? "all" })),
    vocations: Object.entries(VOCATION_SUPPLY).map(([name, tiles]) => ({
      name,
      tiles,
      currency: VOCATION_CURRENCY[name as keyof typeof VOCATION_CURRENCY],
    })),
    planning: { permits: PERMITS, renewals: RENEWALS, events: PLANNING_EVENTS },
    contracts: Object.fromEntries(
      DECKS.map((d) => [
        d,
        inPlay(d, options).map((c) => ({ ...c, permits: permitsOf(c, options.permitCost) })),
      ]),
    ),
    contractEvents: Object.fromEntries(DECKS.map((d) => [d, eventsInPlay(d, options)])),
  }
}

/** The type of Urban Sprawl's catalogue: what `urbanSprawl.catalogue(options)` gives, exactly. */
export type Catalogue = ReturnType<typeof catalogue>
