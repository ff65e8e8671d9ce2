import { type Ended, endedText } from "../../common/ended.js"
import { plural, withArticle } from "../../common/names.js"
import type { Names, Narrator } from "../../common/types.js"
import { cardName, spaced } from "./data.js"

/** Per-seat wealth and prestige deltas in words: "Ana +$3, Ben −★2". */
const amounts = (wealth: number[], prestige: number[], n: Names): string => {
  const parts: string[] = []
  const seats = Math.max(wealth.length, prestige.length)
  for (let seat = 0; seat < seats; seat++) {
    const w = wealth[seat] ?? 0
    const p = prestige[seat] ?? 0
    const bits = [
      w ? `${w > 0 ? "+" : "−"}$${Math.abs(w)}` : "",
      p ? `${p > 0 ? "+" : "−"}★${Math.abs(p)}` : "",
    ].filter(Boolean)
    if (bits.length) parts.push(`${n.seat(seat)} ${bits.join(" ")}`)
  }
  return parts.join(", ") || "nobody"
}

const blockWords = (block: number) =>
  `block ${block + 1} (row ${Math.floor(block / 6) + 1}, column ${(block % 6) + 1})`
const LINE = { row: "row", column: "column" } as const

/** Urban Sprawl's events in plain words (everything but the decks' order is public knowledge). */
export const urbanSprawlNarrator: Narrator = {
  GameEnded: (e: Ended, n: Names) => endedText(e, n, (s) => `${s} prestige`),
  StartPlayerChosen: (e: { seat: number }, n: Names) => `${n.seat(e.seat)} starts`,
  CardRevealed: (e: { card: string; deck: string; box: number | null }) =>
    `${cardName(e.card)} turns up from the ${e.deck} deck${e.box === null ? " on top of it" : ` into box ${e.box + 1}`}`,
  PlanningReshuffled: (e: { cards: string[] }) =>
    `The planning discards (${plural(e.cards.length, "card")}) are shuffled into a new deck`,
  DraftStarted: () => "The draft of the starting buildings begins",
  StarterBought: (e: { seat: number; building: number; cost: number }, n: Names) =>
    `${n.seat(e.seat)} bought starting building ${e.building + 1} for $${e.cost}`,
  DraftPassed: (e: { seat: number }, n: Names) => `${n.seat(e.seat)} passes in the draft`,
  TurnStarted: (e: { seat: number; round: number; ap: number }, n: Names) =>
    `Round ${e.round}: ${n.seat(e.seat)}'s turn with ${plural(e.ap, "action point")}`,
  Invested: (e: { seat: number; card: string; wealth: number }, n: Names) =>
    `${n.seat(e.seat)} invested ${cardName(e.card)} for $${e.wealth}`,
  PlanningTaken: (e: { seat: number; card: string; ap: number; free: boolean }, n: Names) =>
    `${n.seat(e.seat)} took ${cardName(e.card)}${e.free ? " for free" : ` for ${e.ap} AP`}`,
  FavorTaken: (e: { seat: number; card: string; ap: number }, n: Names) =>
    `${n.seat(e.seat)} took ${cardName(e.card)} as a favor for ${e.ap} AP`,
  FavorDiscarded: (e: { seat: number; card: string }, n: Names) =>
    `${n.seat(e.seat)} discarded the favor ${cardName(e.card)}`,
  BoxCleared: (e: { seat: number; card: string }, n: Names) =>
    `${n.seat(e.seat)}, as District Attorney, cleared ${cardName(e.card)} from its box`,
  Built: (
    e: {
      seat: number
      card: string
      ap: number
      block: number
      lots: number[]
      permits: string[]
      renewal: string | null
      cost: number
      demolished: number[]
    },
    n: Names,
  ) =>
    `${n.seat(e.seat)} built ${cardName(e.card)} on ${blockWords(e.block)} for ${e.ap} AP and ${plural(
      e.permits.length,
      "permit card",
    )}${e.renewal ? " with an urban renewal" : ""}${e.cost ? `, paying $${e.cost}` : ""}${
      e.demolished.length ? `, replacing ${plural(e.demolished.length, "building")}` : ""
    }`,
  TurnEnded: (e: { seat: number }, n: Names) => `${n.seat(e.seat)} ends the turn`,
  EndOfTurnStep: (e: { step: number }) => `End of turn, step ${e.step}`,
  PurseChanged: (e: { cause: string; wealth: number[]; prestige: number[] }, n: Names) =>
    `${spaced(e.cause)}: ${amounts(e.wealth, e.prestige, n)}`,
  PayoutMade: (
    e: {
      currency: string
      value: number
      lines: { line: "row" | "column"; index: number; gains: number[] }[]
    },
    n: Names,
  ) =>
    `${e.currency === "wealth" ? "Wealth" : "Prestige"} payout of ${e.value}: ${
      e.lines
        .map((l) => {
          const winners = l.gains.map((g, seat) => ({ g, seat })).filter((x) => x.g > 0)
          return `${LINE[l.line]} ${l.index + 1} → ${winners.length ? winners.map((w) => `${n.seat(w.seat)} +${w.g}`).join(", ") : "nobody"}`
        })
        .join("; ") || "no lines"
    }`,
  ElectionHeld: (e: { office: string; winner: number | null; prestige: number }, n: Names) =>
    e.winner === null
      ? `Election for ${spaced(e.office)}: nobody wins`
      : `${n.seat(e.winner)} is elected ${spaced(e.office)}${e.prestige ? ` (+★${e.prestige})` : ""}`,
  ContractorAssigned: (e: { seat: number | null }, n: Names) =>
    e.seat === null ? "Nobody becomes the contractor" : `${n.seat(e.seat)} becomes the contractor`,
  OfficeTaken: (e: { seat: number; office: string; prestige: number }, n: Names) =>
    `${n.seat(e.seat)} takes the office of ${spaced(e.office)}${e.prestige ? ` (+★${e.prestige})` : ""}`,
  OrderChosen: (e: { seat: number }, n: Names) => `${n.seat(e.seat)} decides next`,
  AuctionBid: (e: { seat: number; paid: boolean }, n: Names) =>
    e.paid ? `${n.seat(e.seat)} pays at the estate auction` : `${n.seat(e.seat)} does not bid`,
  TargetChosen: (e: { building: number | null; block: number | null }) =>
    e.building !== null
      ? `Building ${e.building + 1} is the target`
      : e.block !== null
        ? `${blockWords(e.block)} is the target`.replace(/^b/, "B")
        : "No target",
  RansomPaid: (e: { seat: number; wealth: number; prestige: number }, n: Names) =>
    `${n.seat(e.seat)} pays the ransom${e.wealth ? ` $${e.wealth}` : ""}${e.prestige ? ` ★${e.prestige}` : ""}`,
  BuildingLost: (e: { seat: number; building: number }, n: Names) =>
    `${n.seat(e.seat)} loses building ${e.building + 1}`,
  HeadlinesAwarded: (e: { seat: number; building: number; prestige: number }, n: Names) =>
    `Local headlines: ${n.seat(e.seat)}'s building ${e.building + 1} earns ★${e.prestige}`,
  MarkerPlaced: (e: { edge: string; space: number; value: number }) =>
    `A ${e.edge === "south" || e.edge === "east" ? "wealth" : "prestige"} marker of ${e.value} goes on the ${e.edge} edge, space ${e.space + 1}`,
  MarkersSwapped: (e: { edge: string; a: number; b: number }) =>
    `Markers swapped on the ${e.edge} edge: spaces ${e.a + 1} and ${e.b + 1}`,
  DeckActivated: (e: { deck: string }) => `The ${spaced(e.deck)} deck comes into play`,
  OlympicsAwarded: () => "The Olympic Games are awarded: the game ends after this round",
  EventDone: (e: { card: string; to: string }) =>
    `${cardName(e.card)} is over (${e.to === "discard" ? "to the discards" : "out of the game"})`,
  VocationTaken: (e: { seat: number; vocation: string }, n: Names) =>
    `${n.seat(e.seat)} takes ${withArticle(spaced(e.vocation).toLowerCase())} vocation`,
  ExtraFavorTaken: (e: { seat: number }, n: Names) => `${n.seat(e.seat)} may now hold an extra favor`,
  TributePaid: (e: { seat: number; to: number; wealth: number; prestige: number }, n: Names) =>
    `${n.seat(e.seat)} pays tribute to ${n.seat(e.to)}${e.wealth ? `: $${e.wealth}` : ""}${e.prestige ? ` ★${e.prestige}` : ""}`,
  TreasurerPaid: (e: { seat: number; to: number; wealth: number }, n: Names) =>
    `${n.seat(e.seat)} pays the treasurer ${n.seat(e.to)} $${e.wealth}`,
  NothingHappened: (e: { what: string }) => `Nothing happens: ${spaced(e.what).toLowerCase()}`,
}

/** The blocks, markers and boxes an event touches (`block-14`, `marker-south-2`). */
export const urbanSprawlPlacesOf = (event: {
  type: string
  block?: number | null
  edge?: string
  space?: number
  a?: number
  b?: number
  box?: number | null
  deck?: string
}): string[] => {
  if (typeof event.block === "number") return [`block-${event.block}`]
  if (event.type === "MarkerPlaced" && typeof event.space === "number")
    return [`marker-${event.edge}-${event.space}`]
  if (event.type === "MarkersSwapped" && typeof event.a === "number" && typeof event.b === "number")
    return [`marker-${event.edge}-${event.a}`, `marker-${event.edge}-${event.b}`]
  if (event.type === "CardRevealed" && typeof event.box === "number")
    return [event.deck === "planning" ? `planning-${event.box}` : `contract-${event.box}`]
  return []
}
