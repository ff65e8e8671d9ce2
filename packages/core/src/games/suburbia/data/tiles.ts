/**
 * Every Suburbia tile as data (design note §4.3 tile table, with the "Disputed tile values — verdicts").
 * Source tags: P Python engine, J/N dpekar's JS list = Nemikolh's Unity data (one source), Z zettix/scumlord,
 * K smartshaila, S sob-zine player aid, R rulespal rulebook examples. Confidence: ✔ two or more sources agree,
 * ◐ one source, ✖ conflict (the chosen value is the verdict's; the dissenting value is kept in `dissent` so a
 * variant could switch to it), ⚙ our design.
 */
import { type Category, type Effect, each, eachLater, F, type Icon, now, perRedLine } from "../effects.js"

export type Stack = "basic" | "A" | "B" | "C"
export type Confidence = "✔" | "◐" | "✖" | "⚙"

/** A value another source gives, kept so a variant could switch to it. */
export interface Dissent {
  readonly source: string
  readonly cost?: number
  readonly count?: number
  readonly effects?: ReadonlyArray<Effect>
}

/** One tile kind of the table: stack, kind, icons, cost, copies, effects, and where the values come from. */
export interface TileDef {
  readonly id: string
  readonly name: string
  readonly stack: Stack
  readonly category: Category
  readonly icons: ReadonlyArray<Icon>
  readonly cost: number
  /** Tiles of this kind in the box. */
  readonly count: number
  /** Immediate effects first, then conditional ones, in the order they resolve. */
  readonly effects: ReadonlyArray<Effect>
  readonly confidence: Confidence
  readonly sources: string
  /** For ✖ rows: the value chosen and why (the design note's verdict). */
  readonly chosen?: string
  readonly dissent?: ReadonlyArray<Dissent>
}

const tile = (
  id: string,
  name: string,
  stack: Stack,
  category: Category,
  icons: ReadonlyArray<Icon>,
  cost: number,
  count: number,
  effects: ReadonlyArray<Effect>,
  confidence: Confidence,
  sources: string,
  extra: { chosen?: string; dissent?: ReadonlyArray<Dissent> } = {},
): TileDef => ({ id, name, stack, category, icons, cost, count, effects, confidence, sources, ...extra })

const R = "residential" as const
const C = "commercial" as const
const I = "industrial" as const
const V = "civic" as const

/** The three basic tiles: the starting column and the limited basic supply. */
export const BASIC_TILES: ReadonlyArray<TileDef> = [
  tile("suburbs", "Suburbs", "basic", R, [], 3, 8, [now("population", 2)], "✔", "rule text, P, Z, S"),
  tile(
    "community-park",
    "Community Park",
    "basic",
    V,
    [],
    4,
    8,
    [now("income", -1), each("reputation", 1, "adjacent", F.RCI)],
    "✔",
    "P, Z, S; rulebook start example",
  ),
  tile(
    "heavy-factory",
    "Heavy Factory",
    "basic",
    I,
    [],
    3,
    8,
    [now("income", 1), each("reputation", -1, "adjacent", F.RV)],
    "✔",
    "P, Z, S; rulebook start example",
  ),
]

