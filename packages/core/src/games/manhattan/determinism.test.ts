import { describe, expect, it } from "vitest"
import { simulate } from "../../kernel/simulate.js"
import { heuristicBot, manhattan, randomBot } from "./index.js"
import type { State } from "./state.js"

const bots = [heuristicBot, randomBot, randomBot, randomBot]

describe("Manhattan catalogue and secrecy (determinism, replay and schemas are the conformance suite's)", {
  timeout: 60_000,
}, () => {
  it("the catalogue lists components, supply limits and the coordinate scheme", () => {
    const c = manhattan.catalogue(manhattan.defaultOptions)
    expect(c.components).toMatchObject({
      supply: { stories: 45, roofs: 20, streets: 30 },
      perPlayer: { pawns: 2, towers: 2, startingRoofs: 2 },
    })
    expect(JSON.parse(JSON.stringify(c))).toEqual(c)
  })

  it("the seed stays secret until the end: GameStarted is redacted, no view carries seed or PRNG state", () => {
    const sim = simulate(manhattan, manhattan.defaultOptions, bots, "secret-seed")
    const started = sim.events[0] as never
    const v = manhattan.visibility(started)
    expect(v).toMatchObject({ seats: [] })
    expect(JSON.stringify(v)).not.toContain("secret-seed")
    for (const e of sim.events.slice(1, -1)) expect(manhattan.visibility(e as never)).toBe("all")
    for (const viewer of [{ kind: "seat", seat: 0 }, { kind: "spectator" }, { kind: "organiser" }] as const) {
      const text = JSON.stringify(manhattan.view(sim.match.state as State, viewer))
      expect(text).not.toContain("secret-seed")
      expect(text).not.toContain((sim.match.state as { rng: { base: string } }).rng.base)
    }
  })
})
