/** Urban Sprawl's conformance hooks: the near-miss commands to try, its tables and what its state conserves. */

import { globalLot } from "../../games/urban-sprawl/board.js"
import type { Command } from "../../games/urban-sprawl/commands.js"
import { CARD_IDS, CUBES, VOCATION_SUPPLY } from "../../games/urban-sprawl/data.js"
import { heuristicBot, randomBot } from "../../games/urban-sprawl/index.js"
import type { State } from "../../games/urban-sprawl/state.js"
import type { Bot } from "../../kernel/bot.js"
import { canonicalJson } from "../../kernel/canonical.js"
import type { ConformanceHooks } from "../conformance.js"

/** Where every card is: each id must appear exactly once over all places. */
const places = (s: State): string[] => [
  ...s.planningBoxes.filter((c): c is string => c !== null),
  ...(s.planning.top ? [s.planning.top] : []),
  ...Object.values(s.planning.pools).flat(),
  ...s.discard,
  ...s.players.flatMap((p) => [...p.hand, ...p.favors]),
  ...s.contractBoxes.filter((c): c is string => c !== null),
  ...(["town", "city", "metro"] as const).flatMap((d) => [
    ...(s.decks[d].top ? [s.decks[d].top as string] : []),
    ...Object.values(s.decks[d].pools).flat(),
  ]),
  ...s.removed,
  ...s.tasks.flatMap((t) => (t.k === "discardEvent" ? [t.card] : [])),
]

const ALL_CARDS = canonicalJson([...CARD_IDS].sort())

/** Every card in one place; lots, buildings and cubes agree; vocation tiles conserved; no purse below 0. */
export const urbanSprawlInvariants = (s: State): void => {
  const check = (ok: boolean, what: string) => {
    if (!ok) throw new Error(`urban-sprawl: ${what}`)
  }
  check(canonicalJson(places(s).sort()) === ALL_CARDS, "every card in exactly one place")
  const lots = Array.from({ length: 144 }, () => -1)
  for (const b of s.buildings) for (const l of b.lots) lots[globalLot(b.block, l)] = b.id
  check(canonicalJson(lots) === canonicalJson(s.lots), "the lot grid matches the buildings")
  for (let seat = 0; seat < s.seats; seat++)
    check(s.buildings.filter((b) => b.owner === seat).length <= CUBES, "at most 36 cubes on the board")
  for (const [name, n] of Object.entries(VOCATION_SUPPLY)) {
    const held = s.players.reduce((t, p) => t + (p.vocations[name as keyof typeof VOCATION_SUPPLY] ?? 0), 0)
    check(
      held + (s.vocationSupply[name as keyof typeof VOCATION_SUPPLY] ?? 0) === n,
      `${name} tiles conserved`,
    )
  }
  for (const p of s.players) check(p.wealth >= 0 && p.prestige >= 0, "no purse below 0")
}

/** Commands a client might send that are near the legal ones: other blocks, lots, permits and choices. */
const candidates = (state: State, seat: number, legal: ReadonlyArray<Command>): Command[] => {
  const out: Command[] = [{ type: "EndTurn" }, { type: "PassDraft" }, { type: "SkipEffect" }]
  const cards = [
    ...state.planningBoxes,
    state.planning.top,
    ...state.contractBoxes,
    ...(state.players[seat]?.hand ?? []),
  ]
  for (const c of cards)
    if (c !== null)
      for (const type of [
        "Invest",
        "TakePlanning",
        "TakeFavor",
        "DiscardFavor",
        "ClearBox",
        "TakeFreePlanning",
      ] as const)
        out.push({ type, card: c })
  for (let i = -1; i <= 6; i++) {
    out.push({ type: "OrderNext", seat: i }, { type: "BreakTie", seat: i }, { type: "PlaceMarker", space: i })
    out.push({ type: "PayTribute", inWealth: i }, { type: "SwapMarkers", a: i, b: i + 1 })
  }
  for (const b of state.buildings)
    out.push(
      { type: "PickBuilding", building: b.id },
      { type: "LoseBuilding", building: b.id },
      { type: "BuyStarter", building: b.id },
    )
  const builds = legal.filter((c) => c.type === "Build")
  for (let k = 0; k < 40; k += 3) {
    const l = builds[k]
    if (l?.type !== "Build") continue
    out.push(
      { ...l, block: (l.block + 7) % 36 },
      { ...l, lots: [...l.lots].reverse() },
      { ...l, permits: l.permits.slice(1) },
    )
    out.push({ ...l, renewal: "U1" }, { ...l, permits: [...l.permits, "P44"] })
  }
  return out
}

const table = (seats: number, pool: ReadonlyArray<Bot>, i: number): Bot[] =>
  Array.from({ length: seats }, (_, s) => pool[(s + i) % pool.length] as Bot)

export const urbanSprawlHooks: ConformanceHooks<State, Command> = {
  tables: [2, 3, 4].map((seats) => ({ bots: table(seats, [heuristicBot, randomBot], 0) })),
  candidates,
  invariants: urbanSprawlInvariants,
}
