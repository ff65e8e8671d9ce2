/**
 * Urban Sprawl content as data (rules §1, §7; design note §5). Cards only name effects from the closed
 * vocabulary below; no rule anywhere looks at a card's name. `provenance` says whether a card's name and
 * gist are published ('public') or ours ('design'); every number on a 'design' card is ours.
 */

export const ZONES = ["CIV", "COM", "IND", "RES"] as const
export type Zone = (typeof ZONES)[number]
export type BuildingZone = Zone | "PARK"

export const VOCATIONS = [
  "PublicService",
  "Education",
  "Transportation",
  "Finance",
  "Energy",
  "Tourism",
  "Manufacturing",
] as const
export type Vocation = (typeof VOCATIONS)[number]

/** Tiles per vocation in the holding box (design note §1.1 ⚙: 24 tiles). */
export const VOCATION_SUPPLY: Readonly<Record<Vocation, number>> = {
  PublicService: 6,
  Education: 3,
  Transportation: 2,
  Finance: 2,
  Energy: 3,
  Tourism: 4,
  Manufacturing: 4,
}

/** The currency each vocation pays in (design note §1.1 ⚙). */
export const VOCATION_CURRENCY: Readonly<Record<Vocation, "wealth" | "prestige">> = {
  PublicService: "prestige",
  Education: "prestige",
  Tourism: "prestige",
  Transportation: "wealth",
  Finance: "wealth",
  Energy: "wealth",
  Manufacturing: "wealth",
}

/** Offices in election-track order (the pawn's path). */
export const OFFICES = ["Mayor", "UnionBoss", "PoliceChief", "Treasurer", "DistrictAttorney"] as const
export type Office = (typeof OFFICES)[number]

/** The zones an office counts in an election (null: every owned building). */
export const OFFICE_ZONE: Readonly<Record<Office, Zone | null>> = {
  Mayor: null,
  UnionBoss: "IND",
  PoliceChief: "CIV",
  Treasurer: "COM",
  DistrictAttorney: "RES",
}

export type Who = "self" | "each"
/** Which owned buildings a count covers; an empty filter matches every owned building. */
export interface Filter {
  readonly zones?: ReadonlyArray<Zone> | undefined
  readonly sizes?: ReadonlyArray<number> | undefined
}

/** Contract effects: the closed vocabulary (rules §7). Resolved once, in order, when built. */
export type Effect =
  | { readonly op: "gain"; readonly who: Who; readonly wealth?: number; readonly prestige?: number }
  | {
      readonly op: "gainPer"
      readonly who: Who
      readonly per: Filter
      readonly wealth?: number
      readonly prestige?: number
    }
  | { readonly op: "tribute"; readonly per: Filter; readonly amount: number }
  | { readonly op: "ignoreZoning" }
  | { readonly op: "extraFavor" }
  | { readonly op: "winOffice"; readonly office: Office | "choice" }
  | { readonly op: "swapMarkers"; readonly edge: Edge }
  | { readonly op: "election" }
  | { readonly op: "takePlanning" }

export type Edge = "west" | "south" | "north" | "east"

/** Event operations (rules §7, table of events). */
export type EventOp =
  | { readonly op: "lose"; readonly wealth?: number; readonly prestige?: number }
  | { readonly op: "gainPer"; readonly per: Filter; readonly wealth?: number; readonly prestige?: number }
  | { readonly op: "auction"; readonly price: number; readonly prestige: number }
  | { readonly op: "decay"; readonly ransomPrestige: number }
  | { readonly op: "headlines"; readonly prestige: number }
  | {
      readonly op: "threat"
      readonly target: "mostValuableBlock" | "waterfront" | "size3plus"
      readonly wealth?: number
      readonly prestige?: number
    }
  | { readonly op: "highestWealthPayout" }
  | {
      readonly op: "placeMarkers"
      readonly wealth: ReadonlyArray<number>
      readonly prestige: ReadonlyArray<number>
    }
  | { readonly op: "activateDeck"; readonly deck: "city" | "metro" }
  | { readonly op: "finalPayouts" }