/** Stack A: 32 tiles. */
export const A_TILES: ReadonlyArray<TileDef> = [
  tile(
    "business-supply-store",
    "Business Supply Store",
    "A",
    C,
    [],
    8,
    2,
    [now("income", 1), each("income", 1, "every", F.office)],
    "✔",
    "P, J, Z, S, R",
  ),
  tile("convenience-store", "Convenience Store", "A", C, [], 6, 2, [now("income", 1)], "✔", "P, J, Z, S"),
  tile(
    "fancy-restaurant",
    "Fancy Restaurant",
    "A",
    C,
    ["restaurant"],
    9,
    3,
    [now("income", 3), eachLater("income", -1, F.restaurant)],
    "✔",
    "P, J, Z, S; R CE restaurant example",
  ),
  tile(
    "farm",
    "Farm",
    "A",
    I,
    [],
    9,
    2,
    [now("reputation", -1), each("income", 1, "every", F.restaurant)],
    "✔",
    "P, J, Z, S; R CE",
  ),
  tile(
    "fast-food-restaurant",
    "Fast Food Restaurant",
    "A",
    C,
    ["restaurant"],
    7,
    2,
    [now("income", 1), each("population", 3, "adjacent", F.R)],
    "✔",
    "P, J, S; R CE example (Z: 1)",
    { dissent: [{ source: "Z", effects: [now("income", 1), each("population", 1, "adjacent", F.R)] }] },
  ),
  tile(
    "freeway",
    "Freeway",
    "A",
    I,
    [],
    5,
    2,
    [each("reputation", -1, "adjacent", F.R), each("income", 1, "adjacent", F.C)],
    "✔",
    "P, J, Z, S",
  ),
  tile(
    "homeowners-association",
    "Homeowners Association",
    "A",
    R,
    [],
    6,
    2,
    [now("population", 1), each("money", 2, "every", F.R)],
    "✖",
    "P, J, Z, R: $6; S: $5",
    {
      chosen: "$6 — verdict ✔: P, J, Z, K and both rulebook examples ('pay $6'); S is a typo",
      dissent: [{ source: "S", cost: 5 }],
    },
  ),
  tile(
    "landfill",
    "Landfill",
    "A",
    I,
    [],
    4,
    2,
    [now("income", 2), each("reputation", -1, "adjacent", F.ALL)],
    "✔",
    "P, J, Z, S",
  ),
  tile(
    "mint",
    "Mint",
    "A",
    V,
    [],
    15,
    2,
    [now("income", 3), each("money", 2, "own", F.V)],
    "✔",
    "P, J, Z, S",
  ),
  tile(
    "mobile-home-community",
    "Mobile Home Community",
    "A",
    R,
    [],
    4,
    2,
    [now("population", 6)],
    "✔",
    "P, J, Z, S",
  ),
  tile(
    "municipal-airport",
    "Municipal Airport",
    "A",
    I,
    ["airport"],
    6,
    2,
    [each("income", 1, "every", F.airport), each("reputation", -1, "adjacent", F.R)],
    "✔",
    "P, J, Z, S",
  ),
  tile(
    "office-building",
    "Office Building",
    "A",
    C,
    ["office"],
    9,
    3,
    [now("income", 1), each("income", 1, "adjacent", F.C)],
    "✔",
    "P, K, S, R CE (J/N: adjacent Office)",
    { dissent: [{ source: "N/J", effects: [now("income", 1), each("income", 1, "adjacent", F.office)] }] },
  ),
  tile(
    "parking-lot",
    "Parking Lot",
    "A",
    C,
    [],
    12,
    2,
    [now("income", 1), each("income", 1, "adjacent", F.CV)],
    "✔",
    "P, K, S, Z (N/J: +1 Pop immediate, an error)",
  ),
  tile(
    "slaughterhouse",
    "Slaughterhouse",
    "A",
    I,
    [],
    5,
    2,
    [now("reputation", -2), each("income", 1, "every", F.restaurant)],
    "✔",
    "P, J, Z, S; R CE",
  ),
  tile(
    "waterfront-realty",
    "Waterfront Realty",
    "A",
    C,
    [],
    6,
    2,
    [each("money", 2, "lakeside", F.ALL)],
    "✔",
    "P ('$4 instead of $2'), Z ('lake_double'), S",
  ),
]

