import { Result } from "effect"
import { describe, expect, it } from "vitest"
import type { GameStarted } from "../../kernel/game.js"
import { start } from "../../kernel/match.js"
import { catalogue } from "./catalogue.js"
import { CONTRACT_EVENTS, CONTRACTS, DECKS } from "./data.js"
import { urbanSprawl } from "./index.js"
import type { Options } from "./options.js"
import { initialState, type State } from "./state.js"

const tuned: Options = { ...urbanSprawl.defaultOptions, variant: "tuned" }
const { variant: _variant, ...absent } = urbanSprawl.defaultOptions
const variants: Array<[string, Options]> = [
  ["the default options (contractMix 34+2, the first content pack)", urbanSprawl.defaultOptions],
  ["the tuned preset (contractMix 26+10)", tuned],
  ["no variant and contractMix absent (34+2)", absent],
  ["metroHighImpact removed", { ...tuned, metroHighImpact: "removed" }],
]
/** The cards the set-up takes out of the game, before a card is revealed. */
const outOfPlay = (options: Options): State["removed"] => {
  const r = start(urbanSprawl, options, 3, "catalogue")
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return initialState(r.success.events[0] as GameStarted<Options>).removed
}
const idsOf = (cards: ReadonlyArray<{ id: string }>) => cards.map((c) => c.id)

describe("the catalogue lists the contract-deck cards a game's options put in play (describe --json, renderers)", () => {
  it.each(variants)(
    "given %s, then it lists every card of the pack but those the set-up takes out",
    (_, options) => {
      const c = catalogue(options) as {
        contracts: Record<string, Array<{ id: string }>>
        contractEvents: Record<string, Array<{ id: string }>>
      }
      const listed = DECKS.flatMap((d) => [
        ...idsOf(c.contracts[d] ?? []),
        ...idsOf(c.contractEvents[d] ?? []),
      ])
      const pack = DECKS.flatMap((d) => [...idsOf(CONTRACTS[d]), ...idsOf(CONTRACT_EVENTS[d])])
      const removed = outOfPlay(options)
      expect(removed.length).toBeGreaterThan(0)
      expect([...listed, ...removed].sort()).toEqual([...pack].sort())
      expect(listed.filter((id) => removed.includes(id))).toEqual([])
    },
  )
  it.each([
    ["the default options", urbanSprawl.defaultOptions, 34, 2],
    ["the tuned preset, undecoded", tuned, 26, 10],
  ] as const)(
    "given %s, then each deck lists %i contracts and %i events besides its key event",
    (_, options, contracts, events) => {
      const c = catalogue(options) as {
        contracts: Record<string, unknown[]>
        contractEvents: Record<string, Array<{ key?: boolean }>>
      }
      for (const d of DECKS) {
        expect(c.contracts[d]).toHaveLength(contracts)
        expect(c.contractEvents[d]?.filter((e) => e.key !== true)).toHaveLength(events)
      }
    },
  )
})