export type DeckId = "town" | "city" | "metro"
export const DECKS: ReadonlyArray<DeckId> = ["town", "city", "metro"]
export type Provenance = "public" | "design"

export interface PermitCard {
  readonly id: string
  readonly kind: "permit"
  readonly permits: number
  readonly zones: ReadonlyArray<Zone>
  readonly wealth: number
  readonly ballot: boolean
}
export interface RenewalCard {
  readonly id: string
  readonly kind: "renewal"
  readonly wealth: number
  readonly ballot: boolean
}
export interface EventCard {
  readonly id: string
  readonly kind: "event"
  readonly name: string
  readonly key: boolean
  readonly provenance: Provenance
  readonly ops: ReadonlyArray<EventOp>
}
export interface ContractCard {
  readonly id: string
  readonly kind: "contract"
  readonly deck: DeckId
  readonly name: string
  readonly provenance: Provenance
  readonly zone: BuildingZone
  readonly size: number
  readonly permits: number
  /** The prestige value paid out when the card is revealed (0: none). */
  readonly reveal: number
  readonly vocations: ReadonlyArray<{ readonly name: Vocation; readonly value: number }>
  readonly effects: ReadonlyArray<Effect>
  /** One of the four cards a published house rule calls game-warping (option `metroHighImpact`). */
  readonly highImpact: boolean
}
export type PlanningCard = PermitCard | RenewalCard | EventCard
export type Card = PlanningCard | ContractCard

// ---- Planning deck (design note §5.2, fully specified there) ----

const Z = { C: "CIV", M: "COM", I: "IND", R: "RES" } as const
/** "4 C 1" = 4 permits, civic, wealth 1; a trailing * is a ballot. */
const PERMIT_ROWS = [
  // A: 4 permits, 1 zone
  "4 C 1", "4 C 3*", "4 M 2", "4 M 4*", "4 I 1", "4 I 3*", "4 R 2", "4 R 4*",
  // B: 3 permits, 1 zone
  "3 C 1", "3 M 2", "3 I 3", "3 R 4", "3 C 5*", "3 M 6", "3 I 5", "3 R 6*",
  // C: 2 permits, 2 zones
  "2 CM 1", "2 CM 7*", "2 CI 2", "2 CI 8", "2 CR 3*", "2 CR 9", "2 MI 4", "2 MI 7", "2 MR 5*", "2 MR 8", "2 IR 6",
  "2 IR 9*",
  // E: 2 permits, 3 zones
  "2 CMI 5", "2 CMI 9*", "2 CMR 6", "2 CMR 8", "2 CIR 7*", "2 CIR 9", "2 MIR 7", "2 MIR 8",
  // D: 1 permit, every zone
  "1 CMIR 10", "1 CMIR 10*", "1 CMIR 10", "1 CMIR 11", "1 CMIR 11", "1 CMIR 11*", "1 CMIR 12", "1 CMIR 12",
] as const // biome-ignore format: a table

export const PERMITS: ReadonlyArray<PermitCard> = PERMIT_ROWS.map((row, i) => {
  const [permits, zones, value] = row.split(" ") as [string, string, string]
  return {
    id: `P${String(i + 1).padStart(2, "0")}`,
    kind: "permit",
    permits: Number(permits),
    zones: [...zones].map((z) => Z[z as keyof typeof Z]),
    wealth: Number.parseInt(value, 10),
    ballot: value.endsWith("*"),
  }
})

export const RENEWALS: ReadonlyArray<RenewalCard> = [
  { id: "U1", kind: "renewal", wealth: 10, ballot: false },
  { id: "U2", kind: "renewal", wealth: 11, ballot: true },
  { id: "U3", kind: "renewal", wealth: 12, ballot: false },
  { id: "U4", kind: "renewal", wealth: 12, ballot: true },
]