/** Stack B: 36 tiles. */
export const B_TILES: ReadonlyArray<TileDef> = [
  tile(
    "burg-von-alspach",
    "Burg von Alspach",
    "B",
    R,
    [],
    12,
    2,
    [now("population", 3), each("reputation", 1, "adjacent", F.R)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "casino",
    "Casino",
    "B",
    C,
    [],
    22,
    2,
    [now("reputation", -3), perRedLine("income", 1)],
    "✖",
    "N/J, Z, K: ×2; P: ×1",
    {
      chosen: "×2 — verdict ✔ 3:1: the B stack of 36 needs Casino ×2 and Domestic Airport ×3",
      dissent: [{ source: "P", count: 1 }],
    },
  ),
  tile(
    "domestic-airport",
    "Domestic Airport",
    "B",
    I,
    ["airport"],
    11,
    3,
    [now("income", 1), each("reputation", 1, "every", F.airport), each("reputation", -1, "adjacent", F.R)],
    "◐",
    "N/J, P, K: +1 Rep per every Airport (Z: +1 Inc); K: ×2",
    {
      chosen: "+1 Rep per every Airport, ×3 — verdict ✔ 3:1",
      dissent: [
        {
          source: "Z",
          effects: [
            now("income", 1),
            each("income", 1, "every", F.airport),
            each("reputation", -1, "adjacent", F.R),
          ],
        },
        { source: "K", count: 2 },
      ],
    },
  ),
  tile(
    "elementary-school",
    "Elementary School",
    "B",
    V,
    ["school"],
    5,
    3,
    [now("reputation", 1), each("population", 1, "own", F.R)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "gas-station",
    "Gas Station",
    "B",
    C,
    [],
    7,
    2,
    [now("income", 1), each("population", 1, "adjacent", F.R)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "hostel",
    "Hostel",
    "B",
    R,
    [],
    0,
    2,
    [now("population", 2), each("reputation", -1, "adjacent", F.C)],
    "✔",
    "P, J, Z (cost 0 in all three)",
  ),
  tile(
    "housing-projects",
    "Housing Projects",
    "B",
    R,
    [],
    8,
    2,
    [now("population", 10), each("reputation", -2, "adjacent", F.RCV)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "movie-theater",
    "Movie Theater",
    "B",
    C,
    [],
    10,
    2,
    [now("income", 1), each("income", 1, "adjacent", F.R)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "museum",
    "Museum",
    "B",
    V,
    [],
    8,
    2,
    [now("reputation", 1), each("reputation", 1, "adjacent", F.V)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "office-of-bureaucracy",
    "Office of Bureaucracy",
    "B",
    V,
    ["office"],
    9,
    2,
    [now("reputation", -2), each("income", 1, "own", F.V)],
    "✖",
    "N/J, P, K: −2 Rep; Z: +1 Rep",
    {
      chosen: "−2 Rep immediate — verdict ✔ 3:1",
      dissent: [{ source: "Z", effects: [now("reputation", 1), each("income", 1, "own", F.V)] }],
    },
  ),
  tile(
    "postal-service",
    "Postal Service",
    "B",
    V,
    [],
    12,
    2,
    [each("income", 1, "own", F.C)],
    "✖",
    "P, Z, K: no immediate effect; N/J: +1 Inc immediate",
    {
      chosen: "no immediate effect — verdict ✔ 3:1",
      dissent: [{ source: "N/J", effects: [now("income", 1), each("income", 1, "own", F.C)] }],
    },
  ),
  tile("power-station", "Power Station", "B", V, [], 11, 2, [each("income", 1, "own", F.I)], "✔", "P, J, Z"),
  tile("retirement-village", "Retirement Village", "B", R, [], 8, 2, [now("population", 5)], "✔", "P, J, Z"),
  tile(
    "shipping-center",
    "Shipping Center",
    "B",
    C,
    [],
    16,
    2,
    [now("income", 1), each("money", 2, "every", F.C)],
    "✔",
    "P, J",
  ),
  tile(
    "skyscraper",
    "Skyscraper",
    "B",
    C,
    ["skyscraper"],
    11,
    2,
    [now("income", 3), eachLater("income", -1, F.skyscraper)],
    "✖",
    "N/J, P, K: $11; Z: $10",
    { chosen: "$11 — verdict ✔ 3:1", dissent: [{ source: "Z", cost: 10 }] },
  ),
  tile(
    "stadium",
    "Stadium",
    "B",
    V,
    [],
    16,
    2,
    [now("income", 1), each("reputation", 2, "adjacent", F.R)],
    "✔",
    "P, J",
  ),
  tile(
    "warehouse",
    "Warehouse",
    "B",
    I,
    [],
    13,
    2,
    [now("reputation", -1), each("income", 2, "adjacent", F.C)],
    "✔",
    "P, J",
  ),
]

/** Stack C: 32 tiles (One More Round is extra). */
export const C_TILES: ReadonlyArray<TileDef> = [
  tile(
    "apartments",
    "Apartments",
    "C",
    R,
    [],
    12,
    2,
    [now("population", 5), each("population", 2, "adjacent", F.C)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "bed-and-breakfast",
    "Bed & Breakfast",
    "C",
    R,
    [],
    9,
    2,
    [now("population", 2), each("population", 1, "own", F.R)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "boutique",
    "Boutique",
    "C",
    C,
    [],
    9,
    2,
    [now("income", 1), each("reputation", 1, "adjacent", F.R)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "chip-fabrication-plant",
    "Chip Fabrication Plant",
    "C",
    I,
    [],
    18,
    2,
    [now("reputation", 2), each("income", 1, "own", F.C)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "condominium",
    "Condominium",
    "C",
    R,
    [],
    14,
    2,
    [now("population", 5), each("population", 3, "adjacent", F.C)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "high-school",
    "High School",
    "C",
    V,
    ["school"],
    18,
    3,
    [now("reputation", 1), each("population", 3, "own", F.R)],
    "✔",
    "P, J, Z; rulebook 'each of your' example",
  ),
  tile(
    "hotel",
    "Hotel",
    "C",
    C,
    [],
    13,
    2,
    [now("income", 1), each("population", 1, "others", F.R)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "international-airport",
    "International Airport",
    "C",
    I,
    ["airport"],
    18,
    2,
    [
      each("income", 1, "every", F.airport),
      each("reputation", 1, "every", F.airport),
      each("reputation", -1, "adjacent", F.R),
    ],
    "✔",
    "P, J, Z (K: +1 Rep per adjacent Residential, an error)",
  ),
  tile(
    "local-epa-office",
    "Local EPA Office",
    "C",
    V,
    ["office"],
    12,
    2,
    [now("reputation", 1), each("money", 2, "every", F.I)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "middle-school",
    "Middle School",
    "C",
    V,
    ["school"],
    10,
    3,
    [now("reputation", 1), each("population", 2, "own", F.R)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "new-car-dealership",
    "New Car Dealership",
    "C",
    C,
    ["car-dealership"],
    12,
    2,
    [now("income", 5), eachLater("income", -2, F.carDealership)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "pr-firm",
    "PR Firm",
    "C",
    C,
    [],
    20,
    2,
    [now("income", -2), perRedLine("reputation", 1)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "recycling-plant",
    "Recycling Plant",
    "C",
    I,
    [],
    17,
    2,
    [now("reputation", 1), each("reputation", 2, "adjacent", F.I)],
    "✖",
    "P, Z, K: +1 Rep immediate; N/J: +2. P, N/J, K: per adjacent Industrial; Z: every",
    {
      chosen: "+1 Rep immediate, +2 Rep per adjacent Industrial — verdicts ✔ 3:1",
      dissent: [
        { source: "N/J", effects: [now("reputation", 2), each("reputation", 2, "adjacent", F.I)] },
        { source: "Z", effects: [now("reputation", 1), each("reputation", 2, "every", F.I)] },
      ],
    },
  ),
  tile(
    "resort",
    "Resort",
    "C",
    C,
    [],
    16,
    2,
    [now("income", 1), each("population", 1, "every", F.R)],
    "✔",
    "P, J, Z",
  ),
  tile(
    "university",
    "University",
    "C",
    V,
    [],
    15,
    2,
    [now("income", 2), each("reputation", 1, "every", F.school)],
    "✖",
    "N/J, P, K: every School; Z: your",
    {
      chosen: "+1 Rep per School in every borough — verdict ✔ 3:1",
      dissent: [{ source: "Z", effects: [now("income", 2), each("reputation", 1, "own", F.school)] }],
    },
  ),
]

/** Every tile kind: basic, then A, B, C. */
export const TILES: ReadonlyArray<TileDef> = [...BASIC_TILES, ...A_TILES, ...B_TILES, ...C_TILES]

/** Tile ids, in table order (the schema's literals). */
export const TILE_IDS = TILES.map((t) => t.id) as [string, ...string[]]

const byId = new Map(TILES.map((t) => [t.id, t]))

/** The tile kind with this id (throws on an unknown id: a bug, since commands and events are decoded). */
export const tileDef = (id: string): TileDef => {
  const t = byId.get(id)
  if (!t) throw new Error(`suburbia: unknown tile ${id}`)
  return t
}

/**
 * A lake: any market tile placed face down (rule text, "Taking a tile to use as a lake"). It has no category
 * and no icon, so no filter ever counts it, and pays $2 per adjacent Residential/Commercial/Industrial/Civic
 * tile — when placed and whenever such a tile is placed next to it later. Its investment cost is $0.
 */
export const LAKE = {
  category: null,
  icons: [] as ReadonlyArray<Icon>,
  cost: 0,
  effects: [each("money", 2, "adjacent", F.ALL)] as ReadonlyArray<Effect>,
} as const
