import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { canonicalJson } from "../../kernel/canonical.js"
import { replay } from "../../kernel/match.js"
import { simulate } from "../../kernel/simulate.js"
import { Command } from "./commands.js"
import { Event } from "./events.js"
import { heuristicBot, manhattan, randomBot } from "./index.js"
import type { State } from "./state.js"
import { View } from "./view.js"

const bots = [heuristicBot, randomBot, randomBot, randomBot]

describe("Manhattan determinism, replay, schemas and secrecy", { timeout: 60_000 }, () => {
  it("same options, seed and bots → byte-identical events (canonical JSON)", () => {
    for (const seed of ["d-1", "d-2", "d-3"]) {
      const a = simulate(manhattan, manhattan.defaultOptions, bots, seed)
      const b = simulate(manhattan, manhattan.defaultOptions, bots, seed)
      expect(canonicalJson(a.events)).toBe(canonicalJson(b.events))
    }
    const c = simulate(manhattan, manhattan.defaultOptions, bots, "d-4")
    expect(canonicalJson(c.events)).not.toBe(
      canonicalJson(simulate(manhattan, manhattan.defaultOptions, bots, "d-1").events),
    )
  })

  it("replaying the events rebuilds the same state, without re-running the PRNG", () => {
    const sim = simulate(manhattan, { ...manhattan.defaultOptions, entry: "off-board" }, bots, "replay")
    const rebuilt = replay(manhattan, sim.events)
    expect(canonicalJson(rebuilt.state)).toBe(canonicalJson(sim.match.state))
    expect(rebuilt.ended).toEqual(sim.match.ended)
  })

  it("every event, command and view decodes with the game's schemas (what `describe manhattan --json` prints)", () => {
    const decodeEvent = Schema.decodeUnknownResult(Event)
    const decodeCommand = Schema.decodeUnknownResult(Command)
    const decodeView = Schema.decodeUnknownResult(View)
    for (const seed of ["s-1", "s-2"]) {
      const sim = simulate(manhattan, { ...manhattan.defaultOptions, bankruptcyDemand: "manual" }, bots, seed)
      for (const e of sim.events) {
        const r = decodeEvent(JSON.parse(JSON.stringify(e)))
        if (Result.isFailure(r)) throw new Error(`${e.type}: ${r.failure.message}`)
      }
      for (const { command } of sim.commands) expect(Result.isSuccess(decodeCommand(command))).toBe(true)
      const view = manhattan.view(sim.match.state as State, { kind: "spectator" })
      const r = decodeView(JSON.parse(JSON.stringify(view)))
      if (Result.isFailure(r)) throw new Error(r.failure.message)
    }
    for (const schema of [Event, Command, View, manhattan.schemas.options])
      expect(() => Schema.toJsonSchemaDocument(schema)).not.toThrow()
  })

  it("the catalogue lists components, supply limits and the coordinate scheme", () => {
    const c = manhattan.catalogue(manhattan.defaultOptions) as Record<string, never>
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
