import { Result } from "effect"
import { describe, expect, it } from "vitest"
import type { GameStarted } from "../../kernel/game.js"
import { start } from "../../kernel/match.js"
import { catalogue } from "./catalogue.js"
import { CONTRACT_EVENTS, CONTRACTS, DECKS } from "./data.js"
import { urbanSprawl } from "./index.js"
import type { Options } from "./model.js"
import { initialState, type State } from "./state.js"

const { contractMix: _mix, ...absent } = urbanSprawl.defaultOptions
const variants: Array<[string, Options]> = [
  ["the default options (contractMix 26+10)", urbanSprawl.defaultOptions],
  ["contractMix absent (34+2, the first content pack)", absent],
  ["metroHighImpact removed", { ...urbanSprawl.defaultOptions, metroHighImpact: "removed" }],
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
  it("given the default options, then each deck lists 26 contracts and 10 events besides its key event", () => {
    const c = catalogue(urbanSprawl.defaultOptions) as {
      contracts: Record<string, unknown[]>
      contractEvents: Record<string, Array<{ key?: boolean }>>
    }
    for (const d of DECKS) {
      expect(c.contracts[d]).toHaveLength(26)
      expect(c.contractEvents[d]?.filter((e) => e.key !== true)).toHaveLength(10)
    }
  })
})
