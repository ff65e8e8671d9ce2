import { CARDS } from "./cards.js"
import { BANK, DOLLARS_PER_POINT, deckSize, SEAT_LIMITS, START_MONEY } from "./data.js"
import type { Options } from "./options.js"
import { SITES } from "./street.js"
import { CONTEXT } from "./value.js"
import { ICON_TEXT, INCOME_ICONS, PRESTIGE_ICONS, PROJECT_TYPES, REQUIREMENTS } from "./vocabulary.js"

/** Static data for `boroughs describe uptown`: every card, the icon vocabulary, the table's numbers. */
export const catalogue = (_options: Options) => ({
  game: "uptown",
  source:
    "rule text ../shared/rules/uptown.txt; the 84 + 28 cards are our original design (⚙, no public card list exists)",
  cards: CARDS,
  cardIds: {
    blue: "0–83: project cards (blue bar), dealt into the player decks; one face, rotate to choose project I or II",
    green: "84–111: public cards (green bar), free; two faces, turn over and rotate: four choices",
  },
  choice:
    "a placed card shows faces[face].projects[project]; the other project is covered (PlaceCard.face, .project)",
  vocabulary: {
    types: PROJECT_TYPES,
    requirements: REQUIREMENTS,
    income: INCOME_ICONS,
    prestige: PRESTIGE_ICONS,
    text: ICON_TEXT,
  },
  table: {
    seats: SEAT_LIMITS,
    sites: SITES,
    startMoney: START_MONEY,
    deckSizes: { "2": deckSize(2), "3": deckSize(3), "4": deckSize(4) },
    publicCards: CARDS.filter((c) => c.bar === "green").length,
    bank: { reference: BANK, note: "the bank never runs out (ruling 9)" },
    scoring: `prestige of all projects on your street + 1 per $${DOLLARS_PER_POINT} in your account`,
    tieBreak: "the tallest building (most cards on one site); then a shared victory",
  },
  balance: {
    method:
      "V = prestige + income × E[roof events] / 3 + 1 per roof + 1.5 per gift − 0.5 per restriction; cost = clamp(round(best V), 1, 8)",
    context: CONTEXT,
    report: "docs/uptown-balance.md",
  },
})

/** The type of Uptown's catalogue: what `uptown.catalogue(options)` gives, exactly. */
export type Catalogue = ReturnType<typeof catalogue>