const event = (id: string, name: string, provenance: Provenance, ops: EventOp[], key = false): EventCard => ({
  id,
  kind: "event",
  name,
  key,
  provenance,
  ops,
})

export const PLANNING_EVENTS: ReadonlyArray<EventCard> = [
  event("E1", "Luxury Taxes", "public", [{ op: "lose", wealth: 3 }]),
  event("E2", "Estate Auction", "public", [{ op: "auction", price: 9, prestige: 5 }]),
  event("E3", "Urban Decay", "public", [{ op: "decay", ransomPrestige: 3 }]),
  event("E4", "Local Headlines", "public", [{ op: "headlines", prestige: 3 }]),
  event("E5", "Bond Issue", "design", [{ op: "gainPer", per: { zones: ["CIV"] }, wealth: 2 }]),
  event("E6", "Land Boom", "design", [{ op: "highestWealthPayout" }]),
]

// ---- Contract decks (design note §5.3–5.6; the examples there plus our cards by its budget rule) ----

const V: Record<string, Vocation> = {
  PS: "PublicService",
  ED: "Education",
  TR: "Transportation",
  FI: "Finance",
  EN: "Energy",
  TO: "Tourism",
  MA: "Manufacturing",
}
type Row = readonly [
  id: string,
  name: string,
  zone: BuildingZone,
  size: number,
  reveal: number,
  vocations: string,
  effects: ReadonlyArray<Effect>,
  provenance?: Provenance,
]
const self = (wealth: number, prestige: number): Effect => ({
  op: "gain",
  who: "self",
  ...(wealth ? { wealth } : {}),
  ...(prestige ? { prestige } : {}),
})
const per = (who: Who, zones: Zone[], wealth: number, prestige: number): Effect => ({
  op: "gainPer",
  who,
  per: { zones },
  ...(wealth ? { wealth } : {}),
  ...(prestige ? { prestige } : {}),
})

const TOWN: ReadonlyArray<Row> = [
  ["T01", "Clinic", "CIV", 1, 1, "PS1", [], "public"],
  ["T02", "Courthouse", "CIV", 2, 0, "", [], "public"],
  ["T03", "Fire Station", "CIV", 1, 0, "PS1", [], "public"],
  ["T04", "Corner Grocery", "COM", 1, 2, "FI1", []],
  ["T05", "Machine Shop", "IND", 1, 3, "MA1", [self(2, 0)]],
  ["T06", "Row Houses", "RES", 2, 1, "", [per("self", ["RES"], 0, 1)]],
  ["T07", "Sawmill", "IND", 2, 0, "EN2", []],
  ["T08", "Dry Goods Store", "COM", 2, 3, "FI1", []],
  ["T09", "Boarding House", "RES", 1, 2, "TO1", []],
  ["T10", "Schoolhouse", "CIV", 2, 2, "ED1", []],
  ["T11", "Town Green", "PARK", 1, 0, "", [self(0, 3)]],
  ["T12", "Freight Yard", "IND", 3, 1, "TR2", [per("self", ["IND"], 1, 0)]],
  ["T13", "Post Office", "CIV", 1, 3, "PS1", []],
  ["T14", "Constable's Office", "CIV", 1, 0, "", [self(0, 1)]],
  ["T15", "Meeting Hall", "CIV", 2, 1, "ED1", []],
  ["T16", "County Infirmary", "CIV", 3, 3, "PS2", []],
  ["T17", "Bakery", "COM", 1, 1, "TO1", []],
  ["T18", "Barber Shop", "COM", 1, 0, "", [self(2, 0)]],
  ["T19", "Tailor", "COM", 1, 2, "", []],
  ["T20", "General Store", "COM", 2, 3, "", [self(3, 0)]],
  ["T21", "Coaching Inn", "COM", 2, 0, "TO2", []],
  ["T22", "Feed Store", "COM", 2, 1, "", []],
  ["T23", "Market Hall", "COM", 3, 3, "", [per("self", ["COM"], 1, 0)]],
  ["T24", "Smithy", "IND", 1, 2, "MA1", []],
  ["T25", "Brickworks", "IND", 1, 0, "", []],
  ["T26", "Mill Race Works", "IND", 2, 3, "EN1", []],
  ["T27", "Cannery", "IND", 2, 1, "MA2", []],
  ["T28", "Lumber Yard", "IND", 3, 0, "", [self(4, 0)]],
  ["T29", "Cottage", "RES", 1, 1, "", []],
  ["T30", "Farmhouse", "RES", 1, 2, "", []],
  ["T31", "Parsonage", "RES", 1, 2, "", []],
  ["T32", "Duplex Lane", "RES", 2, 3, "", []],
  ["T33", "Terrace Flats", "RES", 2, 2, "", []],
  ["T34", "Village Homes", "RES", 3, 0, "", [per("self", ["RES"], 0, 1)]],
]

