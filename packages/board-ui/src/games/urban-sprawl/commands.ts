import type { Command } from "@boroughs/core/games/urban-sprawl"
import { describerOf } from "../../common/commands.js"
import { listWords, plural } from "../../common/names.js"
import type { CommandWords } from "../../common/types.js"
import { cardName, spaced } from "./data.js"

const block = (b: number) => `block ${b + 1}`

const LOTS = ["NW", "NE", "SW", "SE"]

/** " (NW and NE lots)"; nothing for a whole block. */
const lotWords = (lots: ReadonlyArray<number>) =>
  lots.length >= 4
    ? ""
    : ` (${listWords(lots.map((l) => LOTS[l] ?? `lot ${l}`))} ${lots.length === 1 ? "lot" : "lots"})`

/** Urban Sprawl's commands in a few words: "build Camden Mall on block 14, 2 permit cards". */
export const urbanSprawlCommandWords: CommandWords<Command> = {
  BuyStarter: (c) => `starting building ${c.building + 1}`,
  PassDraft: () => "pass the draft",
  Invest: (c) => `invest ${cardName(c.card)}`,
  TakePlanning: (c) => `take ${cardName(c.card)}`,
  TakeFavor: (c) => `${cardName(c.card)} as a favor`,
  // The lots and the permits spent tell apart Builds of one card on one block (a choice list shows them all).
  Build: (c) =>
    `build ${cardName(c.card)} on ${block(c.block)}${lotWords(c.lots)}, paying ${listWords(
      c.permits.map((p) => cardName(p)),
    )}${c.renewal === null ? "" : " and an urban renewal"}`,
  DiscardFavor: (c) => `discard the favor ${cardName(c.card)}`,
  ClearBox: (c) => `clear ${cardName(c.card)} from its box`,
  EndTurn: () => "end the turn",
  OrderNext: (c, n) => `${n.seat(c.seat)} decides next`,
  BreakTie: (c, n) => `tie broken for ${n.seat(c.seat)}`,
  PickBuilding: (c) => `building ${c.building + 1} as the target`,
  PickBlock: (c) => `${block(c.block)} as the target`,
  PayRansom: () => "pay the ransom",
  LoseBuilding: (c) => `lose building ${c.building + 1}`,
  Bid: (c) => (c.pay ? "pay at the auction" : "no bid"),
  PlaceMarker: (c) => `marker on space ${c.space + 1}`,
  SwapMarkers: (c) => `swap the markers on spaces ${c.a + 1} and ${c.b + 1}`,
  ChooseOffice: (c) => `take the office of ${spaced(c.office)}`,
  TakeFreePlanning: (c) => `take ${cardName(c.card)} for free`,
  SkipEffect: () => "skip the effect",
  PayTribute: (c) => `tribute: ${plural(c.inWealth, "building")} paid in wealth`,
}

export const describeUrbanSprawlCommand = describerOf(urbanSprawlCommandWords)
