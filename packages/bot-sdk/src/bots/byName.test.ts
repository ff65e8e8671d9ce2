import { describe, expect, it } from "vitest"
import { botByName } from "./byName.js"
import { parseIsMctsName } from "./ismctsName.js"

describe("bots by name", () => {
  it("reads an IS-MCTS budget as milliseconds, seconds or iterations", () => {
    expect(botByName("ismcts").name).toBe("ismcts:1000")
    expect(botByName("ismcts:250").name).toBe("ismcts:250")
    expect(botByName("ismcts:250ms").name).toBe("ismcts:250")
    expect(botByName("ismcts:2s").name).toBe("ismcts:2000")
    expect(botByName("ismcts:2000i").name).toBe("ismcts:2000i")
    expect(botByName("ismcts:1sx2").name).toBe("ismcts:1000x2")
  })

  it("refuses a budget it cannot read", () => {
    expect(() => botByName("ismcts:0s")).toThrow(/at least 1/)
    const unreadable = /an IS-MCTS budget is <n>i \(iterations\), <n>ms or <n> \(milliseconds\) or <n>s/
    expect(() => botByName("ismcts:1m")).toThrow(unreadable)
    expect(() => botByName("ismcts:1.5s")).toThrow(unreadable)
    expect(() => botByName("ismcts:")).toThrow(unreadable)
    expect(() => botByName("ismcts:1sx0")).toThrow(/at least 1 thread/)
  })

  it("reads the same names through parseIsMctsName, and leaves other bots' names alone", () => {
    expect(parseIsMctsName("ismcts")).toEqual({ budget: "time", timeMs: 1000, threads: 1 })
    expect(parseIsMctsName("ismcts:250")).toEqual({ budget: "time", timeMs: 250, threads: 1 })
    expect(parseIsMctsName("ismcts:2s")).toEqual({ budget: "time", timeMs: 2000, threads: 1 })
    expect(parseIsMctsName("ismcts:500i")).toEqual({ budget: "iterations", iterations: 500, threads: 1 })
    expect(parseIsMctsName("ismcts:40msx3")).toEqual({ budget: "time", timeMs: 40, threads: 3 })
    expect(parseIsMctsName("heuristic")).toBeNull()
    expect(parseIsMctsName("ismctsfast")).toBeNull()
  })
})