const CITY: ReadonlyArray<Row> = [
  ["C01", "Warehouse", "IND", 2, 2, "MA2", [{ op: "extraFavor" }], "public"],
  ["C02", "Municipal Court", "CIV", 3, 3, "PS2", [{ op: "winOffice", office: "choice" }], "public"],
  ["C03", "Office Tower", "COM", 4, 4, "FI3", []],
  ["C04", "Rail Depot", "IND", 3, 1, "TR3", [per("each", ["IND"], 1, 0)]],
  ["C05", "Apartment Block", "RES", 3, 2, "TO2", []],
  ["C06", "Planning Commission", "CIV", 2, 0, "", [{ op: "swapMarkers", edge: "south" }]],
  ["C07", "Power Plant", "IND", 4, 4, "EN3", [self(5, 0)]],
  ["C08", "High School", "CIV", 2, 3, "ED2", []],
  ["C09", "Shopping Arcade", "COM", 3, 4, "TO2", [per("self", ["COM"], 2, 0)]],
  ["C10", "Brownstones", "RES", 2, 1, "", [self(0, 2), { op: "takePlanning" }]],
  ["C11", "Memorial Park", "PARK", 2, 0, "", [self(0, 5)]],
  ["C12", "Police Precinct", "CIV", 1, 1, "PS2", []],
  ["C13", "Public Library", "CIV", 2, 0, "ED3", []],
  ["C14", "General Hospital", "CIV", 3, 4, "PS3", []],
  ["C15", "Zoning Board", "CIV", 3, 0, "", [{ op: "swapMarkers", edge: "east" }]],
  ["C16", "Exhibition Hall", "CIV", 4, 2, "", [self(0, 4)]],
  ["C17", "Newsstand", "COM", 1, 3, "", []],
  ["C18", "Department Store", "COM", 2, 1, "", [self(4, 0)]],
  ["C19", "Grand Hotel", "COM", 2, 4, "TO3", []],
  ["C20", "Savings Bank", "COM", 2, 0, "", [per("self", ["COM"], 2, 0)]],
  ["C21", "Theatre", "COM", 3, 2, "", []],
  ["C22", "Bus Terminal", "COM", 3, 3, "TR2", []],
  ["C23", "Trade Mart", "COM", 4, 0, "", []],
  ["C24", "Pump House", "IND", 1, 4, "EN2", []],
  ["C25", "Foundry", "IND", 2, 1, "MA3", []],
  ["C26", "Bottling Plant", "IND", 2, 3, "", []],
  ["C27", "Textile Mill", "IND", 3, 0, "MA2", []],
  ["C28", "Gasworks", "IND", 3, 2, "", []],
  ["C29", "Walk-up Flats", "RES", 1, 4, "", []],
  ["C30", "Tenement Row", "RES", 2, 2, "", []],
  ["C31", "Garden Court", "RES", 2, 0, "", []],
  ["C32", "Mansion Block", "RES", 3, 3, "", [self(0, 3)]],
  ["C33", "Lakeside Villas", "RES", 3, 4, "", []],
  ["C34", "Housing Estate", "RES", 4, 1, "", [per("self", ["RES"], 0, 1)]],
]

