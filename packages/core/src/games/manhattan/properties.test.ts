import { describe, expect, it } from "vitest"
import type { Bot } from "../../kernel/bot.js"
import { canonicalJson } from "../../kernel/canonical.js"
import { simulate } from "../../kernel/simulate.js"
import { count, sized } from "../../testing/long.js"
import type { Event } from "./events.js"
import { heuristicBot, manhattan, randomBot } from "./index.js"
import { problems } from "./invariants.js"
import type { Options } from "./options.js"
import type { BuildingCell, State } from "./state.js"
import { Given } from "./testing.js"

/** CI plays the first 200 seeds; `pnpm test:long` all 2,000. */
const GAMES = sized(200, 2_000)

/** Varied tables: every seat count, both entry rules, both demand rules, 0–3 starting roofs. */
const table = (i: number): { seats: number; options: Options; bots: Bot[] } => {
  const seats = 2 + (i % 5)
  const options: Options = {
    startingRoofs: i % 7 === 3 ? 0 : i % 11 === 5 ? 3 : 2,
    entry: i % 4 === 1 ? "off-board" : "corners",
    bankruptcyDemand: i % 6 === 2 ? "manual" : "automatic",
  }
  const bots: Bot[] = Array.from({ length: seats }, (_, seat) =>
    i % 3 === 0 && seat === i % seats ? heuristicBot : randomBot,
  )
  return { seats, options, bots }
}

describe("Manhattan properties over random seeded games", () => {
  it(`${count(GAMES)} games for 2–6 seats: legal play never throws, every event keeps pieces conserved, buildings apart and one tower each, and the game ends`, () => {
    let events = 0
    const ends: Record<string, number> = {}
    for (let i = 0; i < GAMES; i++) {
      const { options, bots } = table(i)
      // simulate throws if the rules refuse a legal command or the game runs past 100,000 commands
      const sim = simulate(manhattan, options, bots, `property-${i}`)
      expect(sim.match.ended).not.toBeNull()
      let state = manhattan.initial(sim.events[0] as never) as State
      for (let e = 1; e < sim.events.length; e++) {
        const event = sim.events[e] as Event
        state = manhattan.evolve(state, event)
        const found = problems(state)
        if (found.length > 0)
          throw new Error(`game ${i}, event ${e} (${canonicalJson(event)}): ${found.join("; ")}`)
      }
      events += sim.events.length
      const reason = (sim.match.state as State).step
      ends[reason.kind === "over" ? reason.reason : "?"] =
        (ends[reason.kind === "over" ? reason.reason : "?"] ?? 0) + 1
    }
    expect(events).toBeGreaterThan(GAMES * 100)
    expect(ends["?"]).toBeUndefined()
    expect(ends.stories).toBeGreaterThan(GAMES / 2)
  }, 120_000)

  it("the invariant checker itself flags a lost story, a tower off its highest stack and two buildings touching", () => {
    const g = Given.game(2).board(`A1 A2 . B1 . . . ${". ".repeat(42)}`, { A: 0, B: 1 })
    expect(problems(g.state)).toEqual([])
    const lost = { ...g.state, supply: { ...g.state.supply, stories: g.state.supply.stories + 1 } }
    expect(problems(lost).join()).toContain("stories")
    const cells = g.state.cells.slice()
    cells[0] = { ...(cells[0] as BuildingCell), height: 3 }
    expect(problems({ ...g.state, cells }).join()).toContain("highest/newest")
    const touching = Given.game(2).board(`A1 A2 B1 . . . . ${". ".repeat(42)}`, { A: 0, B: 1 })
    expect(problems(touching.state).join()).toContain("touch")
  })
})
