import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { canonicalJson } from "../../kernel/canonical.js"
import { play, start } from "../../kernel/match.js"
import { simulate } from "../../kernel/simulate.js"
import type { Event } from "./events.js"
import { manhattan, randomBot } from "./index.js"
import type { Options } from "./options.js"
import type { State } from "./state.js"

const table = (i: number): { seats: number; options: Options } => ({
  seats: 2 + (i % 5),
  options: {
    startingRoofs: 2,
    entry: i % 3 === 1 ? "off-board" : "corners",
    bankruptcyDemand: i % 4 === 2 ? "manual" : "automatic",
  },
})

describe("Manhattan timeout defaults (exact legal lists are the conformance suite's)", () => {
  it("ruling M-default: defaultCommand is legal, builds an offered story on its own building and skips every other optional step", () => {
    for (let i = 0; i < 10; i++) {
      const { seats, options } = table(i)
      const sim = simulate(
        manhattan,
        options,
        Array.from({ length: seats }, () => randomBot),
        `default-${i}`,
      )
      let state = manhattan.initial(sim.events[0] as never) as State
      for (let e = 1; e < sim.events.length; e++) {
        state = manhattan.evolve(state, sim.events[e] as Event)
        for (const { seat } of manhattan.pending(state)) {
          const legal = manhattan.legalCommands(state, seat).map(canonicalJson)
          const chosen = canonicalJson(manhattan.defaultCommand(state, seat))
          expect(legal).toContain(chosen)
          const kind = state.step.kind
          if (kind === "crossing-story" || kind === "six-story") expect(chosen).toMatch(/"BuildStory"/)
          else if (legal.includes(canonicalJson({ type: "Skip" })))
            expect(chosen).toBe(canonicalJson({ type: "Skip" }))
        }
      }
    }
  }, 60_000)

  it("ruling M-default: a game in which every seat always times out still ends (the default move crosses on empty ground)", () => {
    for (const seats of [2, 3, 4, 6]) {
      const started = start(manhattan, manhattan.defaultOptions, seats, `all-time-out-${seats}`)
      if (Result.isFailure(started)) throw new Error(started.failure.message)
      let match = started.success.match
      let commands = 0
      while (!match.ended && commands < 5_000) {
        const { seat } = manhattan.pending(match.state as State)[0] as { seat: number }
        const played = play(match, seat, manhattan.defaultCommand(match.state as State, seat))
        if (Result.isFailure(played)) throw new Error(played.failure.message)
        match = played.success.match
        commands++
      }
      expect(match.ended).not.toBeNull()
    }
  }, 120_000)
})