const METRO: ReadonlyArray<Row> = [
  ["M01", "University", "CIV", 4, 2, "ED5", [per("each", ["CIV", "RES"], 0, 4)], "public"],
  [
    "M02",
    "Marina",
    "RES",
    4,
    0,
    "",
    [{ op: "ignoreZoning" }, { op: "tribute", per: { zones: ["RES"], sizes: [1] }, amount: 4 }],
    "public",
  ],
  ["M03", "Port", "IND", 4, 4, "TR7", [per("each", ["IND"], 4, 4)], "public"],
  ["M04", "Temple", "CIV", 2, 1, "", [{ op: "tribute", per: { zones: ["RES"] }, amount: 4 }], "public"],
  ["M05", "Stock Exchange", "COM", 4, 6, "FI5", []],
  ["M06", "Convention Center", "COM", 3, 5, "TO4", [self(0, 3)]],
  ["M07", "Skyline Lofts", "RES", 3, 6, "TO3", []],
  ["M08", "Refinery", "IND", 3, 5, "EN5", []],
  ["M09", "City Hall Annex", "CIV", 3, 4, "PS4", [{ op: "election" }]],
  ["M10", "Central Park", "PARK", 2, 0, "", [self(0, 6)]],
  ["M11", "Transit Authority", "CIV", 2, 3, "PS3", []],
  ["M12", "Science Museum", "CIV", 3, 0, "ED4", [self(0, 2)]],
  ["M13", "Federal Building", "CIV", 3, 5, "", []],
  ["M14", "Civic Arena", "CIV", 4, 6, "PS5", [self(0, 3)]],
  ["M15", "Grand Courthouse", "CIV", 4, 1, "", [{ op: "swapMarkers", edge: "north" }]],
  ["M16", "Boutique Row", "COM", 2, 2, "", [self(6, 0)]],
  ["M17", "Bistro Quarter", "COM", 2, 0, "", [per("self", ["COM"], 0, 1)]],
  ["M18", "Media Center", "COM", 3, 4, "", []],
  ["M19", "Galleria", "COM", 3, 3, "", []],
  ["M20", "Financial Plaza", "COM", 4, 6, "", [per("self", ["COM"], 0, 2)]],
  ["M21", "Megamall", "COM", 4, 5, "", []],
  ["M22", "Headquarters Tower", "COM", 4, 0, "", [{ op: "election" }]],
  ["M23", "Data Center", "IND", 2, 4, "EN4", []],
  ["M24", "Recycling Plant", "IND", 2, 2, "", []],
  ["M25", "Aerospace Works", "IND", 3, 6, "MA5", []],
  ["M26", "Container Depot", "IND", 3, 3, "", [per("self", ["IND"], 3, 0)]],
  ["M27", "Steel Mill", "IND", 4, 4, "MA6", []],
  ["M28", "Chemical Works", "IND", 4, 0, "", [self(6, 0)]],
  ["M29", "Penthouse", "RES", 1, 1, "", []],
  ["M30", "Townhouse", "RES", 1, 5, "", []],
  ["M31", "Garden Towers", "RES", 2, 3, "", []],
  ["M32", "Riverside Condos", "RES", 2, 6, "", [self(0, 3)]],
  ["M33", "Harbour Flats", "RES", 3, 2, "", [per("self", ["RES"], 0, 2)]],
  ["M34", "Luxury Estates", "RES", 4, 4, "", []],
]

/**
 * University, Marina, Port and Temple: the cards BGG-HR proposes to drop or halve (design note §5.6). The
 * option `metroHighImpact` keeps them (`full`), halves their numbers (`halved`) or takes them out (`removed`).
 */
export const HIGH_IMPACT_IDS: ReadonlyArray<string> = ["M01", "M02", "M03", "M04"]

