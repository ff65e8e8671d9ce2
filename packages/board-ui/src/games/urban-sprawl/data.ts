import { type Catalogue, type Options, urbanSprawl } from "@boroughs/core/games/urban-sprawl"

type PlanningCard = Catalogue["planning"][keyof Catalogue["planning"]][number]
/** A contract card, with the permits it needs under the game's options. */
export type ContractCard = Catalogue["contracts"][string][number]
export type Card = PlanningCard | ContractCard | Catalogue["contractEvents"][string][number]
/** The zones a contract builds in, parks included. */
export type Zone = ContractCard["zone"]

const cardsIn = (catalogue: Catalogue): Map<string, Card> =>
  new Map<string, Card>(
    [
      ...catalogue.planning.permits,
      ...catalogue.planning.renewals,
      ...catalogue.planning.events,
      ...Object.values(catalogue.contracts).flat(),
      ...Object.values(catalogue.contractEvents).flat(),
    ].map((c) => [c.id, c]),
  )

// Every card comes from the game's own catalogue: one card list, never a second copy. What a contract needs
// depends on the options the game was created with (permitCost), so a replay of a game recorded under older
// rules shows its own permits.
const byOptions = new Map<string, Map<string, Card>>()
const cardsOf = (options: Options): Map<string, Card> => {
  const key = JSON.stringify(options)
  let cards = byOptions.get(key)
  if (cards === undefined) {
    cards = cardsIn(urbanSprawl.catalogue(options))
    byOptions.set(key, cards)
  }
  return cards
}

/** AP costs of the planning and contract boxes and of the deck tops. */
export const COSTS: Catalogue["costs"] = urbanSprawl.catalogue(urbanSprawl.defaultOptions).costs

// Narrations name cards without the game's options: every card of the content pack, under either deck
// make-up (the catalogue lists only the cards a game's options put in play).
let everyCard: Map<string, Card> | undefined
const cardsOfAnyGame = (): Map<string, Card> => {
  everyCard ??= new Map([
    ...cardsOf({ ...urbanSprawl.defaultOptions, contractMix: "34+2", metroHighImpact: "full" }),
    ...cardsOf({ ...urbanSprawl.defaultOptions, contractMix: "26+10", metroHighImpact: "full" }),
  ])
  return everyCard
}

/**
 * A card by id, as the game's options make it (absent: any game's card, as for narrations); throws on an id
 * the game does not know (a view from another rules version).
 */
export const cardOf = (id: string, options?: Options): Card => {
  const card = (options === undefined ? cardsOfAnyGame() : cardsOf(options)).get(id)
  if (!card) throw new Error(`Urban Sprawl has no card "${id}"`)
  return card
}

export const ZONE_STYLE: Readonly<Record<Zone, { fill: string; ink: string; label: string }>> = {
  RES: { fill: "#CDE8C4", ink: "#25602D", label: "Residential" },
  COM: { fill: "#C6DDF5", ink: "#184F7A", label: "Commercial" },
  IND: { fill: "#F7E2A4", ink: "#6E5200", label: "Industrial" },
  CIV: { fill: "#E2D4EF", ink: "#4B2A75", label: "Civic" },
  PARK: { fill: "#9FD39A", ink: "#1F5A23", label: "Park" },
}

/** "Camden Mall" (a contract or an event) or "4 permits CIV/COM, $2" (a permit) or "Renewal, $10". */
export const cardName = (id: string, options?: Options): string => {
  const c = cardOf(id, options)
  switch (c.kind) {
    case "contract":
    case "event":
      return c.name
    case "permit":
      return `${c.permits} permit${c.permits === 1 ? "" : "s"} ${c.zones.join("/")}, $${c.wealth}${c.ballot ? " (ballot)" : ""}`
    case "renewal":
      return `Urban renewal, $${c.wealth}${c.ballot ? " (ballot)" : ""}`
  }
}

/** A card in words for labels: a contract's zone, size, permits and vocations too. */
export const cardWords = (id: string, options?: Options): string => {
  const c = cardOf(id, options)
  if (c.kind !== "contract")
    return c.kind === "event" ? `${c.name} (event${c.key ? ", key event" : ""})` : cardName(id, options)
  const vocations = c.vocations.map((v) => `${spaced(v.name)} ${v.value}`).join(", ")
  return `${c.name} (${ZONE_STYLE[c.zone].label.toLowerCase()}, size ${c.size}, ${c.permits} permits${
    c.reveal ? `, pays ${c.reveal} prestige on reveal` : ""
  }${vocations ? `, ${vocations}` : ""})`
}

/** "PublicService" → "Public service"; "DistrictAttorney" → "District attorney". */
export const spaced = (word: string): string => {
  const s = word.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()
  return s.charAt(0).toUpperCase() + s.slice(1)
}
