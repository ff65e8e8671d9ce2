/**
 * Hidden information in Urban Sprawl is only the order of the decks (rules §8, public knowledge). The order
 * exists nowhere: a card is drawn when it turns up, from the PRNG state derived from the committed seed. So
 * no view (of a seat or a spectator) shows the seed or the PRNG state, a view does not change when only the
 * secret changes (while the next reveal does). That no command's effects differ by viewer (`findLeaks`) is
 * the conformance suite's (games/conformance.test.ts).
 */
import { describe, expect, it } from "vitest"
import { canonicalJson } from "../../kernel/canonical.js"
import type { Viewer } from "../../kernel/game.js"
import { Random, rngFromSeed } from "../../kernel/random.js"
import { simulate } from "../../kernel/simulate.js"
import { advance } from "./advance.js"
import { heuristicBot, randomBot, urbanSprawl } from "./index.js"
import type { State } from "./state.js"
import { turnState } from "./testing.js"

const viewers = (seats: number): Viewer[] => [
  ...Array.from({ length: seats }, (_, seat): Viewer => ({ kind: "seat", seat })),
  { kind: "spectator" },
]

describe("the deck order stays hidden", () => {
  it("no view of any seat or a spectator holds the seed or the PRNG state, at any point of a game", () => {
    for (const seats of [2, 3, 4]) {
      const seed = `secret-seed-${seats}`
      const sim = simulate(
        urbanSprawl,
        urbanSprawl.defaultOptions,
        [heuristicBot, randomBot, randomBot, heuristicBot].slice(0, seats),
        seed,
      )
      let state = urbanSprawl.initial(sim.events[0] as never) as State
      let checked = 0
      for (const e of sim.events.slice(1)) {
        if (e.type === "GameEnded") break
        state = urbanSprawl.evolve(state, e as never)
        for (const viewer of viewers(seats)) {
          const text = JSON.stringify(urbanSprawl.view(state, viewer))
          expect(text).not.toContain(seed)
          expect(text).not.toContain(state.rng.base)
          checked++
        }
      }
      expect(checked).toBeGreaterThan(1_000)
    }
  }, 120_000)

  it("a view does not depend on the secret, while the next card drawn does", () => {
    const before = {
      ...turnState(),
      phase: "eot" as const,
      eotStep: 5,
      contractBoxes: [null, null, null, null, null],
    }
    const other = { ...before, rng: rngFromSeed("another secret") }
    for (const viewer of viewers(3))
      expect(canonicalJson(urbanSprawl.view(before, viewer))).toBe(
        canonicalJson(urbanSprawl.view(other, viewer)),
      )
    const draws = new Set<string>()
    for (const key of ["a", "b", "c", "d", "e", "f", "g", "h"]) {
      const e = advance({ ...before, rng: rngFromSeed(key) })[0]
      if (e?.type === "CardRevealed") draws.add(e.card)
    }
    expect(draws.size).toBeGreaterThan(1)
  })

  it("the only private event is GameStarted, whose seed is redacted until the end", () => {
    const sim = simulate(urbanSprawl, urbanSprawl.defaultOptions, [randomBot, randomBot], "vis")
    const privateEvents = sim.events.filter(
      (e) => e.type !== "GameEnded" && urbanSprawl.visibility(e as never) !== "all",
    )
    expect(privateEvents.map((e) => e.type)).toEqual(["GameStarted"])
    const vis = urbanSprawl.visibility(sim.events[0] as never)
    expect(vis !== "all" && JSON.stringify(vis.redacted)).not.toContain('"seed"')
  })
})

describe("determinise (search bots)", () => {
  it("a sample shows the same view and the same legal commands as the real state, and holds no real secret", () => {
    const sim = simulate(
      urbanSprawl,
      urbanSprawl.defaultOptions,
      [heuristicBot, randomBot, randomBot],
      "det-sample",
    )
    let state = urbanSprawl.initial(sim.events[0] as never) as State
    const random = Random.fromKey("sampler")
    let checked = 0
    sim.events.slice(1).forEach((e, i) => {
      if (e.type === "GameEnded") return
      state = urbanSprawl.evolve(state, e as never)
      if (i % 25 !== 0) return
      for (let seat = 0; seat < 3; seat++) {
        const viewer: Viewer = { kind: "seat", seat }
        const v = urbanSprawl.view(state, viewer)
        const sample = urbanSprawl.determinise?.(v, random) as State
        expect(canonicalJson(urbanSprawl.view(sample, viewer))).toBe(canonicalJson(v))
        expect(canonicalJson(urbanSprawl.legalCommands(sample, seat))).toBe(
          canonicalJson(urbanSprawl.legalCommands(state, seat)),
        )
        expect(sample.rng.base).not.toBe(state.rng.base)
        checked++
      }
    })
    expect(checked).toBeGreaterThan(50)
  }, 60_000)
})