const contract = (deck: DeckId, row: Row): ContractCard => {
  const [id, name, zone, size, reveal, vocations, effects, provenance] = row
  return {
    id,
    kind: "contract",
    deck,
    name,
    provenance: provenance ?? "design",
    zone,
    size,
    permits: size,
    reveal,
    vocations: vocations
      ? vocations.split(",").map((v) => ({ name: V[v.slice(0, 2)] as Vocation, value: Number(v.slice(2)) }))
      : [],
    effects,
    highImpact: HIGH_IMPACT_IDS.includes(id),
  }
}

/** How permits are counted (option `permitCost`; absent: "size", every contract needs as many permits as lots). */
export type PermitCost = "size" | "cityDiscount"

/**
 * The permits a contract needs before any office discount. With option `permitCost: "cityDiscount"` (our
 * design, design note §8 row 14: "keep it unless balance needs exceptions") City and Metropolis contracts need
 * one permit fewer than their size, minimum 1: their large buildings waited longest for permits.
 */
export const permitsOf = (c: ContractCard, permitCost: PermitCost = "size"): number =>
  permitCost === "cityDiscount" && c.deck !== "town" ? Math.max(1, c.permits - 1) : c.permits

const half = (n: number | undefined): number | undefined =>
  n === undefined ? undefined : Math.max(1, Math.floor(n / 2))

/** A contract as the game's options make it: a high-impact card with its numbers halved under `halved`. */
export const asPlayed = (c: ContractCard, metroHighImpact: "full" | "halved" | "removed"): ContractCard => {
  if (!c.highImpact || metroHighImpact !== "halved") return c
  return {
    ...c,
    reveal: c.reveal === 0 ? 0 : (half(c.reveal) as number),
    vocations: c.vocations.map((v) => ({ name: v.name, value: half(v.value) as number })),
    effects: c.effects.map((e): Effect => {
      switch (e.op) {
        case "gain":
        case "gainPer": {
          const out: Record<string, unknown> = { ...e }
          if (e.wealth !== undefined) out.wealth = half(e.wealth)
          if (e.prestige !== undefined) out.prestige = half(e.prestige)
          return out as Effect
        }
        case "tribute":
          return { ...e, amount: half(e.amount) as number }
        default:
          return e
      }
    }),
  }
}

export const CONTRACTS: Readonly<Record<DeckId, ReadonlyArray<ContractCard>>> = {
  town: TOWN.map((r) => contract("town", r)),
  city: CITY.map((r) => contract("city", r)),
  metro: METRO.map((r) => contract("metro", r)),
}

/**
 * Each contract deck's key event and its ordinary events: the first two of each deck are in every game; the
 * other eight only with option `contractMix: "26+10"` (our design, from the balance report: events turn up
 * and leave at once, so more of them above the key event bring it up sooner; see `MIX_EVENTS`).
 */
