/**
 * Every registered game runs the one conformance suite (testing/conformance.ts). A game without hooks here
 * fails, so a new game cannot skip it.
 */
import { describe, expect, it } from "vitest"
import type { AnyGame } from "../kernel/game.js"
import { registry } from "../registry.js"
import { type ConformanceHooks, checkTable, conformance, type Table } from "../testing/conformance.js"
import { downtownHooks, downtownInvariants } from "../testing/games/downtown.js"
import { manhattanHooks } from "../testing/games/manhattan.js"
import { suburbiaHooks } from "../testing/games/suburbia.js"
import { uptownHooks } from "../testing/games/uptown.js"
import { urbanSprawlHooks } from "../testing/games/urban-sprawl.js"
import { type State as DowntownState, downtown } from "./downtown/index.js"

const HOOKS: Readonly<Record<string, ConformanceHooks>> = {
  downtown: downtownHooks,
  manhattan: manhattanHooks,
  suburbia: suburbiaHooks,
  uptown: uptownHooks,
  "urban-sprawl": urbanSprawlHooks,
}

for (const { game } of registry) {
  const hooks = HOOKS[game.id]
  if (hooks === undefined)
    describe(`${game.id} conformance`, () => {
      it("has conformance hooks", () => expect.fail(`${game.id} supplies no conformance hooks`))
    })
  else conformance(game, hooks)
}

/** Downtown with one thing broken: the suite must notice. */
describe("the conformance suite catches (controls)", () => {
  const table = downtownHooks.tables[0] as Table
  const broken = (change: Partial<AnyGame>): AnyGame => ({ ...downtown, ...change })
  const run =
    (game: AnyGame, hooks: ConformanceHooks = downtownHooks) =>
    () =>
      checkTable(game, hooks, table, "control")

  it("a legal list missing a command decide accepts", () => {
    const game = broken({ legalCommands: (s, seat) => downtown.legalCommands(s, seat).slice(1) })
    expect(run(game)).toThrow(/disagree|default/)
  })

  it("a command listed for a seat that owes nothing", () => {
    const game = broken({
      legalCommands: (s, seat) => {
        const legal = downtown.legalCommands(s, seat)
        return legal.length > 0 ? legal : [{ type: "DeclareLobby", use: false }]
      },
    })
    expect(run(game)).toThrow(/owes nothing/)
  })

  it("counted legal commands that are not the legal list (one out of order, or one missing)", () => {
    const reversed = broken({
      legalByIndex: (s, seat) => {
        const legal = downtown.legalCommands(s, seat)
        return { count: legal.length, at: (i) => legal[legal.length - 1 - i] }
      },
    })
    expect(run(reversed)).toThrow(/legalByIndex has .* at 0/)
    const short = broken({
      legalByIndex: (s, seat) => {
        const legal = downtown.legalCommands(s, seat).slice(1)
        return { count: legal.length, at: (i) => legal[i] }
      },
    })
    expect(run(short)).toThrow(/legalByIndex counts/)
  })

  it("a view that shows the seed", () => {
    const game = broken({ view: (s, viewer) => ({ ...downtown.view(s, viewer), peek: s.seed }) })
    expect(run(game)).toThrow(/holds the seed/)
  })

  it("a determinise that reads something the view schema does not carry", () => {
    const game = broken({
      view: (s, viewer) => ({ ...downtown.view(s, viewer), hidden: s.rng }),
      determinise: (v, r) => {
        const sample = downtown.determinise?.(v, r) as DowntownState
        return { ...sample, rng: (v as { hidden: DowntownState["rng"] }).hidden }
      },
    })
    expect(run(game)).toThrow(/view schema does not carry/)
  })

  it("a broken invariant", () => {
    const lost = {
      ...downtownHooks,
      invariants: (s: DowntownState) => downtownInvariants({ ...s, bank: s.bank + 1 }),
    }
    expect(run(downtown, lost)).toThrow(/money conserved/)
  })
})