export const CONTRACT_EVENTS: Readonly<Record<DeckId, ReadonlyArray<EventCard>>> = {
  town: [
    event(
      "TK",
      "Airport",
      "public",
      [
        { op: "placeMarkers", wealth: [7, 8, 9], prestige: [4] },
        { op: "activateDeck", deck: "city" },
      ],
      true,
    ),
    event("TE1", "Fire", "public", [{ op: "threat", target: "mostValuableBlock", wealth: 4 }]),
    event("TE2", "Harvest Fair", "design", [{ op: "gainPer", per: { zones: ["RES"] }, wealth: 1 }]),
    // Town events can turn up during set-up, before anyone owns a building: none asks a decision or pays out.
    event("TE3", "Market Day", "design", [{ op: "gainPer", per: { zones: ["COM"] }, wealth: 1 }]),
    event("TE4", "Mill Orders", "design", [{ op: "gainPer", per: { zones: ["IND"] }, wealth: 1 }]),
    event("TE5", "County Grant", "design", [{ op: "gainPer", per: { zones: ["CIV"] }, wealth: 1 }]),
    event("TE6", "Founders' Day", "design", [{ op: "gainPer", per: { zones: ["CIV"] }, prestige: 1 }]),
    event("TE7", "Barn Raising", "design", [{ op: "gainPer", per: { zones: ["RES"] }, prestige: 1 }]),
    event("TE8", "Village Fete", "design", [{ op: "gainPer", per: { zones: ["COM"] }, prestige: 1 }]),
    event("TE9", "Boom Town", "design", [{ op: "gainPer", per: {}, wealth: 1 }]),
    event("TE10", "Town Crier", "design", [{ op: "headlines", prestige: 2 }]),
  ],
  city: [
    event(
      "CK",
      "Sports Team",
      "public",
      [
        { op: "placeMarkers", wealth: [10, 11, 12], prestige: [5, 6] },
        { op: "activateDeck", deck: "metro" },
      ],
      true,
    ),
    event("CE1", "Flood", "public", [{ op: "threat", target: "waterfront", wealth: 6 }]),
    event("CE2", "Stock Market Boom", "design", [{ op: "gainPer", per: { zones: ["COM"] }, wealth: 2 }]),
    event("CE3", "Rail Contract", "design", [{ op: "gainPer", per: { zones: ["IND"] }, wealth: 2 }]),
    event("CE4", "Public Works", "design", [{ op: "gainPer", per: { zones: ["CIV"] }, wealth: 2 }]),
    event("CE5", "Housing Boom", "design", [{ op: "gainPer", per: { zones: ["RES"] }, wealth: 2 }]),
    event("CE6", "Civic Pride", "design", [{ op: "gainPer", per: { zones: ["CIV"] }, prestige: 1 }]),
    event("CE7", "Real Estate Boom", "design", [{ op: "highestWealthPayout" }]),
    event("CE8", "Society Pages", "design", [{ op: "headlines", prestige: 3 }]),
    event("CE9", "Charity Gala", "design", [{ op: "auction", price: 9, prestige: 5 }]),
    event("CE10", "City Income Tax", "design", [{ op: "lose", wealth: 3 }]),
  ],
  metro: [
    event("MK", "Olympic Games", "public", [{ op: "finalPayouts" }], true),
    event("ME1", "Earthquake", "public", [{ op: "threat", target: "size3plus", prestige: 3 }]),
    event("ME2", "Recession", "design", [{ op: "lose", wealth: 5 }]),
    event("ME3", "Tech Boom", "design", [{ op: "gainPer", per: { zones: ["COM"] }, wealth: 2 }]),
    event("ME4", "Export Drive", "design", [{ op: "gainPer", per: { zones: ["IND"] }, wealth: 2 }]),
    event("ME5", "Suburban Boom", "design", [{ op: "gainPer", per: { zones: ["RES"] }, wealth: 2 }]),
    event("ME6", "Preservation Award", "design", [{ op: "gainPer", per: { zones: ["RES"] }, prestige: 1 }]),
    event("ME7", "Bull Market", "design", [{ op: "highestWealthPayout" }]),
    event("ME8", "Front Page", "design", [{ op: "headlines", prestige: 4 }]),
    event("ME9", "Art Auction", "design", [{ op: "auction", price: 12, prestige: 6 }]),
    event("ME10", "Federal Tax", "design", [{ op: "lose", wealth: 4 }]),
  ],
}

/** A contract deck's make-up (option `contractMix`; absent: "34+2", the first content pack). */
export type ContractMix = "34+2" | "26+10"

/**
 * Option `contractMix: "26+10"` (our design, design note §8 row 10: deck composition is the knob for game
 * length while the key event's depth stays as published): each deck trades eight contracts for eight more
 * events. Out go two contracts per zone, the plainest first (no vocation, no effect) and, in the City and
 * Metropolis decks, the large ones, which wait longest for permits.
 */
export const MIX_OUT: Readonly<Record<DeckId, ReadonlyArray<string>>> = {
  town: ["T13", "T14", "T19", "T22", "T24", "T25", "T29", "T31"],
  city: ["C14", "C16", "C21", "C23", "C26", "C28", "C31", "C33"],
  metro: ["M13", "M14", "M18", "M21", "M24", "M28", "M31", "M34"],
}
/** The events only `contractMix: "26+10"` puts in the decks. */
export const MIX_EVENTS: ReadonlyArray<string> = DECKS.flatMap((d) =>
  CONTRACT_EVENTS[d]
    .filter((e) => !e.key)
    .slice(2)
    .map((e) => e.id),
)

/** Whether a contract-deck card is in its deck under this make-up. */
export const inMix = (id: string, mix: ContractMix): boolean =>
  mix === "26+10"
    ? !(Object.values(MIX_OUT) as ReadonlyArray<ReadonlyArray<string>>).some((out) => out.includes(id))
    : !MIX_EVENTS.includes(id)

const ALL: ReadonlyArray<Card> = [
  ...PERMITS,
  ...RENEWALS,
  ...PLANNING_EVENTS,
  ...DECKS.flatMap((d) => [...CONTRACTS[d], ...CONTRACT_EVENTS[d]]),
]
const BY_ID = new Map<string, Card>(ALL.map((c) => [c.id, c]))
export const CARD_IDS: ReadonlyArray<string> = ALL.map((c) => c.id)

/** The card with this id (throws on an unknown id: ids only come from the data). */
export const card = (id: string): Card => {
  const c = BY_ID.get(id)
  if (!c) throw new Error(`urban-sprawl: no card ${id}`)
  return c
}
export const isCard = (id: string): boolean => BY_ID.has(id)

/** The deck each contract-deck card belongs to. */
export const deckOf = (id: string): DeckId | null => {
  const c = BY_ID.get(id)
  if (!c) return null
  if (c.kind === "contract") return c.deck
  for (const d of DECKS) if (CONTRACT_EVENTS[d].some((e) => e.id === id)) return d
  return null
}

// ---- Board (design note §1.3–1.5) ----

/** Printed west prestige markers, one per pair of rows (rows 1–2, 3–4, 5–6). */
export const WEST_START: ReadonlyArray<number | null> = [3, 1, 2]
/** Printed south wealth markers, one per column. */
export const SOUTH_START: ReadonlyArray<number | null> = [1, 4, 5, 6, 3, 2]

/** The 12 starting buildings: block (row, col 0-based) and lot (0 NW, 1 NE, 2 SW, 3 SE). */
export const STARTERS: ReadonlyArray<{
  readonly zone: Zone
  readonly row: number
  readonly col: number
  readonly lot: number
}> = [
  { zone: "RES", row: 0, col: 0, lot: 3 },
  { zone: "RES", row: 0, col: 5, lot: 2 },
  { zone: "RES", row: 5, col: 0, lot: 1 },
  { zone: "RES", row: 5, col: 5, lot: 0 },
  { zone: "IND", row: 1, col: 1, lot: 3 },
  { zone: "IND", row: 2, col: 2, lot: 3 },
  { zone: "COM", row: 1, col: 4, lot: 2 },
  { zone: "COM", row: 2, col: 3, lot: 2 },
  { zone: "COM", row: 3, col: 2, lot: 1 },
  { zone: "COM", row: 4, col: 1, lot: 1 },
  { zone: "CIV", row: 3, col: 3, lot: 0 },
  { zone: "CIV", row: 4, col: 4, lot: 0 },
]

/** Starting wealth by seat count (design note §2 ◐). */
export const STARTING_WEALTH: Readonly<Record<number, number>> = { 2: 39, 3: 27, 4: 21 }
export const CUBES = 36
export const BASE_AP = 6
/** AP cost of planning boxes 1..4 (index 0..3) and of the deck top. */
export const PLANNING_TOP_COST = 5
/** AP cost of each contract deck's face-up top. */
export const DECK_TOP_COST: Readonly<Record<DeckId, number>> = { town: 6, city: 5, metro: 4 }
export const ELECTION_PRESTIGE = 2
export const CONTRACTOR_DISCOUNT = 3
export const TREASURER_FEE = 2
